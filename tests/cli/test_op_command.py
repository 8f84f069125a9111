"""`ecran op SYSTEM OPERATION FILE.json …`: the rules' state changes from the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _npc(cli: Any, system: str, tmp_path: Path) -> Path:
    result = cli("npc", system, "--seed", "2", "--json")
    assert result.code == 0, result.err
    path = tmp_path / f"{system}.json"
    path.write_text(result.out, encoding="utf-8")
    return path


def test_warp_damage_is_written_only_with_out(cli: Any, tmp_path: Path) -> None:
    sheet = _npc(cli, "warp", tmp_path)
    original = sheet.read_text(encoding="utf-8")
    result = cli("op", "warp", "take_damage", str(sheet), "--damage", "9", "--json")
    assert result.code == 0, result.err
    report = result.json()
    assert report["operation"] == "take_damage" and report["params"]["damage"] == 9
    assert report["sheet"]["damage"] == json.loads(original)["damage"] + 9
    assert sheet.read_text(encoding="utf-8") == original
    out = tmp_path / "after.json"
    assert cli("op", "warp", "take_damage", str(sheet), "--damage", "9", "-o", str(out)).code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["damage"] == report["sheet"]["damage"]


def test_bad_operation_input_is_one_line(cli: Any, tmp_path: Path) -> None:
    sheet = _npc(cli, "warp", tmp_path)
    for args in (
        ["op", "warp", "take_damage", str(sheet), "--damage", "-1"],
        ["op", "warp", "nope", str(sheet)],
        ["op", "warp", "take_damage", str(tmp_path / "missing.json"), "--damage", "1"],
        ["op", "fluid", "take_damage", str(sheet)],
    ):
        result = cli(*args)
        assert result.code == 2, args
        assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
