"""Issue #29, "French names to type": every command, check, operation, option and choice value
has a French name (`ecran/cli/names.toml`, else the French label, folded) accepted beside its
English id, accents typed or not; the same JSON either way; `--help` in the reader's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

Cli = Callable[..., Any]


def _same(cli: Cli, french: list[str], english: list[str]) -> None:
    said_fr, said_en = cli(*french, "--json"), cli(*english, "--json")
    assert said_fr.code == 0, said_fr.err
    assert said_en.code == 0, said_en.err
    assert said_fr.json() == said_en.json()


def test_the_same_odds_by_french_and_english_names(cli: Cli) -> None:
    _same(
        cli,
        ["chances", "artemis", "attaque", "--attaque", "5", "--parade", "3"],
        ["odds", "artemis", "attack", "--attack", "5", "--parry", "3"],
    )
    _same(
        cli,
        ["chances", "artemis", "test", "--competence", "5", "--difficulte", "7"],
        ["odds", "artemis", "test", "--skill", "5", "--difficulty", "7"],
    )


def test_the_contracts_example_has_no_skill_on_artemis_attack(cli: Cli) -> None:
    """CONTRACTS.md's example `chances artemis attaque --competence 5` cannot work: Artémis's
    attack is the attack score against the parry score (L150-160), it has no skill. It is
    refused as any unknown option is, one line and exit 2, naming what is close."""
    refused = cli("chances", "artemis", "attaque", "--competence", "5", "--json")
    assert refused.code == 2 and refused.out == "" and refused.err.count("\n") == 1
    assert "--competence" in refused.err
    english = cli("odds", "artemis", "attack", "--skill", "5", "--json")
    assert english.code == 2 and "--skill" in english.err


def test_accents_and_capitals_typed_or_not(cli: Cli) -> None:
    _same(
        cli,
        ["dés", "3d6", "--graine", "4"],
        ["dice", "3d6", "--seed", "4"],
    )
    _same(
        cli,
        ["Chances", "Artémis", "test", "--Compétence", "5", "--difficulté", "7"],
        ["odds", "artemis", "test", "--skill", "5", "--difficulty", "7"],
    )


@pytest.mark.parametrize("typed", ["tres-facile", "très-facile", "Très facile", "tres_facile"])
def test_a_choice_value_in_french_with_or_without_accents(cli: Cli, typed: str) -> None:
    result = cli("chances", "fluid", "action", "--caracteristique", "10", "--difficulte", typed)
    assert result.code == 0, result.err
    english = cli(
        "odds", "fluid", "action", "--characteristic", "10", "--difficulty", "tres-facile"
    )
    assert result.out == english.out


def test_a_choice_by_its_french_name_is_its_id_in_json(cli: Cli) -> None:
    args = ["chances", "artemis", "forcer-le-hasard", "--competence", "4", "--difficulte", "7"]
    result = cli(*args, "--critiques-privilege", "chaque-de", "--json")
    assert result.code == 0, result.err
    body = result.json()
    assert body["check"] == "test_xp" and body["params"]["privilege_criticals"] == "each_die"


def test_sub_commands_and_operations_in_french(cli: Cli, tmp_path: Any) -> None:
    sheet = cli("pnj", "artemis", "--graine", "3", "--json")
    assert sheet.code == 0, sheet.err
    file = tmp_path / "pnj.json"
    file.write_text(sheet.out)
    checked = cli("personnage", "valider", str(file), "--json")
    assert checked.code == 0, checked.err
    wounded = cli("operation", "artemis", "blessures", str(file), "--legeres", "1", "--json")
    english = cli("op", "artemis", "take-wounds", str(file), "--light", "1", "--json")
    assert wounded.code == 0, wounded.err
    assert wounded.json()["sheet"] == english.json()["sheet"]


def test_did_you_mean_suggests_from_both_languages(cli: Cli) -> None:
    french = cli("chanses")
    assert french.code == 2 and "chances" in french.err and french.err.count("\n") == 1
    english = cli("oods")
    assert english.code == 2 and "odds" in english.err
    check = cli("odds", "artemis", "atack")
    assert check.code == 2 and "attack" in check.err


def test_help_names_in_the_readers_language(cli: Cli) -> None:
    french = cli("chances", "artemis", "test", "--help").out
    assert "--competence" in french and "--skill" not in french and "--graine" not in french
    english = cli("--lang", "en", "odds", "artemis", "test", "--help").out
    assert "--skill" in english and "--competence" not in english
    rolled = cli("jet", "artemis", "test", "--help").out
    assert "--graine" in rolled and "--seed" not in rolled
