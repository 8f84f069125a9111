"""One attack's result may change both sides: `System.consequences` lists the operations to apply,
by default the defender's damage then what strikes back at the attacker."""

from __future__ import annotations

from typing import Any, Literal

from ecran.rules import CharacterSheet, Consequence, Resolution, System, tr


class Sheet(CharacterSheet):
    system: Literal["duel"] = "duel"


class Duel(System[Sheet]):
    id = "duel"
    name = tr("Duel", "Duel")
    seed = "duel"
    character = Sheet

    def damage(
        self, check: str, params: dict[str, Any], result: Resolution, defender: Sheet
    ) -> tuple[str, dict[str, Any]] | None:
        return ("wound", {"boxes": 2}) if result.outcome == "hit" else None

    def counter_damage(
        self, check: str, params: dict[str, Any], result: Resolution, attacker: Sheet
    ) -> tuple[str, dict[str, Any]] | None:
        return ("wound", {"boxes": 1}) if result.outcome == "riposte" else None


def test_default_consequences_come_from_damage_and_counter_damage() -> None:
    a, b = Sheet(name="A"), Sheet(name="B")
    hit = Duel().consequences("attack", {}, Resolution("hit"), a, b)
    assert hit == [Consequence("defender", "wound", {"boxes": 2})]
    riposte = Duel().consequences("attack", {}, Resolution("riposte"), a, b)
    assert riposte == [Consequence("attacker", "wound", {"boxes": 1})]
    assert Duel().consequences("attack", {}, Resolution("miss"), a, b) == []


def test_no_tracks_by_default() -> None:
    assert Duel().tracks(Sheet(name="A")) == []
