"""Parameters as people type them: a named choice in any case, with or without accents, or by
its French or English word; a parameter under its older name. Anything else is still refused."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import ValidationError

from ecran.rules import FieldCatalogue, Params, param, tr

FIELDS = FieldCatalogue(
    {
        "score": {"label": {"fr": "Score", "en": "Score"}, "aliases": ["skill"]},
        "element": {
            "label": {"fr": "Élément", "en": "Element"},
            "choices": {
                "feu": {"fr": "Feu", "en": "Fire"},
                "electricite": {"fr": "Électricité", "en": "Electricity"},
            },
        },
    }
)


class Spell(Params):
    score: int = FIELDS("score", default=0, ge=0, le=20)
    element: Literal["feu", "electricite"] = FIELDS("element", default="feu")
    stance: Literal["careful", "bold"] = param(tr("Posture", "Stance"), default="careful")


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("Feu", "feu"),
        ("FEU", "feu"),
        (" feu ", "feu"),
        ("Fire", "feu"),
        ("Électricité", "electricite"),
        ("électricité", "electricite"),
        ("electricity", "electricite"),
    ],
)
def test_a_choice_as_people_type_it(typed: str, value: str) -> None:
    assert Spell.model_validate({"element": typed}).element == value


def test_a_choice_without_words_still_folds_case() -> None:
    assert Spell.model_validate({"stance": "Bold"}).stance == "bold"


def test_an_unknown_word_is_still_refused() -> None:
    with pytest.raises(ValidationError):
        Spell.model_validate({"element": "eau"})


def test_an_older_name_is_accepted() -> None:
    assert Spell.model_validate({"skill": 7}).score == 7


def test_the_own_name_wins_over_an_alias_beside_it() -> None:
    assert Spell.model_validate({"score": 3, "skill": 7}).score == 3


def test_unknown_parameters_are_still_refused() -> None:
    with pytest.raises(ValidationError):
        Spell.model_validate({"skil": 7})


@pytest.mark.parametrize("given", [True, False])
def test_a_yes_or_no_is_not_a_number(given: bool) -> None:
    """pydantic reads true as 1: a JSON body `{"score": true}` would roll with a score of 1."""
    with pytest.raises(ValidationError) as refused:
        Spell.model_validate({"score": given})
    assert refused.value.errors()[0]["loc"] == ("score",)


def test_a_refused_choice_lists_the_allowed_ones_in_french() -> None:
    """pydantic joins the last two with "or", for numbers too ("1 or 2"): French says "ou"."""
    from ecran.rules.refusals import from_validation

    class Version(Params):
        version: Literal[1, 2] = 1

    with pytest.raises(ValidationError) as refused:
        Version.model_validate({"version": 999})
    said = from_validation(refused.value).text.fr
    assert "attendu : 1 ou 2" in said and " or " not in said


def test_values_a_rule_made_are_judged_by_the_model_alone() -> None:
    """`ENGINE_MADE` (a game's chosen attack in the simulator, #32): people's words and sizes
    are not read again, the model's own fields still judge the values."""
    from ecran.rules.check import ENGINE_MADE

    assert Spell.model_validate({"element": "feu"}, context=ENGINE_MADE).element == "feu"
    with pytest.raises(ValidationError):  # a word is a person's: not read here
        Spell.model_validate({"element": "Feu"}, context=ENGINE_MADE)
    with pytest.raises(ValidationError):  # the field's own bounds still hold
        Spell.model_validate({"score": 21}, context=ENGINE_MADE)
    # any other context is people's input as before
    assert Spell.model_validate({"element": "Feu"}, context={"engine_made": True}).element == "feu"
