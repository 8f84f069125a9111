"""The quick rolling paths give the very dice, values and shown work of the general one.

A plain `!` term is rolled as bare values and its per-die detail rebuilt on demand; these tests
roll the same seeds through the general path (`_chain`, forced with a no-op clamp `mi1`) and
compare every die, every explosion mark and the total.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ecran.dice import Roller
from ecran.dice.notation import NotationError, limits, roll
from ecran.dice.notation.walk import TermRoll


def term(text: str, seed: int) -> tuple[TermRoll, list[int]]:
    result = roll(text, Roller(seed))
    part = result.tree.parts[0][1]
    assert isinstance(part, TermRoll)
    return part, result.dice


@given(st.integers(0, 2**32), st.sampled_from(["8d10!", "5d6!>5", "3d4!", "6d6ra6", "2d3!3"]))
def test_plain_explosions_roll_as_the_general_path(seed: int, text: str) -> None:
    quick, quick_dice = term(text, seed)
    general, general_dice = term(
        text.replace("!", "mi1!", 1) if "!" in text else text + "mi1", seed
    )
    assert quick_dice == general_dice
    assert quick.values == general.values
    assert quick.value == general.value
    assert [[(f.value, f.exploded) for f in d.faces] for d in quick.pool] == [
        [(f.value, f.exploded) for f in d.faces] for d in general.pool
    ]


def test_a_chain_stops_exploding_at_its_limit() -> None:
    # `ra6`: one extra roll at most, so a second six does not explode
    for seed in range(2000):
        part, _ = term("1d6ra6", seed)
        if part.values[:2] == [6, 6]:
            assert [f.exploded for d in part.pool for f in d.faces] == [True, False]
            return
    pytest.fail("no seed rolled two sixes")


def test_explosions_count_against_the_roll_budget() -> None:
    with pytest.raises(NotationError):
        # six terms of a thousand d2 exploding on 2: about 12 000 rolls, over the budget
        roll("+".join([f"{limits.MAX_DICE}d2!2"] * 6), Roller(1))


@given(st.integers(0, 2**63 - 1), st.integers(1, 1000), st.integers(0, 50))
def test_many_dice_are_the_draws_of_one_die_after_another(seed: int, sides: int, n: int) -> None:
    one_by_one = Roller(seed)
    assert Roller(seed).many(sides, n) == [one_by_one.d(sides) for _ in range(n)]


@given(st.integers(0, 2**63 - 1), st.integers(0, 30))
def test_exploding_dice_are_the_draws_of_one_die_after_another(seed: int, n: int) -> None:
    one_by_one = Roller(seed)
    want = []
    for _ in range(n):
        want.append(one_by_one.d(6))
        run = 0
        while want[-1] >= 5 and run < 3:
            want.append(one_by_one.d(6))
            run += 1
    assert Roller(seed).exploding(6, n, frozenset({5, 6}), 3, 10_000) == want
