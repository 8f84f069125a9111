"""The symptoms of drugs, diseases and poisons (L835-913) as conditions with their effects,
through `ecran op organique …` as a GM uses it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ecran.engine import get_system


def _sheet(tmp_path: Path, **update: Any) -> Path:
    sheet = get_system("organique").new_character("Tim")
    sheet = sheet.model_copy(update=update)
    path = tmp_path / "tim.json"
    path.write_text(sheet.model_dump_json(), encoding="utf-8")
    return path


def _op(cli: Any, path: Path, *args: str) -> dict[str, Any]:
    result = cli("op", "organique", *args[:1], str(path), *args[1:], "--json", "-o", str(path))
    assert result.code == 0, result.err
    report: dict[str, Any] = result.json()
    return report


def test_cardiac_arrest_takes_one_wound_point_each_round_L863(cli: Any, tmp_path: Path) -> None:
    path = _sheet(tmp_path)
    _op(cli, path, "condition", "--condition", "cardiac_arrest")
    first = _op(cli, path, "end_of_round", "--no-exertion")
    assert first["sheet"]["health"]["sng"] == 3
    second = _op(cli, path, "end_of_round", "--no-exertion")
    assert second["sheet"]["health"]["sng"] == 2
    assert "Arrêt cardiaque" in second["summary"]["fr"]
