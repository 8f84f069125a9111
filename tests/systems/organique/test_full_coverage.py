"""L672-675: an armour of coverage (IA) 20 covers the whole body; "une attaque ne pourra jamais
toucher de zones non-protégées, peu importe la marge de réussite". Through the CLI a GM uses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ecran.engine import get_system
from ecran.systems.organique.sheet import ArmourPiece


def _armoured(tmp_path: Path, coverage: int) -> Path:
    sheet = get_system("organique").new_character("Lake")
    sheet = sheet.model_copy(
        update={"armour": [ArmourPiece(name="Combinaison", coverage=coverage, bs=2)]}
    )
    path = tmp_path / "lake.json"
    path.write_text(sheet.model_dump_json(), encoding="utf-8")
    return path


def test_full_coverage_stops_a_hit_whatever_the_margin_L672_675(cli: Any, tmp_path: Path) -> None:
    path = _armoured(tmp_path, 20)
    result = cli(
        "op", "organique", "take_hit", str(path), "--bs", "4", "--attack-margin", "21", "--json"
    )
    assert result.code == 0, result.err
    # 4 bs against the suit's 2 bs protection: 2 get through, not 4 (SNG 4 → 2).
    assert result.json()["sheet"]["health"]["sng"] == 2


def test_partial_coverage_is_still_bypassed_by_a_larger_margin_L660_671(
    cli: Any, tmp_path: Path
) -> None:
    """Lake's jacket (IA 7): an MR of 8 or more hits an unprotected part, all 4 bs."""
    path = _armoured(tmp_path, 7)
    result = cli(
        "op", "organique", "take_hit", str(path), "--bs", "4", "--attack-margin", "8", "--json"
    )
    assert result.code == 0, result.err
    assert result.json()["sheet"]["health"]["sng"] == 0


def test_attack_odds_never_hit_an_unprotected_part_under_coverage_20_L672_675(cli: Any) -> None:
    args = ["--action", "strike", "--characteristics", "40", "--weapon-bs", "4", "--json"]
    full = cli("odds", "organique", "attack", *args, "--coverage", "20")
    assert full.code == 0, full.err
    got = {o["outcome"]: o["probability"] for o in full.json()["outcomes"]}
    assert got["hit"] == "0" and got["armour"] == "19/20"
    # Coverage 19 is not whole-body: a margin of 20 or more still finds a gap.
    partial = cli("odds", "organique", "attack", *args, "--coverage", "19")
    got = {o["outcome"]: o["probability"] for o in partial.json()["outcomes"]}
    assert got["hit"] != "0"
