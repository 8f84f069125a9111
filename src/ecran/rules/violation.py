"""A rule a character sheet breaks: which rule, where the rules say so, and what is wrong."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ecran.rules.text import Source, Text


class RuleViolation(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    rule: str
    source: Source
    message: Text
    path: str = ""

    def line(self, lang: str = "fr") -> str:
        """What a player reads: what is wrong and where the book says so (its title and
        lines, "Espace Artémis, l. 46-53"), never the rule's id or the seed's file name."""
        where = f"{self.path} : " if lang == "fr" else f"{self.path}: "
        book = self.source.label(lang)
        return f"{where if self.path else ''}{self.message(lang)} ({book})"

    def reference(self) -> str:
        """The rule's id and the seed file's lines, for JSON and logs (a maintainer's form)."""
        return f"{self.rule}, {self.source}"
