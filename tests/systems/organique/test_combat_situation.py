"""Named combat situations (split, simultaneous, all-out, aim, improvised weapons, reach) in the
attack check, replayed on the seed's two combat examples."""

from __future__ import annotations

import pytest

from ecran.rules.data import row_where
from ecran.systems.organique.checks.situation import reach_span
from ecran.systems.organique.tables import COMBAT
from support import assert_rolls_match_odds

STRIKE = {"action": "strike", "reaction": "dodge"}


def test_aim_is_the_free_action_bonus_L2795_2801(resolve) -> None:
    result = resolve("attack", (10,), action="shoot", characteristics=20, aim=True)
    assert result.details["aim"] == row_where(COMBAT.free_action, name="aim").modifier == 4


@pytest.mark.parametrize(
    ("improvised", "action", "penalty"),
    [
        ("edged", "slash", None),
        ("edged", "strike", -8),
        ("pointed", "vital_blade", None),
        ("pointed", "slash", -8),
        ("blunt", "strike", None),
        ("blunt", "knockout", -8),
        ("blinding", "blind", None),
    ],
)
def test_improvised_weapons_minus_8_except_their_actions_L3614_3667(
    resolve, improvised: str, action: str, penalty: int | None
) -> None:
    result = resolve("attack", (10,), action=action, characteristics=20, improvised=improvised)
    assert result.details.get("improvised") == penalty


def test_shooting_a_prone_target_L3516_3517(resolve) -> None:
    shot = resolve("attack", (10,), action="shoot", characteristics=20, target_prone=True)
    kick = resolve("attack", (10,), action="trample", characteristics=20, target_prone=True)
    assert shot.details["target_prone"] == -8 and "target_prone" not in kick.details


def test_close_eyes_against_blinding_substance_is_a_dodge_at_10_L3658_3660(resolve) -> None:
    result = resolve(
        "attack",
        (10, 2),
        action="blind",
        characteristics=25,
        improvised="blinding",
        reaction="close_eyes",
        defender_characteristics=10,
    )
    assert result.details["defender_difficulty"] == 10


@pytest.mark.parametrize(
    ("text", "span"), [("1-2", (1, 2)), ("2", (2, 2)), ("4+", (4, None)), ("0-1", (0, 1))]
)
def test_reach_spans_L2755_2777(text: str, span: tuple[int, int | None]) -> None:
    assert reach_span(text) == span


@pytest.mark.parametrize(
    "args",
    [
        ("--weapon-reach", "1-2", "--band", "0"),
        ("--weapon-reach", "1-2", "--band", "3"),
        ("--weapon-reach", "deux", "--band", "1"),
    ],
)
def test_weapon_out_of_reach_is_refused_L2758_2763(cli, args: tuple[str, ...]) -> None:
    """A sabre of reach 1-2 is useless at 0 (too close) and at 3 (too far)."""
    result = cli(
        "odds", "organique", "attack", "--action", "strike", "--characteristics", "20", *args
    )
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1


def test_disarm_needs_reach_1_and_burst_no_throw_L2768_2772_L2891_2894(cli) -> None:
    base = ("odds", "organique", "attack", "--characteristics", "20")
    assert cli(*base, "--action", "disarm", "--band", "2").code == 2
    assert cli(*base, "--action", "disarm", "--band", "1").code == 0
    assert cli(*base, "--action", "throw", "--burst").code == 2


def test_thrown_objects_table_L3641_3650() -> None:
    assert COMBAT.thrown_for(0.7).damage == 0.5
    assert COMBAT.thrown_for(4).increment_m == 0.5
    heavy = COMBAT.thrown_for(60)
    assert heavy is not None and heavy.per_kg * 60 == pytest.approx(3)
    assert COMBAT.thrown_for(0.2) is None


def test_situation_rolls_agree_with_odds() -> None:
    assert_rolls_match_odds(
        "organique",
        "attack",
        {
            "action": "strike",
            "characteristics": 25,
            "all_out": True,
            "split": True,
            "reaction": "parry",
            "defender_characteristics": 20,
            "defender_split": True,
            "coverage": 8,
        },
        n=3000,
    )


@pytest.mark.parametrize(
    ("level", "expected"), [(4, (8, 16, 12, 8)), (3, (6, 12, 8, 4)), (1, (2, 4, 0, 0))]
)
def test_knife_throwing_levels_L1256_1284_L3882(level: int, expected: tuple[int, ...]) -> None:
    """Fenn's knife throwing (4): +2/level initiative, +4 strike, +0 vital, −4 blind give +8,
    +16, +12, +8; Ying's level 3: +6, +12, +8, +4; a negative base never penalises."""
    from ecran.systems.organique.sheet import CombatSkill
    from ecran.systems.organique.skills import best_bonus, initiative_from

    skill = CombatSkill(
        name="Lancer de couteau",
        level=level,
        initiative_per_level=2,
        modifiers={"strike": 4, "vital_blade": 0, "blind": -4},
    )
    got = (
        initiative_from(skill),
        *(best_bonus([skill], a) for a in ("strike", "vital_blade", "blind")),
    )
    assert got == expected
