"""The rules data parsed once (`ecran.toml_cache`, #32): a TOML file's parsed copy is read
instead of the text while the file is unchanged, an edited file is read afresh, nothing is
written where bytecode is not, and a value marshal cannot hold is parsed every time."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from ecran import toml_cache


def _table(tmp_path: Path, text: str = 'name = "épée"\nrows = [{fr = "Un", en = "One"}]\n') -> Path:
    path = tmp_path / "data" / "weapons.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(_text: str) -> Any:
        raise AssertionError("parsed again")

    monkeypatch.setattr(tomllib, "loads", refused)


def test_a_file_read_once_is_read_from_its_parsed_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _table(tmp_path)
    first = toml_cache.load(path, write=True)
    assert toml_cache.cache_path(path).is_file()
    _no_parsing(monkeypatch)
    again = toml_cache.load(path)
    assert again == first == {"name": "épée", "rows": [{"fr": "Un", "en": "One"}]}
    again["name"] = "changed"  # each read is its own copy, as a parse is
    assert toml_cache.load(path)["name"] == "épée"


def test_an_edited_file_is_read_afresh(tmp_path: Path) -> None:
    path = _table(tmp_path)
    toml_cache.load(path, write=True)
    path.write_text('name = "hache"\n', encoding="utf-8")
    os.utime(path, ns=(1, 1))  # even with an older time: the time or the size differs
    assert toml_cache.load(path) == {"name": "hache"}


def test_nothing_is_written_where_bytecode_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    path = _table(tmp_path)
    assert toml_cache.load(path)["name"] == "épée"
    assert not toml_cache.cache_path(path).exists()
    toml_cache.load(path, write=True)  # the install step writes it all the same
    _no_parsing(monkeypatch)
    assert toml_cache.load(path)["name"] == "épée"  # and a start then reads it


def test_a_damaged_or_foreign_copy_is_ignored(tmp_path: Path) -> None:
    path = _table(tmp_path)
    toml_cache.load(path, write=True)
    toml_cache.cache_path(path).write_bytes(b"\x00not marshal")
    assert toml_cache.load(path)["name"] == "épée"
    toml_cache.cache_path(path).write_bytes(b"")
    assert toml_cache.load(path)["name"] == "épée"


def test_a_date_is_parsed_every_time(tmp_path: Path) -> None:
    path = _table(tmp_path, "when = 2026-12-07\n")
    assert str(toml_cache.load(path, write=True)["when"]) == "2026-12-07"
    assert not toml_cache.cache_path(path).exists()


def test_a_malformed_file_is_still_refused(tmp_path: Path) -> None:
    path = _table(tmp_path, "name = \n")
    with pytest.raises(tomllib.TOMLDecodeError):
        toml_cache.load(path, write=True)


def test_the_install_step_writes_every_games_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m ecran.toml_cache` (the Makefile's install step) on a copy of a game's data:
    every table gets its parsed copy, equal to the file parsed."""
    source = Path(toml_cache.__file__).parent / "systems" / "fluid" / "data"
    copy = tmp_path / "fluid" / "data"
    copy.mkdir(parents=True)
    tables = sorted(source.glob("*.toml"))
    assert tables
    for table in tables:
        (copy / table.name).write_bytes(table.read_bytes())
    assert toml_cache.build(tmp_path) == len(tables)
    parsed = [tomllib.loads(t.read_text(encoding="utf-8")) for t in tables]
    _no_parsing(monkeypatch)
    assert [toml_cache.load(copy / t.name) for t in tables] == parsed


def test_the_install_step_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ecran.toml_cache"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    names = Path(toml_cache.__file__).parent / "cli" / "names.toml"
    assert toml_cache.cache_path(names).is_file()
