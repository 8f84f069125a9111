"""Positional parameters as data: each game's `positions.toml` reads, names real parameters of
real checks, and a board's situation turns into values and labels."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.rules.positions import (
    PositionalParam,
    Situation,
    TargetSheet,
    fill,
    from_target,
    load_positions,
    merged,
)

GAMES = ("artemis", "fluid", "nephilim", "organique", "warp")


def _at(**kw: Any) -> Situation:
    base: dict[str, Any] = {
        "distance": 0.0,
        "squares": 0.0,
        "unit": "m",
        "adjacent": False,
        "behind": False,
        "higher_ground": False,
        "target_on_ground": False,
        "attacker_on_ground": False,
        "allies": 0,
        "flags": {},
    }
    return Situation(**{**base, **kw})


def _row(**kw: Any) -> PositionalParam:
    return PositionalParam.model_validate(
        {
            "param": "p",
            "label": {"fr": "à {distance} {unit}", "en": "at {distance} {unit}"},
            "lines": [1, 2],
            **kw,
        }
    )


@pytest.mark.parametrize("system_id", GAMES)
def test_each_game_declares_real_parameters_of_real_checks(system_id: str) -> None:
    system = get_system(system_id)
    package = type(system).__module__.rpartition(".")[0]
    declared = load_positions(package, system.seed)
    checks = {c.name: c for c in system.checks}
    for check_id, rows in declared.checks.items():
        assert check_id in checks, check_id
        for row in rows:
            assert row.param in checks[check_id].params.model_fields, (check_id, row.param)
            first, last = row.lines
            assert 1 <= first <= last
    # a game says what its book gives, or that it gives none
    assert declared.checks or declared.none is not None
    for check_id, target in declared.targets.items():
        fields = checks[check_id].params.model_fields
        assert all(p in fields for p in (*target.params, *target.needs)), check_id
        assert 1 <= target.lines[0] <= target.lines[1]


def test_the_targets_values_come_from_the_attack_that_agrees() -> None:
    target = TargetSheet(params=("parry", "parry_malus"), needs=("category",), lines=(1, 2))
    offered = [
        ("attack", {"attack": 6, "category": 3, "parry": 4, "parry_malus": 0}),
        ("attack", {"attack": 8, "category": 3, "parry": 4, "parry_malus": 1}),
        ("dodge", {"skill": 5}),
    ]
    mine = {"attack": 8, "category": 3, "parry": 6}
    assert from_target(mine, "attack", offered, target) == {"parry": 4, "parry_malus": 1}
    other = {"attack": 7, "category": 3}  # agrees with none: the usual one, the first
    assert from_target(other, "attack", offered, target) == {"parry": 4, "parry_malus": 0}
    assert from_target({"attack": 8, "parry": 6}, "attack", offered, target) == {}  # a parry
    assert from_target(mine, "dodge", offered, target) == {}


def test_artemis_declares_none() -> None:
    system = get_system("artemis")
    declared = load_positions("ecran.systems.artemis", system.seed)
    assert declared.checks == {}
    assert declared.none is not None and "aucun paramètre" in declared.none.fr


def test_bands_contact_and_beyond() -> None:
    row = _row(
        **{
            "from": "distance",
            "kind": "bands",
            "contact": "melee",
            "bands": [[10, "near"], [50, "far"]],
        }
    )
    assert fill((row,), _at(adjacent=True, distance=1.5))["p"][0] == "melee"
    assert fill((row,), _at(distance=10))["p"][0] == "near"
    assert fill((row,), _at(distance=10.5))["p"][0] == "far"
    assert fill((row,), _at(distance=51)) == {}
    beyond = row.model_copy(update={"beyond": "sight"})
    assert fill((beyond,), _at(distance=900))["p"][0] == "sight"


def test_steps_round_offset_and_bounds() -> None:
    nephilim = _row(
        **{"from": "distance", "kind": "steps", "step": 20, "round": "ceil", "offset": -1, "min": 0}
    )
    assert [fill((nephilim,), _at(distance=d))["p"][0] for d in (5, 20, 21, 100)] == [0, 0, 1, 4]
    squares = _row(
        **{"from": "distance", "kind": "steps", "measure": "square", "step": 1, "round": "nearest"}
    )
    assert fill((squares,), _at(squares=1.41, distance=2.1))["p"][0] == 1
    weapon = _row(**{"from": "distance", "kind": "steps", "step_from": "increment"})
    assert fill((weapon,), _at(distance=9)) == {}
    assert fill((weapon,), _at(distance=9), {"increment": 1.5})["p"][0] == 6  # L3510-3512


def test_measure_any_flag_allies_and_labels() -> None:
    rows = (
        _row(**{"from": "distance", "kind": "measure", "param": "d"}),
        _row(
            **{
                "from": "any",
                "when": ["behind", "target_on_ground"],
                "param": "pos",
                "label": {"fr": "position : {why}", "en": "position: {why}"},
            }
        ),
        _row(**{"from": "flag", "flag": "target.on_ground", "param": "prone"}),
        _row(**{"from": "allies", "offset": 1, "param": "n"}),
    )
    at = _at(
        distance=7.46,
        behind=True,
        target_on_ground=True,
        allies=2,
        flags={"target.on_ground": True},
    )
    filled = fill(rows, at)
    assert {k: v for k, (v, _label) in filled.items()} == {
        "d": 7.5,
        "pos": True,
        "prone": True,
        "n": 3,
    }
    assert filled["d"][1].fr == "à 7,5 m (d'après le plateau)"
    assert filled["d"][1].en == "at 7.5 m (from the board)"
    assert filled["pos"][1].fr.startswith("position : dans le dos, adversaire à terre")
    assert fill(rows, _at())["pos"][0] is False
    assert "prone" not in fill(rows, _at())


def test_merged_sets_or_adds() -> None:
    rows = (
        _row(param="improvements", mode="add", **{"from": "allies"}),
        _row(param="allies", **{"from": "allies"}),
    )
    filled = fill(rows, _at(allies=2))
    assert merged({"improvements": 3, "allies": 5}, rows, filled) == {
        "improvements": 5,
        "allies": 2,
    }


def test_a_malformed_file_is_said_in_one_line(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ecran.rules.positions as positions

    monkeypatch.setattr(positions, "load_toml", lambda _p, _f: {"check": {"x": [{"param": "p"}]}})
    with pytest.raises(EcranError, match=r"positions\.toml"):
        positions.load_positions("ecran.systems.fluid", "seed")


@pytest.mark.parametrize(
    ("system_id", "param", "at", "fr", "en"),
    [
        ("fluid", "allies", {"allies": 0}, "0 allié au contact", "0 allies beside"),
        ("fluid", "allies", {"allies": 1}, "1 allié au contact", "1 ally beside"),
        ("fluid", "allies", {"allies": 2}, "2 alliés au contact", "2 allies beside"),
        ("organique", "band", {"squares": 1.0}, "1 case entre", "1 square between"),
        ("organique", "band", {"squares": 3.0}, "3 cases entre", "3 squares between"),
    ],
)
def test_a_count_agrees_with_its_noun(
    system_id: str, param: str, at: dict[str, Any], fr: str, en: str
) -> None:
    """The board's labels said « 0 allié(s) au contact de la cible », « 3 case(s) entre les
    pions », "1 ally(ies)": a count's noun agrees with it, French singular below 2, English at
    1 only."""
    system = get_system(system_id)
    package = type(system).__module__.rpartition(".")[0]
    declared = load_positions(package, system.seed)
    rows = tuple(r for rows in declared.checks.values() for r in rows if r.param == param)
    assert rows, param
    label = fill(rows[:1], _at(**at))[param][1]
    assert fr in label.fr and "(s)" not in label.fr, label.fr
    assert en in label.en and "(s)" not in label.en and "(ies)" not in label.en, label.en
