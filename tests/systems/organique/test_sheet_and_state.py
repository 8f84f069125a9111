"""Sheet, validation, NPCs, play state (damage, END reserve, pain) and their effect on odds."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.organique.sheet import ArmourPiece, Health, OrganiqueSheet
from ecran.systems.organique.tracks import (
    Damage,
    apply_damage,
    death_timer,
    encumbrance_penalty,
    encumbrance_threshold,
    endurance_loss_per_round,
    falling_object_c,
    jump_difficulty,
    lift_difficulty,
    range_increments,
    scale_after_armour,
    swarm_fraction,
    through_armour,
    tumble,
    vehicle_kmh,
)
from support import Helpers

SYSTEM = get_system("organique")


sheet = partial(Helpers(SYSTEM).created, "Tyra")


def layer(coverage: int, bs: float, c: float) -> ArmourPiece:
    """An armour layer of the sheet (IA, bs and c protection)."""
    return ArmourPiece(name="armour", coverage=coverage, bs=bs, c=c)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_every_random_npc_is_valid(seed: int) -> None:
    npc = SYSTEM.random_npc(Roller(seed))
    assert SYSTEM.validate(npc) == []
    assert OrganiqueSheet.model_validate(json.loads(npc.model_dump_json())) == npc


def test_npc_cli_is_deterministic(cli) -> None:
    first = cli("npc", "organique", "--seed", "1", "--json")
    assert first.code == 0, first.err
    assert cli("npc", "organique", "--seed", "1", "--json").out == first.out
    assert first.json()["system"] == "organique"


def test_validate_cli_valid_and_invalid(cli, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(sheet().model_dump_json(), encoding="utf-8")
    assert cli("character", "validate", str(good)).code == 0
    data = json.loads(sheet().model_dump_json())
    data["health"]["sng"] = 9.25
    data["endurance"] = 30
    data["skills"] = [{"name": "Moto", "characteristic": "AGI", "level": 7}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = cli("character", "validate", "--json", str(bad))  # ids: in JSON, not for players
    for rule in ("health.max", "health.half_points", "endurance.reserve", "skill.level"):
        assert rule in result.out
    assert SEED_NAME in result.out


SEED_NAME = "004_409f81671409d3a6.txt"


def test_validate_cli_exits_2_on_violations(cli, tmp_path: Path) -> None:
    bad = sheet().model_dump()
    bad["endurance"] = 30
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert cli("character", "validate", str(path)).code == 2


def test_sheet_cli_shows_french_sections(cli, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(sheet().model_dump_json(), encoding="utf-8")
    result = cli("sheet", str(path))
    assert result.code == 0, result.err
    assert "Réserve d'END" in result.out


def test_json_schema_of_the_sheet() -> None:
    schema = OrganiqueSheet.model_json_schema()
    assert {"characteristics", "health", "endurance", "skills", "armour"} <= set(
        schema["properties"]
    )


def test_blunt_overflow_doubles_into_sng_L574_578() -> None:
    """CPS 2 and 5 c → CPS 0 and SNG −6."""
    after = apply_damage(Health(sng=10, cps=2, inc=4), Damage(c=5))
    assert (after.cps, after.sng) == (0, 4)


@pytest.mark.parametrize(
    ("sng", "inc", "bs", "expected"),
    [(1, 4, 2.5, (0, 2.5)), (3, 3, 4, (0, 2)), (2, 6, 3, (0, 5))],
)
def test_wound_beyond_sng_carries_to_inc_L3821_3825_L3968_3970_L3986_3988(
    sng: float, inc: float, bs: float, expected: tuple[float, float]
) -> None:
    after = apply_damage(Health(sng=sng, cps=3, inc=inc), Damage(bs=bs))
    assert (after.sng, after.inc) == expected


def test_leather_jacket_L660_671() -> None:
    """IA 7 / 2 bs: MR ≤ 7 turns 4 bs + 2 c into 2 bs + 2 c; MR ≥ 8 does the full damage."""
    jacket = [layer(7, 2, 0)]
    assert through_armour(Damage(4, 2), jacket, 7)[0] == Damage(2, 2)
    assert through_armour(Damage(4, 2), jacket, 8)[0] == Damage(4, 2)


def test_ice_pick_fully_absorbed_L711_722() -> None:
    """1 bs AP 3, MR 7 against biker leathers IA 10 / 3 bs → nothing gets through."""
    assert through_armour(Damage(1, 0), [layer(10, 3, 1)], 7, ap=3)[0] == Damage(0, 0)


def test_tech_sword_ap_8_against_two_layers_L3983_3986() -> None:
    """6 bs AP 8 against 2 + 3 bs of protection (the example's figures) → 3 bs."""
    passed, _ = through_armour(
        Damage(6, 0),
        [
            layer(10, 2, 2),
            layer(7, 3, 1),
        ],
        4,
        ap=8,
    )
    assert passed == Damage(3, 0)


def test_easy_hit_halves_2_5_to_1_L3999_4000() -> None:
    assert scale_after_armour(Damage(2.5, 0), "easy_hit") == Damage(1.0, 0)
    assert scale_after_armour(Damage(2, 1), "vital_blade") == Damage(4, 1)


def test_tim_loses_three_per_round_L338_353() -> None:
    health = Health(sng=0, cps=3, inc=4)
    assert endurance_loss_per_round(True, True, health) == 3


def test_aftermath_death_timers_L4107_4112() -> None:
    assert death_timer(Health(sng=0, cps=0, inc=2), 0) == 2
    assert death_timer(Health(sng=0, cps=0, inc=5), 6) == 11


def test_derived_values_L414_471_L424_427_L748_751_L808_814() -> None:
    assert jump_difficulty(3) == 18
    assert lift_difficulty(60) == 20
    assert encumbrance_threshold(7) == 18
    assert [encumbrance_penalty(7, kg) for kg in (17, 18, 48)] == [0, 1, 7]
    assert encumbrance_penalty(7, 48, erratum=True) == 6
    assert vehicle_kmh(60) == 45
    assert falling_object_c(10, 5) == 10
    assert tumble(60) == Damage(3, 3)
    assert range_increments(9, 1.5) == 6
    assert range_increments(5, 0.5) == 10
    assert swarm_fraction(10) == 0.5 and swarm_fraction(5) == 0.75


def test_take_hit_operation_through_sheet_armour() -> None:
    s = sheet(
        armour=[{"name": "Blouson", "coverage": 7, "bs": 2, "c": 0}],
        health={"sng_max": 4, "cps_max": 3, "inc_max": 4, "sng": 4, "cps": 3, "inc": 4},
    )
    op = SYSTEM.operation("take_hit")
    change = op.apply(s, op.params.model_validate({"bs": 4, "c": 2, "attack_margin": 5}), Roller(1))
    assert (change.sheet.health.sng, change.sheet.health.cps) == (2, 1)
    assert s.health.sng == 4  # the old sheet is untouched


def test_penalties_feed_actions_and_odds() -> None:
    """Suffering −3 (L525-529) and blindness −15 (L2881-2884) lower every conscious action."""
    hurt = sheet(suffering=3, conditions=["blind"])
    strike = next(a for a in SYSTEM.actions(hurt) if a.params.get("action") == "strike")
    assert strike.params["modifier"] == -18
    fit = next(a for a in SYSTEM.actions(sheet()) if a.params.get("action") == "strike")
    check = SYSTEM.check("attack")
    p_hurt = check.distribution(check.parse(strike.params)).probability("miss")
    p_fit = check.distribution(check.parse(fit.params)).probability("miss")
    assert p_hurt > p_fit


def test_saves_use_the_current_endurance_reserve_L352_353() -> None:
    tired = sheet(endurance=3)
    save = next(a for a in SYSTEM.actions(tired) if a.params.get("kind") == "unconsciousness")
    assert save.params["characteristic"] == 3


def test_exhausted_character_has_no_physical_or_combat_actions_L331_336() -> None:
    actions = SYSTEM.actions(sheet(endurance=0))
    assert not any(a.check == "attack" for a in actions)
    tests = {a.label.en for a in actions if a.check == "test"}
    assert "AGI test" not in tests and "INT test" in tests


def test_end_of_round_for_a_mortally_wounded_fighter() -> None:
    s = sheet(health={"sng_max": 4, "cps_max": 3, "inc_max": 4, "sng": 0, "cps": 3, "inc": 2})
    op = SYSTEM.operation("end_of_round")
    assert op.apply(s, op.params.model_validate({}), Roller(1)).sheet.endurance == 8


def test_initiative_per_int_d20_L2722_2724() -> None:
    s = sheet(
        characteristics={
            "AGI": 10,
            "PER": 10,
            "CHA": 5,
            "END": 5,
            "INT": 12,
            "VIT": 5,
            "FOR": 5,
            "VOL": 5,
        },
        initiative_bonus=6,
    )
    result = SYSTEM.initiative(s, Roller(3))
    assert result.total == 10 + 12 + 6 + result.details["die"]


def test_combat_skills_feed_actions_and_initiative_without_stacking_L1286_1291() -> None:
    """Two skills giving a strike bonus: the highest counts (street fighting 1 +4, knife
    fighting 2 +4 → +8), and initiative adds the skill's per-level bonus."""
    s = sheet(
        combat_skills=[
            {"name": "Combat de rue", "level": 1, "modifiers": {"strike": 4, "stun": 4}},
            {
                "name": "Combat au couteau",
                "level": 2,
                "initiative_per_level": 2,
                "modifiers": {"strike": 4},
            },
        ]
    )
    by_action = {a.params.get("action"): a.params for a in SYSTEM.actions(s) if a.check == "attack"}
    assert by_action["strike"]["modifier"] == 8
    assert by_action["stun"]["modifier"] == 4
    assert by_action["shoot"]["modifier"] == 0
    assert SYSTEM.initiative(s, Roller(3)).details["base"] == 10 + 10 + 4


def test_combat_skill_with_unknown_action_is_a_violation() -> None:
    s = sheet(combat_skills=[{"name": "Kung-fu", "level": 7, "modifiers": {"flying_kick": 4}}])
    rules = {v.rule for v in SYSTEM.validate(s)}
    assert rules == {"skill.level", "combat_skill.action"}


@pytest.mark.parametrize(
    ("pace", "vit", "exertion"), [(8, 12, True), (5, 10, True), (4, 10, False)]
)
def test_exertion_at_half_speed_L316_317_L360_365(pace: int, vit: int, exertion: bool) -> None:
    """Sam (VIT 12) running at 8 and Juan (VIT 10) at 5 lose 1 END per round; Juan at 4 only
    tires at the GM's slower rate."""
    from ecran.systems.organique.tracks import exerting

    assert exerting(pace, vit) is exertion


def test_tim_three_rounds_to_exhaustion_L338_353() -> None:
    """END 9, exertion + no oxygen + SNG 0: −3 per round, 3 after two rounds (his
    unconsciousness save then adds VOL to 3), 0 after three."""
    s = sheet(
        characteristics={**sheet().characteristics.model_dump(), "END": 9},
        endurance=9,
        health={"sng_max": 4, "cps_max": 3, "inc_max": 4, "sng": 0, "cps": 3, "inc": 4},
    )
    op = SYSTEM.operation("end_of_round")
    params = op.params.model_validate({"no_oxygen": True})
    for _ in range(2):
        s = op.apply(s, params, Roller(1)).sheet
    assert s.endurance == 3
    save = next(a for a in SYSTEM.actions(s) if a.params.get("kind") == "unconsciousness")
    assert save.params["characteristic"] == 3
    assert op.apply(s, params, Roller(1)).sheet.endurance == 0
