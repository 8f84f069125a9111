"""The commands that read a file the user names (`encounter`, `table import`, `verify`) refuse a
missing or broken one in one line, in the reader's language, exit 2 (`ecran.cli.files`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

COMMANDS = [
    ["encounter", "simulate", "{file}", "--trials", "10"],
    ["table", "import", "{file}"],
    ["verify", "{file}"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_missing_file_is_one_line(cli: Any, tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "absent.json"
    result = cli(*(part.format(file=missing) for part in command))
    assert result.code == 2
    assert result.err.strip() == f"ecran: fichier introuvable : {missing}"


def test_an_encounter_file_that_is_not_json_is_said_in_words(cli: Any, tmp_path: Path) -> None:
    broken = tmp_path / "fight.json"
    broken.write_text('{"system": "warp",', encoding="utf-8")
    result = cli("encounter", "simulate", str(broken), "--trials", "10")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    assert str(broken) in result.err and "Expecting" not in result.err  # not the parser's words


EXPORT_READERS = [["table", "import", "{file}"], ["verify", "{file}"]]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"version": 2,', "n'est pas du JSON valide, ligne 1"),
        ('{"version": 2}', "n'est pas un export de table ecran"),
    ],
    ids=["not JSON", "not an export"],
)
def test_both_export_readers_refuse_a_bad_file_with_the_same_line(
    cli: Any, tmp_path: Path, text: str, said: str
) -> None:
    broken = tmp_path / "table.json"
    broken.write_text(text, encoding="utf-8")
    lines = set()
    for command in EXPORT_READERS:
        result = cli(*(part.format(file=broken) for part in command))
        assert result.code == 2 and len(result.err.strip().splitlines()) == 1
        lines.add(result.err.strip())
    assert len(lines) == 1  # one reader: `table import` and `verify` say the same
    (line,) = lines
    assert line.startswith(f"ecran: {broken} ") and said in line
    assert "Invalid JSON" not in line  # the parser's English never reaches a French reader
    assert "Field required" not in line  # nor pydantic's


def test_several_wrong_parameters_are_one_french_line_spaced_as_french_is(cli: Any) -> None:
    """Each wrong parameter named with what is wrong, joined by " ; " in French (a space
    before the semicolon), "; " in English."""
    fr = cli("simulate", "artemis", "test", "--trials", "3")
    assert fr.code == 2  # the options as the French --help lists them (none was typed)
    assert "--competence : valeur requise ; --difficulte : valeur requise" in fr.err
    en = cli("--lang", "en", "simulate", "artemis", "test", "--trials", "3")
    assert en.code == 2
    assert "--skill: " in en.err and "; --difficulty: " in en.err


DEEP_READERS = [
    ["character", "validate", "{file}"],
    ["character", "new", "warp", "--from", "{file}"],
    ["sheet", "{file}"],
    ["op", "warp", "take-damage", "{file}", "--damage", "1"],
    ["verify", "{file}"],
    ["encounter", "simulate", "{file}", "--trials", "10"],
    ["table", "import", "{file}"],
]


@pytest.mark.parametrize("depth", [100_000, 250], ids=["past Python's stack", "past the bound"])
@pytest.mark.parametrize("command", DEEP_READERS, ids=lambda c: " ".join(c[:2]))
def test_json_nested_too_deeply_is_one_line(
    cli: Any, tmp_path: Path, command: list[str], depth: int
) -> None:
    """Never the parser's RecursionError: the file named, in the reader's language."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * depth + "]" * depth, encoding="utf-8")
    args = [part.format(file=deep) for part in command]
    result = cli(*args)
    assert result.code == 2, result.err
    assert result.err.strip() == (
        f"ecran: {deep} : fichier JSON imbriqué trop profondément (plus de 200 niveaux)"
    )
    english = cli("--lang", "en", *args)
    assert english.code == 2
    assert english.err.strip() == (f"ecran: {deep}: JSON file nested too deeply (over 200 levels)")


def test_a_deep_value_inside_a_sheet_is_refused_the_same_way(cli: Any, tmp_path: Path) -> None:
    deep = tmp_path / "npc.json"
    deep.write_text(
        '{"system": "warp", "name": "x", "notes": ' + "[" * 5000 + "]" * 5000 + "}",
        encoding="utf-8",
    )
    result = cli("sheet", str(deep))
    assert result.code == 2 and "imbriqué trop profondément" in result.err
