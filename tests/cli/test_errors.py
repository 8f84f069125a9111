"""Bad input on the command line: one line on stderr, exit code 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["odds", "nope", "d6"], "système inconnu : « nope »"),
        (["odds", "demo", "zz"], "Possibles : d6"),
        (["odds", "demo", "d6", "--target", "9"], "--target : doit être ≤ 6"),  # as typed
        (["odds", "artemis", "test", "--skill", "5"], "--difficulte : valeur requise"),
        (["odds", "demo", "d6", "--target", "x"], "nombre entier attendu"),
        (["odds", "demo", "d6", "--bogus", "1"], "--bogus"),
        (["roll", "demo", "d6", "--seed", "-1"], "graine"),
        (["roll", "demo", "d6", "--seed", "abc"], "--seed"),
        (["character", "validate", "/nonexistent.json"], "introuvable"),
        (["npc", "nope"], "Possibles"),
        (["roll", "4d6kh3"], "pour lancer des dés : ecran dice 4d6kh3"),
        (["--lang", "xx", "odds", "demo", "d6"], "fr"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli: Any, args: list[str], expected: str) -> None:
    result = cli(*args)
    assert result.code == 2
    assert expected in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err + result.out


def test_english_on_request(cli: Any) -> None:
    result = cli("--lang", "en", "odds", "demo", "d6", "--target", "0")
    assert result.code == 2
    assert "target: must be ≥ 1" in result.err


def test_not_json_sheet(cli: Any, tmp_path: Any) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = cli("character", "validate", str(bad))
    assert result.code == 2 and "JSON" in result.err
    bad.write_text('{"name": "x"}', encoding="utf-8")
    result = cli("sheet", str(bad))
    assert result.code == 2 and "system" in result.err


def test_guided_creation_needs_a_terminal(cli: Any) -> None:
    result = cli("character", "new", "demo")
    assert result.code == 2


def test_module_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ecran", "odds", "demo", "d6", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert '"probability": "1/2"' in done.stdout


def test_readable_odds_table(cli: Any) -> None:
    result = cli("odds", "demo", "d6", "--target", "5")
    assert result.code == 0
    assert "réussite" in result.out and "1/3" in result.out


def test_a_number_refused_by_the_command_line_is_said_in_french_only(cli: Any) -> None:
    """Click names the number's type in English ("integer"): the French line leaves it out."""
    result = cli("roll", "demo", "d6", "--seed", "abc")
    assert result.code == 2
    assert "« abc » n'est pas un nombre valide" in result.err and "integer" not in result.err


def test_a_drawn_npc_names_its_seed_in_the_readers_language(cli: Any) -> None:
    """As every other command says its seed: « graine : 7 »."""
    french = cli("npc", "warp", "--seed", "7")
    assert french.code == 0 and french.err.strip() == "graine : 7"
    english = cli("--lang", "en", "npc", "warp", "--seed", "7")
    assert english.code == 0 and english.err.strip() == "seed: 7"


@pytest.mark.parametrize(
    "args",
    [
        ["npc", "warp", "--seed", "-1"],
        ["roll", "demo", "d6", "--target", "5", "--seed", "99999999999999999999"],
        ["simulate", "demo", "d6", "--target", "5", "--trials", "10", "--seed", "-1"],
    ],
)
def test_a_seed_out_of_range_says_its_bound_as_a_reader_counts(cli: Any, args: list[str]) -> None:
    """« entre 0 et 9 223 372 036 854 775 807 », grouped as the trials' bound is, not a run of
    nineteen digits."""
    french, english = cli(*args), cli("--lang", "en", *args)
    assert french.code == english.code == 2
    assert "entre 0 et 9 223 372 036 854 775 807" in french.err.replace("\u202f", " ")
    assert "between 0 and 9,223,372,036,854,775,807" in english.err, english.err
