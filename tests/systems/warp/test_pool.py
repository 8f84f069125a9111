"""The pool kernel of WaRP: kept sums for any number of bonus or penalty dice, exact and fast."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from ecran.dice import Distribution, Roller, keep_highest, keep_lowest
from ecran.engine import get_system
from ecran.systems.warp.dice import MAX_NET, kept_sum, kept_sum_six, roll_pool

WARP = get_system("warp")
D6 = Distribution.die(6)


@pytest.mark.parametrize(("n", "k"), [(1, 0), (1, 4), (2, 1), (3, 3), (4, 2), (5, 7), (6, 0)])
def test_kept_sum_equals_the_generic_kernel(n: int, k: int) -> None:
    """The face-by-face closed form against the dice kernel's keep-highest / keep-lowest."""
    assert kept_sum(n, k) == keep_highest(D6, n + k, n)
    assert kept_sum(n, -k) == keep_lowest(D6, n + k, n)


def _brute_six(n: int, net: int) -> dict[tuple[int, bool], Fraction]:
    out: dict[tuple[int, bool], Fraction] = {}
    rolls = list(itertools.product(range(1, 7), repeat=n + abs(net)))
    for dice in rolls:
        kept = sorted(dice, reverse=net >= 0)[:n]
        key = (sum(kept), 6 in kept)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(rolls))
    return out


@pytest.mark.parametrize(("n", "net"), [(1, 2), (2, -1), (2, -3), (3, 2), (1, -4), (3, 0)])
def test_kept_six_flag_against_every_roll(n: int, net: int) -> None:
    """The unstoppable six looks at the kept dice only (reading §9.12)."""
    dist = kept_sum_six(n, net)
    assert {k: p for k, p in dist.items()} == _brute_six(n, net)


def test_one_die_with_a_thousand_bonus_dice_is_the_maximum_of_1001() -> None:
    """Keep the best 1 of 1001 dice: P(kept <= f) = (f/6)**1001, an independent closed form."""
    dist = kept_sum(1, 1000)
    for face in range(1, 7):
        assert dist.probability_where(lambda s, f=face: s <= f) == Fraction(face, 6) ** 1001


def test_two_dice_with_many_penalty_dice_closed_form() -> None:
    """Keep the worst 2 of 502: they are both 1 unless at most one die shows 1."""
    big = 502
    no_one = Fraction(5, 6) ** big
    one_one = big * Fraction(1, 6) * Fraction(5, 6) ** (big - 1)
    assert kept_sum(2, -500).probability(2) == 1 - no_one - one_one


def test_huge_cancelling_bonus_and_penalty_is_a_plain_roll() -> None:
    """Bonus and penalty dice cancel one for one before anything is rolled (L1461-1465)."""
    roll = WARP.check("roll")
    big = roll.distribution(
        roll.parse({"dice": 3, "bonus": 100000, "penalty": 99999, "difficulty": 11})
    )
    small = roll.distribution(roll.parse({"dice": 3, "bonus": 1, "difficulty": 11}))
    assert big == small


def test_thirty_dice_with_a_thousand_bonus_dice() -> None:
    roll = WARP.check("roll")
    kept_sum.cache_clear()
    params = {"dice": 30, "bonus": MAX_NET, "difficulty": 180, "open_ended": True}
    dist = roll.distribution(roll.parse(params))
    assert dist.total == 1
    # below 180 = fewer than 30 sixes among 1030 dice (an independent binomial tail); 30 sixes
    # explode past 180
    below = sum(
        Fraction(1, 6) ** j * Fraction(5, 6) ** (1030 - j) * _comb(1030, j) for j in range(30)
    )
    assert dist.probability("failure") == below
    assert dist.probability("tie") == 0


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def test_rolling_many_bonus_dice_keeps_the_best() -> None:
    pool = roll_pool(Roller(5), 3, bonus=200)
    assert len(pool.rolled) == 203
    assert sorted(pool.kept) == sorted(pool.rolled)[-3:]


@pytest.mark.parametrize(
    "args",
    [
        ("--bonus", str(MAX_NET + 1)),
        ("--penalty", str(MAX_NET + 5), "--bonus", "4"),
    ],
)
def test_beyond_the_net_limit_is_one_line_exit_2(cli, args: tuple[str, ...]) -> None:
    for command in ("odds", "roll"):
        result = cli(command, "warp", "roll", "--dice", "2", "--difficulty", "7", *args, "--json")
        assert result.code == 2
        assert len(result.err.strip().splitlines()) == 1
        assert str(MAX_NET) in result.err


def test_net_limit_counts_after_cancelling(cli) -> None:
    args = ("--dice", "2", "--difficulty", "7", "--bonus", "5000", "--penalty", "4999")
    result = cli("odds", "warp", "roll", *args, "--json")
    assert result.code == 0, result.err
