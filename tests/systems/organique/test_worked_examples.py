"""The worked examples of rules/organique.md §8 not replayed elsewhere, each naming its seed
lines; and the advancement operation (a GM input: the chapter gives no costs)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tracks import (
    Damage,
    Layer,
    lift_difficulty,
    range_increments,
    through_armour,
)

SYSTEM = get_system("organique")


def fighter(name: str, stats: dict[str, int], **update: Any) -> OrganiqueSheet:
    base = SYSTEM.new_character(name).model_dump()
    base["characteristics"].update(stats)
    base.update(update)
    return OrganiqueSheet.model_validate(base)


def test_lift_100_kg_is_34_by_the_formula_L439_441() -> None:
    """The text says "about 30"; reading A8 keeps the formula ceil(kg / 3)."""
    assert lift_difficulty(100) == 34


def test_ap_bullet_counts_as_its_ap_against_armour_L688_695() -> None:
    """5 bs AP 10 counts as 10 against the armour; never more than its 5 bs get through."""
    assert through_armour(Damage(5, 0), [Layer(20, 7, 0)], None, ap=10)[0] == Damage(3, 0)
    assert through_armour(Damage(5, 0), [Layer(20, 3, 0)], None, ap=10)[0] == Damage(5, 0)


def test_tremplin_mr_5_against_dodge_mr_7_L1455_1457(resolve: Any) -> None:
    """A vehicle manoeuvre used as a combat action: MR 5 against a dodge's MR 7 is dodged."""
    result = resolve(
        "attack",
        (10, 12),
        action="strike",
        characteristics=20,
        reaction="dodge",
        defender_characteristics=20,
    )
    assert (result.details["margin"], result.details["defender_margin"]) == (5, 7)
    assert result.outcome == "defended"


def test_suppressive_fire_door_of_2_m2_is_31_L2975_2981(resolve: Any) -> None:
    """Reading A21: +3 per m², so a 2 m² door is 25 + 6."""
    result = resolve("attack", (10,), action="barrage", characteristics=20, extra_difficulty=3 * 2)
    assert result.details["difficulty"] == 31


def test_dagger_increments_L3903_L3959() -> None:
    assert range_increments(5, 0.5) == 10
    assert range_increments(2, 0.5) == 4


@pytest.mark.parametrize(
    ("stats", "bonus", "face", "total"),
    [
        ({"PER": 12, "INT": 10}, None, 6, 28),  # Rusty, L3731
        ({"PER": 8, "INT": 13}, None, 2, 23),  # Juanita, L3733
        ({"PER": 6, "INT": 12}, 3, 10, 34),  # Ying, knife throwing 3 (+6), L3889-3891
        ({"PER": 14, "INT": 16}, None, 2, 32),  # Raul
        ({"PER": 17, "INT": 6}, None, 3, 26),  # Tyra
        ({"PER": 6, "INT": 7}, None, 10, 23),  # Hammerhead
    ],
)
def test_initiatives_of_both_fights_L3729_3735_L3889_3891(
    dice: Any, stats: dict[str, int], bonus: int | None, face: int, total: int
) -> None:
    skills = []
    if bonus:
        skills = [{"name": "Couteaux de lance", "level": bonus, "initiative_per_level": 2}]
    s = fighter("X", stats, combat_skills=skills)
    assert SYSTEM.initiative(s, dice(face)).total == total


def test_juanita_sweep_and_rusty_counter_both_land_L3805_3825(resolve: Any) -> None:
    """Sweep 14 + 8 + 10 against 30 (MR 2) and Rusty's simultaneous attack 14 + 8 + 8 against
    25 (MR 5): simultaneous actions are not opposed, both succeed. The text gives Rusty no
    −20 + VOL here (reading A13: the engine applies it; this replays the text's numbers)."""
    sweep = resolve("attack", (10,), action="sweep", characteristics=22)
    stab = resolve("attack", (8,), action="strike", characteristics=22)
    assert (sweep.details["margin"], stab.details["margin"]) == (2, 5)
    assert {sweep.outcome, stab.outcome} == {"hit"}


def test_hammerhead_split_stun_then_raul_loses_his_action_L3925_3939(resolve: Any) -> None:
    """INT 7 + AGI 10 − 10 (split) + d20 against 25 → MR 1; Raul's dodge fails; his pain save
    (VOL 15 + d20 against 20) fails: he loses his next action."""
    stun = resolve(
        "attack",
        (19, 1),
        action="stun",
        characteristics=17,
        split=True,
        reaction="dodge",
        defender_characteristics=20,
    )
    assert (stun.details["margin"], stun.outcome) == (1, "hit")
    save = resolve("stun_save", (4,), characteristic=15, attacker_margin=1)
    assert save.outcome == "loses_action"


def test_ying_could_only_succeed_on_a_20_L4028_4035(odds: Any) -> None:
    """Vomiting (−20) and −14: the tackle is out of reach but a natural 20 (reading A16)."""
    got = odds("attack", action="tackle", characteristics=19, modifier=-34)
    assert got["miss"] == Fraction(19, 20)
    off = odds("attack", action="tackle", characteristics=19, modifier=-34, luck_in_combat=False)
    assert off["miss"] == 1


def test_hammerhead_knocks_raul_out_L4084_4099(resolve: Any) -> None:
    """All-out knock-out FOR 17 + AGI 10 + 5 + d20 against 30 → MR 9; Raul's split parry
    3 + 6 + 10 (shield) − 10 + d20 against 25 "→ MR 5" cannot happen: 9 + 20 is MR 4 at most (an
    error of the example, not listed in reading A12); with his best roll the blow still lands.
    His save VOL 15 + END 1 + d20 against 20 gives MR 1, 8 short of 9: unconscious."""
    blow = resolve(
        "attack",
        (7, 20),
        action="knockout",
        characteristics=27,
        all_out=True,
        reaction="parry",
        defender_characteristics=9,
        defender_modifier=10,
        defender_split=True,
    )
    assert (blow.details["margin"], blow.details["defender_margin"]) == (9, 4)
    assert blow.outcome == "hit"
    save = resolve(
        "save",
        (5,),
        kind="unconsciousness",
        characteristic=1,
        second=15,
        opponent_margin=9,
        two_characteristics="sum",
    )
    assert (save.details["margin"], save.outcome) == (1, "failure")


def test_end_of_round_one_L3941_3944(dice: Any) -> None:
    """Everyone fought: −1 END (Raul 4 → 3, Tyra 7 → 6, Hammerhead 13 → 12, Ying 8 → 7)."""
    op = SYSTEM.operation("end_of_round")
    for end in (4, 7, 13, 8):
        s = fighter("X", {"END": end}, endurance=end)
        assert op.apply(s, op.params.model_validate({}), dice()).sheet.endurance == end - 1


def test_advance_is_a_gm_input_within_levels_1_to_6(dice: Any) -> None:
    op = SYSTEM.operation("advance")
    s = fighter("X", {}, skills=[{"name": "Moto", "characteristic": "AGI", "level": 5}])
    up = op.apply(s, op.params.model_validate({"skill": "moto", "cost": "20 PX"}), dice()).sheet
    assert [(k.name, k.level) for k in up.skills] == [("Moto", 6)]
    assert "20 PX" in up.notes
    with pytest.raises(EcranError):
        op.apply(up, op.params.model_validate({"skill": "Moto"}), dice())
    new = op.apply(
        s, op.params.model_validate({"skill": "Natation", "characteristic": "AGI"}), dice()
    )
    assert ("Natation", 1) in [(k.name, k.level) for k in new.sheet.skills]
    assert SYSTEM.validate(new.sheet) == []
