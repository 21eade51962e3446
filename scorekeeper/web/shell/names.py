"""Players' names on a page, set apart from the words and numbers around them."""

from __future__ import annotations

from markupsafe import Markup, escape


def isolate(name: str) -> Markup:
    """The name in a <bdi>: laid out on its own (UAX #9's isolates), so a right-to-left name,
    or one stored with a direction character before those were refused, cannot carry the
    score beside it into its own order ("+25" read as "52+")."""
    return Markup("<bdi>%s</bdi>") % escape(name)


def isolating(template: str, **values: object) -> Markup:
    """A translated sentence with its names already isolated: the sentence's own words are
    escaped, the `isolate`d names kept as they are."""
    return escape(template) % values
