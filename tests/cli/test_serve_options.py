"""`ecran serve` hands uvicorn the WebSocket message bound and the proxy to trust."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import uvicorn


@pytest.fixture
def started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What `uvicorn.run` is called with (nothing is served)."""
    monkeypatch.setenv("ECRAN_DATABASE_URL", f"sqlite:///{tmp_path / 'ecran.sqlite3'}")
    monkeypatch.delenv("ECRAN_REDIS_URL", raising=False)
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.update(options))
    return seen


def test_uvicorn_gets_the_websocket_message_bound(
    started: dict[str, Any], cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ECRAN_MAX_WS_MESSAGE", "4096")
    assert cli("serve", "--port", "8123").code == 0
    assert started["ws_max_size"] == 4096
    assert started["port"] == 8123 and started["proxy_headers"] is True
    assert "forwarded_allow_ips" not in started  # uvicorn's default: 127.0.0.1 only
    # one text per event view is shared by every socket: no per-socket compressor
    assert started["ws_per_message_deflate"] is False


def test_the_default_websocket_bound_is_the_apps(
    started: dict[str, Any], cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ecran.web.limits import Limits

    monkeypatch.delenv("ECRAN_MAX_WS_MESSAGE", raising=False)
    assert cli("serve").code == 0
    assert started["ws_max_size"] == Limits().max_message < 16 * 1024 * 1024  # uvicorn's own


def test_the_proxy_to_trust_is_passed_on(started: dict[str, Any], cli: Callable[..., Any]) -> None:
    assert cli("serve", "--forwarded-allow-ips", "10.0.0.2,10.0.0.3").code == 0
    assert started["forwarded_allow_ips"] == "10.0.0.2,10.0.0.3"


def test_the_option_is_described_in_french(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "250")  # the help on one line per option
    shown = cli("serve", "--help").out
    assert "--mandataires" in shown and "proxy inverse" in shown
    assert "--forwarded-allow-ips" in cli("--lang", "en", "serve", "--help").out


def test_the_variables_name_the_serve_options_in_the_readers_language(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ECRAN_REDIS_URL's line names `--processus` in French (the option's French name), never
    the English `--workers` beside it."""
    monkeypatch.setenv("COLUMNS", "250")
    french = cli("serve", "--help").out
    assert "--processus au-delà de 1" in french and "--workers" not in french
    assert "--workers above 1" in cli("--lang", "en", "serve", "--help").out


def test_a_variable_without_a_default_says_so_in_words(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    french = cli("serve", "--help").out
    english = cli("--lang", "en", "serve", "--help").out
    assert "ECRAN_DATABASE_URL (sans valeur par défaut)" in french.replace("\u202f", " ")
    assert "ECRAN_DATABASE_URL (no default): " in english
    assert "(aucune)" not in french and "(unset)" not in english
