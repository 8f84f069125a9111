"""Oracles: the kernel's exact distributions against icepool (an independent implementation)
and against walking every dice sequence of our own roll procedure."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ecran.dice import Distribution, enumerate_outcomes, keep_highest, keep_lowest
from ecran.dice.explode import explode, explode_chain
from ecran.dice.notation import Dice, distribution, parse, roll
from ecran.dice.pool import keep_scored

SIDES = st.sampled_from([1, 2, 3, 4, 6, 8, 10, 12, 20])
OPS = st.sampled_from([">=", ">", "<=", "<", "="])


def as_dict(dist: Distribution[int]) -> dict[int, Fraction]:
    return {o: p for o, p in dist.items() if p}


def ice_dict(die: Any) -> dict[int, Fraction]:
    return {o: Fraction(die.probability(o)) for o in die.outcomes() if die.probability(o)}


@st.composite
def dice_terms(draw: st.DrawFn) -> tuple[str, Any]:
    """A dice term without explosions, as notation text and as the icepool die it means."""
    count = draw(st.integers(0, 5))
    sides = draw(SIDES)
    text = f"{count}d{sides}"
    die = icepool.d(sides)
    if draw(st.booleans()):
        op, value = draw(OPS), draw(st.integers(1, sides))
        once = draw(st.booleans())
        faces = [f for f in range(1, sides + 1) if _cmp(op, f, value)]
        assume(once or len(faces) < sides)
        text += ("ro" if once else "r") + op + str(value)
        # icepool cannot reroll once on every face; that reroll leaves the die unchanged
        if faces and len(faces) < sides:
            die = die.reroll(faces, depth=1 if once else "inf")
    keep: tuple[bool, int] | None = None
    if draw(st.booleans()):
        word = draw(st.sampled_from(["kh", "kl", "dh", "dl", "k", "d"]))
        amount = draw(st.integers(0, count + 1))
        text += f"{word}{amount}"
        highest = word in ("kh", "k", "dl", "d")
        kept = min(amount, count) if word.startswith("k") else max(0, count - amount)
        keep = (highest, kept)
    success = None
    if draw(st.booleans()):
        success = (draw(OPS), draw(st.integers(0, sides + 1)))
        text += success[0] + str(success[1])
    return text, _ice_term(die, count, keep, success)


def _cmp(op: str, a: int, b: int) -> bool:
    # Roll20's Dice Reference: `>N` is N or more, `<N` N or less (issue 17 changed the
    # meaning; `>=` and `<=` are aliases)
    return {">=": a >= b, ">": a >= b, "<=": a <= b, "<": a <= b, "=": a == b}[op]


def _ice_term(
    die: Any, count: int, keep: tuple[bool, int] | None, success: tuple[str, int] | None
) -> Any:
    if count == 0 or (keep is not None and keep[1] == 0):
        return icepool.Die([0])
    if success is not None:
        op, value = success
        if keep is None:
            return die.count(count, [f for f in die.outcomes() if _cmp(op, f, value)])
        pool = die.pool(count)
        chosen = pool.highest(keep[1]) if keep[0] else pool.lowest(keep[1])
        return chosen.expand().map(lambda t: sum(1 for f in t if _cmp(op, f, value)))
    if keep is None:
        return count @ die
    return die.highest(count, keep[1]) if keep[0] else die.lowest(count, keep[1])


@st.composite
def expressions(draw: st.DrawFn) -> tuple[str, Any]:
    terms = draw(st.lists(dice_terms(), min_size=1, max_size=3))
    text, ice = terms[0]
    for t, die in terms[1:]:
        if draw(st.booleans()):
            text, ice = f"{text}+{t}", ice + die
        else:
            text, ice = f"{text}-{t}", ice - die
    constant = draw(st.integers(-20, 20))
    if constant:
        text += f"{constant:+d}"
        ice = ice + constant
    return text, ice


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expressions())
def test_notation_matches_icepool(case: tuple[str, Any]) -> None:
    text, ice = case
    assert as_dict(distribution(text)) == ice_dict(ice), text


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(-3, 8), min_size=1, max_size=6),
    st.integers(0, 6),
    st.integers(0, 7),
    st.booleans(),
)
def test_keep_on_any_faces_matches_icepool(faces: list[int], n: int, k: int, high: bool) -> None:
    # repeated and negative faces (Nephilim's 0,1,2,2,3,4): the pool DP makes no assumption
    ours = Distribution.faces(faces)
    die = icepool.Die(faces)
    expected = die.highest(n, min(k, n)) if high else die.lowest(n, min(k, n))
    got = keep_highest(ours, n, k) if high else keep_lowest(ours, n, k)
    assert as_dict(got) == ice_dict(expected)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.sampled_from([2, 3, 4, 6, 10]), st.integers(0, 6), st.booleans())
def test_exploding_sums_match_icepool_below_the_cut(
    n: int, sides: int, depth: int, compound: bool
) -> None:
    text = f"{n}d{sides}{'!!' if compound else '!'}"
    ours = distribution(text, depth)
    ice = n @ icepool.d(sides).explode([sides], depth=depth)
    # a cut chain has depth+1 exploding rolls: every total below this bound is untouched
    bound = (depth + 1) * sides + (n - 1)
    assert {o: p for o, p in as_dict(ours).items() if o < bound} == {
        o: p for o, p in ice_dict(ice).items() if o < bound
    }
    # and what is missing is exactly the chance that some die is still exploding at the cut
    assert ours.residual == 1 - (1 - Fraction(1, sides) ** (depth + 1)) ** n


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 3), st.sampled_from([2, 3, 4, 6]), st.integers(1, 4))
def test_wide_explosions_match_icepool_below_the_cut(n: int, sides: int, low: int) -> None:
    assume(low <= sides and low > 1)
    depth = 3
    ours = distribution(f"{n}d{sides}!>={low}", depth)
    ice = n @ icepool.d(sides).explode(list(range(low, sides + 1)), depth=depth)
    bound = (depth + 1) * low + max(n - 1, 0)
    assert {o: p for o, p in as_dict(ours).items() if o < bound} == {
        o: p for o, p in ice_dict(ice).items() if o < bound
    }


def test_chain_sum_agrees_with_the_original_explode() -> None:
    for sides in (2, 6, 10):
        die = Distribution.die(sides)
        for depth in (0, 1, 5):
            assert explode_chain(die, {sides}, max_depth=depth) == explode(
                die, {sides}, max_depth=depth
            )


def test_scored_keep_against_brute_force() -> None:
    from itertools import product

    die = Distribution.faces([1, 2, 2, 5])
    for n, k in ((3, 1), (3, 2), (4, 2)):
        weights: dict[int, int] = {}
        for rolls in product([1, 2, 2, 5], repeat=n):
            top = sorted(rolls, reverse=True)[:k]
            key = sum(1 for f in top if f >= 2)
            weights[key] = weights.get(key, 0) + 1
        expected = Distribution(weights)
        assert keep_scored(die, n, k, highest=True, score=lambda f: 1 if f >= 2 else 0) == expected


SMALL = [
    "3d6",
    "4d6kh3",
    "2d6ro1kl1",
    "3d4>=3",
    "1d6-1d4+2",
    "(1d4+1d4)-1",
    "3d3ro<2dh1>=2",
    "2d20kh1",
]


def test_exact_odds_equal_a_walk_of_every_roll() -> None:
    # the roll procedure and the analytic computation are different code: they must agree
    for text in SMALL:
        expr = parse(text)
        walked = enumerate_outcomes(lambda dice, expr=expr: roll(expr, dice).total)  # type: ignore[misc]
        assert walked == distribution(expr), text


def test_dice_terms_listed() -> None:
    assert [d.text for d in parse("1d4+2d6kh1-3").dice_terms()] == ["1d4", "2d6kh1"]
    assert all(isinstance(d, Dice) for d in parse("(1d4)").dice_terms())
