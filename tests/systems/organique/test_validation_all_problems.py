"""Validation reports every problem at once (issue 18): an AGI of 45 no longer stops at the
model's range error; the 0-40 range is a labelled house rule (the chapter gives none, reading
§3.4; its test scale stops at 40, L30-45) listed with the rules the sheet breaks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ecran.engine import get_system

SYSTEM = get_system("organique")


def _broken_sheet(tmp_path: Path) -> Path:
    sheet = json.loads(SYSTEM.new_character("Tim").model_dump_json())
    sheet["characteristics"]["AGI"] = 45
    sheet["health"]["sng"] = 7  # above its maximum (L538-640)
    sheet["endurance"] = 12  # above END 10 (L305-310)
    sheet["skills"] = [{"name": "Physique", "level": 9}]  # levels 1-6 (L1161-1186)
    sheet["armour"] = [{"name": "Veste", "coverage": 25}]  # coverage 0-20 (L672-675)
    path = tmp_path / "tim.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    return path


def test_validate_lists_every_problem_at_once_L30_45_L305_310_L538_640_L672_675_L1161_1186(
    cli: Any, tmp_path: Path
) -> None:
    result = cli("character", "validate", str(_broken_sheet(tmp_path)))
    assert result.code == 2
    text = result.out + result.err
    assert "doit être ≤ 40" not in text
    for path in (  # each field as the sheet labels it (issue 29: never its JSON key)
        "Caractéristiques, agilité : ",
        "Santé, SNG (Sang) : ",
        "Réserve d'END",
        "Compétences, 1ʳᵉ ligne, niveau : ",
        "Protections, 1ʳᵉ ligne, couverture (IA) : ",
    ):
        assert path in text, path
    assert "AGI 45" in text and "règle maison" in text


def test_a_legal_sheet_has_no_range_violation_L3719_3887() -> None:
    assert SYSTEM.validate(SYSTEM.new_character("Tim")) == []
