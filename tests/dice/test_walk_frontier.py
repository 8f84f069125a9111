"""The partial walk (`walk_frontier`): the most probable dice prefixes first, within a budget,
the rest left as a frontier with exact weights. The weights always add up to one; with room
enough it is the whole walk (`enumerate_outcomes`); with little room, each frontier prefix
resumed (`Resumed`) over its own dice makes up exactly what the walk did not visit."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import DiceSource, Distribution, Resumed, enumerate_outcomes, walk_frontier

D = (0, 1, 2, 2, 3, 4)


def roll_off(dice: DiceSource) -> str:
    """Both sides roll a d6 until one is higher: a tree without end."""
    while True:
        mine, theirs = dice.d(6), dice.d(6)
        if mine != theirs:
            return "won" if mine > theirs else "lost"


def nephilim(dice: DiceSource) -> int:
    return dice.face(D) - dice.face(D)


def exploding(dice: DiceSource) -> int:
    """A d6 rolled again on a six, three times at most, then a d4 added."""
    total = 0
    for _ in range(4):
        roll = dice.d(6)
        total += roll
        if roll != 6:
            break
    return total + dice.d(4)


def resumed_exactly(procedure: Callable[[Any], Any], budget: int) -> Distribution[Any]:
    """What the walk reached, plus each frontier prefix's weight times the exact law of the
    procedure resumed from it: the whole law, if the frontier is right."""
    walked = walk_frontier(procedure, budget)
    total = {r: Fraction(w, walked.denominator) for r, w in walked.results.items()}
    for prefix, weight in walked.frontier:

        def rest_of(source: DiceSource, prefix: tuple[int, ...] = prefix) -> Any:
            return procedure(Resumed(prefix, source))

        rest = enumerate_outcomes(rest_of)
        for r, q in rest.items():
            total[r] = total.get(r, Fraction(0)) + Fraction(weight, walked.denominator) * q
    return Distribution.from_fractions(total)


def test_reached_and_left_weights_add_up_to_one_even_without_end() -> None:
    for budget in (1, 2, 7, 50, 1_000):
        walked = walk_frontier(roll_off, budget)
        left = sum(w for _, w in walked.frontier)
        assert sum(walked.results.values()) + left == walked.denominator
        assert walked.frontier  # the tree has no end


def test_with_room_enough_it_is_the_whole_walk() -> None:
    for procedure in (nephilim, exploding, lambda d: max(d.d(6), d.d(6), d.d(8))):
        walked = walk_frontier(procedure, 10**6)
        assert walked.frontier == []
        assert walked.distribution() == enumerate_outcomes(procedure)


def test_equal_faces_are_one_branch() -> None:
    # 1 + 5 + 25 replays: the root, the first D's five values, then the second's
    assert walk_frontier(nephilim, 31).frontier == []
    assert walk_frontier(nephilim, 30).frontier != []


def test_the_frontier_resumed_makes_up_the_rest_exactly() -> None:
    for procedure in (nephilim, exploding):
        for budget in (1, 3, 10, 40):
            assert resumed_exactly(procedure, budget) == enumerate_outcomes(procedure)


def test_the_most_probable_prefixes_come_first() -> None:
    def lopsided(dice: DiceSource) -> int:
        return 0 if dice.d(2) == 1 else dice.d(6) + dice.d(6)

    walked = walk_frontier(lopsided, 4)  # root, the d2's two faces, then one d6 face
    assert Fraction(walked.results[0], walked.denominator) == Fraction(1, 2)
    assert all(len(prefix) <= 3 for prefix, _ in walked.frontier)


def test_the_same_call_leaves_the_same_frontier() -> None:
    assert walk_frontier(exploding, 25) == walk_frontier(exploding, 25)
    assert walk_frontier(roll_off, 200) == walk_frontier(roll_off, 200)


faces_strategy = st.lists(st.integers(0, 3), min_size=1, max_size=5)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(faces_strategy, min_size=1, max_size=4),
    st.integers(0, 3),
    st.integers(1, 30),
)
def test_any_procedure_with_repeated_faces(dice: list[list[int]], stop: int, budget: int) -> None:
    """Dice with repeated faces, rolled in turn, stopping early when one shows `stop`: the
    merged walk agrees with the plain one, whole and resumed from any budget."""

    def procedure(source: DiceSource) -> tuple[int, ...]:
        seen = []
        for faces in dice:
            seen.append(source.face(faces))
            if seen[-1] == stop:
                break
        return tuple(sorted(seen))

    exact = enumerate_outcomes(procedure)
    assert walk_frontier(procedure, 10**5).distribution() == exact
    assert resumed_exactly(procedure, budget) == exact


def test_patience_gives_up_a_walk_that_ends_nothing() -> None:
    def pools(dice: DiceSource) -> int:  # four d10 a side: no sequence ends before 10**8
        return max(dice.d(10) for _ in range(4)) - max(dice.d(10) for _ in range(4))

    walked = walk_frontier(pools, 2_000, patience=16)
    assert walked.results == {} and len(walked.frontier) == 1 + 16 * 9  # 16 replays of 10 faces
    assert sum(w for _, w in walked.frontier) == walked.denominator
    # a walk that ends some sequences keeps going to its end
    assert walk_frontier(nephilim, 2_000, patience=16) == walk_frontier(nephilim, 2_000)
    assert walk_frontier(nephilim, 2_000).frontier == []
