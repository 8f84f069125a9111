"""A small made-up system whose sheet exercises each printed part (track, violation, roll grid)
under test control, and helpers to read a printed page."""

from __future__ import annotations

import html
import re
from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import (
    Action,
    CharacterSheet,
    Check,
    Option,
    Outcome,
    Params,
    Resolution,
    RuleViolation,
    SheetRow,
    SheetSection,
    System,
    cite,
    param,
    tr,
)

REAL_SYSTEMS = ("artemis", "warp", "fluid", "nephilim", "organique")
FAKE_SOURCE = cite("999_printing_test.txt", 1, 3, note="test fixture")

READING = Option(
    name="reading",
    default="strict",
    label=tr("Lecture", "Reading"),
    help=tr("Une lecture d'essai", "A test reading"),
    source=FAKE_SOURCE,
    kind="reading",
)


class FakeParams(Params):
    skill: int = param(tr("Compétence", "Skill"))
    difficulty: int = param(tr("Difficulté", "Difficulty"), default=6)
    malus: int = param(tr("Malus", "Malus"), default=0)
    expert: bool = param(tr("Expert", "Expert"), default=False)
    reading: str = READING.field()


class FakeCheck(Check[FakeParams]):
    name = "roll"
    title = tr("Jet", "Roll")
    description = tr("1d6 + compétence", "1d6 + skill")
    params = FakeParams
    outcomes = (Outcome("failure", tr("échec", "failure")), Outcome("success", tr("ok", "ok")))
    sources = (FAKE_SOURCE,)

    def resolve(self, params: FakeParams, dice: DiceSource) -> Resolution:
        total = dice.d(6) + params.skill - params.malus
        return Resolution("success" if total >= params.difficulty else "failure", total, {})


class FakeSheet(CharacterSheet):
    system: Literal["printtest"] = "printtest"
    strength: int = 3
    hit_points: int = 7


class FakeSystem(System[FakeSheet]):
    id = "printtest"
    name = tr("Jeu d'essai", "Test game")
    seed = "999_printing_test.txt"
    checks = (FakeCheck(),)
    character = FakeSheet

    def validate(self, sheet: FakeSheet) -> list[RuleViolation]:
        if sheet.strength <= 5:
            return []
        return [
            RuleViolation(
                rule="printtest.strength.max",
                source=FAKE_SOURCE,
                message=tr("la Force dépasse 5", "Strength is over 5"),
                path="strength",
            )
        ]

    def sections(self, sheet: FakeSheet) -> list[SheetSection]:
        return [
            SheetSection(
                tr("Caractéristiques", "Characteristics"),
                [SheetRow(tr("Force", "Strength"), str(sheet.strength), "FOR")],
            ),
            SheetSection(
                tr("Santé", "Health"),
                [SheetRow(tr("Points de vie", "Hit points"), f"{sheet.hit_points} / 10")],
            ),
        ]

    def actions(self, sheet: FakeSheet) -> list[Action]:
        params: dict[str, Any] = {"skill": 4, "difficulty": 6, "malus": 0, "expert": True}
        return [
            Action(
                tr("Escalade", "Climbing"),
                "roll",
                params | {"reading": "loose"},
                group=tr("Compétences", "Skills"),
            ),
            Action(
                tr("Nage", "Swimming"),
                "roll",
                {**params, "skill": 2, "expert": False},
                group=tr("Compétences", "Skills"),
            ),
        ]


def visible_text(page: str) -> str:
    """What a reader sees of an HTML page: no style, no tags, entities decoded, spaces folded."""
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return " ".join(html.unescape(page).split())


def fold(text: str) -> str:
    return " ".join(text.split())
