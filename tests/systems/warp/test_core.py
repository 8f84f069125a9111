"""The core checks `roll`, `opposed`, `versus`: contract, worked examples, exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from ecran.engine import get_system
from support import assert_rolls_match_odds

WARP = get_system("warp")


def brute_roll(n: int, bonus: int, penalty: int, d: int, fumbles: bool) -> dict[str, Fraction]:
    """Every sequence of 6**(n+k) dice, kept by sorting: independent of the kernel."""
    net = bonus - penalty
    counts: dict[str, int] = {}
    rolls = list(itertools.product(range(1, 7), repeat=n + abs(net)))
    for dice in rolls:
        kept = sorted(dice, reverse=net >= 0)[:n]
        t = sum(kept)
        name = "success" if t > d else "tie" if t == d else "failure"
        if fumbles and all(x == 1 for x in kept):
            name = "fumble"
        counts[name] = counts.get(name, 0) + 1
    return {k: Fraction(v, len(rolls)) for k, v in counts.items()}


def odds_of(check: str, **params: object) -> dict[str, Fraction]:
    c = WARP.check(check)
    dist = c.distribution(c.parse(params))
    assert dist.total == 1
    return {name: dist.probability(name) for name in c.outcome_names() if dist.probability(name)}


@pytest.mark.parametrize(
    ("n", "bonus", "penalty", "d", "fumbles"),
    [
        (1, 0, 0, 3, False),
        (2, 0, 0, 7, True),
        (3, 1, 0, 11, True),
        (3, 0, 1, 3, True),
        (2, 3, 1, 9, False),
        (2, 0, 3, 4, True),
        (4, 2, 2, 14, True),
    ],
)
def test_roll_odds_match_brute_force(
    n: int, bonus: int, penalty: int, d: int, fumbles: bool
) -> None:
    expected = brute_roll(n, bonus, penalty, d, fumbles)
    got = odds_of("roll", dice=n, bonus=bonus, penalty=penalty, difficulty=d, fumbles=fumbles)
    assert got == expected


def test_two_dice_against_average_difficulty_hand_counted() -> None:
    """2d6 vs 7 (Moyen, L1605): 15 sums above, 6 equal, 15 below out of 36."""
    assert odds_of("roll", dice=2, difficulty=7) == {
        "failure": Fraction(15, 36),
        "tie": Fraction(6, 36),
        "success": Fraction(15, 36),
    }


def _open_brute(n: int, d: int) -> dict[str, Fraction]:
    """Open-ended 1..2 dice by recursion over the dice, stopping once the total beats d."""
    result: dict[str, Fraction] = {}

    def add(name: str, p: Fraction) -> None:
        result[name] = result.get(name, Fraction(0)) + p

    def explode(total: int, p: Fraction) -> None:
        for face in range(1, 7):
            t, q = total + face, p / 6
            if face == 6 and t <= d:
                explode(t, q)
            else:
                add("success" if t > d else "tie" if t == d else "failure", q)

    for dice in itertools.product(range(1, 7), repeat=n):
        p = Fraction(1, 6**n)
        t = sum(dice)
        if all(x == 6 for x in dice):
            explode(t, p)
        else:
            add("success" if t > d else "tie" if t == d else "failure", p)
    return result


@pytest.mark.parametrize(("n", "d"), [(1, 6), (1, 13), (2, 12), (2, 20), (1, 30)])
def test_open_ended_roll_is_exact(n: int, d: int) -> None:
    """L1853-1885: all kept dice 6 -> add a d6, again on 6, without limit."""
    expected = {k: v for k, v in _open_brute(n, d).items() if v}
    assert odds_of("roll", dice=n, difficulty=d, open_ended=True) == expected


def test_open_ended_lets_one_die_beat_any_difficulty() -> None:
    # 1 die vs 100: needs sixteen 6s then more than 4: (1/6)**16 * 2/6... every path exists
    odds = odds_of("roll", dice=1, difficulty=100, open_ended=True)
    assert odds["success"] == Fraction(1, 6**16) * Fraction(2, 6)
    assert odds["tie"] == Fraction(1, 6**17)


def test_penalty_dice_raise_fumbles_bonus_dice_lower_them_l1799_1807() -> None:
    plain = odds_of("roll", dice=2, difficulty=0, fumbles=True)["fumble"]
    worse = odds_of("roll", dice=2, penalty=1, difficulty=0, fumbles=True)["fumble"]
    better = odds_of("roll", dice=2, bonus=1, difficulty=0, fumbles=True)["fumble"]
    assert better < plain < worse
    assert better == Fraction(1, 216)
    assert worse == Fraction(16, 216)  # at least two 1s among three dice: 3*5 + 1 = 16


def brute_versus(n: int, net: int, m: int, fumbles: bool, six: bool) -> dict[str, Fraction]:
    counts: dict[str, int] = {}
    rolls = list(itertools.product(range(1, 7), repeat=n + abs(net) + m))
    for dice in rolls:
        mine = sorted(dice[: n + abs(net)], reverse=net >= 0)[:n]
        theirs = dice[n + abs(net) :]
        a, b = sum(mine), sum(theirs)
        name = "win" if a > b else "tie" if a == b else "loss"
        if fumbles and all(x == 1 for x in mine):
            name = "fumble"
        elif fumbles and all(x == 1 for x in theirs):
            name = "win"
        if name == "loss" and six and 6 in mine:
            name = "loss_with_six"
        counts[name] = counts.get(name, 0) + 1
    return {k: Fraction(v, len(rolls)) for k, v in counts.items()}


@pytest.mark.parametrize(("n", "net", "m"), [(1, 0, 1), (2, 1, 2), (2, -2, 1), (3, -1, 2)])
def test_versus_matches_brute_force(n: int, net: int, m: int) -> None:
    params = {
        "dice": n,
        "bonus": max(net, 0),
        "penalty": max(-net, 0),
        "opponent_dice": m,
        "fumbles": True,
        "unstoppable_six": True,
    }
    assert odds_of("versus", **params) == brute_versus(n, net, m, True, True)


def test_opposed_matches_brute_force() -> None:
    expected = {k: v for k, v in brute_versus(2, -1, 2, False, False).items()}
    assert odds_of("opposed", dice=2, penalty=1, opponent_dice=2) == expected
    one = odds_of("opposed", dice=1, opponent_dice=1)
    assert one == {"loss": Fraction(15, 36), "tie": Fraction(6, 36), "win": Fraction(15, 36)}


@pytest.mark.parametrize(("n", "m"), [(1, 1), (1, 2), (2, 1)])
def test_versus_open_ended_against_deep_truncation(n: int, m: int) -> None:
    """Both sides exploding: the closed form agrees with a walk 9 explosions deep, within the
    mass the walk leaves out."""
    depth = 9

    def side(k: int) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}

        def go(total: int, p: Fraction, level: int) -> None:
            for f in range(1, 7):
                if f == 6 and level < depth:
                    go(total + f, p / 6, level + 1)
                elif f != 6:
                    out[total + f] = out.get(total + f, Fraction(0)) + p / 6

        for dice in itertools.product(range(1, 7), repeat=k):
            p = Fraction(1, 6**k)
            if all(x == 6 for x in dice):
                go(sum(dice), p, 0)
            else:
                out[sum(dice)] = out.get(sum(dice), Fraction(0)) + p
        return out

    a, b = side(n), side(m)
    walk: dict[str, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            name = "win" if x > y else "tie" if x == y else "loss"
            walk[name] = walk.get(name, Fraction(0)) + px * py
    exact = odds_of("versus", dice=n, opponent_dice=m, open_ended=True)
    left_out = 1 - sum(walk.values())
    assert 0 < left_out < Fraction(1, 6**9)
    for name, p in exact.items():
        assert 0 <= p - walk.get(name, Fraction(0)) <= left_out


def test_roll_odds_json_is_the_contract(cli) -> None:
    result = cli("odds", "warp", "roll", "--dice", "2", "--difficulty", "7", "--json")
    assert result.code == 0, result.err
    assert result.json() == {
        "system": "warp",
        "check": "roll",
        "params": {
            "dice": 2,
            "bonus": 0,
            "penalty": 0,
            "difficulty": 7,
            "open_ended": False,
            "fumbles": False,
        },
        "outcomes": [
            {"outcome": "fumble", "probability": "0", "p": 0.0},
            {"outcome": "failure", "probability": "5/12", "p": 5 / 12},
            {"outcome": "tie", "probability": "1/6", "p": 1 / 6},
            {"outcome": "success", "probability": "5/12", "p": 5 / 12},
        ],
    }


def test_opposed_odds_json_is_the_contract(cli) -> None:
    result = cli("odds", "warp", "opposed", "--dice", "1", "--opponent-dice", "1", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["params"] == {
        "dice": 1,
        "bonus": 0,
        "penalty": 0,
        "opponent_dice": 1,
        "opponent_bonus": 0,
        "opponent_penalty": 0,
    }
    assert [o["outcome"] for o in data["outcomes"]] == ["loss", "tie", "win"]
    assert [o["probability"] for o in data["outcomes"]] == ["5/12", "1/6", "5/12"]


def test_roll_json_is_replayable(cli) -> None:
    args = ("roll", "warp", "roll", "--dice", "3", "--penalty", "1", "--difficulty", "9")
    first = cli(*args, "--seed", "7", "--json")
    assert first.code == 0, first.err
    data = first.json()
    assert set(data) == {"system", "check", "params", "seed", "dice", "outcome", "total", "details"}
    assert len(data["dice"]) == 4
    assert data["total"] == sum(sorted(data["dice"])[:3])
    assert cli(*args, "--seed", "7", "--json").json() == data


@pytest.mark.parametrize(
    "args",
    [
        ("--dice", "0", "--difficulty", "7"),
        ("--dice", "31", "--difficulty", "7"),
        ("--dice", "2"),
        ("--dice", "two", "--difficulty", "7"),
        ("--dice", "2", "--difficulty", "-1"),
        ("--dice", "2", "--difficulty", "7", "--bonus", "-1"),
    ],
)
def test_bad_input_is_one_line_exit_2(cli, args: tuple[str, ...]) -> None:
    result = cli("odds", "warp", "roll", *args, "--json")
    assert result.code == 2
    assert result.out == ""
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err


@pytest.mark.parametrize(
    ("check", "params"),
    [
        ("roll", {"dice": 3, "penalty": 1, "difficulty": 7, "fumbles": True}),
        ("roll", {"dice": 1, "bonus": 2, "difficulty": 6, "open_ended": True}),
        ("opposed", {"dice": 3, "bonus": 1, "opponent_dice": 4}),
        ("versus", {"dice": 2, "opponent_dice": 2, "fumbles": True, "unstoppable_six": True}),
    ],
)
def test_rolls_agree_with_odds(check: str, params: dict[str, object]) -> None:
    assert_rolls_match_odds("warp", check, params)


def test_big_open_ended_pools_are_whole_distributions() -> None:
    """(Their speed is measured in bench/bench_checks.py, not asserted here.)"""
    for law in (
        odds_of("roll", dice=10, bonus=6, difficulty=40, open_ended=True, fumbles=True),
        odds_of("versus", dice=6, bonus=2, opponent_dice=6, open_ended=True, unstoppable_six=True),
    ):
        assert sum(law.values()) == 1
