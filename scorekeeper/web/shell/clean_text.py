"""No form field or JSON text holds a NUL or another control character: refused in one place.

Such characters cannot be shown and would be stored as they came in a series name, a place,
a note or a ruling, so every request's text is checked before any view reads it.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, request
from flask_babel import gettext

from ...store.import_limits import CONTROL
from .security import error_response


def control_character(text: str) -> str | None:
    """The first control character in text as people look it up, "U+0000", or None."""
    found = CONTROL.search(text)
    return f"U+{ord(found.group()):04X}" if found else None


def json_problem(value: Any, where: str = "") -> tuple[str, str] | None:
    """The first text in a JSON body holding a control character: (field, the character as
    "U+0000"), or None."""
    stack = [(value, where)]
    while stack:
        found, place = stack.pop()
        if isinstance(found, str):
            problem = control_character(found)
            if problem:
                return place or "body", problem
        elif isinstance(found, dict):
            for key, item in found.items():
                problem = control_character(str(key))
                if problem:
                    return place or "body", problem
                stack.append((item, place or str(key)))
        elif isinstance(found, list):
            stack.extend((item, place) for item in found)
    return None


def refuse_control_characters():
    """Refuse a form or a JSON body whose text holds a control character."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    if request.is_json:
        try:
            body = request.get_json(silent=True)
        except RecursionError:  # nested too deeply: the view refuses it in its own words
            return None
        found = json_problem(body)
        if found:
            field, character = found
            return jsonify(
                {
                    "error": gettext(
                        "%(field)s holds a control character (%(character)s)",
                        field=field,
                        character=character,
                    ),
                    "where": field,
                }
            ), 400
        return None
    # Only the import page posts files (multipart), under a larger size limit its view sets;
    # reading that body here would apply the smaller one. Its file is checked by the import.
    if request.mimetype != "application/x-www-form-urlencoded":
        return None
    for _field, value in request.form.items(multi=True):
        typed = control_character(value)
        if typed:
            return error_response(
                gettext("Text the app cannot store"),
                gettext(
                    "A field of that form holds a control character (%(character)s), a "
                    "character that cannot be typed or shown. Remove it and send the form "
                    "again.",
                    character=typed,
                ),
                400,
            )
    return None
