"""The command line's language: `--lang`, else the terminal's (LC_ALL, LC_MESSAGES, LANG), else
English. The engine's refusals and breakdowns are printed in it from the same catalogues the
pages use, through Babel's gettext, without any web library."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from babel.support import NullTranslations, Translations

from .engine.words import Listed, Words, say

LANGUAGES = ("en", "ro", "hu", "fr")
CATALOGUES = Path(__file__).resolve().parent / "translations"


def terminal_language(environ: dict[str, str] | None = None) -> str:
    """The terminal's language among the app's, as gettext looks for it; else English."""
    environ = dict(os.environ) if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            language = value.split(".")[0].split("_")[0].lower()
            return language if language in LANGUAGES else "en"
    return "en"


def catalogue(language: str) -> NullTranslations:
    """The compiled catalogue of a language (English is the messages as written)."""
    if language == "en":
        return NullTranslations()
    return Translations.load(str(CATALOGUES), [language])


class Speaker:
    """Reads the engine's words in one language, for every line the command prints."""

    def __init__(self, language: str = "en"):
        self.language = language
        self.translations = catalogue(language)

    def say(self, text: object) -> str:
        """A message (a refusal, a breakdown line) in this language."""
        return say(text, self.translations if self.language != "en" else None)

    def data(self, value: Any) -> Any:
        """JSON data with every message in it read in this language."""
        if isinstance(value, (Words, Listed)):
            return self.say(value)
        if isinstance(value, dict):
            return {k: self.data(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.data(v) for v in value]
        return value
