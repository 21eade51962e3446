"""The turn clock at the table: its JSON API (`api.py`), the forms every phone posts and the
scorer's setting of the series' time per turn (`pages.py`), and what the pages and the API
say of it (`state.py`). The clock itself is kept by the store (store/clock.py)."""
