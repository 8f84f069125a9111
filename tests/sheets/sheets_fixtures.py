"""The toy system with each printed part (track, violation, roll grid) under test control, and
helpers to read a printed page."""

from __future__ import annotations

import html
import re

from ecran.rules import Action, SheetRow, SheetSection, tr
from toy import Toy, ToySheet

REAL_SYSTEMS = ("artemis", "warp", "fluid", "nephilim", "organique")


class PrintedToy(Toy):
    """The toy system with what a printed sheet has beyond the defaults: characteristics with
    an abbreviation, a track of hit points (10 less the wounds), and skills as rolls of `mixed`."""

    def sections(self, sheet: ToySheet) -> list[SheetSection]:
        return [
            SheetSection(
                tr("Caractéristiques", "Characteristics"),
                [SheetRow(tr("Puissance", "Might"), str(sheet.might), "PUI")],
            ),
            SheetSection(
                tr("Santé", "Health"),
                [SheetRow(tr("Points de vie", "Hit points"), f"{10 - sheet.wounds} / 10")],
            ),
        ]

    def actions(self, sheet: ToySheet) -> list[Action]:
        skills = tr("Compétences", "Skills")
        return [
            Action(
                tr("Escalade", "Climbing"),
                "mixed",
                {"skill": 4, "bonus": True, "cap": 8, "lucky": True},
                group=skills,
            ),
            Action(tr("Nage", "Swimming"), "mixed", {"skill": 2, "bonus": True}, group=skills),
        ]


def visible_text(page: str) -> str:
    """What a reader sees of an HTML page: no style, no tags, entities decoded, spaces folded."""
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return " ".join(html.unescape(page).split())


def fold(text: str) -> str:
    return " ".join(text.split())
