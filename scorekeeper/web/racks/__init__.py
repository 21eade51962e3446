"""My rack: a player counts their own rack on their own phone and sends it to the scorer's
form as a draft; its pages, its JSON API, the drafts both send, and its forms."""
