"""The Roller: seeds replay the dice they always gave, and a reused roller's record stays bounded
while still holding the whole current roll."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ecran.dice import Roller
from ecran.dice.notation import roll
from ecran.dice.roller import RECORD_LIMIT


@given(st.integers(0, 2**63 - 1), st.lists(st.integers(1, 1000), min_size=1, max_size=40))
def test_a_seed_gives_what_randrange_gives(seed: int, sides: list[int]) -> None:
    # the dice every stored seed replays: 1 + Random(seed).randrange(sides), die after die
    reference = random.Random(seed)
    roller = Roller(seed)
    assert [roller.d(s) for s in sides] == [reference.randrange(s) + 1 for s in sides]


def test_faces_and_dice_interleave_as_before() -> None:
    reference = random.Random(9)
    roller = Roller(9)
    faces = [0, 1, 2, 2, 3, 4]
    got = [roller.d(6), roller.face(faces), roller.d(20), roller.face(faces)]
    want = [
        reference.randrange(6) + 1,
        faces[reference.randrange(6)],
        reference.randrange(20) + 1,
        faces[reference.randrange(6)],
    ]
    assert got == want


def test_a_reused_roller_records_only_the_current_roll() -> None:
    """Each notation roll is a roll of its own: the roller's record is that roll's dice, not
    every die since the roller was made (issue 16: "a roller that records only the current
    roll"); the dice still follow one another from the seed."""
    roller, again = Roller(3), Roller(3)
    first = roll("4d6kh3", roller)
    second = roll("2d8+1", roller)
    assert roller.rolled == second.dice and len(roller.rolled) == 2
    assert first.dice + second.dice == again.many(6, 4) + again.many(8, 2)
    for text in ("1d20+5", "3d6!", "{2d6, 1d8}kh1"):  # planned shapes and the general walk
        result = roll(text, roller)
        assert roller.rolled == result.dice


def test_new_roll_records_only_the_current_roll() -> None:
    roller = Roller(3)
    roll("4d6", roller)
    roller.new_roll()
    second = roll("3d8", roller)
    assert roller.rolled == second.dice and len(roller.rolled) == 3


def test_a_reused_roller_keeps_a_bounded_record_with_the_whole_last_roll() -> None:
    roller = Roller(5)
    last = None
    for _ in range(3 * RECORD_LIMIT // 100):
        last = roll("100d6", roller)
    assert last is not None
    assert len(roller.rolled) <= RECORD_LIMIT
    assert roller.rolled[-100:] == last.dice
