"""The forms of the rules pages: questions asked by GET, each with a menu of variants."""

from __future__ import annotations

from flask_babel import LazyString, gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import SelectField
from wtforms.form import BaseForm
from wtforms.validators import DataRequired, Length, ValidationError

from ...engine.openings import MAX_RACK
from ..shell.tile_letters import page_tiles
from .common import TilesField

TILES_MAX = 200  # far more than 15 tiles take, even written as j=r10


class LookupForm(FlaskForm):
    """A question asked by GET: nothing is stored, so there is no token to carry."""

    class Meta:
        csrf = False


def strip_tiles(value: str | None) -> str | None:
    """Drop spaces and commas typed before or after the tiles."""
    return value.strip(" ,\t\r\n") if value else value


class VariantField(SelectField):
    """A menu of variants that names what it refuses."""

    def pre_validate(self, form: BaseForm) -> None:
        """Refuse a variant the menu does not offer, naming it."""
        if self.data not in {choice[0] for choice in self.iter_choices()}:
            raise ValidationError(
                gettext(
                    "There is no variant called %(name)s: choose one from the list.",
                    name=repr(self.data),
                )
            )


class MeldForm(LookupForm):
    """The tiles of one meld and the rules to check it under."""

    tiles = TilesField(
        lazy_gettext("Tiles of the meld"),
        filters=[strip_tiles],
        validators=[
            DataRequired(
                lazy_gettext(
                    "Type or tap the tiles of the meld, e.g. %(tiles)s.",
                    tiles=LazyString(page_tiles, "r12 r13 r1"),
                )
            ),
            Length(max=TILES_MAX, message=lazy_gettext("That is more tiles than a meld can hold.")),
        ],
    )
    variant = VariantField(lazy_gettext("Rules"))


class RackForm(LookupForm):
    """The tiles on a rack and the rules to open under."""

    rack = TilesField(
        lazy_gettext("Tiles on the rack"),
        filters=[strip_tiles],
        validators=[
            DataRequired(
                lazy_gettext(
                    "Type or tap the tiles on the rack, e.g. %(tiles)s.",
                    tiles=LazyString(page_tiles, "r1 r2 r3 j"),
                )
            ),
            Length(
                max=TILES_MAX,
                message=lazy_gettext("A rack holds at most %(count)d tiles.", count=MAX_RACK),
            ),
        ],
    )
    variant = VariantField(lazy_gettext("Rules"))


class CompareForm(LookupForm):
    """Two variants to read side by side."""

    a = VariantField(lazy_gettext("First variant"))
    b = VariantField(lazy_gettext("Second variant"))
