"""Issue #18, "one name for one thing" and "capitalised names refused", on the command line: a
parameter's aliases (`param(aliases=…)`) are extra names of the same option on odds, roll and op
commands, and a named choice is taken as people type it (`Feu`, `FIRE`, `feu`); the CLI itself
refuses neither, the model judges (one line, exit 2, for an unknown word).

`Named` is the toy (tests/toy.py) with a check whose score is `resistance` (old name `skill`) and
an element (`feu`/`eau`, Feu/Fire, Eau/Water), and an operation whose damage is `damage` (old
names `amount`, `boxes`) with a `temporary` flag (old name `temp`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest

from ecran.dice import DiceSource
from ecran.engine import all_systems
from ecran.rules import Change, Check, Operation, Outcome, Params, Resolution, param, tr
from toy import SOURCE, Toy, ToySheet


class ResistParams(Params):
    resistance: int = param(tr("Résistance", "Resistance"), ge=0, le=10, aliases=("skill",))
    element: Literal["feu", "eau"] = param(
        tr("Élément", "Element"),
        default="feu",
        choices={"feu": tr("Feu", "Fire"), "eau": tr("Eau", "Water")},
    )


class Resist(Check[ResistParams]):
    """1d6 + resistance against 5 (fire) or 4 (water)."""

    name = "resist"
    title = tr("Résister", "Resist")
    description = tr("1d6 + Résistance", "1d6 + Resistance")
    params = ResistParams
    outcomes = (Outcome("failure", tr("échec", "failure")), Outcome("success", tr("ok", "ok")))
    sources = (SOURCE,)
    example = {"resistance": 2}

    def resolve(self, params: ResistParams, dice: DiceSource) -> Resolution:
        total = dice.d(6) + params.resistance
        target = 5 if params.element == "feu" else 4
        return Resolution("success" if total >= target else "failure", total=total)


class DamageParams(Params):
    damage: int = param(tr("Dégâts", "Damage"), ge=0, le=50, aliases=("amount", "boxes"))
    temporary: bool = param(tr("Temporaires", "Temporary"), default=False, aliases=("temp",))


class TakeDamage(Operation[ToySheet, DamageParams]):
    name = "take_damage"
    title = tr("Subir des dégâts", "Take damage")
    params = DamageParams
    sources = (SOURCE,)

    def apply(self, sheet: ToySheet, params: DamageParams, dice: DiceSource) -> Change[ToySheet]:
        kept = 0 if params.temporary else params.damage
        changed = sheet.model_copy(update={"wounds": sheet.wounds + kept})
        return Change(changed, tr(f"{kept} blessures", f"{kept} wounds"))


class Named(Toy):
    checks = (*Toy.checks, Resist())
    operations = (*Toy.operations, TakeDamage())


@pytest.fixture(autouse=True)
def named() -> Iterator[None]:
    systems = all_systems()
    systems["toy"] = Named()
    try:
        yield
    finally:
        systems.pop("toy", None)


def test_an_old_name_is_the_same_option_on_odds_and_roll(cli: Any) -> None:
    by_name = cli("odds", "toy", "resist", "--resistance", "3", "--json")
    by_alias = cli("odds", "toy", "resist", "--skill", "3", "--json")
    assert by_name.code == 0 == by_alias.code, by_alias.err
    assert by_alias.json() == by_name.json()
    assert by_alias.json()["params"]["resistance"] == 3
    rolled = cli("roll", "toy", "resist", "--skill", "3", "--seed", "2", "--json")
    assert rolled.code == 0, rolled.err
    same = cli("roll", "toy", "resist", "--resistance", "3", "--seed", "2", "--json")
    assert rolled.json() == same.json()
    help_text = cli("odds", "toy", "resist", "--help").out
    assert "--resistance, --skill" in help_text


def test_choices_as_people_type_them(cli: Any) -> None:
    expected = {"Feu": "feu", "FEU": "feu", "Fire": "feu", "fire": "feu", "Eau": "eau"}
    for word, value in expected.items():
        result = cli("odds", "toy", "resist", "--skill", "2", "--element", word, "--json")
        assert result.code == 0, (word, result.err)
        assert result.json()["params"]["element"] == value
    refused = cli("odds", "toy", "resist", "--skill", "2", "--element", "lave")
    assert refused.code == 2
    assert refused.err.count("\n") == 1 and "element" in refused.err and "lave" in refused.err


def test_an_operations_old_names_and_flags(cli: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "hero.json"
    sheet.write_text(json.dumps({"system": "toy", "name": "Hector"}), encoding="utf-8")
    for flag in ("--damage", "--amount", "--boxes"):
        result = cli("op", "toy", "take_damage", str(sheet), flag, "4", "--json")
        assert result.code == 0, (flag, result.err)
        assert result.json()["params"] == {"damage": 4, "temporary": False}
        assert result.json()["sheet"]["wounds"] == 4
    temporary = cli("op", "toy", "take_damage", str(sheet), "--amount", "4", "--temp", "--json")
    assert temporary.code == 0, temporary.err
    assert temporary.json()["params"]["temporary"] is True
    assert temporary.json()["sheet"]["wounds"] == 0
    bad = cli("op", "toy", "take_damage", str(sheet), "--amount", "-1")
    assert bad.code == 2 and bad.err.count("\n") == 1 and "--amount :" in bad.err  # as typed
