"""A game's check words live in data: a base check class names them once and each check takes its
title, description, detail labels and (where listed) outcomes by its name."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Check, CheckWords, Outcome, Params, Resolution, cite, tr
from ecran.rules.data import CheckWordsRow

WORDS = CheckWords(
    {
        "coin": CheckWordsRow.model_validate(
            {
                "title": {"fr": "Pile ou face", "en": "Heads or tails"},
                "description": {"fr": "Une pièce.", "en": "A coin."},
                "details": ["die", "coin"],
                "outcome": [
                    {"id": "tails", "label": {"fr": "face", "en": "tails"}},
                    {"id": "heads", "label": {"fr": "pile", "en": "heads"}},
                ],
            }
        )
    },
    {
        "die": {"die": tr("dé", "die"), "side": tr("côté", "side")},
        "coin": {"side": tr("face visible", "side up")},
    },
)


class GameCheck(Check[Params]):
    words = WORDS
    params = Params
    sources = (cite("coin", 1),)

    def resolve(self, params: Params, dice: DiceSource) -> Resolution:
        side = dice.d(2)
        return Resolution("heads" if side == 2 else "tails", details={"die": side})


class Coin(GameCheck):
    name = "coin"


class Other(GameCheck):
    name = "other"
    title = tr("Autre", "Other")
    description = tr("Écrit dans le code", "Written in code")
    outcomes = (Outcome("tails", tr("face", "tails")), Outcome("heads", tr("pile", "heads")))


def test_a_check_takes_its_words_by_name() -> None:
    assert Coin.title("fr") == "Pile ou face" and Coin.description("en") == "A coin."
    assert [(o.name, o.label("en")) for o in Coin.outcomes] == [
        ("tails", "tails"),
        ("heads", "heads"),
    ]


def test_detail_groups_merge_in_order_later_wins() -> None:
    labels: dict[str, Any] = {k: v("fr") for k, v in Coin.detail_labels.items()}
    assert labels == {"die": "dé", "side": "face visible"}


def test_a_check_not_in_the_data_keeps_its_own_words() -> None:
    assert Other.title("en") == "Other" and Other.detail_labels == {}


class SideParams(Params):
    side: int = 1


def test_a_check_class_takes_its_params_from_its_base_argument() -> None:
    class Base(Check[SideParams]):
        name = "based"
        title = description = tr("x", "x")
        outcomes = ()
        sources = ()

        def resolve(self, params: SideParams, dice: DiceSource) -> Resolution:
            return Resolution("x")

    class Child(Base):
        name = "child"

    assert Base.params is SideParams and Child.params is SideParams
    assert GameCheck.params is Params  # written: kept


def test_a_check_class_takes_its_name_from_the_table_naming_it() -> None:
    """`data/checks.toml` names each check's class (`[medicine] class = "health.Medicine"`):
    the class does not write the id again; a class no table names has no name given."""
    from ecran.systems.fluid.checks.health import Medicine
    from ecran.systems.fluid.checks.test import Test

    assert "name" not in vars(Medicine) or Medicine.name == "medicine"
    assert Medicine.name == "medicine" and Test.name == "test"
    words = CheckWords({}, {}, package="ecran.systems.fluid")
    assert words.name_of(Medicine) is None  # no table names it here
    assert WORDS.name_of(Coin) is None  # no package: only written names
