"""Gaps the OCR or the seed leaves in ranged combat: the sling and the throwing axe (range rows
lost, rules/warp.md §9.2), revolvers (rates of fire, L4117-4121) and magazines (the seed sets
only a floor of 10 rounds for full auto, L4253-4257, and gives no magazine sizes)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tables import WEAPONS
from ecran.testing import ScriptedDice
from support import assert_rolls_match_odds

WARP = get_system("warp")
RANGED = WARP.check("ranged")


def odds(**values: Any) -> dict[str, Fraction]:
    return dict(RANGED.distribution(RANGED.parse(values)).items())


def factor_of(key: str) -> int:
    return next(w.factor for w in WEAPONS.ranged if w.key == key)


def armed(*weapons: str) -> WarpSheet:
    return WarpSheet.model_validate({**WARP.new_character("A").model_dump(), "weapons": weapons})


# -- sling and throwing axe: the GM gives the range dice ----------------------------------


def test_sling_and_throwing_axe_keep_their_seed_factors_l2952_l2954() -> None:
    """ "Couteau de lancer, fronde X1" (L2952), "Arbalète, hache de jet X2" (L2954)."""
    assert factor_of("sling") == factor_of("throwing_knife") == 1
    assert factor_of("throwing_axe") == factor_of("crossbow") == 2


@pytest.mark.parametrize("weapon", ["sling", "throwing_axe"])
def test_lost_range_row_needs_the_gms_range_dice(cli: Any, weapon: str) -> None:
    result = cli("odds", "warp", "ranged", "--weapon", weapon, "--json")
    assert result.code == 2
    assert "range_dice" in result.err and len(result.err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("lost", "twin", "distance", "dice"),
    [
        ("sling", "throwing_knife", 4, 2),  # balanced thrown: 4 m is 2 range dice (L2749)
        ("throwing_axe", "crossbow", 20, 3),  # crossbow: 20 m is 3 range dice (L2753)
    ],
)
def test_gm_range_dice_make_the_same_defence_as_the_table(
    lost: str, twin: str, distance: float, dice: int
) -> None:
    """Same factor and same defence dice: the GM's range dice must give the same odds as a weapon
    of that factor whose table puts the target at that many dice."""
    common = {"attack_dice": 3, "armour": "leather"}
    assert odds(weapon=lost, range_dice=dice, **common) == odds(
        weapon=twin, distance_m=distance, **common
    )


def test_gm_range_dice_override_the_table_l2821_2827() -> None:
    """Weapon-specific ranges at the GM's choice: a pistol at 80 m (5 dice by the table) that the
    GM treats as short range shoots like one at 8 m."""
    assert odds(weapon="handgun_small", distance_m=80, range_dice=2) == odds(
        weapon="handgun_small", distance_m=8
    )
    assert odds(weapon="handgun_small", distance_m=80) != odds(weapon="handgun_small", distance_m=8)


def test_gm_range_dice_beyond_the_weapons_columns_are_refused(cli: Any) -> None:
    """Taser wires stop at 5 m, the third column (L2756, L2775)."""
    result = cli("odds", "warp", "ranged", "--weapon", "taser", "--range-dice", "4", "--json")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    ok = cli("odds", "warp", "ranged", "--weapon", "taser", "--range-dice", "3", "--json")
    assert ok.code == 0, ok.err


def test_thrown_axe_resolves_with_the_gms_dice() -> None:
    """Attack 3 dice 6+5+4 = 15 against 2 range dice 3+2 = 5: (15 - 5) x 2 = 20, no armour."""
    params = RANGED.parse({"attack_dice": 3, "weapon": "throwing_axe", "range_dice": 2})
    dice = ScriptedDice([6, 5, 4, 3, 2])
    result = RANGED.resolve(params, dice)
    assert dice.exhausted  # two defence dice rolled, and no armour
    assert (result.details["attack_total"], result.details["defence_total"]) == (15, 5)
    assert result.total == 20 and result.details["damage_factor"] == 2


def test_sling_rolls_agree_with_its_odds() -> None:
    assert_rolls_match_odds(
        "warp", "ranged", {"attack_dice": 3, "weapon": "sling", "range_dice": 2}, n=3000
    )


def test_the_attack_chain_offers_the_sling_at_two_gm_range_dice() -> None:
    attacks = [
        a for a in WARP.attacks(armed("sling", "throwing_axe"), armed()) if a.check == "ranged"
    ]
    assert {a.params["weapon"] for a in attacks} == {"sling", "throwing_axe"}
    for act in attacks:
        assert act.params["range_dice"] == 2 and "distance_m" not in act.params
        dist = RANGED.distribution(RANGED.parse(act.params))
        assert sum((p for _, p in dist.items()), Fraction(0)) == 1


# -- revolvers --------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "factor"), [("small", 3), ("medium", 4), ("large", 5)])
def test_revolvers_fire_once_a_round_l4117_4121(cli: Any, size: str, factor: int) -> None:
    """A handgun's factor by calibre (L2944-2977; E19's .22 revolver is x3, L3131) and one shot
    per round: no recoiling second shot, no burst."""
    key = f"revolver_{size}"
    assert factor_of(key) == factor
    for extra in (("--second-shot",), ("--burst", "three_round")):
        result = cli("odds", "warp", "ranged", "--weapon", key, *extra, "--json")
        assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    assert cli("odds", "warp", "ranged", "--weapon", key, "--json").code == 0


# -- ammunition: the GM's count of rounds ----------------------------------------------


@pytest.mark.parametrize(
    ("burst", "needed"), [("none", 1), ("three_round", 3), ("long_single", 10), ("long_spread", 10)]
)
def test_rounds_loaded_below_what_the_fire_needs_are_refused_l4171_l4253_4257(
    cli: Any, burst: str, needed: int
) -> None:
    base = ("odds", "warp", "ranged", "--weapon", "smg_small", "--burst", burst, "--json")
    short = cli(*base, "--rounds-loaded", str(needed - 1))
    assert short.code == 2 and len(short.err.strip().splitlines()) == 1
    assert str(needed) in short.err
    assert cli(*base, "--rounds-loaded", str(needed)).code == 0


def test_rounds_are_a_gate_not_a_modifier() -> None:
    """The count only refuses an attack; with enough rounds, or untracked, the odds are the
    same."""
    plain = {"attack_dice": 3, "weapon": "assault_rifle", "burst": "long_single"}
    assert odds(**plain) == odds(**plain, rounds_loaded=30)


def test_the_gm_note_on_magazines_is_visible() -> None:
    """The seed gives no magazine sizes: the check and the long-burst actions say so."""
    assert "chargeurs" in RANGED.description.fr and "magazine" in RANGED.description.en
    schema = RANGED.params.model_json_schema()["properties"]["rounds_loaded"]
    assert schema["x-option"] == "gm_input"
    labels = [a.label.fr for a in WARP.attacks(armed("smg_small"), armed()) if a.check == "ranged"]
    assert sum("≥ 10 balles" in label for label in labels) == 2
