"""The web layer: one blueprint module per feature, their forms in `forms/`, and what
every page shares (the per-request database, CSRF, access, security headers, charts).

Pages read requests, ask the engine, and keep results through `scorekeeper.store`.
"""
