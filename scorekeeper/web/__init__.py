"""The web layer: pages read requests, ask the engine, and keep results through
`scorekeeper.store`. Its folders are its features:

- `shell/`: what every request uses, whichever page it asks for: the per-request database
  (`db`), the phone's language (`language`), ids in addresses (`ids`), the check on every
  request's text (`clean_text`), the security headers and error pages (`security`, `site`),
  the disk's faults (`faults`), the request log (`request_log`), and what an address names
  (`lookup`).
- `access/`: who may change scores and who may reach the app at all: the passcode, the
  scorer's session (`scorer`), the limit on guesses, the host check, the join address.
- `nights/`, `series/`, `hands/`, `table/` (table mode), `racks/` (My rack and its API),
  `history/` (with the charts and merging players), `export/` (downloads and import): one
  package per feature that spans several files, its blueprint in `pages.py` (`racks/api.py`
  too), its forms beside it (`forms.py`; `series/ruling_form.py`, `table/fix_form.py`).
- `api.py`, `rules.py`, `variants.py`, `viewer.py`: a feature of one page (or one API) stays
  one module, flat.
- `forms/`: the forms that are not one feature's own: `tally` (the record-hand form, which
  My rack and table mode build on), `common` (what several forms share), and the forms of
  the flat pages (`rules`, `variants`).

Nothing here registers itself on the app: each module defines its blueprint, hooks, error
pages and template names, and `create_app` (in `scorekeeper/__init__.py`) registers every
one of them, in the order they run (`tests/test_structure.py` checks).
"""
