"""Every registered system honours the System contract; run over all systems as they land."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.engine.records import odds_report, roll_record
from ecran.rules import Check, System

CHECKS = [
    pytest.param(system, check, id=f"{system.id}.{check.name}")
    for system in all_systems().values()
    for check in system.checks
]
SYSTEMS = [pytest.param(s, id=s.id) for s in all_systems().values()]
WITH_SHEETS = [pytest.param(s, id=s.id) for s in all_systems().values() if s.character]


def cli_args(values: dict[str, Any]) -> list[str]:
    args: list[str] = []
    for name, value in values.items():
        flag = name.replace("_", "-")
        if isinstance(value, bool):
            args.append(f"--{flag}" if value else f"--no-{flag}")
        elif value is not None:
            args += [f"--{flag}", str(value)]
    return args


@pytest.mark.parametrize(("system", "check"), CHECKS)
def test_check_is_described_in_both_languages(system: System[Any], check: Check[Any]) -> None:
    names = check.outcome_names()
    assert len(names) >= 2 and len(set(names)) == len(names)
    for text in (check.title, check.description, *(o.label for o in check.outcomes)):
        assert text.fr.strip() and text.en.strip()
    assert check.sources, "every check cites its seed lines"


@pytest.mark.parametrize(("system", "check"), CHECKS)
def test_example_odds_are_a_whole_distribution(system: System[Any], check: Check[Any]) -> None:
    report = odds_report(system.id, check.name, check.example)
    assert [o.outcome for o in report.outcomes] == check.outcome_names()
    total = sum(Fraction(o.probability) for o in report.outcomes)
    assert total == 1
    for row in report.outcomes:
        assert str(Fraction(row.probability)) == row.probability  # reduced
        assert row.p == pytest.approx(float(Fraction(row.probability)))


@pytest.mark.parametrize(("system", "check"), CHECKS)
def test_same_seed_same_roll(system: System[Any], check: Check[Any]) -> None:
    first = roll_record(system.id, check.name, check.example, seed=1234)
    again = roll_record(system.id, check.name, check.example, seed=1234)
    assert first == again
    assert first.outcome in check.outcome_names()
    assert (
        odds_report(system.id, check.name, check.example)
        .outcomes[check.outcome_names().index(first.outcome)]
        .p
        > 0
    ), "a rolled outcome must have non-zero odds"


@pytest.mark.parametrize(("system", "check"), CHECKS)
def test_cli_json_is_the_contract(cli: Any, system: System[Any], check: Check[Any]) -> None:
    result = cli("odds", system.id, check.name, *cli_args(check.example), "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert set(data) == {"system", "check", "params", "outcomes"}
    assert set(data["params"]) == set(check.params.model_fields)
    rolled = cli("roll", system.id, check.name, *cli_args(check.example), "--seed", "7", "--json")
    assert rolled.code == 0, rolled.err
    assert set(rolled.json()) == {
        "system",
        "check",
        "params",
        "seed",
        "dice",
        "outcome",
        "total",
        "details",
    }
    assert rolled.json()["seed"] == 7


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_option_is_offered_somewhere(system: System[Any]) -> None:
    """An option nobody can set is invisible: it must be a field of a check's or an operation's
    parameters, or of the sheet (play-state readings a table fixes once)."""
    fields = {name for c in system.checks for name in c.params.model_fields}
    fields |= {name for op in system.operations for name in op.params.model_fields}
    fields |= set(system.npc_params.model_fields)
    for option in system.options:
        if option.kind == "gm_input":
            continue
        assert option.name in fields or option.name in _sheet_fields(system), option.name
        assert option.label.fr and option.label.en and option.source


def _sheet_fields(system: System[Any]) -> set[str]:
    return set(system.character.model_fields) if system.character else set()


@pytest.mark.parametrize("system", WITH_SHEETS)
def test_random_npcs_are_legal_and_validate_on_the_command_line(
    cli: Any, system: System[Any], tmp_path: Path
) -> None:
    for seed in range(5):
        npc = system.random_npc(Roller(seed))
        assert system.validate(npc) == [], (seed, system.validate(npc))
        path = tmp_path / f"npc{seed}.json"
        path.write_text(npc.model_dump_json(), encoding="utf-8")
        result = cli("character", "validate", str(path))
        assert result.code == 0, result.err
    first = cli("npc", system.id, "--seed", "3", "--json")
    assert first.code == 0, first.err
    assert json.loads(first.out) == json.loads(cli("npc", system.id, "--seed", "3", "--json").out)


@pytest.mark.parametrize(("system", "check"), CHECKS)
def test_every_detail_of_a_roll_has_a_label_in_both_languages(
    system: System[Any], check: Check[Any]
) -> None:
    """Players read roll details on pages and in the terminal: never a raw key."""
    for seed in range(30):
        record = roll_record(system.id, check.name, check.example, seed=seed)
        for key in record.details:
            label = check.detail_labels.get(key)
            assert label is not None and label.fr and label.en, (key, seed)
