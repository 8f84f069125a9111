"""A rule a character sheet breaks: which rule, where the rules say so, and what is wrong."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from ecran.rules.refusals import field_words
from ecran.rules.text import Source, Text


class RuleViolation(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    rule: str
    source: Source
    message: Text
    path: str = ""

    def where(self, lang: str = "fr", labels: Mapping[str, Text] | None = None) -> str:
        """The field the rule is about, as the sheet's form names it (`labels`: the sheet's
        `rules.field.field_labels`; without them its id), with its colon; "" for none."""
        if not self.path:
            return ""
        field = field_words(self.path.split("."), labels)(lang)
        return f"{field} : " if lang == "fr" else f"{field}: "

    def line(self, lang: str = "fr", labels: Mapping[str, Text] | None = None) -> str:
        """What a player reads: where, what is wrong and where the book says so (its title and
        lines, "Espace Artémis, l. 46-53"), never the rule's id or the seed's file name."""
        book = self.source.label(lang)
        return f"{self.where(lang, labels)}{self.message(lang)} ({book})"

    def reference(self) -> str:
        """The rule's id and the seed file's lines, for JSON and logs (a maintainer's form)."""
        return f"{self.rule}, {self.source}"
