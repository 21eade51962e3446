"""The forms of the pages, one module per feature; `common` holds what several share."""
