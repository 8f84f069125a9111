"""Issue #31, item 7: "Si un test comportant des dés d'avantage présente un double 10 quels que
soient les dés concernés, le lancer est considéré comme explosif" (L518-522), beside the base
die's own explosion read first (L546-550): a named reading, today's by default."""

from __future__ import annotations

from typing import Any

from ecran.dice import Roller
from ecran.systems.fluid.dice import Explosions, roll_die
from ecran.systems.fluid.options import OPTIONS
from ecran.testing import ScriptedDice


def _crit_fail(result: Any) -> str:
    assert result.code == 0, result.err
    law = {o["outcome"]: o["probability"] for o in result.json()["outcomes"]}
    return str(law["crit_fail"])


def test_both_readings_through_odds_L518_522(cli: Any) -> None:
    args = ("odds", "fluid", "test", "--characteristic", "4", "--advantage-dice", "2", "--json")
    today = cli(*args)
    assert today.json()["params"]["doubles_over_base"] is False
    assert _crit_fail(today) == "9/100"
    assert _crit_fail(cli(*args, "--doubles-over-base")) == "891/10000"


def test_the_option_is_a_reading_with_its_lines_L518_522() -> None:
    option = OPTIONS["doubles_over_base"]
    assert option.kind == "reading" and option.default is False
    assert option.source.lines == (518, 522)


def test_the_roll_follows_the_reading_L518_522() -> None:
    """Base 1, advantage dice 10 and 10: down by the base die (default), up by the double."""
    base_wins = roll_die(ScriptedDice(1, 10, 10, 3), 2)
    assert base_wins.explosion == "base_down"
    double = roll_die(ScriptedDice(1, 10, 10, 3), 2, Explosions(doubles_over_base=True))
    assert (double.explosion, double.value) == ("double_10", 13)
    # and the mirror: a double 1 on disadvantage dice beside a base 10 (L868-870)
    mirror = roll_die(ScriptedDice(10, 1, 1, 4), -2, Explosions(doubles_over_base=True))
    assert mirror.explosion == "double_1"
    assert roll_die(Roller(1), 0, Explosions(doubles_over_base=True)).others == []


class _OneByOne:
    """A Roller's dice asked one at a time (no `many`): what any other dice source sees."""

    def __init__(self, seed: int) -> None:
        self.roller = Roller(seed)

    def d(self, sides: int) -> int:
        return self.roller.d(sides)

    def face(self, faces: Any) -> int:
        return self.roller.face(faces)


def test_a_roller_draws_the_die_and_its_dice_as_one_at_a_time() -> None:
    """`roll_die` asks a Roller for the advantage or disadvantage dice at once (`many`, #32):
    the very dice, value and record of asking them one by one, for many dice each way."""
    for net in (-40, -3, 0, 2, 25):
        for seed in range(30):
            roller = Roller(seed)
            one = _OneByOne(seed)
            assert roll_die(roller, net) == roll_die(one, net), (net, seed)
            assert roller.rolled == one.roller.rolled
