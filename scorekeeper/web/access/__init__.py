"""Who may change scores and who may reach the app at all: the scorer's passcode and session,
the limit on guesses, the host check, and the address other phones join by."""
