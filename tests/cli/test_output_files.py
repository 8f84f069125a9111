"""Every file the CLI writes (`op -o`, `character new -o`, `sheet --pdf/--html`, `table export
-o`) goes through `ecran.cli.files.write_file`: a missing folder (never created), a folder, a
refused permission are one line in the reader's language naming the path, exit 2, and the file
is whole or untouched."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from ecran.cli.files import write_file
from ecran.rules import EcranError
from ecran.store import open_store


@pytest.fixture
def npc(cli: Any, tmp_path: Path) -> Path:
    made = cli("npc", "warp", "--json")
    assert made.code == 0, made.err
    file = tmp_path / "npc.json"
    file.write_text(made.out, encoding="utf-8")
    return file


def _table(tmp_path: Path) -> tuple[str, str]:
    url = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    store = open_store(url)
    created = store.create_table("Jeudi soir", "demo", gm_name="Claire")
    store.engine.dispose()
    return url, created.table.id


WRITERS = {
    "op": ["op", "warp", "take-damage", "{npc}", "--damage", "1", "-o", "{out}"],
    "character new": ["character", "new", "warp", "--from", "{npc}", "-o", "{out}"],
    "sheet --pdf": ["sheet", "{npc}", "--pdf", "{out}"],
    "table export": ["table", "export", "{table}", "--database", "{url}", "-o", "{out}"],
}


def _args(command: list[str], npc: Path, out: Path, tmp_path: Path) -> list[str]:
    url, table = _table(tmp_path) if "table" in command else ("", "")
    return [p.format(npc=npc, out=out, url=url, table=table) for p in command]


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize(
    ("where", "fr", "en"),
    [
        ("absent/x.json", "dossier introuvable", "folder not found"),
        ("somedir", "c'est un dossier", "it is a folder"),
        ("npc.json/x.json", "un élément du chemin n'est pas un dossier", "a part of the path"),
    ],
    ids=["missing folder", "a folder", "under a file"],
)
def test_a_file_that_cannot_be_written_is_one_line(
    cli: Any, tmp_path: Path, npc: Path, writer: str, where: str, fr: str, en: str
) -> None:
    (tmp_path / "somedir").mkdir()
    out = tmp_path / where
    before = sorted(p.name for p in tmp_path.rglob("*") if "sqlite" not in p.name)
    args = _args(WRITERS[writer], npc, out, tmp_path)
    result = cli(*args)
    assert result.code == 2, result.err
    assert result.err.strip().splitlines() == [f"ecran: écriture impossible de {out} : {fr}"]
    english = cli("--lang", "en", *args)
    assert english.code == 2 and english.err.startswith(f"ecran: cannot write {out}: {en}")
    assert not (tmp_path / "absent").exists()  # no folder is made
    assert sorted(p.name for p in tmp_path.rglob("*") if "sqlite" not in p.name) == before


def test_a_refused_permission_is_said_in_french(
    cli: Any, tmp_path: Path, npc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)  # root is never refused by the system
    out = tmp_path / "x.json"
    result = cli("op", "warp", "take-damage", str(npc), "--damage", "1", "-o", str(out))
    assert result.code == 2
    assert result.err.strip() == f"ecran: écriture impossible de {out} : permission refusée"
    assert "Permission denied" not in result.err


def test_a_failed_write_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "sheet.json"
    file.write_text("old", encoding="utf-8")

    def full(*args: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(EcranError) as refused:
        write_file(file, "new")
    assert refused.value.message("fr") == (
        f"écriture impossible de {file} : plus de place sur le disque"
    )
    assert file.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.json"]  # no temporary file left


def test_a_written_file_keeps_its_mode_and_a_device_is_written_as_is(tmp_path: Path) -> None:
    file = tmp_path / "sheet.json"
    file.write_text("old", encoding="utf-8")
    file.chmod(0o640)
    write_file(file, "new")
    assert file.read_text(encoding="utf-8") == "new" and file.stat().st_mode & 0o777 == 0o640
    write_file(os.devnull, "nothing")  # not replaced by a regular file
    assert Path(os.devnull).is_char_device()


def test_a_sheet_printed_twice_writes_both_files_or_neither(
    cli: Any, tmp_path: Path, npc: Path
) -> None:
    html, pdf = tmp_path / "fiche.html", tmp_path / "absent" / "fiche.pdf"
    result = cli("sheet", str(npc), "--html", str(html), "--pdf", str(pdf))
    assert result.code == 2
    assert result.err.strip() == f"ecran: écriture impossible de {pdf} : dossier introuvable"
    assert not html.exists()


READERS = {
    "sheet": ["sheet", "{given}"],
    "character validate": ["character", "validate", "{given}"],
    "op (reading)": ["op", "warp", "take-damage", "{given}", "--damage", "1"],
    "verify": ["verify", "{given}"],
}


@pytest.mark.parametrize("given", ["", "   "], ids=["empty", "blank"])
@pytest.mark.parametrize(
    "command", [*WRITERS.values(), *READERS.values()], ids=[*WRITERS, *READERS]
)
def test_a_blank_file_name_is_refused_as_one(
    cli: Any,
    tmp_path: Path,
    npc: Path,
    command: list[str],
    given: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Python reads an empty name as the current folder: the user was told « écriture
    impossible de . : c'est un dossier » for `--pdf ""`, and `--pdf "   "` wrote a file named
    three spaces. A blank name is a mistake, said as one, naming the option; nothing written."""
    monkeypatch.chdir(tmp_path)  # a name of spaces would be written here
    before = sorted(p.name for p in tmp_path.rglob("*") if "sqlite" not in p.name)
    if "{out}" in command:
        args = [given if a == "{out}" else a for a in _args(command, npc, Path("{out}"), tmp_path)]
    else:
        args = [given if a == "{given}" else a for a in command]
    result = cli(*args)
    assert result.code == 2, result.err
    [line] = result.err.strip().splitlines()
    assert line.startswith("ecran: ") and line.endswith("nom de fichier vide"), line
    assert " . " not in line and "dossier" not in line
    english = cli("--lang", "en", *args)
    assert english.code == 2 and english.err.strip().endswith("empty file name")
    assert sorted(p.name for p in tmp_path.rglob("*") if "sqlite" not in p.name) == before


def test_every_file_a_command_takes_is_a_file_name() -> None:
    """Every parameter that names a file (its metavar says FILE, or a table's export) takes the
    one type that refuses a blank name, so a command added later cannot forget it."""
    import click

    from ecran.cli.app import command
    from ecran.cli.file_name import FileName
    from ecran.cli.lang import set_lang
    from language.test_cli import _walk

    set_lang("en")
    root = command([])
    files: list[str] = []
    for path in _walk(root, []):
        found: click.Command | None = root
        for name in path:
            assert isinstance(found, click.Group)
            found = found.get_command(click.Context(found), name)
        assert found is not None
        for param in found.params:
            if any(word in (param.metavar or "") for word in ("FILE", "TABLE.json")):
                files.append(f"{' '.join(path)} {param.name}")
                assert isinstance(param.type, FileName), f"{' '.join(path)}: {param.name}"
    assert len(files) >= 12  # sheet, its --pdf and --html, op's sheet and --out, table import...
