"""A roll of the commonest shapes (`NdX`, keep/drop, a plain `!`, a reroll `r`/`ro`, integer
constants) takes a short plan: the same dice, total, shown work, JSON and tree as the general
walk of the tree."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Roller
from ecran.dice.notation import NotationError, parse, report, roll
from ecran.dice.notation.limits import MAX_ROLLS
from ecran.dice.notation.roll import _planned_term
from ecran.dice.notation.walk import PoolDie, TermRoll, walk


@st.composite
def shapes(draw: st.DrawFn) -> str:
    count = draw(st.integers(0, 12))
    sides = draw(st.sampled_from([2, 4, 6, 10, 20, 100]))
    text = f"{count}d{sides}"
    modifier = draw(st.sampled_from(["", "keep", "explode", "reroll", "reroll and keep"]))
    if modifier.startswith("reroll"):
        kind = draw(st.sampled_from(["r", "ro"]))
        text += draw(st.sampled_from([f"{kind}1", f"{kind}<{sides // 2}", f"{kind}>{sides}"]))
    if modifier.endswith("keep"):
        clause = draw(st.sampled_from(["k", "kh", "kl", "d", "dh", "dl"]))
        text += f"{clause}{draw(st.integers(1, 12))}"
    elif modifier == "explode" and sides > 2:
        text += draw(st.sampled_from(["!", f"!>{sides - 1}", "!=1"]))
    for _ in range(draw(st.integers(0, 2))):
        text += f"{draw(st.sampled_from('+-'))}{draw(st.integers(0, 99))}"
    return text


@settings(max_examples=300, deadline=None, derandomize=True)
@given(shapes(), st.integers(0, 2**63 - 1))
def test_a_planned_roll_is_the_walked_roll(text: str, seed: int) -> None:
    assert _planned_term(parse(text)) is not None  # the shape takes the plan
    planned_roller, walked_roller = Roller(seed), Roller(seed)
    planned = roll(text, planned_roller)
    general = walk(parse(text), walked_roller)
    assert planned.total == general.total
    assert planned.dice == general.dice
    assert planned_roller.rolled == walked_roller.rolled
    assert planned.text == general.text
    assert report.report_of(text, planned, seed) == report.report_of(text, general, seed)
    (sign, term), *rest = planned.tree.parts
    (walked_sign, walked_term), *walked_rest = general.tree.parts
    assert sign == walked_sign == 1
    assert isinstance(term, TermRoll) and isinstance(walked_term, TermRoll)
    assert (term.values, term.kept, term.value) == (
        walked_term.values,
        walked_term.kept,
        walked_term.value,
    )

    def shown(pool: list[PoolDie]) -> list[tuple[int, bool, list[tuple[int, bool, bool]]]]:
        return [
            (d.value, d.kept, [(f.value, f.exploded, f.discarded) for f in d.faces]) for d in pool
        ]

    assert shown(term.pool) == shown(walked_term.pool)
    assert rest == walked_rest and planned.tree.value == general.tree.value


def test_a_planned_roll_shows_its_work() -> None:
    result = roll("4d6kh3+2", Roller(7))
    kept = sorted(result.dice, reverse=True)[:3]
    assert result.total == sum(kept) + 2
    assert result.text.startswith("4d6kh3 (") and result.text.endswith(f"= {result.total}")
    assert result.text.count("~~") == 2  # the one die dropped, struck through


@pytest.mark.parametrize("text", ["-1d20+5", "1d20+0.5", "4d6r1!", "4d6>4", "2d6+1d4", "4d6!!kh3"])
def test_other_shapes_walk_the_tree(text: str) -> None:
    assert _planned_term(parse(text)) is None
    assert roll(text, Roller(3)).text == walk(parse(text), Roller(3)).text


# 1000d20!>2 explodes on nineteen faces in twenty, 1000d100r<95 rerolls as many: about 20,000
# rolls, more dice than one roll may roll (`1000d2!>1`, here before, is refused as it is
# parsed: it explodes on every face; so it tested no budget)
@pytest.mark.parametrize("text", ["1000d20!>2", "1000d100r<95"])
def test_a_plan_past_the_roll_budget_is_refused_as_by_the_walk(text: str) -> None:
    assert _planned_term(parse(text)) is not None  # the plan's own count, not the parser
    with pytest.raises(NotationError) as planned:
        roll(text, Roller(1))
    with pytest.raises(NotationError) as general:
        walk(parse(text), Roller(1))
    assert planned.value.en == general.value.en == f"too many dice rolled (more than {MAX_ROLLS})"


def test_a_rerolled_roll_shows_the_faces_rerolled_away() -> None:
    seed = next(s for s in range(1000) if 1 in roll("3d6r1", Roller(s)).dice)
    result = roll("3d6r1", Roller(seed))
    assert len(result.dice) > 3 and result.total == sum(result.dice) - result.dice.count(1)
    assert "~~1~~" in result.text


def test_bad_text_is_refused_and_not_remembered() -> None:
    for _ in range(2):
        with pytest.raises(NotationError):
            roll("4d6+", Roller(1))
