"""A creation budget the book gives (#30 item 7): the points a sheet spends on one part of
itself against what the rules allow, shown running at every step of the creation wizard
("Caractéristiques : 38 / 40 points"), with the lines it comes from."""

from __future__ import annotations

from ecran.record import record
from ecran.rules.text import Source, Text


@record
class PointBudget:
    """`spent` of `allowed` points on `label` (the sheet's field `field`), per `source`."""

    label: Text
    spent: int
    allowed: int
    field: str
    source: Source

    @property
    def remaining(self) -> int:
        return self.allowed - self.spent

    def line(self, lang: str) -> str:
        """« Caractéristiques : 38 / 40 points (il en reste 2) »."""
        left = self.remaining
        if lang == "fr":
            tail = f"il en reste {left}" if left >= 0 else f"{-left} de trop"
            return f"{self.label.fr} : {self.spent} / {self.allowed} points ({tail})"
        tail = f"{left} left" if left >= 0 else f"{-left} too many"
        return f"{self.label.en}: {self.spent} / {self.allowed} points ({tail})"
