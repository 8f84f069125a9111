"""Text from a file or an argument is printed as written, never read as Rich markup: a name
`[/]` does not crash the command, `[bold]x[/bold]` is shown with its brackets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent.parent / "engine" / "data"
NAMES = ["[/]", "[bold]x[/bold]", "[bold red]Zoé[/] [link=http://x]clic[/link]"]


def _sheet(cli: Any, tmp_path: Path, name: str) -> Path:
    result = cli("npc", "warp", "--seed", "7", "--json")
    assert result.code == 0, result.err
    sheet = result.json()
    sheet["name"] = sheet["notes"] = name
    sheet["central"]["name"] = name
    file = tmp_path / "sheet.json"
    file.write_text(json.dumps(sheet), encoding="utf-8")
    return file


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "command",
    [("sheet",), ("odds-sheet",), ("op", "warp", "take-damage", "--damage", "1")],
    ids=["sheet", "odds-sheet", "op"],
)
def test_sheet_text_is_literal(
    cli: Any, tmp_path: Path, name: str, command: tuple[str, ...]
) -> None:
    file = _sheet(cli, tmp_path, name)
    args = (*command[:3], str(file), *command[3:]) if command[0] == "op" else (*command, str(file))
    result = cli(*args)
    assert result.code == 0, result.err
    assert "internal error" not in result.err and "erreur interne" not in result.err
    out = " ".join(result.out.split())
    assert name in out


@pytest.mark.parametrize("name", NAMES)
def test_fighter_name_is_literal(cli: Any, tmp_path: Path, name: str) -> None:
    fight = json.loads((DATA / "duel_organique.json").read_text(encoding="utf-8"))
    fight["participants"][0]["name"] = name
    fight["participants"][0]["side"] = "[/]"
    file = tmp_path / "fight.json"
    file.write_text(json.dumps(fight), encoding="utf-8")
    result = cli("encounter", "simulate", str(file), "--trials", "20", "--seed", "1")
    assert result.code == 0, result.err
    assert name in result.out and "[/]" in result.out
    assert result.out.rstrip().splitlines()[-1].startswith("Marge")  # the whole report
