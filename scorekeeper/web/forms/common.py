"""What several forms share: the button that only posts, a menu's choices, a date box, a
tile box in the page's letters, and trimming typed text."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import DateField, Field, StringField, TextAreaField

# A menu's choice as WTForms takes it without a warning (tuples are deprecated); the type
# stubs do not know it yet.
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]

from ...engine.errors import RuleError
from ...engine.words import Words, capitalised
from ..shell.page_words import lazy_say
from ..shell.tile_letters import page_tiles, typed_tiles

__all__ = [
    "DATE_WRITTEN",
    "EmptyForm",
    "SelectChoice",
    "TilesArea",
    "TilesField",
    "date_field",
    "sentence",
    "strip",
]

DATE_WRITTEN = lazy_gettext("The date must look like %(example)s.", example="2025-11-22")


class EmptyForm(FlaskForm):
    """A button that posts: it carries only the CSRF token."""


class _InPageLetters(Field):
    """A box of tiles typed in the page's letters (`k5` is the blue 5 on a Hungarian page):
    its `data` is in the notation the engine reads, and the box shows again what was typed,
    as it was typed; tiles put in it from a stored hand or draft show in the page's letters."""

    typed: str | None = None

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist:
            self.typed = str(valuelist[0])
            self.data = typed_tiles(self.typed)

    def _value(self) -> str:
        if self.typed is not None:
            return self.typed
        return page_tiles(str(self.data)) if self.data else ""


class TilesField(_InPageLetters, StringField):
    """A one-line box of tiles in the page's letters."""


class TilesArea(_InPageLetters, TextAreaField):
    """A box of tiles in the page's letters, a meld a line."""


def date_field(label: str, **options: Any) -> DateField:
    """A date box whose refusal says how a date is written."""
    # The type stubs do not know WTForms' invalid_value_message yet.
    return DateField(label, invalid_value_message=DATE_WRITTEN, **options)  # type: ignore[call-arg]


def strip(value: str | None) -> str | None:
    """Drop spaces typed before or after the text."""
    return value.strip() if value else value


def sentence(message: object) -> str:
    """An engine message as a sentence: "wrap ..." becomes "Wrap ..." (in the page's language,
    where it is the engine's words)."""
    if isinstance(message, RuleError):
        message = message.words
    if isinstance(message, Words):
        return lazy_say(message.as_sentence())
    return capitalised(str(message))
