"""Issue #31, item 6: Tyra's "Combat de rue (1) (+4 en étourdir, +4 attaque simultanée, +4
handicaper)" (L3858-3859): the +4 reaches a simultaneous attack (−20 + VOL, L2927-2934) from
the sheet, and no other attack."""

from __future__ import annotations

from typing import Any

from ecran.engine import get_system
from ecran.systems.organique.sheet import OrganiqueSheet

SYSTEM = get_system("organique")
ATTACK = SYSTEM.check("attack")


def _law(**values: Any) -> Any:
    return ATTACK.distribution(ATTACK.parse(values))


def test_street_fighting_gives_the_simultaneous_attack_4_L3858_3859() -> None:
    base = SYSTEM.new_character("Tyra").model_dump()
    base["combat_skills"] = [{"name": "Combat de rue", "level": 1}]
    tyra = OrganiqueSheet.model_validate(base)
    assert not [v for v in SYSTEM.validate(tyra) if v.rule == "combat_skill.action"]
    strike = next(a for a in SYSTEM.actions(tyra) if a.params.get("action") == "strike")
    assert strike.params["simultaneous_bonus"] == 4
    foe = SYSTEM.new_character("Raul")
    chosen = next(a for a in SYSTEM.attacks(tyra, foe) if a.check == "attack")
    assert chosen.params["simultaneous_bonus"] == 4


def test_the_bonus_counts_only_in_a_simultaneous_attack_L3858_3859() -> None:
    one = {"action": "strike", "characteristics": 20, "will": 12}
    assert _law(**one, simultaneous=True, simultaneous_bonus=4) == _law(
        **one, simultaneous=True, modifier=4
    )
    assert _law(**one, simultaneous_bonus=4) == _law(**one)


def test_odds_with_a_sheet_give_its_street_fighting_L3858_3859(cli: Any, tmp_path: Any) -> None:
    """`ecran odds organique attack --simultaneous --sheet FILE`: Tyra's "+4 attaque simultanée"
    (L3858-3859) comes from her sheet, as the tracker's attacks take it; a bonus typed wins."""
    base = SYSTEM.new_character("Tyra").model_dump()
    base["combat_skills"] = [{"name": "Combat de rue", "level": 1}]
    path = tmp_path / "tyra.json"
    path.write_text(OrganiqueSheet.model_validate(base).model_dump_json(), encoding="utf-8")
    odds = ["odds", "organique", "attack", "--action", "strike", "--characteristics", "20"]
    typed = [*odds, "--simultaneous", "--will", "10", "--json"]
    plain = cli(*typed)
    sheet = cli(*typed, "--sheet", str(path))
    assert sheet.code == 0, sheet.err
    assert plain.json()["params"]["simultaneous_bonus"] == 0
    assert sheet.json()["params"]["simultaneous_bonus"] == 4
    assert sheet.json()["outcomes"] != plain.json()["outcomes"]
    zero = cli(*typed, "--sheet", str(path), "--simultaneous-bonus", "0")
    assert zero.json()["params"]["simultaneous_bonus"] == 0


def test_odds_with_a_sheet_give_its_will_to_a_simultaneous_attack_L2927_2934(
    cli: Any, tmp_path: Any
) -> None:
    """A simultaneous attack is "−20 + VOL" (L2927-2934): with `--sheet`, the sheet's VOL (as
    the tracker's attacks take it), not 0; a VOL typed wins."""
    tyra = SYSTEM.new_character("Tyra")
    path = tmp_path / "tyra.json"
    path.write_text(tyra.model_dump_json(), encoding="utf-8")
    odds = ["odds", "organique", "attack", "--action", "strike", "--characteristics", "20"]
    typed = [*odds, "--simultaneous", "--sheet", str(path), "--json"]
    given = cli(*typed)
    assert given.code == 0, given.err
    assert given.json()["params"]["will"] == tyra.characteristics.VOL > 0
    assert cli(*typed, "--will", "3").json()["params"]["will"] == 3
