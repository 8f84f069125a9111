"""Named choices as the book writes them: every Literal parameter of organique takes its value's
French or English word, in any case, with or without accents (issue 18, "capitalised names");
the words are the tables' own labels (L2966-3480 actions and reactions, L134-153 saves…) or
`choices` in data/fields.toml and data/options.toml."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import FieldMeta

SYSTEM = get_system("organique")


@pytest.mark.parametrize(
    ("args", "param", "value"),
    [
        (["--action", "Frapper"], "action", "strike"),
        (["--action", "attaque vitale (LAMES)"], "action", "vital_blade"),
        (["--action", "Shoot"], "action", "shoot"),
        (["--action", "strike", "--reaction", "Esquive"], "reaction", "dodge"),
        (["--action", "strike", "--reaction", "PARADE"], "reaction", "parry"),
        (["--action", "strike", "--size", "elephant"], "size", "elephant"),
        (["--action", "strike", "--size", "Éléphant"], "size", "elephant"),
    ],
)
def test_attack_takes_the_books_words_L2966_3480(
    cli: Any, args: list[str], param: str, value: str
) -> None:
    result = cli("odds", "organique", "attack", "--characteristics", "20", *args, "--json")
    assert result.code == 0, result.err
    assert result.json()["params"][param] == value


def test_a_reading_by_its_french_name_L155_165(cli: Any) -> None:
    result = cli(
        "odds",
        "organique",
        "stun_save",
        "--characteristic",
        "10",
        "--attacker-margin",
        "3",
        "--tie-rule",
        "Lecture littérale",
        "--json",
    )
    assert result.code == 0, result.err
    assert result.json()["params"]["tie_rule"] == "literal"


def test_save_kind_by_its_french_name_L134_153(cli: Any) -> None:
    result = cli(
        "odds",
        "organique",
        "save",
        "--kind",
        "PEUR",
        "--characteristic",
        "10",
        "--difficulty",
        "10",
        "--json",
    )
    assert result.code == 0, result.err
    assert result.json()["params"]["kind"] == "fear"


def test_limb_by_its_french_name_L742_745(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(SYSTEM.new_character("S").model_dump_json(), encoding="utf-8")
    result = cli(
        "op",
        "organique",
        "limb_damage",
        str(path),
        "--part",
        "Bras",
        "--side",
        "Gauche",
        "--json",
    )
    assert result.code == 0, result.err
    assert (result.json()["params"]["part"], result.json()["params"]["side"]) == ("arm", "left")


def test_an_unknown_word_is_still_one_line_and_exit_2(cli: Any) -> None:
    result = cli("odds", "organique", "attack", "--characteristics", "20", "--action", "Voler")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1


def test_every_named_choice_of_every_check_and_operation_has_its_words() -> None:
    """No Literal choice left to its id: each has a French and an English word of its own."""
    models = [c.params for c in SYSTEM.checks] + [o.params for o in SYSTEM.operations]
    missing = [
        f"{model.__name__}.{name}={value}"
        for model in models
        for name, meta in FieldMeta.of_model(model).items()
        for value in meta.choices
        if isinstance(value, str) and str(value) not in meta.choice_labels
    ]
    assert missing == []
