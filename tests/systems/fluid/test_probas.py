"""The seed's "Du côté des probas" figures (L334-622) checked against the engine. Exact where
the seed is exact; where the author rounded or simplified, the test says which model it used."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ecran.systems.fluid.dice import Explosions, die_atoms

PLAIN = Explosions(base=False, doubles=False)


def kept_mean(advantages: int) -> Fraction:
    """Mean kept die with `advantages` dice, explosions set aside as in the author's figures."""
    law = die_atoms(advantages, PLAIN)
    return sum((p * v for (_, v), p in law.items()), Fraction(0))


def p_up(advantages: int, rules: Explosions = Explosions()) -> Fraction:
    return die_atoms(advantages, rules).probability(("up", 10))


def at_least_two_tens(n: int) -> Fraction:
    return 1 - Fraction(9, 10) ** n - n * Fraction(1, 10) * Fraction(9, 10) ** (n - 1)


def test_mean_of_one_d10_is_five_and_a_half_l336() -> None:
    assert kept_mean(0) == Fraction(11, 2)


@pytest.mark.parametrize(
    ("advantages", "text"), [(1, "7.1"), (2, "8"), (3, "8.5"), (4, "8.8"), (5, "9")]
)
def test_mean_kept_die_with_advantages_l440_454(advantages: int, text: str) -> None:
    """The author rounds: exact values 7.15, 7.975, 8.467, 8.792, 9.022."""
    exact = kept_mean(advantages)
    # independent: E[max of n d10] = sum over t of P(max >= t)
    n = advantages + 1
    assert exact == sum(1 - Fraction(t - 1, 10) ** n for t in range(1, 11))
    assert abs(exact - Fraction(text)) <= Fraction(1, 20)


def test_one_advantage_die_adds_about_one_point_six_l440_474() -> None:
    assert kept_mean(1) - kept_mean(0) == Fraction(33, 20)  # 1.65, "1.6" in the text


def test_three_advantages_break_even_with_three_points_l490_494() -> None:
    assert abs(kept_mean(3) - (kept_mean(0) + 3)) < Fraction(1, 20)


def test_five_advantages_gain_only_three_and_a_half_l488_490() -> None:
    assert abs(kept_mean(5) - kept_mean(0) - Fraction(7, 2)) < Fraction(1, 20)


def test_base_die_explodes_one_time_in_ten_whatever_the_dice_l546_550() -> None:
    for net in range(-6, 7):
        law = die_atoms(net, Explosions(doubles=False))
        assert law.probability(("up", 10)) == Fraction(1, 10)
        assert law.probability(("down", -1)) == Fraction(1, 10)


@pytest.mark.parametrize(("n", "text"), [(2, "1"), (3, "2.8"), (4, "5.2"), (5, "8.1")])
def test_double_ten_odds_l554_564(n: int, text: str) -> None:
    """'not counting the base die': P(at least two 10s among n dice), rounded by the author."""
    assert abs(at_least_two_tens(n) * 100 - Fraction(text)) < Fraction(1, 20)


@pytest.mark.parametrize("advantages", range(0, 7))
def test_exact_explosion_odds_under_the_recommended_order(advantages: int) -> None:
    """A base 1 explodes downward and so blocks a double 10 (§2.6): 1/10 + 8/10·P(≥2 tens)."""
    expected = Fraction(1, 10) + Fraction(8, 10) * at_least_two_tens(advantages)
    assert p_up(advantages) == expected


@pytest.mark.parametrize(
    ("dice", "text"), [(1, "10"), (2, "11"), (3, "12.8"), (4, "15.2"), (5, "18.1")]
)
def test_final_explosion_list_is_the_additive_model_l568_580(dice: int, text: str) -> None:
    """The text adds 10 % to the double-10 odds of the n dice: an approximation, not the
    engine's exact value (previous test)."""
    additive = Fraction(10) + (at_least_two_tens(dice) * 100 if dice >= 2 else 0)
    assert abs(additive - Fraction(text)) < Fraction(1, 20)


def test_six_dice_figure_is_a_typo_l582() -> None:
    """'24.4 %' fits no model: additive 21.4 %, exact 16.5 % (reading A2)."""
    additive = 10 + at_least_two_tens(6) * 100
    assert abs(additive - Fraction("21.4")) < Fraction(1, 20)
    assert abs(p_up(5) * 100 - Fraction("16.5")) < Fraction(1, 20)


def test_option_one_doubles_only_l604_614() -> None:
    no_base = Explosions(base=False)
    assert p_up(1, no_base) == Fraction(1, 100)  # "1 % with 2 dice"
    assert p_up(2, no_base) == Fraction(28, 1000)  # "about 3 % with 3 dice"
    assert p_up(0, no_base) == 0  # no advantage: never a critical explosion
    assert die_atoms(5, no_base).probability(("down", -1)) == 0  # many advantages: no blunder


def test_option_two_always_ten_percent_l618_622() -> None:
    for net in (-5, 0, 5):
        assert p_up(net, Explosions(doubles=False)) == Fraction(1, 10)


def test_mean_when_the_base_die_shows_ten_l536_542() -> None:
    """Text: 5 + 10 + 5.5 = 20.5 (one reroll). With chained rerolls the exact mean of the
    reroll chain is 5.5 / (1 − 1/10) = 55/9, so 190/9 ≈ 21.1."""
    assert 5 + 10 + Fraction(11, 2) == Fraction(41, 2)
    chain_mean = Fraction(11, 2) / (1 - Fraction(1, 10))
    from ecran.dice import Distribution, explode

    chain = explode(Distribution.die(10), {10}, max_depth=30)
    assert abs(chain.mean() - chain_mean) < Fraction(1, 10**20)
    assert 5 + 10 + chain_mean == Fraction(190, 9)
