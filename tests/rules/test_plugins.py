"""A game can come from another installed package: it declares its module in the `ecran.systems`
entry-point group, and the registry finds it without importing anything until it is named."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from ecran.engine import get_system, known_ids, registry

PLUGIN = """
from ecran.rules import Check, Outcome, Params, Resolution, System, cite, tr


class Coin(Check[Params]):
    name = "pile"
    title = tr("Pile ou face", "Heads or tails")
    description = tr("Une pièce", "A coin")
    params = Params
    outcomes = (Outcome("face", tr("face", "tails")), Outcome("pile", tr("pile", "heads")))
    sources = (cite("coin", 1),)

    def resolve(self, params, dice):
        return Resolution("pile" if dice.d(2) == 2 else "face")


class CoinSystem(System):
    id = "piece"
    name = tr("Pièce", "Coin")
    seed = "coin"
    checks = (Coin(),)


SYSTEM = CoinSystem()
"""


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    (tmp_path / "ecran_piece.py").write_text(PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    point = EntryPoint(name="piece", value="ecran_piece", group=registry.PLUGIN_GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [point])
    registry._plugins.cache_clear()
    yield
    registry._plugins.cache_clear()
    registry._registry.pop("piece", None)
    sys.modules.pop("ecran_piece", None)


def test_a_plugin_is_listed_without_being_imported(plugin: None) -> None:
    assert "piece" in known_ids()
    assert "ecran_piece" not in sys.modules


def test_a_plugin_runs_through_the_front_door(plugin: None) -> None:
    import ecran

    assert get_system("piece").check("pile").name == "pile"
    report = ecran.odds("piece", "pile")
    assert [o.probability for o in report.outcomes] == ["1/2", "1/2"]
