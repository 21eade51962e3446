"""The hands of a series: recording, fixing, deleting and restoring one, and its page with
its audit trail."""
