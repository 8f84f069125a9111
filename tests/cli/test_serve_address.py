"""`ecran serve` refuses an address no server can listen on before starting anything: one line,
exit 2, no uvicorn, no database."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import uvicorn


@pytest.fixture
def started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Each `uvicorn.run`'s options (nothing is served)."""
    monkeypatch.setenv("ECRAN_DATABASE_URL", f"sqlite:///{tmp_path / 'db' / 'ecran.sqlite3'}")
    monkeypatch.delenv("ECRAN_REDIS_URL", raising=False)
    runs: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: runs.append(options))
    return runs


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--port", "-1"], "--port : entre 1 et 65535 (−1)"),
        (["--port", "0"], "--port : entre 1 et 65535 (0)"),
        (["--port", "70000"], "--port : entre 1 et 65535 (70000)"),
        (["--port", "1" + "0" * 30], "--port : entre 1 et 65535"),
        (["--host", "a\x01b"], "--host : adresse invalide"),
        (["--host", "a b"], "--host : adresse invalide"),
        (["--host", ""], "--host : adresse invalide"),
    ],
)
def test_a_bad_address_is_refused_before_starting(
    started: list[dict[str, Any]],
    cli: Callable[..., Any],
    tmp_path: Path,
    args: list[str],
    expected: str,
) -> None:
    result = cli("serve", *args)
    assert result.code == 2, result.err
    assert expected in result.err and result.err.count("\n") == 1, result.err
    assert started == [] and not (tmp_path / "db").exists()


def test_in_english(started: list[dict[str, Any]], cli: Callable[..., Any]) -> None:
    result = cli("--lang", "en", "serve", "--port", "70000")
    assert result.code == 2 and "--port: between 1 and 65535 (70000)" in result.err
    result = cli("--lang", "en", "serve", "--host", "a\x01b")
    assert result.code == 2 and "--host: invalid address" in result.err
    assert started == []


def test_the_extreme_ports_are_served(
    started: list[dict[str, Any]], cli: Callable[..., Any]
) -> None:
    assert cli("serve", "--port", "1", "--host", "::1").code == 0
    assert cli("serve", "--port", "65535", "--host", "localhost").code == 0
    assert [(run["host"], run["port"]) for run in started] == [("::1", 1), ("localhost", 65535)]


def test_a_bad_database_url_is_refused(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, started: list[dict[str, Any]]
) -> None:
    monkeypatch.setenv("ECRAN_DATABASE_URL", "bogus://x")
    monkeypatch.setenv("ECRAN_REDIS_URL", "redis://127.0.0.1:1/0")
    result = cli("serve", "--workers", "2")
    assert result.code == 2 and "adresse de base de données invalide" in result.err, result.err
    assert started == []
