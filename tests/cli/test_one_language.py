"""Issue #29, "one language per message": a refusal a model's validator words in both
languages ("français / English") is said in the reader's alone, pydantic's English prefix
("Value error, ") is gone, and a value is quoted as the reader's language quotes (« 99 »)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

Cli = Callable[..., Any]

BILINGUAL = [
    ["odds", "nephilim", "ka-test", "--ka", "-4", "--difficulty", "0"],
    ["odds", "nephilim", "conjunction"],
    ["odds", "artemis", "attack", "--knockout"],
]


@pytest.mark.parametrize("args", BILINGUAL)
def test_a_validators_refusal_in_one_language(cli: Cli, args: list[str]) -> None:
    french = cli(*args)
    english = cli("--lang", "en", *args)
    assert french.code == english.code == 2
    assert " / " not in french.err and " / " not in english.err, (french.err, english.err)
    assert "Value error" not in english.err
    assert french.err != english.err


def test_the_ka_refusal_in_french_then_in_english(cli: Cli) -> None:
    french = cli(*BILINGUAL[0]).err
    assert "un Ka absolu est ≥ 0" in french and "absolute" not in french
    assert french.startswith("ecran: paramètres : ")
    english = cli("--lang", "en", *BILINGUAL[0]).err
    assert "an absolute Ka is ≥ 0" in english and "absolu " not in english


def test_values_in_the_readers_quotes(cli: Cli) -> None:
    args = ["odds", "artemis", "test", "--skill", "99", "--difficulty", "7"]
    assert cli(*args).err.strip().endswith("(« 99 »)")
    assert cli("--lang", "en", *args).err.strip().endswith("('99')")
    choice = cli(
        "odds",
        "artemis",
        "test-xp",
        "--skill",
        "3",
        "--difficulty",
        "7",
        "--privilege-criticals",
        "zz",
    ).err
    # the choices as the French --help lists them
    assert "« de-garde » ou « chaque-de »" in choice and "'" not in choice
