"""Engine messages a form holds before its page is drawn (a label made at import, an error
found while a form is checked), read when the page is drawn, in that page's language."""

from __future__ import annotations

from typing import cast

from markupsafe import Markup, escape

from ...engine.words import said_here


class PageWords:
    """An engine message read when it is drawn, in that page's language, and escaped as the
    page's own text is (Flask-Babel's lazy string is not: a name typed with "<" would
    reach the page as markup)."""

    __slots__ = ("text",)

    def __init__(self, text: object) -> None:
        self.text = text

    def __str__(self) -> str:
        return said_here(self.text)

    def __html__(self) -> Markup:
        return escape(str(self))

    def __len__(self) -> int:
        return len(str(self))

    def __eq__(self, other: object) -> bool:
        return str(self) == (str(other) if isinstance(other, (str, PageWords)) else other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return f"PageWords({self.text!r})"


def lazy_say(text: object) -> str:
    """An engine message read in the language of the page it is drawn on (a form's label or
    error, made before the page is drawn, read when it is, as `lazy_gettext` is)."""
    # Typed as the str WTForms takes, as `lazy_gettext` is: it reads as one where drawn.
    return cast(str, PageWords(text))
