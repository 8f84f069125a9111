"""Worked examples of rules/warp.md §8 that need a sheet, an operation or odds the book implies:
E1, E4, E9, E12-E15, E18, E31, each named with its seed lines. The examples that are a check
rolled on the book's dice are data: examples.toml."""

from __future__ import annotations

from typing import Any

from ecran.dice import Distribution, Roller, keep_highest
from ecran.engine import get_system
from ecran.systems.warp.checks.core import related_dice
from ecran.systems.warp.dice import kept_sum
from ecran.systems.warp.sheet import Trait, WarpSheet, usable_together
from ecran.testing import ScriptedDice

WARP = get_system("warp")
D6 = Distribution.die(6)


def odds(check: str, **params: Any) -> Distribution[str]:
    c = WARP.check(check)
    return c.distribution(c.parse(params))


def test_e1_looking_cool_l1407_1425() -> None:
    """'Manipulates people' 3 rolls 3 dice; an average person 2; an asocial nerd 2 and a penalty
    die; had the trait been superior, 4."""
    sheet = WarpSheet(
        name="E1",
        central=Trait(name="Manipulateur", sign="s", score=3),
        flaw=Trait(name="Nerd asocial", sign="s"),
    )
    rolls = {a.label.fr: a.params for a in WARP.actions(sheet) if a.check == "roll"}
    assert rolls["Manipulateur"]["dice"] == 3
    assert rolls["Sans trait (2 dés)"]["dice"] == 2
    nerd = rolls["Défaut : Nerd asocial"]
    assert (nerd["dice"], nerd["penalty"]) == (2, 1)
    assert Trait(name="Manipulateur", superior=True).creation_score() == 4


def _hp_sheet() -> WarpSheet:
    """A martial artist 4 who is also strong 3, both HP traits (L840-884)."""
    return WarpSheet(
        name="E4",
        central=Trait(name="Artiste martial", sign="s", score=4, superior=True, hit_points=True),
        secondary_1=Trait(name="Fort", sign="s", score=3, hit_points=True),
        secondary_2=Trait(name="Discret", sign="s", score=3),
        flaw=Trait(name="Colérique", sign="s"),
        max_hp=28,
    )


def _roll_hp(sheet: WarpSheet, choices: str, dice: list[int]) -> WarpSheet:
    op = WARP.operation("roll_hit_points")
    scripted = ScriptedDice(dice)
    change = op.apply(sheet, op.params.model_validate({"choices": choices}), scripted)
    assert scripted.exhausted
    assert isinstance(change.sheet, WarpSheet)
    return change.sheet


def test_e4_several_hp_traits_l840_884() -> None:
    """Roll 8d6 and 6d6 and keep the higher; or fix 28 and roll 6d6; or fix 21 and roll 8d6."""
    both = _roll_hp(_hp_sheet(), "roll,roll", [1] * 8 + [6] * 6)
    assert both.max_hp == 36  # 8 vs 36
    assert both.hp_rolled and WARP.validate(both) == []
    fixed_first = _roll_hp(_hp_sheet(), "fixed,roll", [2] * 6)
    assert fixed_first.max_hp == 28  # 12 < 28: the fixed value stands
    fixed_strong = _roll_hp(_hp_sheet(), "roll,fixed", [4] * 8)
    assert fixed_strong.max_hp == 32  # 32 > 21


def test_random_hp_is_not_floored_at_14_l830_832() -> None:
    sheet = _hp_sheet().model_copy(
        update={"secondary_1": Trait(name="Fort", sign="s", score=3, hit_points=False)}
    )
    low = _roll_hp(sheet, "roll", [1] * 8)
    assert low.max_hp == 8
    assert WARP.validate(low) == []


def test_e9_model_doing_make_up_l1973_1989() -> None:
    """'Model' 3 used for a make-up disguise: 2 dice + 1 bonus die; a trait of 4 gives 3 dice;
    without the optional rule, the default 2 dice."""
    assert related_dice(3, True) == (2, 1)
    assert related_dice(4, True) == (3, 0)
    assert related_dice(3, False) == (2, 0)
    model = odds("related", related_score=3, difficulty=7, related_traits=True)
    assert model == odds("roll", dice=2, bonus=1, difficulty=7)


def test_e12_thugs_combined_dice_l2073_2101() -> None:
    """Five thugs with 2 dice each, combined: keep the best 2 of 10 (the roll itself is in
    examples.toml)."""
    combined = odds("group", participants="2,2,2,2,2", method="combined", difficulty=13)
    ten_keep_two = keep_highest(D6, 10, 2).probability_where(lambda t: t > 13)
    assert combined.probability("success") == ten_keep_two


def test_e13_either_or_l2118_2142() -> None:
    """The GM's die picks one PC; only that PC's roll counts (the roll itself is in
    examples.toml)."""
    either = odds("group", participants="4,3-1", method="either_or", difficulty=7)
    expected = (
        kept_sum(4, 0).probability_where(lambda t: t > 7)
        + kept_sum(3, -1).probability_where(lambda t: t > 7)
    ) / 2
    assert either.probability("success") == expected


def test_e14_worst_roll_l2168_2222() -> None:
    """The combined alternative would have kept the best 3 of the 5 dice (the worst roll itself
    is in examples.toml)."""
    combined = odds("group", participants="3,2", method="combined", difficulty=7)
    assert combined.probability("success") == keep_highest(D6, 5, 3).probability_where(
        lambda t: t > 7
    )


def test_e15_strong_as_an_ox_and_good_reflexes_l2652_2658() -> None:
    """Two non-combat traits: one attacks and the other defends in the same round; a general
    trait cannot do both; a combat trait can (L2618-2650)."""
    ox, reflexes = Trait(name="Fort comme un bœuf"), Trait(name="Bons réflexes")
    assert usable_together(ox, reflexes)
    assert not usable_together(reflexes, reflexes)
    knife = Trait(name="Bon combattant au couteau", combat=True)
    assert usable_together(knife, knife)


def test_e18_knife_thrower_at_five_metres_half_dice_l2811_2819() -> None:
    """5 m is past the 4 m limit: 3 range dice, or with half dice 2 dice + 1 bonus die."""
    ranged = WARP.check("ranged")
    base = {"attack_dice": 3, "weapon": "throwing_knife", "distance_m": 5}
    plain = ranged.pools(ranged.parse(base))
    half = ranged.pools(ranged.parse({**base, "half_range_die": True}))
    assert plain[3:] == (3, 0, 0)
    assert half[3:] == (2, 1, 0)


def test_e31_hp_increase_capped_at_twelve_l4876_4888() -> None:
    """HP 22; developing 'strong, 3 dice' rolls 6 dice: the roll replaces the HP if higher,
    but 35 or 36 gives only 34 (+12)."""
    sheet = WarpSheet(name="E31", max_hp=22, secondary_1=Trait(name="Fort", sign="s", score=3))
    op = WARP.operation("increase_hp")
    params = op.params.model_validate({"trait": "secondary_1", "hp_trait": False})

    def after(dice: list[int]) -> int:
        new = op.apply(sheet, params, ScriptedDice(dice)).sheet
        assert isinstance(new, WarpSheet)
        return new.max_hp

    assert after([6, 6, 6, 6, 6, 5]) == 34
    assert after([5, 5, 5, 5, 5, 5]) == 30
    assert after([3, 3, 3, 3, 3, 3]) == 22  # 18 is not more than 22
    plus = op.params.model_validate({"trait": "secondary_1"})
    new = op.apply(sheet, plus, Roller(1)).sheet
    assert isinstance(new, WarpSheet) and new.max_hp == 29  # the HP trait itself: +7 (§9.18)
