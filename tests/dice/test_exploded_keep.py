"""Keep/drop over dice that explode with `!` (issue 17, left refused by the first pass).

Roll20's Dice Reference: with `!` each explosion is a new die added to the roll, and keep/drop
ranks every die of the roll, explosions included (`4d6!kh3`: the three highest of the four dice
and of all their explosions). Checked against a brute-force walk of every chain written here from
that meaning, and against icepool<2's `explode_to_pool` (which ends a chain at the depth with the
last roll standing, where we leave that mass out as the residual: so icepool's odds minus ours are
never negative and add up to exactly our residual)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import product
from typing import Any

import icepool
import pytest

from ecran.dice import Roller
from ecran.dice.notation import NotationError, distribution, parse, roll

Pool = tuple[int, ...]


def chains(faces: Sequence[int], on: set[int], depth: int) -> Iterator[tuple[Pool, Fraction]]:
    """Every chain of one die, with its probability: roll, and roll again while the roll shows
    an exploding face, at most `depth` extra rolls; a chain still exploding then is left out."""
    p = Fraction(1, len(faces))

    def walk(prefix: Pool) -> Iterator[tuple[Pool, Fraction]]:
        for f in faces:
            rolls = (*prefix, f)
            if f not in on:
                yield rolls, p ** len(rolls)
            elif len(rolls) <= depth:
                yield from walk(rolls)

    return walk(())


def brute(
    count: int, faces: Sequence[int], on: set[int], depth: int, value: Callable[[Pool], int]
) -> dict[int, Fraction]:
    """The pool is every roll of every chain (Roll20: explosions are dice of the roll)."""
    one = list(chains(faces, on, depth))
    out: dict[int, Fraction] = {}
    for picked in product(one, repeat=count):
        pool: Pool = tuple(f for rolls, _ in picked for f in rolls)
        p = Fraction(1)
        for _, q in picked:
            p *= q
        v = value(pool)
        out[v] = out.get(v, Fraction(0)) + p
    return out


def exact(text: str, depth: int) -> dict[Any, Fraction]:
    return {o: p for o, p in distribution(text, depth).items() if p}


def highest(k: int) -> Callable[[Pool], int]:
    return lambda pool: sum(sorted(pool, reverse=True)[:k])


def lowest(k: int) -> Callable[[Pool], int]:
    return lambda pool: sum(sorted(pool)[:k])


@pytest.mark.parametrize(
    ("text", "count", "sides", "on", "value"),
    [
        # kh3: the three highest dice of the whole pool
        ("3d4!kh2", 3, 4, {4}, highest(2)),
        # kl2: the two lowest of the pool (explosions add dice that may be low)
        ("3d4!kl2", 3, 4, {4}, lowest(2)),
        # dl1: every die but the lowest: the kept count grows with the pool
        ("3d4!dl1", 3, 4, {4}, lambda pool: sum(pool) - min(pool)),
        # dh1: every die but the highest
        ("3d4!dh1", 3, 4, {4}, lambda pool: sum(pool) - max(pool)),
        # !>3 explodes on 3 or more (Roll20's > is "or more"), k is kh
        ("2d4!>3k1", 2, 4, {3, 4}, highest(1)),
        # an explosion on low faces (!<1: on 1s) adds dice at the low end
        ("3d4!<1kl1", 3, 4, {1}, lowest(1)),
        # a target number counts over the kept dice: successes (3 or more) among the 2 highest
        ("3d4!kh2>3", 3, 4, {4}, lambda pool: sum(1 for f in sorted(pool)[::-1][:2] if f >= 3)),
        # and failures (f1: a 1 counts -1) among every die but the highest
        (
            "3d4!dh1>4f1",
            3,
            4,
            {4},
            lambda pool: sum((f >= 4) - (f <= 1) for f in sorted(pool)[:-1]),
        ),
    ],
)
@pytest.mark.parametrize("depth", [0, 1, 3])
def test_keep_over_the_exploded_pool_is_roll20s(
    text: str, count: int, sides: int, on: set[int], value: Callable[[Pool], int], depth: int
) -> None:
    walked = {o: p for o, p in brute(count, range(1, sides + 1), on, depth, value).items() if p}
    assert exact(text, depth) == walked
    assert distribution(text, depth).residual == 1 - sum(walked.values())


def test_the_first_engineers_example_against_icepool() -> None:
    # 4d6!kh3 (a D&D stat rolled with explosions): icepool's pool of every roll, top three
    for depth in (1, 4):
        ours = distribution("4d6!kh3", depth)
        theirs = icepool.d6.explode_to_pool(4, depth=depth).highest(3).sum()
        gap = {
            o: Fraction(theirs.quantity(o), theirs.denominator()) - ours.probability(o)
            for o in theirs.outcomes()
        }
        assert all(g >= 0 for g in gap.values())
        assert sum(gap.values()) == ours.residual > 0


@pytest.mark.parametrize(
    ("text", "keep"),
    [
        # kl2: the two lowest of the pool
        ("5d6!kl2", lambda pool: pool.lowest(2)),
        # dl1: drop the lowest die of the pool, keep all the others
        ("4d6!dl1", lambda pool: pool.lowest(keep=None, drop=1)),
        # dh2: drop the two highest
        ("4d6!dh2", lambda pool: pool.highest(keep=None, drop=2)),
    ],
)
def test_other_clauses_against_icepool(text: str, keep: Callable[[Any], Any]) -> None:
    depth = 2
    ours = distribution(text, depth)
    theirs = keep(icepool.d6.explode_to_pool(int(text[0]), depth=depth)).sum()
    gap = [
        Fraction(theirs.quantity(o), theirs.denominator()) - ours.probability(o)
        for o in theirs.outcomes()
    ]
    assert min(gap) >= 0 and sum(gap) == ours.residual > 0


def test_one_roll_group_keeps_over_its_exploded_dice() -> None:
    # {2d4!+1d6}kh2: Roll20 pools the group's dice, the d4s' explosions included
    depth = 2
    d4 = list(chains(range(1, 5), {4}, depth))
    out: dict[int, Fraction] = {}
    for (a, pa), (b, pb), six in product(d4, d4, range(1, 7)):
        v = highest(2)((*a, *b, six))
        out[v] = out.get(v, Fraction(0)) + pa * pb / 6
    assert exact("{2d4!+1d6}kh2", depth) == {o: p for o, p in out.items() if p}


def test_ra_adds_one_roll_to_the_pool_without_residual() -> None:
    # d20's ra6: a 6 rolls once more and that roll is a die of the pool; it does not explode
    one = [((f,), Fraction(1, 6)) for f in range(1, 6)]
    one += [((6, g), Fraction(1, 36)) for g in range(1, 7)]
    out: dict[int, Fraction] = {}
    for (a, pa), (b, pb) in product(one, one):
        v = highest(1)((*a, *b))
        out[v] = out.get(v, Fraction(0)) + pa * pb
    assert exact("2d6ra6kh1", 5) == out
    assert distribution("2d6ra6kh1").residual == 0


@pytest.mark.parametrize("seed", range(30))
def test_a_seeded_roll_keeps_over_the_whole_pool(seed: int) -> None:
    result = roll("4d6!kh3", Roller(seed))
    term = result.tree.parts[0][1]
    values = term.values  # type: ignore[union-attr]
    assert len(values) >= 4
    assert result.total == sum(sorted(values, reverse=True)[:3])
    assert distribution("4d6!kh3").probability(result.total) > 0
    assert sum(1 for d in term.pool if not d.kept) == len(values) - 3  # type: ignore[union-attr]


def test_chained_keeps_on_an_exploded_pool_are_one_clear_line() -> None:
    with pytest.raises(NotationError) as caught:
        parse("4d6!kh3kl1")
    assert "une seule clause de garde" in caught.value.fr and "one keep/drop" in caught.value.en


def test_a_pool_too_large_is_refused_not_computed() -> None:
    with pytest.raises(NotationError) as caught:
        distribution("200d20!dl50")
    assert "\n" not in caught.value.fr and "roll the dice instead" in caught.value.en


FATE = (-1, 0, 1)


def _fate_walk(value: Callable[[int], int]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for rolls in product(FATE, repeat=4):
        v = sum(value(f) for f in rolls)
        out[v] = out.get(v, Fraction(0)) + Fraction(1, 81)
    return out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # Roll20 compares with any integer: >-1 is "-1 or more" (every Fudge die but a minus)
        ("4dF>0", lambda f: f >= 0),
        ("4dF>-1", lambda f: f >= -1),
        # <-1: -1 or less; =-1: exactly -1
        ("4dF<-1", lambda f: f <= -1),
        ("4dF=-1", lambda f: f == -1),
        # f-1 (a bare number where a condition must follow): a minus counts -1
        ("4dF>1f-1", lambda f: (f >= 1) - (f == -1)),
    ],
)
def test_conditions_with_negative_numbers(text: str, value: Callable[[int], int]) -> None:
    assert exact(text, 20) == {o: p for o, p in _fate_walk(value).items() if p}


def test_a_negative_reroll_condition_and_subtraction_stay_apart() -> None:
    # 4dFr=-1: each die rerolled until not -1, so 0 or +1 each with 1/2
    out: dict[int, Fraction] = {}
    for rolls in product((0, 1), repeat=4):
        out[sum(rolls)] = out.get(sum(rolls), Fraction(0)) + Fraction(1, 16)
    assert exact("4dFr=-1", 20) == out
    # a minus after a complete target number is still a subtraction: 1d6>3 - 1
    assert exact("1d6>3-1", 20) == {-1: Fraction(1, 3), 0: Fraction(2, 3)}
