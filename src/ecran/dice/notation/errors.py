"""Notation errors: one line, in French and English.

The dice layer knows no rules, so it cannot raise `ecran.rules.EcranError`; callers that talk to a
user (the CLI, the API) turn a `NotationError` into one with `Text(fr=err.fr, en=err.en)`.
"""

from __future__ import annotations


class NotationError(ValueError):
    """A dice expression that cannot be parsed, rolled or computed within the limits."""

    def __init__(self, fr: str, en: str) -> None:
        super().__init__(en)
        self.fr = fr
        self.en = en

    def message(self, lang: str = "fr") -> str:
        return self.en if lang == "en" else self.fr
