"""Issue #18, what the readers found in Nephilim, each through the path a user takes (the CLI,
`ecran.engine`, `Operation.run`): the Ka scale of the control roll (L32-47, L570), the damage
parameter, the tracker's rows, NPC roles, choices as people type them, conditions from
operations (L77-88, L510-518)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from ecran.dice import Roller
from ecran.engine import get_system, odds_report
from ecran.rules import FieldMeta, PutCondition, SheetRow, Text
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.testing import ScriptedDice
from support import Helpers, cli_odds

SYSTEM = get_system("nephilim")


sheet = Helpers(SYSTEM).sheet


def run(s: NephilimSheet, op: str, dice: Any = None, **values: object) -> Any:
    operation = SYSTEM.operation(op)
    return operation.run(s, operation.params.model_validate(values), dice or Roller(1))


def success(table: dict[str, Fraction]) -> Fraction:
    return table.get("success", Fraction(0)) + table.get("critical_success", Fraction(0))


# -- the control roll's Ka: label and reading agree (L32-45, L570) ------------------------------


def test_magic_control_ka_is_absolute_by_default_and_normalized_on_request_L32_45_L570(
    cli: Any,
) -> None:
    """L570: the control roll uses the normalized Ka-element, counted once. `--ka 2` is an
    absolute score (the sheet's, L30): 2 is −3 on the normalized scale (L36), so Basse Magie
    (difficulty 0) needs +3 on 1D−1D: 3/36 (L473-475). Given as a normalized score, 2 needs
    −2 or better: 1 − 3/36 (L467-468)."""
    absolute = cli_odds(cli, "nephilim", "magic_control", "--ka", "2")
    assert success(absolute) == Fraction(3, 36)
    normalized = cli_odds(cli, "nephilim", "magic_control", "--ka", "2", "--ka-scale", "normalized")
    assert success(normalized) == 1 - Fraction(3, 36)
    # The French word and accents are accepted as well.
    assert (
        cli_odds(cli, "nephilim", "magic_control", "--ka", "2", "--ka-scale", "Normalisé")
        == normalized
    )


def test_magic_control_help_says_which_scale_the_ka_is_on(cli: Any) -> None:
    r = cli("odds", "nephilim", "magic_control", "--help")
    assert r.code == 0
    text = " ".join(r.out.split())
    assert "Score absolu (L30)" in text and "l'échelle « normalisé »" in text
    meta = FieldMeta.of_model(SYSTEM.check("magic_control").params)["ka"]
    assert meta.label.fr == "Ka-élément" and meta.help is not None
    assert "absolu" in meta.help.fr and "absolute" in meta.help.en.lower()


def test_a_negative_absolute_ka_is_one_line_and_a_normalized_one_is_accepted_L30_L35(
    cli: Any,
) -> None:
    bad = cli("odds", "nephilim", "magic_control", "--ka", "-2")
    assert bad.code == 2 and "\n" not in bad.err.strip() and "absolu" in bad.err
    # −4 normalized: no Ka at all (L35); against Grand Secret (+2) even a +4 falls short.
    table = cli_odds(
        cli,
        "nephilim",
        "magic_control",
        "--ka",
        "-4",
        "--ka-scale",
        "normalized",
        "--circle",
        "grand_secret",
    )
    assert success(table) == 0
    # −3 against Basse Magie (0) needs +3 or +4: 3/36 (L474-475).
    low = cli_odds(cli, "nephilim", "magic_control", "--ka", "-3", "--ka-scale", "normalized")
    assert success(low) == Fraction(3, 36)


def test_every_ka_read_by_a_roll_takes_the_same_scale_L47_L586_L594_L630() -> None:
    """The Ka test (L47), the exhaustion check (L88), the contract (L586), the athanor's control
    (L594) and the stasis ritual (L630) read a Ka the same way: 25 absolute = +1 normalized."""
    pairs = [
        ("ka_test", {"ka": 25, "difficulty": 0}, {"ka": 1, "difficulty": 0}),
        ("exhaustion_check", {"ka": 25}, {"ka": 1}),
        ("alchemy_control", {"athanor_ka": 25}, {"athanor_ka": 1}),
        ("stasis_ritual", {"ka": 25, "distance": "under_1km"}, {"ka": 1, "distance": "under_1km"}),
        ("contract", {"ka": 25, "creature_ka": 12}, {"ka": 1, "creature_ka": -1}),
    ]
    for check, absolute, normalized in pairs:
        as_absolute = odds_report("nephilim", check, absolute)
        as_normalized = odds_report("nephilim", check, {**normalized, "ka_scale": "normalized"})
        assert as_absolute.outcomes == as_normalized.outcomes, check


def test_scales_that_cannot_mix_are_refused_in_one_line(cli: Any) -> None:
    """An absolute contract (§9 A9 alternative) or stasis points as absolute Ka (§9 A12
    alternative) add to the absolute score: a normalized score cannot be given there."""
    for extra in (("--contract-scale", "absolute"), ("--stasis-bonus-unit", "absolute_ka")):
        r = cli(
            "odds",
            "nephilim",
            "contract",
            "--ka",
            "2",
            "--creature-ka",
            "1",
            "--ka-scale",
            "normalized",
            *extra,
        )
        assert r.code == 2 and "\n" not in r.err.strip(), r.err


# -- one name for the damage (issue: "damage is --boxes in Nephilim") --------------------------


def test_take_wounds_takes_damage_and_still_accepts_boxes_L72_86(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "pc.json"
    path.write_text(sheet(armour=1).model_dump_json(), encoding="utf-8")
    out = tmp_path / "after.json"
    r = cli("op", "nephilim", "take_wounds", str(path), "--damage", "4", "-o", str(out))
    assert r.code == 0, r.err
    # Armour 1 (house rule) takes one box off: 3 boxes, Légèrement blessé (L77-79, pairs
    # reading §9 A2).
    assert json.loads(out.read_text(encoding="utf-8"))["wounds"] == 3
    assert "Légèrement blessé" in r.out
    assert run(sheet(), "take_wounds", boxes=4).sheet.wounds == 4  # the old name, an alias
    assert run(sheet(), "take_fatigue", damage=2).sheet.fatigue == 2
    assert run(sheet(), "take_fatigue", boxes=2).sheet.fatigue == 2


def test_the_tracker_applies_a_blow_as_damage() -> None:
    attacker, defender = sheet(), sheet()
    action = next(a for a in SYSTEM.attacks(attacker, defender) if "sans réaction" in a.label.fr)
    result = SYSTEM.check("attack").roll(SYSTEM.check("attack").parse(action.params), Roller(3))
    found = SYSTEM.consequences("attack", action.params, result, attacker, defender)
    for consequence in found:
        assert consequence.operation == "take_wounds" and "damage" in consequence.params
        SYSTEM.operation("take_wounds").params.model_validate(consequence.params)


# -- what the tracker shows (L72-88) ------------------------------------------------------------


def test_tracks_show_the_health_rows_of_the_sheet_L72_86() -> None:
    s = sheet(wounds=6, fatigue=3)
    rows = SYSTEM.tracks(s)
    health = next(sec for sec in SYSTEM.sections(s) if sec.title.en == "Health")
    assert rows[: len(health.rows)] == health.rows
    assert rows[0] == SheetRow(
        Text(fr="Blessures", en="Wounds"),
        Text(fr="6/10 Gravement blessé", en="6/10 Badly wounded"),
        "malus 3",
    )
    assert rows[1].value.fr == "3/10 Étourdi" and rows[1].value.en == "3/10 Dazed"
    assert rows[1].note.en == "malus 1"
    assert len(rows) == 2  # nothing else carried this round


def test_tracks_show_what_this_round_carries_L510_L518_L630() -> None:
    rows = SYSTEM.tracks(sheet(stasis_bonus=3, round_actions=2, delayed_segments=1))
    shown = {r.label.en: (r.value.en, r.note.en) for r in rows}
    assert shown["Stasis bonus"] == ("+3", "")
    assert shown["Actions this round"] == ("2", "malus 4")
    assert shown["Delays"][0] == "1 segment, 0 rounds"
    delays = next(r for r in rows if r.label.en == "Delays")
    assert delays.value.fr == "1 segment, 0 round"  # French is singular below 2


# -- NPCs by role: a labelled house rule (the text has no NPCs) ---------------------------------


def test_npc_roles_are_a_labelled_house_rule() -> None:
    meta = FieldMeta.of_model(SYSTEM.npc_params)
    assert meta["role"].option == "house_rule"
    assert set(meta["role"].choices) == {"minion", "standard", "elite"}
    assert meta["role"].choice_label("minion").fr == "sbire"
    assert SYSTEM.npc_params.model_validate({"role": "Élite"}).role == "elite"


@pytest.mark.parametrize("role", ["minion", "standard", "elite"])
def test_npcs_of_every_role_are_legal_L5_30_L92_112(role: str) -> None:
    for seed in range(15):
        npc = SYSTEM.random_npc(Roller(seed), role=role)
        assert SYSTEM.validate(npc) == [], (role, seed)


def test_roles_order_the_npcs() -> None:
    """Over the same seeds an elite is stronger than a standard NPC, who is stronger than a
    minion: characteristics and Ka."""

    def strength(role: str) -> tuple[int, int]:
        chars = ka = 0
        for seed in range(30):
            npc = SYSTEM.random_npc(Roller(seed), role=role, nature="human")
            chars += sum(npc.characteristics.model_dump().values())
            ka += npc.ka["soleil"]
        return chars, ka

    minion, standard, elite = strength("minion"), strength("standard"), strength("elite")
    assert minion[0] < standard[0] < elite[0] and minion[1] < standard[1] < elite[1]


def test_the_standard_role_is_the_npc_of_before() -> None:
    assert SYSTEM.random_npc(Roller(3)) == SYSTEM.random_npc(Roller(3), role="standard")
    assert SYSTEM.random_npc(Roller(4), nature="Nephilim").nature == "nephilim"


# -- choices as the book writes them -----------------------------------------------------------


@pytest.mark.parametrize(
    ("check", "values", "field", "expected"),
    [
        ("magic_control", {"ka": 20, "circle": "Haute Magie"}, "circle", "haute_magie"),  # L549
        ("magic_control", {"ka": 20, "circle": "great secret"}, "circle", "grand_secret"),
        (
            "alchemy_control",
            {"athanor_ka": 20, "circle": "Oeuvre au Blanc"},
            "circle",
            "oeuvre_au_blanc",
        ),  # L552
        (
            "incantation",
            {"skill": 0, "invocation_level": 0, "creature_ka": 4, "circle": "Clefs"},
            "circle",
            "clefs",
        ),
        ("magic_control", {"ka": 20, "element": "Feu"}, "element", "feu"),  # L56
        ("magic_control", {"ka": 20, "element": "Water"}, "element", "eau"),
        ("conjunction", {"weekday": "Mardi"}, "weekday", "mardi"),  # L604
        ("conjunction", {"sign": "Bélier"}, "sign", "belier"),  # L612
        ("conjunction", {"sign": "Aries"}, "sign", "belier"),
        (
            "concentration",
            {"skill": 0, "spell_level": 0, "duration": "x tours"},
            "duration",
            "x_turns",
        ),  # L563
        (
            "incantation",
            {"skill": 0, "invocation_level": 0, "creature_ka": 4, "duration": "x/2 rounds"},
            "duration",
            "half_x_rounds",
        ),  # L579
        (
            "stasis_ritual",
            {"ka": 20, "distance": "contact corporel direct"},
            "distance",
            "contact",
        ),  # L632
        ("stasis_ritual", {"ka": 20, "distance": "< 100 m"}, "distance", "under_100m"),
        (
            "contract",
            {"ka": 20, "creature_ka": 5, "contract_scale": "Absolu"},
            "contract_scale",
            "absolute",
        ),
        ("ka_test", {"ka": 20, "difficulty": 0, "dice": "d6 ordinaire"}, "dice", "d6"),  # L477
    ],
)
def test_named_choices_are_accepted_as_people_type_them(
    check: str, values: dict[str, Any], field: str, expected: str
) -> None:
    report = odds_report("nephilim", check, values)
    assert report.params[field] == expected


def test_operations_take_the_book_s_words_L55_60_L9_18() -> None:
    s = sheet(nature="nephilim", ka={"feu": 20}, stasis={"feu": 5, "eau": 5})
    drawn = run(
        s,
        "stasis_ritual",
        ScriptedDice([2, 2, 2, 2]),
        element="Feu",
        points=1,
        distance="Contact corporel direct",
    )
    assert drawn.sheet.stasis["feu"] == 4
    paired = run(
        sheet(skills={"PHYSIQUE": -3}), "pair_skill", path="PHYSIQUE", characteristic="Rapidité"
    )
    assert paired.sheet.skill_characteristics == {"PHYSIQUE": "rapidite"}
    with pytest.raises(ValidationError):
        run(sheet(), "pair_skill", path="PHYSIQUE", characteristic="Agilité")  # not one of the ten


# -- conditions from operations (L77-88, L514-518) ---------------------------------------------


def test_wounds_into_incapacity_then_death_put_their_conditions_L77_79_L88() -> None:
    incapacitated = run(sheet(wounds=6), "take_wounds", damage=2)
    assert incapacitated.sheet.wounds == 8
    assert incapacitated.conditions == (PutCondition(Text(fr="Incapacité", en="Incapacitated")),)
    dead = run(incapacitated.sheet, "take_wounds", damage=5)
    assert dead.conditions == (PutCondition(Text(fr="Mort", en="Dead")),)
    # A blow that leaves the state as it was puts nothing again.
    assert run(sheet(wounds=8), "take_wounds", damage=1).conditions == ()
    assert run(sheet(), "take_wounds", damage=3).conditions == ()


def test_fatigue_into_exhaustion_and_unconsciousness_put_their_conditions_L82_84_L88() -> None:
    exhausted = run(sheet(fatigue=7), "take_fatigue", damage=1)
    assert exhausted.conditions == (PutCondition(Text(fr="Épuisé", en="Exhausted")),)
    out = run(sheet(fatigue=7), "take_fatigue", damage=3)
    assert out.conditions == (PutCondition(Text(fr="Évanoui", en="Unconscious")),)


def test_a_failed_round_test_puts_coma_or_unconsciousness_L88() -> None:
    """L88: incapacitated, Constitution + Constitution against 0 each round or the coma;
    exhausted, a Ka test against 0 or unconsciousness; either way every fatigue box."""
    coma = run(sheet(wounds=8), "incapacity_round", ScriptedDice([0, 4]))
    assert coma.sheet.fatigue == 10
    assert coma.conditions == (PutCondition(Text(fr="Coma", en="Coma")),)
    held = run(sheet(wounds=8), "incapacity_round", ScriptedDice([2, 2]))
    assert held.conditions == ()
    faint = run(sheet(fatigue=8, ka={"soleil": 18}), "exhaustion_round", ScriptedDice([0, 1]))
    assert faint.conditions == (PutCondition(Text(fr="Évanoui", en="Unconscious")),)


def test_a_delayed_action_and_several_actions_last_the_round_L510_L516_518() -> None:
    delayed = run(sheet(), "delay_action")
    assert delayed.conditions == (PutCondition(Text(fr="Action retardée", en="Action delayed"), 1),)
    put_off = run(sheet(), "delay_action", to_next_round=True)
    assert put_off.conditions[0].label.fr == "Action reportée au round suivant"
    assert put_off.conditions[0].rounds == 1
    several = run(sheet(), "declare_actions", actions=3)
    assert several.conditions == (
        PutCondition(Text(fr="3 actions, malus 8", en="3 actions, malus 8"), 1),
    )
    assert run(sheet(), "declare_actions", actions=1).conditions == ()


def test_a_hand_written_sheet_may_use_the_book_s_words_L9_18_L55_60(
    cli: Any, tmp_path: Path
) -> None:
    path = tmp_path / "hand.json"
    written = {
        "system": "nephilim",
        "name": "Alesym",
        "nature": "Nephilim",
        "ka": {"Feu": 20, "Air": 25, "Eau": 10, "Terre": 10, "Lune": 10},
        "stasis": {"Lune": 3},
        "skill_characteristics": {"PHYSIQUE": "Rapidité"},
    }
    path.write_text(json.dumps(written), encoding="utf-8")
    r = cli("character", "validate", str(path))
    assert r.code == 0, r.err
    read = NephilimSheet.model_validate(written)
    assert read.nature == "nephilim" and read.ka["air"] == 25 and read.stasis == {"lune": 3}
    assert read.skill_characteristics == {"PHYSIQUE": "rapidite"}
    shown = cli("sheet", str(path))
    assert shown.code == 0 and "Ka-Feu" in shown.out
