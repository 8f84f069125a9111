"""#30 item 5: the conditions that act are the games' data (`data/conditions.toml`), each with
its seed lines: Fluid's manoeuvres (L1021-1029, L1381-1401), Organique's stun and knock-out
(L3203-3236). A foe on the ground gives those facing it the position's advantage (L1021-1025),
a yes-or-no parameter set, not counted."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules.condition_data import load_conditions
from ecran.rules.ongoing import worn

SEEDS = Path("/work/shared/seeds")


def _seed_lines(system_id: str) -> int:
    import importlib

    tables = importlib.import_module(f"ecran.systems.{system_id}.tables")
    found = SEEDS / tables.SEED
    return len(found.read_text(encoding="utf-8").splitlines()) if found.exists() else 10**6


def test_every_declared_condition_cites_lines_of_its_seed() -> None:
    for system_id in ("fluid", "organique"):
        rows = load_conditions(f"ecran.systems.{system_id}")
        assert rows
        last = _seed_lines(system_id)
        for row in rows.values():
            first, end = row.lines
            assert 1 <= first <= end <= last, (system_id, row.id)
            assert row.fr and row.en


def test_fluids_manoeuvres_are_all_declared() -> None:
    from ecran.systems.fluid.operations.manoeuvres import CONDITIONS, Effect

    assert set(CONDITIONS) == set(get_args(Effect))


def test_a_tripped_foe_gives_those_facing_it_the_position_L1021_1025() -> None:
    game = get_system("fluid")
    a, b = game.random_npc(Roller(1)), game.random_npc(Roller(2))
    op = game.operation("suffer_manoeuvre")
    put = op.run(b, op.params.model_validate({"effect": "trip", "disadvantages": 0}), Roller(1))
    down = worn(put.sheet, put.conditions)
    before, after = game.attacks(a, b)[0], game.attacks(a, down)[0]
    assert not before.params.get("position") and after.params["position"] is True
    assert "à terre" in after.label.fr
    # already favoured: still one advantage, not two
    favoured = dict(before.params, position=True)
    from ecran.rules.ongoing import shifted

    again = shifted(game, type(before)(before.label, before.check, favoured), [], down.ongoing)
    assert again.params["position"] is True
    game.check(again.check).parse(again.params)
