"""A rule a character sheet breaks: which rule, where the rules say so, and what is wrong."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ecran.rules.text import Source, Text


class RuleViolation(BaseModel):
    model_config = ConfigDict(frozen=True)

    rule: str
    source: Source
    message: Text
    path: str = ""

    def line(self, lang: str = "fr") -> str:
        where = f"{self.path}: " if self.path else ""
        return f"{where}{self.message(lang)} [{self.rule}, {self.source}]"
