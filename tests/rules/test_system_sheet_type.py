"""`System[SheetT]` checks the sheet type of every sheet hook once, in the base class, so a game's
hooks are written against its own sheet class and a wrong sheet is a one-line error."""

from __future__ import annotations

from typing import Literal

import pytest

from ecran.rules import Action, CharacterSheet, EcranError, RuleViolation, System, tr


class OwnSheet(CharacterSheet):
    system: Literal["own"] = "own"
    might: int = 1


class OtherSheet(CharacterSheet):
    system: Literal["other"] = "other"


def attacks(attacker: OwnSheet, defender: OwnSheet) -> list[Action]:
    return []


class Own(System[OwnSheet]):
    id = "own"
    name = tr("Propre", "Own")
    seed = "own"
    character = OwnSheet
    attacks = staticmethod(attacks)

    def validate(self, sheet: OwnSheet) -> list[RuleViolation]:
        return [] if sheet.might >= 1 else [RuleViolation.model_construct()]


def test_a_method_hook_gets_its_own_sheet() -> None:
    assert Own().validate(OwnSheet(name="Zoé")) == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_another_games_sheet_is_one_line(lang: str) -> None:
    with pytest.raises(EcranError) as caught:
        Own().validate(OtherSheet(name="Bob"))  # type: ignore[arg-type]
    message = caught.value.message(lang)
    assert "other" in message and "own" in message and "\n" not in message


def test_a_function_hook_is_checked_too() -> None:
    assert Own().attacks(OwnSheet(name="A"), OwnSheet(name="B")) == []
    with pytest.raises(EcranError):
        Own().attacks(OwnSheet(name="A"), OtherSheet(name="B"))  # type: ignore[arg-type]


def test_own_returns_the_same_sheet() -> None:
    sheet = OwnSheet(name="Zoé")
    assert Own().own(sheet) is sheet
