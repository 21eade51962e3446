"""The copy-and-edit form of a variant: its name and every rule parameter, each said the way
players would say it, and the form's sections as the page lays them out."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, SelectField, SelectMultipleField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from ...engine import Variant
from ...engine.errors import InvalidVariant
from ...engine.reference import BY_PARAM, GROUPS, NOT_RULES, describe
from ...engine.variant_checks import BOUNDS
from ...engine.variant_words import CHOICE_WORDS
from ...store.variants import NAME_MAX, InvalidName
from ..shell.page_words import lazy_say
from .common import SelectChoice, sentence, strip

# The engine's choices, each said the way players would say it (value: label, in order).
CHOICES = CHOICE_WORDS

# What ticking a yes-or-no rule means: some titles ("Melding in the first round") say
# the topic, not which way the box turns it.
TICKED = {
    "suits": lazy_gettext("Card suits (A, 2-10, J, Q, K) instead of colours"),
    "ace_high": lazy_gettext("12-13-1 is a run"),
    "wrap": lazy_gettext("13-1-2 is a run"),
    "joker_ratio_sets": lazy_gettext("A set needs 2 numbered tiles for each joker"),
    "joker_ratio_runs": lazy_gettext("A run needs 2 numbered tiles for each joker"),
    "adjacent_jokers": lazy_gettext("Two jokers may lie side by side in a run"),
    "opening_needs_run": lazy_gettext("The opening needs a run"),
    "opening_from_discard": lazy_gettext("The previous player's discard may go into the opening"),
    "first_round_no_melds": lazy_gettext("Nobody melds in the first round"),
    "never_opened_plus_rack": lazy_gettext("Add the rack to the never-opened penalty"),
    "joker_discard_doubles": lazy_gettext("Going out on a joker doubles the hand score"),
    "last_chance_round": lazy_gettext("Play a last-chance round when the pool is empty"),
}

# What an empty box means, for the numbers a variant may leave unset.
EMPTY = {
    "value_2_9": lazy_gettext("face value"),
    "value_10_13": lazy_gettext("face value"),
    "swapped_joker_rack": lazy_gettext("the same as any joker"),
    "melded_joker_bonus": lazy_gettext("the tile it stands for"),
    "never_opened_penalty": lazy_gettext("no penalty"),
    "exposed_twin_bonus": lazy_gettext("no bonus"),
    "left_table_penalty": lazy_gettext("no fixed score"),
    "going_out_min_melded": lazy_gettext("no minimum"),
    "turn_limit": lazy_gettext("no clock"),
}

BONUS_PARTS = ("all_at_once_bonus_0", "all_at_once_bonus_1", "all_at_once_bonus_2")

RULE_PARAMS = [f.name for f in fields(Variant) if f.name not in NOT_RULES]


def number_field(param: str, optional: bool) -> IntegerField:
    """A box for a whole number, empty allowed where the variant may leave it unset."""
    # The bounds check_variant holds the rule to, so the phone offers the same ones.
    low, high = BOUNDS[param]
    first = (
        Optional()
        if optional
        else InputRequired(
            lazy_gettext("Enter a whole number from %(low)d to %(high)d.", low=low, high=high)
        )
    )
    return IntegerField(
        lazy_say(BY_PARAM[param].title),
        validators=[
            first,
            NumberRange(
                low,
                high,
                lazy_gettext("Enter a whole number from %(low)d to %(high)d.", low=low, high=high),
            ),
        ],
    )


class MultiCheckboxField(SelectMultipleField):
    """A group of checkboxes, one per choice."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class VariantForm(FlaskForm):
    """A variant's name and every rule parameter, prefilled from the variant copied."""

    name = StringField(
        lazy_gettext("Name"),
        filters=[strip],
        validators=[
            InputRequired(lazy_gettext("Give your variant a name.")),
            Length(
                max=NAME_MAX,
                message=lazy_gettext(
                    "The name can be at most %(count)d characters.", count=NAME_MAX
                ),
            ),
        ],
    )

    def changes(self) -> dict:
        """Every rule parameter as the engine takes it."""
        values: dict[str, Any] = {}
        for param in RULE_PARAMS:
            if param == "all_at_once_bonus":
                parts = tuple(self[part].data for part in BONUS_PARTS)
                values[param] = None if parts == (None, None, None) else parts
            elif param == "max_jokers_per_meld":
                values[param] = int(self[param].data) if self[param].data else None
            elif isinstance(self[param], SelectMultipleField):
                # In the order shown, as a browser sends them, whatever order they came in.
                shown = [choice.value for choice in self[param].choices]
                values[param] = tuple(sorted(self[param].data, key=shown.index))
            else:
                values[param] = self[param].data
        return values

    def refuse(self, error: InvalidVariant) -> None:
        """Put the engine's refusal next to the parameter it is about (its `field`)."""
        message = sentence(error)
        target = "name" if isinstance(error, InvalidName) else error.field
        if target == "all_at_once_bonus":
            target = BONUS_PARTS[0]
        if target is None or target not in self:
            self.form_errors.append(message)
        else:
            self[target].errors = [*self[target].errors, message]


for _param in RULE_PARAMS:
    _kind = Variant.__dataclass_fields__[_param].type
    if _param == "all_at_once_bonus":
        for _part, _label in zip(
            BONUS_PARTS,
            (lazy_gettext("No joker"), lazy_gettext("1 joker"), lazy_gettext("2 jokers")),
            strict=True,
        ):
            setattr(
                VariantForm,
                _part,
                IntegerField(
                    _label,
                    validators=[
                        Optional(),
                        NumberRange(
                            0,
                            1000,
                            lazy_gettext(
                                "Enter a whole number from %(low)d to %(high)d.", low=0, high=1000
                            ),
                        ),
                    ],
                ),
            )
    elif _param in ("finishes", "series_ends"):
        setattr(VariantForm, _param, MultiCheckboxField(lazy_say(BY_PARAM[_param].title)))
    elif _param in CHOICES:
        setattr(
            VariantForm,
            _param,
            SelectField(
                lazy_say(BY_PARAM[_param].title),
                choices=[SelectChoice(value, words) for value, words in CHOICES[_param].items()],
            ),
        )
    elif _kind == "bool":
        setattr(VariantForm, _param, BooleanField(TICKED[_param]))
    else:
        setattr(VariantForm, _param, number_field(_param, optional=_kind == "int | None"))


def form_data(variant: Variant, name: str) -> dict:
    """The form's values for a copy of this variant."""
    data = {param: getattr(variant, param) for param in RULE_PARAMS}
    data["name"] = name
    bonus = variant.all_at_once_bonus or (None, None, None)
    data.update(zip(BONUS_PARTS, bonus, strict=True))
    data["max_jokers_per_meld"] = (
        "" if variant.max_jokers_per_meld is None else str(variant.max_jokers_per_meld)
    )
    return data


def ordered_choices(param: str, usual_first: tuple[str, ...]) -> list[SelectChoice]:
    """The choices with the base's own ones first, so its usual one stays first (read while
    a page is drawn: the words are in its language)."""
    rest = [value for value in CHOICES[param] if value not in usual_first]
    return [SelectChoice(value, CHOICES[param][value]) for value in [*usual_first, *rest]]


def form_sections(form: VariantForm, base: Variant) -> list[dict]:
    """The form's parameters group by group, each with the base's rule in plain words."""
    texts = {entry["param"]: entry["text"] for entry in describe(base)}
    sections = []
    for group in GROUPS:
        params = [
            {
                "param": param,
                "title": rule.title,
                "hint": texts[param],
                "empty": EMPTY.get(param),
                "kind": kind_of(form, param),
                "errors": errors_of(form, param),
            }
            for param, rule in BY_PARAM.items()
            if rule.group == group
        ]
        sections.append(
            {"group": group, "params": params, "invalid": any(p["errors"] for p in params)}
        )
    return sections


def errors_of(form: VariantForm, param: str) -> list[str]:
    """The messages next to a parameter, the three bonus boxes' together."""
    names = BONUS_PARTS if param == "all_at_once_bonus" else (param,)
    return list(dict.fromkeys(message for name in names for message in form[name].errors))


def kind_of(form: VariantForm, param: str) -> str:
    """How the template draws a parameter."""
    if param == "all_at_once_bonus":
        return "bonus"
    field = form[param]
    if isinstance(field, SelectMultipleField):
        return "checks"
    if isinstance(field, SelectField):
        return "select"
    return "check" if isinstance(field, BooleanField) else "number"


class RenameForm(FlaskForm):
    """A custom variant's new name."""

    name = StringField(
        lazy_gettext("New name"),
        filters=[strip],
        validators=[
            InputRequired(lazy_gettext("Give your variant a name.")),
            Length(
                max=NAME_MAX,
                message=lazy_gettext(
                    "The name can be at most %(count)d characters.", count=NAME_MAX
                ),
            ),
        ],
    )
