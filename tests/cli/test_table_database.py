"""`ecran table export/import --database URL`: an address SQLAlchemy cannot read, or a SQLite
file an export would have to create, is refused in one line (exit 2), and nothing is made."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ecran.store import open_store


def _one_line(result: Any, expected: str) -> None:
    assert result.code == 2, result.err
    assert result.err.startswith("ecran: ") and result.err.count("\n") == 1, result.err
    assert expected in result.err
    assert "internal error" not in result.err and "Traceback" not in result.err


@pytest.mark.parametrize("url", ["bogus://x", "a", "postgresql+nodriver://u:secret@h/x"])
def test_invalid_database_url(cli: Any, url: str) -> None:
    result = cli("table", "export", "ID", "--database", url)
    _one_line(result, "adresse de base de données invalide : ")
    assert "secret" not in result.err
    english = cli("--lang", "en", "table", "export", "ID", "--database", url)
    _one_line(english, "invalid database URL: ")


def test_export_never_creates_a_database(cli: Any, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "x.db"
    result = cli("table", "export", "ID", "--database", f"sqlite:///{missing}")
    _one_line(result, f"base de données introuvable : {missing}")
    assert not (tmp_path / "no").exists()
    english = cli("--lang", "en", "table", "export", "ID", "--database", f"sqlite:///{missing}")
    _one_line(english, f"database not found: {missing}")


def test_export_of_an_existing_database_still_says_which_table(cli: Any, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    open_store(url).engine.dispose()  # the server's first start creates it
    _one_line(cli("table", "export", "nope", "--database", url), "introuvable")


def test_the_store_still_creates_its_sqlite_file(tmp_path: Path) -> None:
    file = tmp_path / "new" / "ecran.sqlite3"
    open_store(f"sqlite:///{file}").engine.dispose()
    assert file.is_file()


def _exported(cli: Any, tmp_path: Path) -> tuple[Path, str]:
    """A demo table's export file, made by `ecran table export` from a database of its own,
    and the table's id."""
    url = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    store = open_store(url)
    table_id = store.create_table("Jeudi soir", "demo", gm_name="Claire").table.id
    store.engine.dispose()
    file = tmp_path / "table.json"
    assert cli("table", "export", table_id, "--database", url, "-o", str(file)).code == 0
    return file, table_id


def test_import_into_an_invalid_database_url(cli: Any, tmp_path: Path) -> None:
    file, _ = _exported(cli, tmp_path)
    _one_line(cli("table", "import", str(file), "--database", "bogus://x"), "invalide")


@pytest.mark.parametrize(
    "base", ["not a url", "ftp://x", "http://", "http://x:99999", "http://x?a=1", "x.com"]
)
def test_import_refuses_a_bad_url_and_stores_nothing(cli: Any, tmp_path: Path, base: str) -> None:
    file, table_id = _exported(cli, tmp_path)
    fresh = tmp_path / "fresh.sqlite3"
    result = cli("table", "import", str(file), "--database", f"sqlite:///{fresh}", "--url", base)
    _one_line(result, "--url : adresse invalide")
    assert not fresh.exists()
    english = cli("--lang", "en", "table", "import", str(file), "--url", base)
    _one_line(english, "--url: invalid address")
    good = "https://ecran.test:8443/jdr/"
    moved = cli("table", "import", str(file), "--database", f"sqlite:///{fresh}", "--url", good)
    assert moved.code == 0, moved.err
    assert f"https://ecran.test:8443/jdr/tables/{table_id}?token=" in moved.out
