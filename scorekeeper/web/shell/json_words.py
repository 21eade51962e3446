"""The app's JSON: an engine message in it is its English, the API's documented language.

A `Words` is no `str` (it is read whole, in a language), so Flask's JSON could not write
one; this provider writes it in English in one place, for every endpoint that hands an
engine message to `jsonify` without reading it in a page's language first.
"""

from __future__ import annotations

from typing import Any

from flask.json.provider import DefaultJSONProvider

from ...engine.words import Listed, Words, english


class WordsJSONProvider(DefaultJSONProvider):
    """Flask's JSON, with the engine's words written in English."""

    @staticmethod
    def default(o: Any) -> Any:
        """An engine message or list as its English; anything else as Flask writes it."""
        if isinstance(o, (Words, Listed)):
            return english(o)
        return DefaultJSONProvider.default(o)
