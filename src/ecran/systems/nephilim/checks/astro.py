"""The astrological conjunction of a day (seed L598-623) as a check a user can call: which
planet and element rule the weekday and the zodiac sign, and whether they are those of the
Ka-element of the coming roll. The amount of the bonus is the GM's (L600, §9 A13)."""

from __future__ import annotations

import datetime as dt
from typing import Self, cast

from pydantic import model_validator

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution, cite
from ecran.systems.nephilim.astro import (
    SignId,
    WeekdayId,
    conjunction,
    day_conjunction,
    zodiac_sign,
)
from ecran.systems.nephilim.checks.base import NephilimCheck
from ecran.systems.nephilim.options import OPTIONS
from ecran.systems.nephilim.sheet import Element
from ecran.systems.nephilim.tables import DAY_WORDS, ELEMENT_WORDS, FIELDS, SEED, SIGN_WORDS

DATE = FIELDS("date", default=None)
ELEMENT = FIELDS("element", default=None, choices=ELEMENT_WORDS)


class ConjunctionParams(Params):
    date: dt.date | None = DATE
    weekday: WeekdayId | None = FIELDS("weekday", default=None, choices=DAY_WORDS)
    sign: SignId | None = FIELDS("sign", default=None, choices=SIGN_WORDS)
    element: Element | None = ELEMENT
    conjunction_modifier: int = OPTIONS["conjunction_modifier"].field(ge=-10, le=10)

    @model_validator(mode="after")
    def _something_to_look_up(self) -> Self:
        if self.date is None and self.weekday is None and self.sign is None:
            raise ValueError(
                "il faut une date, un jour ou un signe / a date, a weekday or a sign is needed"
            )
        return self

    @model_validator(mode="after")
    def _the_dates_day_and_sign(self) -> Self:
        """A date gives the weekday and the sign (L598-623) where none is named: the parameters
        then say which (a roll's footer reads "Jour : Dimanche", not "—")."""
        if self.date is not None:
            if self.weekday is None:
                self.weekday = cast(WeekdayId, day_conjunction(self.date).id)
            if self.sign is None:
                self.sign = cast(SignId, zodiac_sign(self.date).id)
        return self


NONE, DAY, SIGN, BOTH = "none", "day", "sign", "both"


def matched(params: ConjunctionParams) -> str:
    day, sign = conjunction(params.date, params.weekday, params.sign).matches(params.element)
    return BOTH if day and sign else DAY if day else SIGN if sign else NONE


class ConjunctionCheck(NephilimCheck[ConjunctionParams]):
    sources = (cite(SEED, 598, 623),)
    example = {"date": "2024-08-04", "element": "soleil"}

    def resolve(self, params: ConjunctionParams, dice: DiceSource) -> Resolution:
        found = conjunction(params.date, params.weekday, params.sign)
        outcome = matched(params)
        count = (outcome in (DAY, BOTH)) + (outcome in (SIGN, BOTH))
        total = params.conjunction_modifier * count
        return Resolution(outcome, total=total, details={**found.details(), "modifier": total})
