"""Variants: every preset in plain words, and the group's own variants made by copy and edit."""

from __future__ import annotations

from collections.abc import Iterable

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext, ngettext

from ..engine import PRESETS, Variant
from ..engine.errors import InvalidVariant
from ..engine.reference import GROUPS, base_preset, describe, key_facts
from ..engine.sources import SOURCES
from ..engine.words import Words, english
from ..store.variants import (
    VariantInUse,
    create_custom,
    custom_variants,
    delete_custom,
    rename_custom,
    slugify,
    variant_in_use,
)
from .forms.common import EmptyForm, sentence
from .forms.variants import (
    RenameForm,
    VariantForm,
    form_data,
    form_sections,
    ordered_choices,
)
from .shell.db import get_db
from .shell.language import say
from .shell.lookup import variant_or_404

bp = Blueprint("variants", __name__, url_prefix="/variants")


def cards(variants: Iterable[Variant]) -> list[dict]:
    """Each variant as the index shows it: name, origin and key numbers."""
    return [
        {"id": v.id, "name": v.name, "origin": origin(v), "facts": key_facts(v)} for v in variants
    ]


def rule_groups(variant: Variant) -> list[tuple[Words | str, list[dict]]]:
    """The variant's rule reference in plain words, group by group, each rule with an anchor."""
    entries = describe(variant)
    for entry in entries:
        param = entry["param"]
        entry["anchor"] = param or slugify(english(entry["title"]))
        entry["changed"] = changed_by_group(variant, param)
    return [(group, [e for e in entries if e["group"] == group]) for group in GROUPS]


def changed_by_group(variant: Variant, param: str | None) -> bool:
    """Whether the rule behind param is the group's own: a custom variant changed it from its
    preset (marked "Your rule" on the page, not as a ruling)."""
    base = base_preset(variant)
    return (
        variant.custom
        and param is not None
        and (base is None or getattr(variant, param) != getattr(base, param))
    )


def origin(variant: Variant) -> str:
    """Where the variant's rules come from, in a few words."""
    if variant.custom:
        base = PRESETS.get(variant.based_on or "")
        if base is None:
            return gettext("Your group's variant")
        return gettext("Your group's variant, copied from %(variant)s", variant=say(base.name))
    return say(SOURCES[variant.source].title)


@bp.route("/")
def index():
    """List every preset and every custom variant."""
    return render_template(
        "variants/index.html",
        presets=cards(PRESETS.values()),
        customs=cards(custom_variants(get_db())),
    )


def render_variant(variant: Variant, rename: RenameForm | None = None):
    """Show a variant's rules, and for a custom one its rename and delete forms."""
    used = variant_in_use(get_db(), variant.id) if variant.custom else 0
    return render_template(
        "variants/show.html",
        variant=variant,
        origin=origin(variant),
        groups=rule_groups(variant),
        used=used,
        rename=rename or RenameForm(data={"name": say(variant.name)}),
        button=EmptyForm(),
    )


@bp.route("/<variant_id>")
def show(variant_id: str):
    """Show every rule of a variant in plain words, with its source."""
    return render_variant(variant_or_404(get_db(), variant_id))


@bp.route("/<variant_id>/copy", methods=["GET", "POST"])
def copy(variant_id: str):
    """Make a custom variant from a copy of this one."""
    base = variant_or_404(get_db(), variant_id)
    form = VariantForm(
        data=form_data(base, gettext("%(variant)s (house rules)", variant=say(base.name)))
    )
    form.finishes.choices = ordered_choices("finishes", base.finishes)
    form.series_ends.choices = ordered_choices("series_ends", base.series_ends)
    if form.validate_on_submit():
        try:
            new_id = create_custom(get_db(), base, form.name.data or "", form.changes())
        except InvalidVariant as error:
            form.refuse(error)
        else:
            flash(gettext("Your variant is saved."))
            return redirect(url_for("variants.show", variant_id=new_id))
    return render_template(
        "variants/copy.html", form=form, base=base, sections=form_sections(form, base)
    )


@bp.route("/<variant_id>/rename", methods=["POST"])
def rename(variant_id: str):
    """Give a custom variant another name."""
    variant = variant_or_404(get_db(), variant_id)
    if not variant.custom:
        abort(404)
    form = RenameForm()
    if form.validate_on_submit():
        try:
            rename_custom(get_db(), variant_id, form.name.data or "")
        except InvalidVariant as error:
            form.name.errors = [*form.name.errors, sentence(error)]
        else:
            flash(gettext("Renamed."))
            return redirect(url_for("variants.show", variant_id=variant_id))
    return render_variant(variant, rename=form)


@bp.route("/<variant_id>/delete", methods=["POST"])
def delete(variant_id: str):
    """Delete a custom variant, unless a series is played with it."""
    variant = variant_or_404(get_db(), variant_id)
    if not variant.custom:
        abort(404)
    if not EmptyForm().validate_on_submit():
        return redirect(url_for("variants.show", variant_id=variant_id))
    try:
        delete_custom(get_db(), variant_id)
    except VariantInUse as error:
        flash(
            ngettext(
                "%(variant)s cannot be deleted: %(num)d series is played with it. A "
                "variant can be deleted once no series uses it.",
                "%(variant)s cannot be deleted: %(num)d series are played with it. A "
                "variant can be deleted once no series uses it.",
                error.count,
                variant=say(variant.name),
            ),
            "error",
        )
        return redirect(url_for("variants.show", variant_id=variant_id))
    flash(gettext("%(variant)s is deleted.", variant=say(variant.name)))
    return redirect(url_for("variants.index"))
