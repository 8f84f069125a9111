"""Issue #18, "NPCs by role": `ecran npc SYSTEM … --seed N` offers the choices the system's
`npc_params` declares (a level, a role), as options generated like a check's parameters and
validated by the model: a bad choice is one line and exit 2.

`Ranked` is the toy (tests/toy.py) with a level (1-3: the NPC's might) and a labelled role
(minion/standard/elite: an elite gets agility 3, a minion 1).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Literal

import pytest

from ecran.dice import Roller
from ecran.engine import all_systems
from ecran.rules import Params, param, tr
from toy import Toy, ToySheet

ROLES = {
    "minion": tr("Sbire", "Minion"),
    "standard": tr("Standard", "Standard"),
    "elite": tr("Élite", "Elite"),
}


class NpcChoices(Params):
    level: int = param(tr("Niveau", "Level"), default=1, ge=1, le=3, aliases=("rank",))
    role: Literal["minion", "standard", "elite"] = param(
        tr("Rôle", "Role"), tr("règle maison", "house rule"), default="standard", choices=ROLES
    )


class Ranked(Toy):
    npc_params = NpcChoices

    def random_npc(self, roller: Roller, **choices: Any) -> ToySheet:
        agility = {"minion": 1, "standard": 2, "elite": 3}[choices["role"]]
        return ToySheet(
            name=f"PNJ {roller.d(100)}", kind="npc", might=choices["level"], agility=agility
        )


@pytest.fixture(autouse=True)
def ranked() -> Iterator[None]:
    systems = all_systems()
    systems["toy"] = Ranked()
    try:
        yield
    finally:
        systems.pop("toy", None)


def test_the_npc_takes_the_systems_choices(cli: Any) -> None:
    result = cli("npc", "toy", "--level", "3", "--role", "elite", "--seed", "4", "--json")
    assert result.code == 0, result.err
    sheet = json.loads(result.out)
    assert (sheet["might"], sheet["agility"]) == (3, 3)
    # the same seed and choices give the same NPC; the defaults are the model's
    again = cli("npc", "toy", "--level", "3", "--role", "elite", "--seed", "4", "--json")
    assert again.out == result.out
    plain = json.loads(cli("npc", "toy", "--seed", "4", "--json").out)
    assert (plain["might"], plain["agility"]) == (1, 2) and plain["name"] == sheet["name"]


def test_choices_as_people_type_them_and_aliases(cli: Any) -> None:
    """The role by its French or English word, any case, with or without accents; the level
    under its alias."""
    for word in ("Élite", "ELITE", "elite", "Elite"):
        result = cli("npc", "toy", "--role", word, "--seed", "1", "--json")
        assert result.code == 0, (word, result.err)
        assert json.loads(result.out)["agility"] == 3
    result = cli("npc", "toy", "--rank", "2", "--seed", "1", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["might"] == 2


def test_a_bad_choice_is_one_line_and_exit_2(cli: Any) -> None:
    for args in (["--level", "9"], ["--level", "x"], ["--role", "boss"], ["--nope", "1"]):
        result = cli("npc", "toy", *args, "--seed", "1")
        assert result.code == 2, args
        lines = result.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("ecran: "), (args, result.err)
    assert "level : doit être ≤ 3" in cli("npc", "toy", "--level", "9").err
    unknown = cli("npc", "nope", "--seed", "1")
    assert unknown.code == 2 and "toy" in unknown.err and len(unknown.err.splitlines()) == 1


def test_the_help_lists_the_choices_with_their_words(cli: Any) -> None:
    result = cli("--lang", "en", "npc", "toy", "--help")
    assert result.code == 0
    assert "--level" in result.out and "--role" in result.out and "--rank" in result.out
    assert "[≥ 1, ≤ 3]" in result.out and "house rule" in result.out
    french = cli("npc", "toy", "--help").out
    assert "--niveau" in french and "--level" not in french and "règle maison" in french
    assert "Sbire" in result.out or "minion" in result.out


def test_a_system_without_choices_keeps_its_command(cli: Any) -> None:
    first = cli("npc", "nephilim", "--seed", "3", "--json")
    assert first.code == 0, first.err
    assert cli("npc", "nephilim", "--seed", "3", "--json").out == first.out
    assert json.loads(first.out)["system"] == "nephilim"
