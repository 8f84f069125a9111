"""Issue #29, "habits of a good CLI": `-` reads standard input wherever a file is read, `-o`
where a command writes one, `--json` on every command that reports (`verify`, `table export`,
`character new`), and `-V` for the version."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from cli.test_table_cmd import _source
from cli.test_verify import _export


def _stdin(monkeypatch: pytest.MonkeyPatch, data: str) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data.encode("utf-8"))))


def _npc(cli: Any) -> str:
    drawn = cli("npc", "artemis", "--seed", "3", "--json")
    assert drawn.code == 0, drawn.err
    return str(drawn.out)


def test_a_sheet_from_standard_input(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sheet = _npc(cli)
    _stdin(monkeypatch, sheet)
    from_stdin = cli("sheet", "-", "--json")
    assert from_stdin.code == 0, from_stdin.err
    assert from_stdin.json()["sheet"] == json.loads(sheet)


def test_an_operation_on_a_sheet_from_standard_input(
    cli: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    sheet = _npc(cli)
    file = tmp_path / "pnj.json"
    file.write_text(sheet)
    from_file = cli("op", "artemis", "take-wounds", str(file), "--light", "1", "--json").json()
    _stdin(monkeypatch, sheet)
    from_stdin = cli("op", "artemis", "take-wounds", "-", "--light", "1", "--json")
    assert from_stdin.code == 0, from_stdin.err
    assert from_stdin.json()["sheet"] == from_file["sheet"] != json.loads(sheet)


def test_standard_input_is_bounded_and_empty_is_refused_in_one_line(
    cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ecran.cli.characters.SHEET_MAX_BYTES", 10)
    _stdin(monkeypatch, "{" + " " * 20 + "}")
    big = cli("sheet", "-")
    assert big.code == 2 and "trop gros" in big.err and big.err.count("\n") == 1
    _stdin(monkeypatch, "")
    empty = cli("character", "validate", "-")
    assert empty.code == 2 and empty.err.count("\n") == 1, empty.err


def test_verify_reads_standard_input_and_answers_json(
    cli: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path, data = _export(tmp_path)
    _stdin(monkeypatch, path.read_text())
    result = cli("verify", "-", "--json")
    assert result.code == 0, result.err
    verdict = result.json()
    assert verdict["ok"] is True and verdict["failed"] == [] and verdict["bad_keys"] == []
    rolls = [e for e in data["events"] if e["kind"] == "roll"]
    assert verdict["rolls"] == len(rolls) and verdict["gm_seed"] == 1
    # a changed die: exit 1, the roll named in the JSON
    record = rolls[1]["payload"]["record"]
    record["dice"] = [record["dice"][0] % 6 + 1]
    path.write_text(json.dumps(data))
    failing = cli("verify", str(path), "--json")
    assert failing.code == 1 and [f["seq"] for f in failing.json()["failed"]] == [rolls[1]["seq"]]


def test_table_export_json_says_what_was_written(cli: Any, tmp_path: Path) -> None:
    url, table_id, _ = _source(tmp_path)
    file = tmp_path / "t.json"
    out = cli("table", "export", table_id, "--database", url, "-o", str(file), "--json")
    assert out.code == 0, out.err
    said = out.json()
    written = json.loads(file.read_text())
    assert said == {
        "table": table_id,
        "name": "Jeudi soir",
        "events": len(written["events"]),
        "file": str(file),
    }


def test_character_new_from_standard_input_json(
    cli: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    sheet = _npc(cli)
    _stdin(monkeypatch, sheet)
    file = tmp_path / "perso.json"
    made = cli("character", "new", "artemis", "--from", "-", "-o", str(file), "--json")
    assert made.code == 0, made.err
    said = made.json()
    assert said["system"] == "artemis" and said["file"] == str(file)
    assert said["sheet"] == json.loads(file.read_text()) == json.loads(sheet)


def test_npc_writes_its_sheet_with_o(cli: Any, tmp_path: Path) -> None:
    file = tmp_path / "pnj.json"
    written = cli("npc", "artemis", "--seed", "3", "-o", str(file))
    assert written.code == 0 and written.out == "", written.err
    assert json.loads(file.read_text()) == json.loads(_npc(cli))
    missing = cli("npc", "artemis", "-o", str(tmp_path / "no" / "pnj.json"))
    assert missing.code == 2 and "dossier introuvable" in missing.err


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version_short_and_long(cli: Any, flag: str) -> None:
    result = cli(flag)
    assert result.code == 0 and result.out.startswith("ecran ") and result.err == ""


def test_a_count_agrees_with_its_word(cli: Any) -> None:
    """Issue #29: `1 essai`, never `1 essais` (nor `1 trials`)."""
    one = cli("simulate", "demo", "d6", "--trials", "1", "--seed", "2").out
    assert "1 essai," in one, one
    many = cli("--lang", "en", "simulate", "demo", "d6", "--trials", "1", "--seed", "2").out
    assert "1 trial," in many, many
