"""Variants: every preset in plain words, and the group's own variants made by copy and edit."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import fields

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_wtf import FlaskForm
from sqlite_utils import Database
from wtforms import BooleanField, IntegerField, SelectField, SelectMultipleField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from .db import get_db, now, write_lock
from .engine import PRESETS, Variant, variant_from_json
from .engine.errors import InvalidVariant
from .engine.reference import BY_PARAM, GROUPS, NOT_RULES, SERIES_END_WORDS, base_preset, describe
from .engine.sources import SOURCES

bp = Blueprint("variants", __name__, url_prefix="/variants")

NAME_MAX = 80


class InvalidName(InvalidVariant):
    """A name that is empty, too long, or already another variant's."""


class VariantInUse(InvalidVariant):
    """A custom variant that series are played with, so it cannot be deleted."""

    def __init__(self, count: int):
        super().__init__(f"{count} series {'is' if count == 1 else 'are'} played with it")
        self.count = count


# --- Store -------------------------------------------------------------------


def get_variant(db: Database, variant_id: str) -> Variant | None:
    """Return the preset or custom variant with this id, or None."""
    if variant_id in PRESETS:
        return PRESETS[variant_id]
    row = next(db["variants"].rows_where("id = ?", [variant_id]), None)
    return variant_from_json(row["rules"]) if row else None


def custom_variants(db: Database) -> list[Variant]:
    """Return the group's own variants, by name."""
    found = [variant_from_json(row["rules"]) for row in db["variants"].rows]
    return sorted(found, key=lambda v: (v.name.casefold(), v.id))


def variant_choices(db: Database) -> list[tuple[str, str]]:
    """Return (id, name) of every variant: the presets in their order, then custom ones by name."""
    return [(v.id, v.name) for v in [*PRESETS.values(), *custom_variants(db)]]


def variant_in_use(db: Database, variant_id: str) -> int:
    """Return how many series are played with this variant."""
    return db["series"].count_where("variant_id = ?", [variant_id])


def slugify(name: str) -> str:
    """Spell a name as lowercase ASCII words joined by hyphens."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")


def _check_name(db: Database, name: str, own_id: str | None = None) -> str:
    """Return the name without outer spaces; refuse one a preset or another custom variant has."""
    name = name.strip()
    if not name:
        raise InvalidName("A variant needs a name.")
    if len(name) > NAME_MAX:
        raise InvalidName(f"The name can be at most {NAME_MAX} characters.")
    # Two variants both called "Rummikub" would be told apart by nobody in the series form.
    taken = [v.name for v in PRESETS.values()]
    taken += [row["name"] for row in db["variants"].rows if row["id"] != own_id]
    if name.casefold() in {other.casefold() for other in taken}:
        raise InvalidName(f"There is already a variant called {name}; choose another name.")
    return name


def _new_id(db: Database, name: str) -> str:
    """Return an unused id for a custom variant; the prefix keeps it apart from every preset id."""
    stem = "custom-" + (slugify(name) or "variant")
    candidate, number = stem, 1
    while candidate in PRESETS or db["variants"].count_where("id = ?", [candidate]):
        number += 1
        candidate = f"{stem}-{number}"
    return candidate


def create_custom(db: Database, base: Variant, name: str, changes: dict) -> str:
    """Store a copy of base with a new name and these rule changes; return its id."""
    fixed = sorted(set(changes) & set(NOT_RULES))
    if fixed:
        raise InvalidVariant(f"{fixed[0]} cannot be changed in a copy")
    based_on = base.based_on if base.custom else base.id
    with write_lock(db):
        name = _check_name(db, name)
        variant_id = _new_id(db, name)
        try:
            variant = base.changed(**changes, id=variant_id, name=name, based_on=based_on)
        except TypeError as error:  # a change to a parameter Variant does not have
            raise InvalidVariant(str(error)) from None
        db["variants"].insert({"id": variant_id, "name": name, "rules": variant.to_json(),
                               "based_on": based_on, "created": now()})
    return variant_id


def rename_custom(db: Database, variant_id: str, name: str) -> None:
    """Give a custom variant another name; series already played keep their frozen copy."""
    with write_lock(db):
        variant = get_variant(db, variant_id)
        if variant is None or not variant.custom:
            raise LookupError(f"no custom variant {variant_id!r}")
        name = _check_name(db, name, own_id=variant_id)
        renamed = variant.changed(name=name)
        db["variants"].update(variant_id, {"name": name, "rules": renamed.to_json()})


def delete_custom(db: Database, variant_id: str) -> None:
    """Delete a custom variant no series is played with."""
    with write_lock(db):
        if variant_id in PRESETS or not db["variants"].count_where("id = ?", [variant_id]):
            raise LookupError(f"no custom variant {variant_id!r}")
        count = variant_in_use(db, variant_id)
        if count:
            raise VariantInUse(count)
        db["variants"].delete(variant_id)


# --- What the pages show -----------------------------------------------------


def key_numbers(variant: Variant) -> list[str]:
    """The few facts that tell variants apart at a glance."""
    return [
        f"Opening {variant.opening}",
        "Winner takes the racks" if variant.scoring == "racks" else "Melded tiles score",
        f"Joker on a rack {variant.joker_rack}",
        "12-13-1 is a run" if variant.ace_high else "No 12-13-1 runs",
    ]


def cards(variants: Iterable[Variant]) -> list[dict]:
    """Each variant as the index shows it: name, origin and key numbers."""
    return [{"id": v.id, "name": v.name, "origin": origin(v), "facts": key_numbers(v)}
            for v in variants]


def rule_groups(variant: Variant) -> list[tuple[str, list[dict]]]:
    """The variant's rule reference in plain words, group by group, each rule with an anchor."""
    base = base_preset(variant)
    entries = describe(variant)
    for entry in entries:
        param = entry["param"]
        entry["anchor"] = param or slugify(entry["title"])
        # What a custom variant changed is the group's own rule: marked so, not as a ruling.
        entry["changed"] = variant.custom and param is not None and (
            base is None or getattr(variant, param) != getattr(base, param))
    return [(group, [e for e in entries if e["group"] == group]) for group in GROUPS]


def origin(variant: Variant) -> str:
    """Where the variant's rules come from, in a few words."""
    if variant.custom:
        base = PRESETS.get(variant.based_on or "")
        return f"Your group's variant, copied from {base.name}" if base else "Your group's variant"
    return SOURCES[variant.source].title


# --- The copy and edit form --------------------------------------------------

# The engine's choices, each said the way players would say it (value: label, in order).
CHOICES: dict[str, dict[str, str]] = {
    "max_jokers_per_meld": {"": "No limit", "0": "No jokers in melds", "1": "At most 1",
                            "2": "At most 2"},
    "opening_joker": {"stands_for": "The tile it stands for", "fixed": "A fixed value",
                      "not_allowed": "Not allowed"},
    "scoring": {"racks": "Only racks count", "melded": "Melded tiles minus rack"},
    "pool_out": {"lowest_rack_wins": "Lowest rack wins the hand",
                 "minus_rack": "No winner: minus own rack",
                 "melded_minus_rack": "No winner: melded minus rack"},
    "series_winner": {"highest_total": "The highest total", "most_hands": "The most hands won"},
    "deal_direction": {"left": "Left (clockwise)", "right": "Right (anticlockwise)"},
    "finishes": {"discard": "Discard the last tile",
                 "joker_discard": "Discard a joker as the last tile",
                 "rack_empty": "Empty the rack without a discard"},
    "series_ends": {end: words[0].upper() + words[1:] for end, words in SERIES_END_WORDS.items()},
}

# What ticking a yes-or-no rule means: some titles ("Melding in the first round") say
# the topic, not which way the box turns it.
TICKED = {
    "suits": "Card suits (A, 2-10, J, Q, K) instead of colours",
    "ace_high": "12-13-1 is a run",
    "wrap": "13-1-2 is a run",
    "joker_ratio_sets": "A set needs 2 numbered tiles for each joker",
    "joker_ratio_runs": "A run needs 2 numbered tiles for each joker",
    "adjacent_jokers": "Two jokers may lie side by side in a run",
    "opening_needs_run": "The opening needs a run",
    "opening_from_discard": "The previous player's discard may go into the opening",
    "first_round_no_melds": "Nobody melds in the first round",
    "never_opened_plus_rack": "Add the rack to the never-opened penalty",
    "joker_discard_doubles": "Going out on a joker doubles the hand score",
    "last_chance_round": "Play a last-chance round when the pool is empty",
}

# What an empty box means, for the numbers a variant may leave unset.
EMPTY = {
    "value_2_9": "face value", "value_10_13": "face value",
    "swapped_joker_rack": "the same as any joker", "melded_joker_bonus": "the tile it stands for",
    "never_opened_penalty": "no penalty", "exposed_twin_bonus": "no bonus",
    "left_table_penalty": "no fixed score", "going_out_min_melded": "no minimum",
}

# The bounds check_variant enforces, so the phone offers them; the engine has the last word.
RANGES = {"opening_joker_value": (0, 100), "min_players": (2, 6), "max_players": (2, 6)}
BONUS_PARTS = ("all_at_once_bonus_0", "all_at_once_bonus_1", "all_at_once_bonus_2")

RULE_PARAMS = [f.name for f in fields(Variant) if f.name not in NOT_RULES]


def sentence(error: Exception) -> str:
    """The engine's message as a sentence: "wrap ..." becomes "Wrap ..."."""
    message = str(error)
    return message[:1].upper() + message[1:]


def strip(value: str | None) -> str | None:
    """Drop spaces typed before or after the text."""
    return value.strip() if value else value


def number_field(param: str, optional: bool) -> IntegerField:
    """A box for a whole number, empty allowed where the variant may leave it unset."""
    low, high = RANGES.get(param, (0, 1000))
    first = Optional() if optional else InputRequired(f"Enter a whole number from {low} to {high}.")
    return IntegerField(BY_PARAM[param].title, validators=[first, NumberRange(
        low, high, f"Enter a whole number from {low} to {high}.")])


class MultiCheckboxField(SelectMultipleField):
    """A group of checkboxes, one per choice."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class VariantForm(FlaskForm):
    """A variant's name and every rule parameter, prefilled from the variant copied."""

    name = StringField("Name", filters=[strip], validators=[
        InputRequired("Give your variant a name."),
        Length(max=NAME_MAX, message=f"The name can be at most {NAME_MAX} characters.")])

    def changes(self) -> dict:
        """Every rule parameter as the engine takes it."""
        values = {}
        for param in RULE_PARAMS:
            if param == "all_at_once_bonus":
                parts = tuple(self[part].data for part in BONUS_PARTS)
                values[param] = None if parts == (None, None, None) else parts
            elif param == "max_jokers_per_meld":
                values[param] = int(self[param].data) if self[param].data else None
            elif isinstance(self[param], SelectMultipleField):
                # In the order shown, as a browser sends them, whatever order they came in.
                shown = list(self[param].choices)
                values[param] = tuple(sorted(self[param].data, key=shown.index))
            else:
                values[param] = self[param].data
        return values

    def refuse(self, error: InvalidVariant) -> None:
        """Put the engine's refusal next to the field its message names."""
        message = sentence(error)
        target = "name" if isinstance(error, InvalidName) else refused_field(message)
        if target == "all_at_once_bonus":
            target = BONUS_PARTS[0]
        if target is None:
            self.form_errors.append(message)
        else:
            self[target].errors = [*self[target].errors, message]


def refused_field(message: str) -> str | None:
    """The parameter a refusal names first, e.g. "wrap" in "runs that wrap (13-1-2) ..."."""
    names = "|".join(sorted(["name", *RULE_PARAMS], key=len, reverse=True))
    found = re.search(rf"\b({names})\b", message, flags=re.IGNORECASE)
    if found:
        return found.group(1).lower()
    # "players must be between 2 and 6": only the fewest can be more than the most.
    return "max_players" if "players" in message.lower() else None


for _param in RULE_PARAMS:
    _kind = Variant.__dataclass_fields__[_param].type
    if _param == "all_at_once_bonus":
        for _part, _label in zip(BONUS_PARTS, ("No joker", "1 joker", "2 jokers"), strict=True):
            setattr(VariantForm, _part, IntegerField(_label, validators=[
                Optional(), NumberRange(0, 1000, "Enter a whole number from 0 to 1000.")]))
    elif _param in ("finishes", "series_ends"):
        setattr(VariantForm, _param, MultiCheckboxField(BY_PARAM[_param].title))
    elif _param in CHOICES:
        setattr(VariantForm, _param, SelectField(BY_PARAM[_param].title, choices=CHOICES[_param]))
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
    data["max_jokers_per_meld"] = "" if variant.max_jokers_per_meld is None else str(
        variant.max_jokers_per_meld)
    return data


def ordered_choices(param: str, usual_first: tuple[str, ...]) -> dict[str, str]:
    """The choices with the base's own ones first, so its usual one stays first."""
    rest = [value for value in CHOICES[param] if value not in usual_first]
    return {value: CHOICES[param][value] for value in [*usual_first, *rest]}


def form_sections(form: VariantForm, base: Variant) -> list[dict]:
    """The form's parameters group by group, each with the base's rule in plain words."""
    texts = {entry["param"]: entry["text"] for entry in describe(base)}
    sections = []
    for group in GROUPS:
        params = [{
            "param": param, "title": rule.title, "hint": texts[param], "empty": EMPTY.get(param),
            "kind": kind_of(form, param), "errors": errors_of(form, param),
        } for param, rule in BY_PARAM.items() if rule.group == group]
        sections.append({"group": group, "params": params,
                         "invalid": any(p["errors"] for p in params)})
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

    name = StringField("New name", filters=[strip], validators=[
        InputRequired("Give your variant a name."),
        Length(max=NAME_MAX, message=f"The name can be at most {NAME_MAX} characters.")])


class EmptyForm(FlaskForm):
    """A button that posts: only the CSRF token."""


# --- Pages -------------------------------------------------------------------


def variant_or_404(variant_id: str) -> Variant:
    """The variant with this id, or a 404 page."""
    return get_variant(get_db(), variant_id) or abort(404)


@bp.route("/")
def index():
    """List every preset and every custom variant."""
    return render_template("variants/index.html", presets=cards(PRESETS.values()),
                           customs=cards(custom_variants(get_db())))


def render_variant(variant: Variant, rename: RenameForm | None = None):
    """Show a variant's rules, and for a custom one its rename and delete forms."""
    used = variant_in_use(get_db(), variant.id) if variant.custom else 0
    return render_template(
        "variants/show.html", variant=variant, origin=origin(variant), groups=rule_groups(variant),
        used=used, rename=rename or RenameForm(data={"name": variant.name}), button=EmptyForm())


@bp.route("/<variant_id>")
def show(variant_id: str):
    """Show every rule of a variant in plain words, with its source."""
    return render_variant(variant_or_404(variant_id))


@bp.route("/<variant_id>/copy", methods=["GET", "POST"])
def copy(variant_id: str):
    """Make a custom variant from a copy of this one."""
    base = variant_or_404(variant_id)
    form = VariantForm(data=form_data(base, f"{base.name} (house rules)"))
    form.finishes.choices = ordered_choices("finishes", base.finishes)
    form.series_ends.choices = ordered_choices("series_ends", base.series_ends)
    if form.validate_on_submit():
        try:
            new_id = create_custom(get_db(), base, form.name.data, form.changes())
        except InvalidVariant as error:
            form.refuse(error)
        else:
            flash("Your variant is saved.")
            return redirect(url_for("variants.show", variant_id=new_id))
    return render_template("variants/copy.html", form=form, base=base,
                           sections=form_sections(form, base))


@bp.route("/<variant_id>/rename", methods=["POST"])
def rename(variant_id: str):
    """Give a custom variant another name."""
    variant = variant_or_404(variant_id)
    if not variant.custom:
        abort(404)
    form = RenameForm()
    if form.validate_on_submit():
        try:
            rename_custom(get_db(), variant_id, form.name.data)
        except InvalidVariant as error:
            form.name.errors = [*form.name.errors, sentence(error)]
        else:
            flash("Renamed.")
            return redirect(url_for("variants.show", variant_id=variant_id))
    return render_variant(variant, rename=form)


@bp.route("/<variant_id>/delete", methods=["POST"])
def delete(variant_id: str):
    """Delete a custom variant, unless a series is played with it."""
    variant = variant_or_404(variant_id)
    if not variant.custom:
        abort(404)
    if not EmptyForm().validate_on_submit():
        return redirect(url_for("variants.show", variant_id=variant_id))
    try:
        delete_custom(get_db(), variant_id)
    except VariantInUse as error:
        flash(f"{variant.name} cannot be deleted: {error}. A variant can be deleted "
              "once no series uses it.", "error")
        return redirect(url_for("variants.show", variant_id=variant_id))
    flash(f"{variant.name} is deleted.")
    return redirect(url_for("variants.index"))
