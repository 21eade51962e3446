"""What every request uses, whichever page it asks for: the per-request database, the
phone's language, ids in addresses, the checks on every request's text, the security headers
and error pages, the disk's faults, the request log, and the navigation shared by all pages."""
