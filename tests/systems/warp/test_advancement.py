"""Advancement operations: a new trait, learning a power in play; sheets stay valid."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.warp.sheet import Trait, WarpSheet
from ecran.testing import ScriptedDice
from support import assert_rolls_match_odds

WARP = get_system("warp")


def sam(pool: int = 11) -> WarpSheet:
    return WarpSheet(
        name="Sam",
        central=Trait(name="Militaire", sign="s", score=4, superior=True, combat=True),
        secondary_1=Trait(name="Coriace", sign="s", score=3, hit_points=True),
        secondary_2=Trait(name="Discret", sign="s", score=3),
        flaw=Trait(name="Violent", sign="s"),
        max_hp=21,
        experience_pool=pool,
        experience_earned=pool - 1,
    )


def apply(sheet: WarpSheet, op: str, dice: list[int] | None = None, **params: Any) -> WarpSheet:
    operation = WARP.operation(op)
    scripted = ScriptedDice(dice or [])
    change = operation.apply(sheet, operation.params.model_validate(params), scripted)
    assert isinstance(change.sheet, WarpSheet)
    return change.sheet


def test_new_trait_costs_five_dice_l4694_4730() -> None:
    """Standard -> 3 dice; technical -> 1 die and needs training; must have been used."""
    sheet = apply(sam(), "new_trait", trait_name="Bagarreur", sign="Nez cassé", used_in_play=True)
    assert sheet.acquired[-1].score == 3
    assert sheet.experience_pool == 6
    assert WARP.validate(sheet) == []
    with pytest.raises(EcranError):
        apply(
            sam(),
            "new_trait",
            trait_name="Kung-fu",
            sign="s",
            used_in_play=True,
            category="technical",
        )
    coder = apply(
        sam(),
        "new_trait",
        trait_name="Programmation",
        sign="Cernes",
        category="technical",
        used_in_play=True,
        trained=True,
    )
    assert coder.acquired[-1].score == 1
    with pytest.raises(EcranError):
        apply(sam(), "new_trait", trait_name="X", sign="s")  # never used in play
    with pytest.raises(EcranError):
        apply(sam(pool=4), "new_trait", trait_name="X", sign="s", used_in_play=True)


def test_learning_a_power_spends_the_dice_either_way_l4955_5013() -> None:
    failed = apply(
        sam(), "learn_power", [5, 4, 3], power_name="Télépathie", sign="s", experience_dice=3
    )
    assert failed.experience_pool == 8
    assert not failed.acquired
    learned = apply(
        sam(), "learn_power", [1, 6], power_name="Télépathie", sign="Migraines", experience_dice=2
    )
    power = learned.acquired[-1]
    assert (power.score, power.power, power.category) == (1, True, "technical")
    assert (learned.psychic_pool, learned.psychic_charges) == (1, 1)  # first power: 1 charge
    assert WARP.validate(learned) == []


def test_psi_null_is_rolled_once_in_secret_l4977_4999() -> None:
    null = apply(
        sam(), "learn_power", [1], power_name="P", sign="s", experience_dice=2, psi_null=True
    )
    assert null.psi_null and null.experience_pool == 9
    again = apply(
        null, "learn_power", [], power_name="P", sign="s", experience_dice=1, psi_null=True
    )
    assert not again.acquired  # never, and no die is rolled for it
    lucky = apply(
        sam(), "learn_power", [2, 6], power_name="P", sign="s", experience_dice=1, psi_null=True
    )
    assert lucky.acquired and not lucky.psi_null


def test_hp_increase_keeps_the_sheet_valid() -> None:
    raised = apply(sam(), "raise_trait", trait="secondary_1", trained=True)
    more = apply(raised, "increase_hp", [1, 1], trait="secondary_1", roll=True)
    assert more.max_hp == 23
    assert WARP.validate(more) == []


def test_new_checks_roll_like_their_odds() -> None:
    assert_rolls_match_odds(
        "warp", "group", {"participants": "3+1,2-2,4", "method": "worst", "difficulty": 6}, n=2000
    )
    assert_rolls_match_odds(
        "warp", "related", {"related_score": 4, "difficulty": 8, "related_traits": True}, n=2000
    )
    assert_rolls_match_odds(
        "warp", "power", {"dice": 2, "metres_per_point": 2, "distance_m": 9}, n=2000
    )


def test_group_modifiers_only_where_each_rolls_alone(cli) -> None:
    args = ("--participants", "3-1,2", "--method", "additive", "--difficulty", "7")
    result = cli("odds", "warp", "group", *args, "--json")
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1


def test_a_wound_that_heals_badly_penalises_agility_l3957_3969() -> None:
    from ecran.systems.warp.sheet import SeriousWound

    def melee_penalty(sheet: WarpSheet) -> int:
        action = next(a for a in WARP.actions(sheet) if a.check == "melee")
        return int(action.params["attack_penalty"])

    lame = sam().model_copy(update={"serious_wounds": [SeriousWound(kind="heals_badly")]})
    assert melee_penalty(lame) == melee_penalty(sam()) + 1
    fatal = sam().model_copy(update={"serious_wounds": [SeriousWound(kind="fatal")]})
    assert melee_penalty(fatal) == melee_penalty(sam())
