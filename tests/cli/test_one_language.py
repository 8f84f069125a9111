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


CLICK_HINTS = [
    (["encounter", "simulate", "docs/examples/table.json"], "--essais", "--trials"),
    (["encounter", "attack", "docs/examples/table.json"], "--attaquant", "--attacker"),
]


@pytest.mark.parametrize(("args", "french", "english"), CLICK_HINTS)
def test_a_missing_or_invalid_option_is_named_in_the_readers_language(
    cli: Cli, args: list[str], french: str, english: str
) -> None:
    """Click names an option by all its names ('--trials' / '--essais'): the reader's alone,
    in the reader's quotes."""
    fr = cli(*args)
    en = cli("--lang", "en", *args)
    assert fr.code == en.code == 2
    assert f"« {french} »" in fr.err and english not in fr.err and "'--" not in fr.err, fr.err
    assert f"'{english}'" in en.err and french not in en.err, en.err


def test_an_invalid_option_is_named_as_typed_alone(cli: Cli) -> None:
    args = ["simulate", "artemis", "test", "--skill", "5", "--difficulty", "7"]
    typed_english = cli(*args, "--trials", "x").err
    assert "« --trials »" in typed_english and "--essais" not in typed_english
    typed_french = cli("--lang", "en", *args, "--essais", "x").err
    assert "'--essais'" in typed_french and "--trials" not in typed_french


def test_a_refused_choice_lists_the_choices_on_its_one_line(cli: Cli) -> None:
    """`ecran completion` without a shell: click's "Choose from:" then one choice a line was cut
    to « Choisir parmi : » and nothing; a wrong one quoted the choices as Python does."""
    missing = cli("completion")
    assert missing.code == 2 and len(missing.err.strip().splitlines()) == 1
    assert "bash, zsh, fish" in missing.err, missing.err
    assert "Choose from: bash, zsh, fish" in cli("--lang", "en", "completion").err
    wrong = cli("completion", "tcsh").err.replace("\u202f", " ")
    assert "« bash », « zsh », « fish »" in wrong and "'bash'" not in wrong, wrong


def test_did_you_mean_suggests_the_readers_names_only(cli: Cli, tmp_path: Any) -> None:
    """`--lang en op fluid subir-manoeuvre` suggested « subir-une-manoeuvre, suffer-manoeuvre »:
    each language's name of the close operations, in the reader's language alone."""
    sheet = tmp_path / "pnj.json"
    assert cli("npc", "fluid", "--seed", "4", "-o", str(sheet)).code == 0
    english = cli("--lang", "en", "op", "fluid", "subir-manoeuvre", str(sheet))
    assert english.code == 2 and "Did you mean suffer-manoeuvre?" in english.err, english.err
    assert "subir-une" not in english.err
    french = cli("op", "fluid", "suffer-a-manoeuvre", str(sheet))
    hint = french.err.split("Vouliez-vous dire", 1)[1]
    assert "subir-une-manoeuvre" in hint and "suffer" not in hint, french.err
