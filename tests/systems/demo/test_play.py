"""The demo played through its package: a sheet, its track, the d6 from the sheet, the
operation, and a fight's consequences (what a sixth game's tests copy)."""

from __future__ import annotations

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import Resolution
from ecran.systems.demo.sheet import DemoSheet

SYSTEM = get_system("demo")


def test_random_npcs_pass_validation() -> None:
    for seed in range(50):
        npc = SYSTEM.random_npc(Roller(seed))
        assert npc.kind == "npc" and SYSTEM.validate(npc) == []


def test_damage_beyond_death_is_a_violation() -> None:
    sheet = DemoSheet(name="Ana", hit_points=4, damage=9)
    assert [v.rule for v in SYSTEM.validate(sheet)] == ["damage_beyond_death"]


def test_the_track_and_the_status_follow_the_damage() -> None:
    sheet = DemoSheet(name="Ana", hit_points=4)
    op = SYSTEM.operation("subir-des-degats")  # the French title folds to the id
    hurt = op.apply(sheet, op.params.model_validate({"damage": 4}), Roller(1)).sheet
    assert [r.value.en for r in SYSTEM.tracks(hurt)] == ["0 / 4"]
    assert (SYSTEM.status(sheet), SYSTEM.status(hurt)) == ("up", "out")
    dead = op.apply(hurt, op.params.model_validate({"damage": 9}), Roller(1))
    assert SYSTEM.status(dead.sheet) == "dead" and dead.sheet.damage == 8
    assert [c.label.en for c in dead.conditions] == ["dead"]


def test_the_sheet_offers_its_d6_and_an_attack_hurts_by_the_margin() -> None:
    ana, bo = DemoSheet(name="Ana", target=3), DemoSheet(name="Bo")
    assert [(a.check, a.params) for a in SYSTEM.actions(ana)] == [("d6", {"target": 3})]
    (attack,) = SYSTEM.attacks(ana, bo)
    hit = Resolution("success", total=5, details={"die": 5, "margin": 2})
    (found,) = SYSTEM.consequences("d6", attack.params, hit, ana, bo)
    assert (found.side, found.operation, found.params) == ("defender", "take_damage", {"damage": 3})
    miss = Resolution("failure", total=2, details={"die": 2, "margin": -1})
    assert SYSTEM.consequences("d6", attack.params, miss, ana, bo) == []
