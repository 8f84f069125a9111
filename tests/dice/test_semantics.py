"""The semantics dice rollers fight over (PEERS.md §4.2), pinned down with exact odds and
scripted dice. Expected values come from hand calculation, not from the code."""

from __future__ import annotations

from fractions import Fraction

from ecran.dice import Distribution, explode
from ecran.dice.notation import distribution, roll
from ecran.testing import ScriptedDice


def test_explosion_is_per_die_not_on_the_sum() -> None:
    # per die: two independent exploding d6 (Roll20); exploding the sum (AnyDice's
    # `[explode 2d6]`) would re-roll 2d6 only on a 12
    per_die = distribution("1d6!") + distribution("1d6!")
    assert distribution("2d6!") == per_die
    on_sum = explode(Distribution.die(6).repeat(2), {12})
    assert distribution("2d6!") != on_sum
    # a single exploding d6 never stops on a multiple of 6
    one = distribution("1d6!")
    assert one.probability(6) == one.probability(12) == 0
    assert one.probability(7) == Fraction(1, 36)


def test_explode_then_keep_keeps_whole_compounded_dice() -> None:
    # 2d6!!kh1: the better of two compounded dice is >= 7 iff some die first showed a 6
    best = distribution("2d6!!kh1")
    # (the mass cut at the explosion depth is all above 7)
    assert best.probability_where(lambda t: t >= 7) + best.residual == 1 - Fraction(5, 6) ** 2
    # the order written does not matter: explode always comes before keep
    assert distribution("2d6kh1!!") == best


def test_reroll_comes_before_keep() -> None:
    assert distribution("2d6r1kh1").probability(1) == 0
    assert distribution("2d6kh1r1") == distribution("2d6r1kh1")
    # keep-lowest of rerolled dice: both dice uniform on 2..6
    assert distribution("2d6r1kl1").probability(2) == 1 - Fraction(4, 5) ** 2


def test_reroll_applies_to_explosion_rolls() -> None:
    # 6 explodes; the extra roll cannot stand on 1, so 6+1 = 7 is impossible
    dist = distribution("1d6r1!")
    assert dist.probability(7) == 0
    assert dist.probability(8) == Fraction(1, 5) * Fraction(1, 5)


def test_reroll_once_keeps_the_second_roll_even_if_it_matches() -> None:
    dist = distribution("1d6ro1")
    assert dist.probability(1) == Fraction(1, 36)
    assert dist.probability(2) == Fraction(1, 6) + Fraction(1, 36)
    # Roll20: r<1 rerolls 1 or less, r>4 rerolls 4 or more (issue 17: `<`/`>` include N)
    assert distribution("1d4r1r4") == distribution("1d4r<1r>4")
    assert distribution("1d4r1r4").probability(2) == Fraction(1, 2)


def test_success_counting_on_exploding_dice_each_roll_counts_with_bang() -> None:
    # 1d10!10>=8: every roll of the chain is a die; 10 = success and roll again
    dist = distribution("1d10!10>=8")
    assert dist.probability(0) == Fraction(7, 10)
    assert dist.probability(1) == Fraction(2, 10) + Fraction(1, 10) * Fraction(7, 10)
    assert dist.probability(2) == Fraction(1, 10) * (Fraction(2, 10) + Fraction(1, 10) * 7 / 10)
    # with !! the die is one value: at most one success
    compound = distribution("1d10!!10>=8")
    assert compound.probability(1) == Fraction(3, 10)
    assert compound.max() == 1


def test_comparisons_have_roll20_meanings() -> None:
    # issue 17 changed this meaning: Roll20's `>N` is "N or more" and `<N` "N or less" (it was
    # strict before); `>=` and `<=` stay as aliases
    assert distribution("1d6>4").probability(1) == Fraction(1, 2)
    assert distribution("1d6>=4").probability(1) == Fraction(1, 2)
    assert distribution("1d6<2").probability(1) == Fraction(1, 3)
    assert distribution("1d6<=2").probability(1) == Fraction(1, 3)
    assert distribution("1d6=6").probability(1) == Fraction(1, 6)
    assert distribution("1d10>8").probability(1) == Fraction(3, 10)


def test_successes_among_kept_dice_only() -> None:
    # 3d6kl1>=6: only the lowest die counts, and it is 6 only if all three are
    assert distribution("3d6kl1>=6").probability(1) == Fraction(1, 216)
    assert distribution("3d6kh1<=1").probability(1) == Fraction(1, 216)


def test_drop_is_keep_of_the_rest() -> None:
    assert distribution("4d6d1") == distribution("4d6kh3")
    assert distribution("4d6dl1") == distribution("4d6kh3")
    assert distribution("4d6dh1") == distribution("4d6kl3")
    assert distribution("2d6kh5") == distribution("2d6")
    assert distribution("3d6kh0") == Distribution.constant(0)


def test_aliases_and_arithmetic() -> None:
    assert distribution("d%") == distribution("1d100")
    assert distribution("1D6") == distribution("1d6")
    assert distribution("-(1d4+2)") == -distribution("1d4") - 2
    assert distribution("2d6-1d6").min() == -4
    assert distribution("0d6+3") == Distribution.constant(3)


def test_roll_order_and_shown_work_for_rerolls_and_explosions() -> None:
    dice = ScriptedDice(6, 1, 3)
    result = roll("1d6r1!", dice)
    assert dice.exhausted
    assert result.dice == [6, 1, 3]
    assert result.total == 9
    assert result.text == "1d6r1! (6!, ~~1~~ 3) = 9"
    compound = roll("1d6!!", ScriptedDice(6, 6, 2))
    assert compound.text == "1d6!! (6!+6!+2) = 14"


def test_keep_marks_dropped_dice_and_ties_keep_the_first_rolled() -> None:
    result = roll("4d6kh3", ScriptedDice(4, 4, 6, 3))
    assert result.text == "4d6kh3 (4, 4, 6, ~~3~~) = 14"
    tie = roll("2d6kh1", ScriptedDice(5, 5))
    assert tie.text == "2d6kh1 (5, ~~5~~) = 5"


def test_success_text_and_signed_terms() -> None:
    result = roll("3d6>=5 - 1 + (1d4)", ScriptedDice(5, 2, 6, 3))
    assert result.total == 2 - 1 + 3
    assert result.text == "3d6>=5 (**5**, 2, **6**) - 1 + (1d4 (3)) = 4"
