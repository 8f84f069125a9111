"""Issue #29 leftovers: a refused choice is said one way wherever it is refused. The values
allowed are listed in the reader's words (the French labels or names in French, the English in
English, never an id of the other language), the refused value quoted, and an empty one said
empty (never `« »`). One path: `rules.refusals` words every choice refusal, whoever validated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel, ValidationError

from ecran.rules import Text, from_validation
from ecran.rules.option import param
from ecran.typography import faults, typeset

Cli = Callable[..., Any]

CHOICES = {
    "static_parry": Text(fr="parade fixe", en="static parry"),
    "duel": Text(fr="duel", en="duel"),
}


class Params(BaseModel):
    way: Literal["duel", "static_parry"] = param(
        Text(fr="Résolution", en="Resolution"), choices=CHOICES, default="duel"
    )
    ways: list[Literal["duel", "static_parry"]] = param(
        Text(fr="Résolutions", en="Resolutions"), choices=CHOICES, default=[]
    )


def _refusal(data: dict[str, Any]) -> Text:
    with pytest.raises(ValidationError) as caught:
        Params.model_validate(data)
    return from_validation(caught.value, Params).text


def test_a_models_refused_choice_lists_its_words_in_each_language() -> None:
    said = _refusal({"way": "nope"})
    assert (
        said.fr
        == "Résolution : valeur non permise, attendu : « duel » ou « parade fixe » (« nope »)"
    )
    assert said.en == "Resolution: value not allowed, expected: 'duel' or 'static parry' ('nope')"
    assert not faults(typeset(said.fr, "fr"))


def test_a_choice_inside_a_list_is_listed_by_its_words() -> None:
    said = _refusal({"ways": ["duel", "x"]})
    assert "« parade fixe »" in said.fr and "static_parry" not in said.fr + said.en, said
    assert "Résolutions, 2ᵉ ligne" in said.fr, said.fr


@pytest.mark.parametrize(
    ("given", "fr", "en"),
    [("", "(valeur vide)", "(empty value)"), ("   ", "(seulement des espaces)", "(only spaces)")],
)
def test_an_empty_value_is_said_empty(given: str, fr: str, en: str) -> None:
    said = _refusal({"way": given})
    assert "« »" not in said.fr and "« " + given + " »" not in said.fr, said.fr
    assert fr in said.fr and en in said.en, said


@pytest.mark.parametrize(
    ("lang", "args", "listed", "foreign"),
    [
        (
            "fr",
            ["odds", "artemis", "attaque", "--resolution"],
            "« duel » ou « parade-fixe »",
            "static",
        ),
        ("en", ["odds", "artemis", "attack", "--resolution"], "'duel' or 'static-parry'", "parade"),
    ],
)
@pytest.mark.parametrize("value", ["nope", ""])
def test_the_command_line_lists_the_names_to_type(
    cli: Cli, lang: str, args: list[str], listed: str, foreign: str, value: str
) -> None:
    said = cli("--lang", lang, *args, value)
    assert said.code == 2 and listed in said.err, said.err
    assert foreign not in said.err and "« »" not in said.err and "''" not in said.err, said.err
    assert ("valeur vide" if lang == "fr" else "empty value") in said.err or value, said.err
    if lang == "fr":
        assert not faults(said.raw_err.removeprefix("ecran: ")), said.raw_err


@pytest.mark.parametrize(
    ("lang", "listed", "foreign"),
    [("fr", "« duel » ou « parade fixe »", "static"), ("en", "'duel' or 'static parry'", "parade")],
)
@pytest.mark.parametrize("value", ["nope", ""])
def test_the_api_lists_the_labels(lang: str, listed: str, foreign: str, value: str) -> None:
    from ecran.web.app import create_app

    with TestClient(create_app()) as client:
        for answer in (
            client.get(
                "/api/odds/artemis/attack",
                params={"attack_resolution": value},
                headers={"Accept-Language": lang},
            ),
            client.post(
                "/api/odds/artemis/attack",
                json={"params": {"attack_resolution": value}},
                headers={"Accept-Language": lang},
            ),
        ):
            detail = answer.json()["detail"]
            assert answer.status_code == 422 and listed in detail, detail
            assert foreign not in detail and "« »" not in detail and "''" not in detail, detail
            if lang == "fr":
                assert not faults(typeset(detail, "fr")), detail


def test_a_table_options_refused_choice_lists_its_words() -> None:
    from ecran.engine import get_system
    from ecran.play.table import resolve_options
    from ecran.rules import EcranError

    system = get_system("artemis")
    option = next(o for o in system.table_options() if o.choices)
    with pytest.raises(EcranError) as caught:
        resolve_options(system, {option.name: ""})
    said = caught.value.text
    first = next(iter(option.choices.values()))
    assert f"« {first.fr} »" in said.fr and f"'{first.en}'" in said.en, said
    assert "(valeur vide)" in said.fr, said.fr
