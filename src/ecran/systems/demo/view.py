"""The demo's sheet as a person reads it, and the check a player clicks on."""

from __future__ import annotations

from ecran.rules import Action, SheetRow, SheetSection, tr
from ecran.systems.demo.checks.d6 import D6
from ecran.systems.demo.sheet import DemoSheet
from ecran.systems.demo.tables import FIELDS
from ecran.systems.demo.tracks import tracks


def sections(sheet: DemoSheet) -> list[SheetSection]:
    character = [SheetRow(FIELDS.label("target"), str(sheet.target))]
    return [
        SheetSection(tr("Personnage", "Character"), character),
        SheetSection(tr("Santé", "Health"), tracks(sheet)),
    ]


def actions(sheet: DemoSheet) -> list[Action]:
    return [Action(D6.title, D6.name, {"target": sheet.target})]
