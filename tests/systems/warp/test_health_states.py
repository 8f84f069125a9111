"""Hit points as the rules read them after a hit: the state reached (penalty die, out of combat,
dead), tasers that never kill, and what the encounter tracker shows beside a participant."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system, odds_report, roll_record
from ecran.rules import PutCondition
from ecran.systems.warp.sheet import WarpSheet

WARP = get_system("warp")


def _npc(cli: Callable[..., Any], tmp_path: Path) -> Path:
    made = cli("npc", "warp", "--seed", "1", "--json")  # a mannequin: 14 HP
    assert made.code == 0, made.err
    sheet = tmp_path / "npc.json"
    sheet.write_text(made.out, encoding="utf-8")
    return sheet


def test_the_issue_taser_shot_puts_the_target_out_not_dead_l2900_2914_l2405_2408() -> None:
    """`roll warp ranged --weapon taser --distance-m 1 --attack-dice 4 --armour leather --seed 1`
    did 50 damage to 14 HP and said "dead": taser damage is temporary, out of combat at most."""
    values = {"weapon": "taser", "distance_m": 1, "attack_dice": 4, "armour": "leather"}
    record = roll_record("warp", "ranged", values, 1)
    assert record.details["damage"] == 50 and record.details["temporary"] is True
    assert record.outcome == record.details["target_state"] == "out"


def test_no_taser_shot_can_kill_in_the_odds_l2900_2914() -> None:
    values = {"weapon": "taser", "distance_m": 1, "attack_dice": 6, "target_max_hp": 7}
    odds = {o.outcome: o.probability for o in odds_report("warp", "ranged", values).outcomes}
    assert odds["dead"] == "0" and odds["out"] != "0"
    # the same shot with a real gun can kill: the cap on taser states is the taser's alone
    gun = {**values, "weapon": "handgun_large"}
    odds = {o.outcome: o.probability for o in odds_report("warp", "ranged", gun).outcomes}
    assert odds["dead"] != "0"


def test_temporary_damage_takes_out_never_kills_on_the_sheet_l2405_2408(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    """`op warp take_damage … --amount 28 --temporary` said "mort ou mourant" on a 14-HP NPC."""
    sheet = _npc(cli, tmp_path)
    out = tmp_path / "after.json"
    args = ("op", "warp", "take_damage", str(sheet), "--damage", "28", "--temporary")
    done = cli(*args, "-o", str(out), "--json")
    assert done.code == 0, done.err
    summary = done.json()["summary"]["fr"]
    assert "-14 / 14, hors de combat" in summary and "mort" not in summary
    shown = " ".join(cli("sheet", str(out)).out.split())
    assert "hors de combat" in shown and "mort ou mourant" not in shown


def test_the_damage_parameter_is_damage_and_amount_still_reads() -> None:
    """One name for one thing (issue 18): `damage`, with the old `amount` as an alias."""
    params = WARP.operation("take_damage").params
    assert params.model_validate({"amount": 9}) == params.model_validate({"damage": 9})


def _take(sheet: WarpSheet, **values: Any) -> Any:
    op = WARP.operation("take_damage")
    return op.run(sheet, op.params.model_validate(values), Roller(1))


def test_take_damage_says_the_state_reached_l3253_3376() -> None:
    sheet = WarpSheet(name="Léa", max_hp=22)
    hurt = _take(sheet, damage=5)
    assert "17 / 22, blessé (aucun dé de pénalité)" in hurt.summary.fr
    half = _take(sheet, damage=11)  # 11 <= half of 22: a penalty die (L3253-3261)
    assert "1 dé de pénalité sur toutes les actions" in half.summary.fr
    assert "1 penalty die on every action" in half.summary.en
    assert half.conditions == ()
    out = _take(sheet, damage=22)  # 0 HP: out of combat (L3273-3275)
    assert "hors de combat" in out.summary.fr
    assert out.conditions == (PutCondition(out.conditions[0].label),)
    assert out.conditions[0].label.en == "out of combat"
    dead = _take(sheet, damage=44)  # -22 = -max: dead or dying (L3363-3376)
    assert "mort ou mourant" in dead.summary.fr
    assert [c.label.fr for c in dead.conditions] == ["mort ou mourant"]


def test_out_of_combat_is_put_once_not_at_every_further_hit_l3273_3361() -> None:
    down = _take(WarpSheet(name="Léa", max_hp=14), damage=14).sheet
    assert _take(down, damage=2).conditions == ()


def test_temporary_damage_puts_out_of_combat_and_never_death_l2900_2914() -> None:
    zapped = _take(WarpSheet(name="Léa", max_hp=14), damage=40, temporary=True)
    assert [c.label.fr for c in zapped.conditions] == [
        "hors de combat (taser : à terre un certain temps, sans séquelle)"  # L2904-2912
    ]
    assert zapped.conditions[0].rounds is None  # how long is the GM's call
    # permanent damage still kills, temporary damage does not count toward -max
    hurt = _take(zapped.sheet, damage=20)
    assert "hors de combat" in hurt.summary.fr and hurt.conditions == ()
    assert "mort" in _take(zapped.sheet, damage=28).summary.fr


def test_tracks_show_what_the_encounter_display_showed_and_the_pools() -> None:
    """`tracks` holds the rows of today's guessed "Health" section, plus experience and charges."""
    sheet = WarpSheet(name="Léa", max_hp=22, damage=12, psychic_pool=3, psychic_charges=1)
    rows = WARP.tracks(sheet)
    health = next(s for s in WARP.sections(sheet) if s.title.en == "Health")
    assert rows[: len(health.rows)] == health.rows
    by_label = {r.label.en: r for r in rows}
    assert by_label["Hit points"].value.en == "10 / 22"
    assert by_label["State"].value.fr == "gravement blessé"
    assert by_label["State"].value.en == "badly wounded"
    assert by_label["Psychic charges"].value.en == "1 / 3"
    assert by_label["Experience dice"].value.en == "1 / 1"
    assert "Psychic charges" not in {r.label.en for r in WARP.tracks(WarpSheet(name="X"))}
