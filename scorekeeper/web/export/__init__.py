"""Export and import: every download (JSON, CSV, printed sheets), bringing an export file in,
and their words for people."""
