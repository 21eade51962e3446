"""The forms no single feature package owns: the record-hand form (`tally`), which hands, My
rack and table mode all build on, what several forms share (`common`), and the forms of the
pages kept flat (`rules`, `variants`). A feature package keeps its own forms in its
`forms.py`."""
