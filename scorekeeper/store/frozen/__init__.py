"""Code the migrations need, copied as it stood the day each migration shipped.

A migration runs on every old database for as long as the app exists, so it must do on the
last day what it did on the first: it cannot call the store or the engine, which change.
What it needs beyond sqlite-utils and the standard library is copied here, one module per
migration, named after it. Never edit a module here once its migration has shipped, even to
fix a bug (a fix is a new migration); when a later migration needs something different, it
gets a module of its own beside the old one.
"""
