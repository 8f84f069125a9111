"""Issue #18, "validation reports every problem at once": `ecran character validate FILE` lists
every value the sheet model refuses and every rule the sheet breaks together (exit 2), and
`ecran sheet FILE` shows the sheet with all its problems instead of refusing it.

The issue's case: an Organique AGI of 45 used to stop at the first range error ("doit être ≤ 40")
and hide the rule violations. The scale's top (40) is now a rule the sheet breaks, reported with
the others; the model refuses only what no sheet can hold (AGI past 100, text for a number). Here
the same file also carries an END reserve of 30 over an END score of 18, which the rules forbid
(Organique L305-310: "Le personnage commence avec une réserve de point égale à son score actuel
d'endurance", and actions only lower it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _organique(cli: Any, tmp_path: Path, **changes: Any) -> Path:
    made = cli("npc", "organique", "--seed", "3", "--json")
    assert made.code == 0, made.err
    data = json.loads(made.out)
    data["characteristics"] = {**data["characteristics"], "AGI": 45, "END": 18, "PER": 120}
    data.update(changes)
    path = tmp_path / "organique.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_validate_lists_the_range_error_and_the_rule_together(cli: Any, tmp_path: Path) -> None:
    path = _organique(cli, tmp_path, endurance=30)
    result = cli("character", "validate", str(path))
    assert result.code == 2
    lines = result.err.strip().splitlines()
    assert any(
        line.startswith("Caractéristiques, agilité : AGI 45 : au-delà de 40") for line in lines
    )
    assert any("réserve d'END (30) dépasse le score d'END (18)" in line for line in lines)
    # cited by the book and its lines, never the rule's id or the seed's file
    assert any("(Systèmes de règles organiques, l. 305-310)" in line for line in lines)
    assert not any("endurance.reserve" in line or ".txt" in line for line in lines)
    english = cli("--lang", "en", "character", "validate", str(path))
    assert english.code == 2 and "the END reserve (30) exceeds the END score (18)" in english.err


def test_sheet_shows_the_sheet_as_given_with_its_problems(cli: Any, tmp_path: Path) -> None:
    path = _organique(cli, tmp_path, endurance=30, suffering="x")
    result = cli("sheet", str(path))
    assert result.code == 0, result.err
    assert "Karim Bouaziz" in result.out and "45" in result.out  # AGI as the file says
    problems = result.err.strip().splitlines()
    assert problems[:2] == [
        "Caractéristiques, perception : doit être ≤ 100 (120)",  # as the sheet labels them
        "Malus de souffrance : nombre entier attendu (« x »)",
    ]
    assert any("réserve d'END (30)" in line for line in problems[2:])
    assert any("AGI 45" in line for line in problems[2:])


def test_a_sheet_beyond_showing_lists_its_problems_and_exits_2(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"system": "organique", "characteristics": {"AGI": 145}}), "utf-8")
    for args in (["sheet", str(path)], ["character", "validate", str(path)]):
        result = cli(*args)
        assert result.code == 2, args
        assert sorted(result.err.strip().splitlines()) == [
            "Caractéristiques, agilité : doit être ≤ 100 (145)",
            "Nom : valeur requise",
        ]


def test_a_valid_sheet_still_passes(cli: Any, tmp_path: Path) -> None:
    made = cli("npc", "organique", "--seed", "3", "--json")
    path = tmp_path / "ok.json"
    path.write_text(made.out, encoding="utf-8")
    result = cli("character", "validate", str(path))
    assert result.code == 0 and result.out.strip() == "feuille valide"
    assert cli("character", "validate", str(tmp_path / "missing.json")).code == 2


def test_an_unknown_weapon_is_refused_in_one_language(cli: Any, tmp_path: Path) -> None:
    """A WaRP sheet naming weapons and armour its tables lack: one line each, in the reader's
    language only (no "arme / weapon"), the values as given, never a Python list."""
    made = cli("npc", "warp", "--seed", "3", "--json")
    data = {**json.loads(made.out), "weapons": ["épée laser"], "armour": ["mithril", "cuir"]}
    path = tmp_path / "warp.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    french = cli("character", "validate", str(path))
    english = cli("--lang", "en", "character", "validate", str(path))
    assert french.code == english.code == 2
    assert "arme inconnue : « épée laser »" in french.err
    assert "armure inconnue : « mithril, cuir »" in french.err
    assert "unknown weapon: 'épée laser'" in english.err
    assert "unknown" not in french.err and "arme" not in english.err
    assert "/ weapon" not in french.err and "['" not in french.err + english.err
