"""Issue #18, Fluid: each item through the path a user takes (the CLI in-process, the engine, an
operation), naming the seed lines it follows."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules.field import FieldMeta
from ecran.systems.fluid.dice import Explosions, die_atoms
from ecran.systems.fluid.sheet import FluidSheet, Trait
from ecran.testing import ScriptedDice

SYSTEM = get_system("fluid")

CHASE = ["chase", "--characteristic", "5", "--opponent-characteristic", "5"]


# -- (1) chase units, L1653-1663 ----------------------------------------------------------------


def test_chase_gap_is_metres_and_a_vehicle_margin_is_ten_metres_l1653_1663(cli: Any) -> None:
    """The issue's command: the fugitive wins by 5 with vehicles, 5 × 10 = 50 m, so a gap of
    4 m becomes 54 m, past the 30 m escape gap. One unit, the metre, said on every number."""
    quoted = cli("roll", "fluid", *CHASE, "--gap", "4", "--vehicles", "--seed", "2", "--json")
    assert quoted.code == 0, quoted.err
    details = quoted.json()["details"]
    assert (details["margin"], details["metres"], details["new_gap"]) == (5, 50, 54)
    assert quoted.json()["outcome"] == "escaped"
    # The GM's "dizaines de mètres" (L1655) are a gap of 40 m, not 4 tens.
    args = ("--seed", "2", "--json")
    tens = cli("roll", "fluid", *CHASE, "--gap", "40", "--escape-at", "300", "--vehicles", *args)
    assert tens.json()["details"]["new_gap"] == 90 and tens.json()["outcome"] == "further"
    on_foot = cli("roll", "fluid", *CHASE, "--gap", "4", *args)
    assert on_foot.json()["details"]["new_gap"] == 9  # 1 point = 1 m on foot
    text = cli("roll", "fluid", *CHASE, "--gap", "4", "--vehicles", "--seed", "2")
    assert "Nouvel écart (m)" in text.out
    helped = cli("roll", "fluid", "chase", "--help").out
    assert "mètres" in helped and "10 m" in helped and "dizaines de mètres" not in helped


def test_a_gap_on_foot_beyond_reach_is_one_line(cli: Any) -> None:
    result = cli("odds", "fluid", *CHASE, "--gap", "400")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    assert "150 m" in result.err
    far = cli("odds", "fluid", *CHASE, "--gap", "400", "--escape-at", "900", "--vehicles")
    assert far.code == 0, far.err


# -- (2) an NPC's weapon and shield Traits come with the thing, L1355-1379 -----------------------


def test_npc_with_a_shield_trait_carries_a_shield_l1375_1379(cli: Any) -> None:
    """`npc fluid --seed 2` draws "Bouclier 2": it carries a shield of 1 to 3, never 0."""
    npc = cli("npc", "fluid", "--seed", "2", "--json")
    assert npc.code == 0, npc.err
    sheet = npc.json()
    assert any(t["name"] == "Bouclier" for t in sheet["traits"])
    assert 1 <= sheet["equipment"]["shield"] <= 3


def test_no_npc_has_a_weapon_or_shield_trait_without_the_thing_l1355_1379() -> None:
    scores = {"Dague": 1, "Épée": 2, "Hache": 2}  # L1359-1361
    seen = set()
    for seed in range(1, 80):
        npc = SYSTEM.random_npc(Roller(seed))
        names = {t.name for t in npc.traits}
        if "Bouclier" in names:
            seen.add("Bouclier")
            assert 1 <= npc.equipment.shield <= 3 and npc.equipment.weapon < 3, seed
        else:
            assert npc.equipment.shield == 0, seed
        carried = [score for name, score in scores.items() if name in names]
        seen.update(name for name in scores if name in names)
        if carried:  # the best weapon a Trait names is the one in hand
            assert npc.equipment.weapon == max(carried), seed
    assert seen == {"Bouclier", *scores}


# -- (3) the book's explosion odds are approximations, L568-582 ----------------------------------

BOOK = ("10", "11", "12,8", "15,2", "18,1", "24,4")  # L572-582, 1 to 6 dice


@pytest.mark.parametrize("check", ["test", "action"])
def test_the_help_gives_the_books_explosion_odds_and_the_exact_lower_ones_l568_582(
    cli: Any, check: str
) -> None:
    """The exact odds of an upward explosion with the base die and 0-5 advantage dice are the
    engine's own; the help prints them, to one decimal, beside the book's list."""
    exact = [die_atoms(adv, Explosions()).probability(("up", 10)) * 100 for adv in range(0, 6)]
    words = [f"{float(p):.1f}".replace(".0", "").replace(".", ",") for p in exact]
    # 2 dice: the base 10 already explodes, a double 10 adds nothing (the book adds 1 %)
    assert words == ["10", "10", "10,8", "12,2", "14,2", "16,5"]
    book = [Fraction(b.replace(",", ".")) for b in BOOK]
    assert all(p < b for p, b in zip(exact[1:], book[1:], strict=True))
    fr = " ".join(cli("odds", "fluid", check, "--help").out.split())
    assert "le livre donne " + ", ".join(BOOK[:-1]) + " et 24,4 % (L568-582)" in fr
    assert "plus basses : " + ", ".join(words[:-1]) + f" et {words[-1]} %" in fr
    assert "L544-582" in " ".join(str(s) for s in SYSTEM.check(check).sources)


# -- (4) a wound Trait is whatever passes RES, past 30 too, L1427-1439, L1463-1493 --------------


def test_a_wound_past_30_is_recorded_and_hinders_in_full_l1427_1439(
    cli: Any, tmp_path: Path
) -> None:
    """50 damage on RES 7: −7 RES and a wound Trait 43 (L1427-1435), not a refusal at 30; the
    survival test has 43 − 5 = 38 disadvantages (L1481-1485), and the sheet's attack carries
    all 43 disadvantages (L1437-1439): 10 as dice, 33 as points."""
    npc = tmp_path / "npc.json"
    npc.write_text(cli("npc", "fluid", "--seed", "3", "--json").out, encoding="utf-8")
    hurt = tmp_path / "hurt.json"
    done = cli("op", "fluid", "take_damage", str(npc), "--damage", "50", "-o", str(hurt), "--json")
    assert done.code == 0, done.err
    report = done.json()
    wounds = [t for t in report["sheet"]["traits"] if t["origin"] == "wound"]
    assert [w["value"] for w in wounds] == [43]
    assert "38 désavantage" in report["summary"]["fr"]
    shown = cli("sheet", str(hurt))
    assert shown.code == 0 and "−43" in shown.out
    sheet = FluidSheet.model_validate(json.loads(hurt.read_text(encoding="utf-8")))
    attack = next(a for a in SYSTEM.actions(sheet) if a.check == "attack")
    assert attack.params["disadvantage_dice"] - attack.params["advantage_dice"] == 10
    assert attack.params["modifier"] == -33
    SYSTEM.check("attack").parse({**attack.params, "opponent_characteristic": 5})
    action = next(a for a in SYSTEM.actions(sheet) if a.check == "action")
    assert action.params["negative_traits"] == 43
    SYSTEM.check("action").parse(action.params)


def test_the_survival_test_of_a_wound_past_30_is_rolled_in_full_l1481_1499(cli: Any) -> None:
    odds = cli("odds", "fluid", "survival", "--characteristic", "5", "--penalty", "38", "--json")
    assert odds.code == 0, odds.err
    law = {o["outcome"]: Fraction(o["probability"]) for o in odds.json()["outcomes"]}
    at_30 = cli("odds", "fluid", "survival", "--characteristic", "5", "--penalty", "30", "--json")
    assert law["death"] > Fraction(at_30.json()["outcomes"][0]["probability"])


# -- (5) manoeuvres as parameters of the attack --------------------------------------------------

BASE = ["--characteristic", "6", "--opponent-characteristic", "5", "--weapon", "2"]


def attack_odds(cli: Any, *args: str) -> list[tuple[str, str]]:
    result = cli("odds", "fluid", "attack", *BASE, *args, "--json")
    assert result.code == 0, result.err
    return [(o["outcome"], o["probability"]) for o in result.json()["outcomes"]]


@pytest.mark.parametrize(
    ("manoeuvres", "dice"),
    [
        (["--range-band", "long"], ["--disadvantage-dice", "3"]),  # L1319
        (["--range-band", "À vue"], ["--disadvantage-dice", "5"]),  # L1323, as the book writes it
        (["--range-band", "point_blank"], []),  # L1313
        (["--position", "--charge", "--allies", "2"], ["--advantage-dice", "4"]),  # L1021-1085
        (["--aim", "Zone précise"], ["--disadvantage-dice", "2"]),  # L1089-1095
        (["--aim", "general", "--double-move"], ["--disadvantage-dice", "2"]),  # L987-993
        # the second sword blow: 2 disadvantages; a punch instead: 1 (L1209-1215)
        (["--action-number", "2", "--repeats-previous"], ["--disadvantage-dice", "2"]),
        (["--action-number", "3"], ["--disadvantage-dice", "2"]),  # L1205-1207
    ],
)
def test_a_manoeuvre_is_the_dice_the_rules_name(
    cli: Any, manoeuvres: list[str], dice: list[str]
) -> None:
    assert attack_odds(cli, *manoeuvres) == attack_odds(cli, *dice)


def test_ripois_second_action_punch_l1249_1267(cli: Any) -> None:
    """FOR 6 and Combat à mains nues 2, less 1 disadvantage for a second action that is not the
    same: "6 avec 1 Avantage" (L1253-1257, L1267)."""
    second = ["--characteristic", "6", "--advantage-dice", "2", "--action-number", "2"]
    plain = ["--characteristic", "6", "--advantage-dice", "1"]
    rest = ["--opponent-characteristic", "4", "--opponent-advantage-dice", "2", "--json"]
    assert (
        cli("odds", "fluid", "attack", *second, *rest).json()["outcomes"]
        == cli("odds", "fluid", "attack", *plain, *rest).json()["outcomes"]
    )


def test_gyr_sweeps_three_gloubys_l1125_1163() -> None:
    """FOR 6 + Hache 3 = 9 shared in 3 (L1129-1131); against the third glouby (AGI 4, Épée 2)
    Gyr rolls 12 and the glouby 7: 5 points on its RES 5, the minion is out (L1155-1163; the
    axe's damage left out, as the example does, reading A3)."""
    attack = SYSTEM.check("attack")
    params = attack.parse(
        {
            "characteristic": 6,
            "advantage_dice": 3,
            "split_among": 3,
            "split_share": 3,
            "weapon": 2,
            "include_weapon_damage": False,
            "opponent_characteristic": 4,
            "opponent_advantage_dice": 2,
            "opponent_res": 5,
            "opponent_res_max": 5,
        }
    )
    result = attack.resolve(params, ScriptedDice(9, 3, 1, 2))
    assert result.details["split_score"] == 3
    assert (result.details["you"]["score"], result.details["opponent"]["score"]) == (12, 7)
    assert result.details["damage"] == 5 and result.outcome == "down"


def test_damage_turned_into_a_manoeuvre_l1393_1401(cli: Any) -> None:
    """5 points of damage: 2 points of damage plus a 3-point manoeuvre (L1395-1401); all 5
    turned, the hit does no damage and the manoeuvre succeeds."""
    attack = SYSTEM.check("attack")
    values = {"characteristic": 8, "opponent_characteristic": 5, "opponent_res": 10}
    part = attack.resolve(attack.parse({**values, "converted_damage": 3}), ScriptedDice(5, 3))
    assert (part.details["damage"], part.details["manoeuvre_points"]) == (2, 3)
    assert part.outcome == "hit"
    whole = attack.resolve(attack.parse({**values, "converted_damage": 5}), ScriptedDice(5, 3))
    assert whole.outcome == "manoeuvre" and whole.details["manoeuvre_points"] == 5
    assert "damage" not in whole.details
    rolled = cli("roll", "fluid", "attack", *BASE, "--converted-damage", "60", "--json")
    assert rolled.code == 0 and rolled.json()["outcome"] != "hit"


def test_a_share_beyond_the_split_is_one_line(cli: Any) -> None:
    result = cli("odds", "fluid", "attack", *BASE, "--split-among", "2", "--split-share", "3")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1


# -- (6) minions as the NPC generator's choices, L1625-1649 ---------------------------------------


def test_minions_by_difficulty_level_l1625_1649() -> None:
    """A minion "Difficile à battre" rolls with 3 advantages, one "Facile à vaincre" with 2
    disadvantages (L1635-1639); its characteristics are the GM's value, 5 the average
    (L1631-1633); it is out at RES 0 (L1645-1649)."""
    fields = SYSTEM.npc_params.model_fields
    assert {"role", "minion_level", "minion_characteristic"} <= set(fields)
    hard = SYSTEM.random_npc(Roller(4), role="Sbire", minion_level="Difficile")
    easy = SYSTEM.random_npc(Roller(4), role="minion", minion_level="facile")
    assert (hard.minion, hard.minion_level, easy.minion_level) == (True, 3, -2)
    assert {hard.characteristics.score(c) for c in ("FOR", "AGI", "CONN")} == {5}
    assert not hard.traits and SYSTEM.validate(hard) == []
    strong = SYSTEM.random_npc(Roller(4), role="minion", minion_characteristic=7)
    assert strong.characteristics.score("CON") == 7
    attack = next(a for a in SYSTEM.actions(hard) if a.check == "attack")
    assert attack.params["advantage_dice"] == 3
    take = SYSTEM.operation("take_damage")
    out = take.run(hard, take.params.model_validate({"damage": 10}), Roller(1))
    assert "sbire hors-jeu" in out.summary.fr
    assert not any(t.origin == "wound" for t in out.sheet.traits)
    assert SYSTEM.random_npc(Roller(4)).minion is False  # a detailed NPC by default
    labels = FieldMeta.of_model(SYSTEM.npc_params)
    assert labels["role"].choice_label("minion").fr == "Sbire"


# -- (7) System.tracks: what the encounter shows beside a participant ---------------------------


def test_tracks_show_what_the_encounter_showed_and_follow_damage_l1425_1439() -> None:
    """The rows of the "Attributes" and "In play" sections the web used to pick by title, now
    said by the system; after 9 damage on RES 8 the tracker reads RES 0 and wounds 1."""
    npc = SYSTEM.random_npc(Roller(3))
    guessed = [
        row
        for section in SYSTEM.sections(npc)
        if section.title.en in {"Health", "NIFIMO", "In play", "Attributes"}
        for row in section.rows
    ]
    assert SYSTEM.tracks(npc) == guessed
    take = SYSTEM.operation("take_damage")
    res = next(r for r in SYSTEM.tracks(npc) if "(RES)" in r.label.fr).value.fr
    full = int(res.split(" / ")[1])
    hurt = take.run(npc, take.params.model_validate({"damage": full + 1}), Roller(1)).sheet
    shown = {r.label.en: r.value.en for r in SYSTEM.tracks(hurt)}
    assert shown["Resistance (RES)"] == f"0 / {full}" and shown["Wounds"] == "1"
    minion = SYSTEM.random_npc(Roller(3), role="minion", minion_level="difficile")
    assert {r.label.en: r.value.en for r in SYSTEM.tracks(minion)}["Minion"] == "+3"


# -- (8) named choices as people type them -------------------------------------------------------


def test_every_named_choice_has_words_and_is_read_as_typed(cli: Any, tmp_path: Path) -> None:
    """Every named choice of every check, operation and NPC parameter has its French and
    English words; the book's words are accepted in any case, with or without accents."""
    models = [c.params for c in SYSTEM.checks] + [o.params for o in SYSTEM.operations]
    for model in [*models, SYSTEM.npc_params]:
        for name, meta in FieldMeta.of_model(model).items():
            named = [c for c in meta.choices if isinstance(c, str)]
            assert all(c in meta.choice_labels for c in named), (model.__name__, name)
    same = cli("odds", "fluid", "action", "--characteristic", "4", "--difficulty", "difficile")
    for typed in ("Difficile", "DIFFICILE", "Difficult"):
        shown = cli("odds", "fluid", "action", "--characteristic", "4", "--difficulty", typed)
        assert shown.code == 0 and shown.out == same.out, typed
    assert (
        cli(
            "odds", "fluid", "action", "--characteristic", "4", "--difficulty", "Très Difficile"
        ).code
        == 0
    )
    assert cli("odds", "fluid", "attack", *BASE, "--stance", "Esquive").code == 0
    npc = tmp_path / "npc.json"
    npc.write_text(cli("npc", "fluid", "--seed", "2", "--json").out, encoding="utf-8")
    spent = cli("op", "fluid", "spend", str(npc), "--pool", "Résistance", "--points", "1", "--json")
    assert spent.code == 0, spent.err
    assert spent.json()["params"]["pool"] == "RES"


# -- (9) conditions from operations ---------------------------------------------------------------


def run(op: str, sheet: FluidSheet, seed: int = 1, **values: Any) -> Any:
    operation = SYSTEM.operation(op)
    return operation.run(sheet, operation.params.model_validate(values), Roller(seed))


def test_a_minion_at_res_0_is_out_of_action_l1645_1647() -> None:
    minion = SYSTEM.random_npc(Roller(4), role="minion")
    (out,) = run("take_damage", minion, damage=10).conditions
    assert out.label.fr.startswith("hors-jeu") and out.rounds is None
    assert run("take_damage", minion, damage=1).conditions == ()


def test_survival_results_put_their_conditions_l1501_1529() -> None:
    """Each survival result the rules make lasting becomes a condition on the participant:
    death, a haemorrhage retested next round with one more disadvantage (L1503-1505), coma for
    days and unconsciousness for hours (L1509-1517), adrenaline (L1527-1529)."""
    sheet = SYSTEM.random_npc(Roller(3))
    seen: dict[str, Any] = {}
    for seed in range(1, 400):
        change = run("survive", sheet, seed=seed, penalty=3)
        seen.setdefault(change.resolution.outcome, change.conditions)
    assert seen["death"][0].label.fr == "mort"
    assert (
        seen["haemorrhage"][0].rounds == 1 and "4 désavantages" in seen["haemorrhage"][0].label.fr
    )
    assert seen["coma"][0].label.fr == "coma (3 j)"
    assert seen["unconscious"][0].label.fr == "inconscient (3 h)"
    assert seen["stands"] == () and seen["will_test"] == ()


def test_take_hit_carries_the_survival_condition_l1481_1499() -> None:
    sheet = SYSTEM.random_npc(Roller(3))
    outcomes = set()
    for seed in range(1, 60):
        change = run("take_hit", sheet, seed=seed, damage=30)
        outcomes.add(change.resolution.outcome)
        if change.resolution.outcome == "death":
            assert [c.label.fr for c in change.conditions] == ["mort"]
    assert "death" in outcomes


def test_a_joust_lost_to_aur_0_puts_beaten_l1671_1677() -> None:
    sheet = SYSTEM.random_npc(Roller(3))
    (beaten,) = run("take_damage", sheet, damage=60, target="AUR").conditions
    assert beaten.label.fr == "vaincu ou convaincu"


def test_a_stun_from_converted_damage_is_a_condition_for_its_rounds_l1393_1401(
    cli: Any, tmp_path: Path
) -> None:
    """The seed's stun: 3 converted points as 1 disadvantage for 3 rounds (L1399-1401)."""
    sheet = SYSTEM.random_npc(Roller(3))
    change = run("suffer_manoeuvre", sheet, effect="Étourdir", disadvantages=1, rounds=3)
    (stun,) = change.conditions
    assert (stun.label.fr, stun.rounds) == ("étourdi : 1 désavantage", 3)
    assert change.sheet == sheet
    assert change.summary.fr == "étourdi : 1 désavantage, 3 rounds (3 points de dégâts convertis)"
    assert change.summary.en == "stunned: 1 disadvantage, 3 rounds (3 damage points converted)"
    npc = tmp_path / "npc.json"
    npc.write_text(cli("npc", "fluid", "--seed", "3", "--json").out, encoding="utf-8")
    args = ("--effect", "stun", "--disadvantages", "3", "--rounds", "1", "--json")
    done = cli("op", "fluid", "suffer_manoeuvre", str(npc), *args)
    assert done.code == 0 and "3 désavantages, 1 round (3 points" in done.json()["summary"]["fr"]


# -- secret strikes in the attack chain, L1177-1199 ------------------------------------------------


def test_a_secret_strike_lands_only_its_effect_l1177_1199() -> None:
    """Botte Excellente de l'Érudit 3: on a success only the strike's effect (blinded, 1
    disadvantage for 3 rounds, L1183-1185), no damage from the margin (L1195-1199); the
    attack chain offers it from the Trait, and the tracker applies no damage."""
    attack = SYSTEM.check("attack")
    values = {"characteristic": 8, "opponent_characteristic": 5, "weapon": 2}
    landed = attack.resolve(attack.parse({**values, "secret_strike": True}), ScriptedDice(9, 2))
    assert landed.outcome == "manoeuvre" and "damage" not in landed.details
    missed = attack.resolve(attack.parse({**values, "secret_strike": True}), ScriptedDice(2, 9))
    assert missed.outcome == "countered" and missed.details["damage_taken"] == 4
    base = SYSTEM.random_npc(Roller(3))
    botte = Trait(name="Botte Excellente de l'Érudit", value=3, origin="botte")
    duellist = base.model_copy(update={"traits": [*base.traits, botte]})
    (action,) = [a for a in SYSTEM.attacks(duellist, base) if "Érudit" in a.label.fr]
    assert action.params["secret_strike"] is True
    assert SYSTEM.damage("attack", action.params, landed, base) is None
    blind = run("suffer_manoeuvre", base, effect="blind", disadvantages=1, rounds=3)
    assert blind.conditions[0].label.fr == "aveuglé : 1 désavantage"
