"""The demo's character sheet: a name, the target its d6 must reach, its hit points and the
damage it has taken. Its words are data (`data/fields.toml`)."""

from __future__ import annotations

from typing import Literal

from ecran.rules import CharacterSheet
from ecran.systems.demo.tables import FIELDS

#: Bounds of the sheet's numbers.
MAX_HIT_POINTS = 20


class DemoSheet(CharacterSheet):
    system: Literal["demo"] = "demo"
    target: int = FIELDS("target", default=4, ge=1, le=6)
    hit_points: int = FIELDS("hit_points", default=6, ge=1, le=MAX_HIT_POINTS)
    damage: int = FIELDS("damage", default=0, ge=0, le=2 * MAX_HIT_POINTS)


#: The game's sheet class (`System.character`, found here on first use).
SHEET = DemoSheet
