"""`ecran.settings`: every ECRAN_ variable declared once, read afresh, refused in one line."""

from __future__ import annotations

import pytest

from ecran.cli.app import main
from ecran.settings import NAMES, BadSetting, get_settings, value


def test_defaults_without_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    settings = get_settings()
    assert (settings.lang, settings.max_body, settings.rate, settings.redis_url) == (
        "fr",
        1024 * 1024,
        2.0,
        None,
    )


def test_a_variable_is_read_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECRAN_RATE_BURST", "3")
    assert get_settings().rate_burst == 3
    monkeypatch.setenv("ECRAN_RATE_BURST", "")  # empty: the default
    assert get_settings().rate_burst == 30


@pytest.mark.parametrize(
    ("name", "wrong"),
    [
        ("ECRAN_MAX_BODY", "0"),
        ("ECRAN_RATE", "inf"),
        ("ECRAN_RATE", "lots"),
        ("ECRAN_WORK_PROCESSES", "1000"),
        ("ECRAN_LANG", "de"),
    ],
)
def test_a_bad_value_is_one_line_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, name: str, wrong: str
) -> None:
    monkeypatch.setenv(name, wrong)
    with pytest.raises(BadSetting) as refused:
        get_settings()
    assert str(refused.value).startswith(f"{name}: ") and "\n" not in str(refused.value)


def test_the_light_reader_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECRAN_DEBUG", "yes")
    monkeypatch.setenv("ECRAN_LANG", "en")
    assert value("debug") is True and value("lang") == "en"
    assert get_settings().debug is True
    monkeypatch.setenv("ECRAN_DEBUG", "maybe")
    with pytest.raises(BadSetting):
        value("debug")


@pytest.mark.parametrize(
    ("name", "written"),
    [
        ("odds_cache_mb", "12"),
        ("odds_cache_mb", "0.5"),
        ("odds_cache_mb", " 3 "),
        ("work_processes", "4"),
        ("work_processes", "+2"),
        ("rate", "1e3"),
        ("work_budget", ""),
    ],
)
def test_the_light_reader_reads_numbers_as_pydantic(
    monkeypatch: pytest.MonkeyPatch, name: str, written: str
) -> None:
    monkeypatch.setenv(f"ECRAN_{name.upper()}", written)
    found = value(name)
    assert found == getattr(get_settings(), name) and type(found) is type(
        getattr(get_settings(), name)
    )


@pytest.mark.parametrize(
    ("name", "wrong"),
    [("odds_cache_mb", "0"), ("odds_cache_mb", "-3"), ("work_processes", "1000"), ("rate", "x")],
)
def test_the_light_reader_refuses_numbers_as_pydantic(
    monkeypatch: pytest.MonkeyPatch, name: str, wrong: str
) -> None:
    monkeypatch.setenv(f"ECRAN_{name.upper()}", wrong)
    with pytest.raises(BadSetting) as refused:
        value(name)
    assert str(refused.value).startswith(f"ECRAN_{name.upper()}: ")


def test_the_cli_refuses_a_bad_variable_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ECRAN_LANG", "de")
    with pytest.raises(SystemExit) as done:
        main(["odds", "demo", "d6", "--target", "5"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ECRAN_LANG" in err


def test_serve_help_lists_every_variable(capsys: pytest.CaptureFixture[str]) -> None:
    main(["serve", "--help"])
    out = capsys.readouterr().out
    assert [name for name in NAMES if name not in out] == []
