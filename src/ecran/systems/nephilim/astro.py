"""Astrological conjunctions (seed L598-623): the element ruling a weekday and a zodiac sign.
The bonus or malus they give is not in the text (L600): the checks take it as a GM input, and
count a conjunction for a roll only under the labelled house rule `conjunction_modifier`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from ecran.systems.nephilim.rows import Day, Sign
from ecran.systems.nephilim.tables import ASTROLOGY

WeekdayId = Literal["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]
SignId = Literal[
    "belier",
    "taureau",
    "gemeaux",
    "cancer",
    "lion",
    "vierge",
    "balance",
    "scorpion",
    "sagittaire",
    "capricorne",
    "verseau",
    "poissons",
]


def day_conjunction(when: date) -> Day:
    return next(d for d in ASTROLOGY.day if d.weekday == when.weekday())


def zodiac_sign(when: date) -> Sign:
    today = (when.month, when.day)
    for sign in ASTROLOGY.sign:
        if sign.start <= sign.end:
            if sign.start <= today <= sign.end:
                return sign
        elif today >= sign.start or today <= sign.end:  # Capricorn spans the new year
            return sign
    raise AssertionError("the twelve signs cover the year")


def ruling_elements(when: date) -> tuple[str, str]:
    """(element of the day, element of the sign)."""
    return day_conjunction(when).element, zodiac_sign(when).element


@dataclass(frozen=True)
class Conjunction:
    """The day's and the sign's rulers, either looked up from a date or named directly."""

    day: Day | None
    sign: Sign | None

    def matches(self, element: str | None) -> tuple[bool, bool]:
        """Whether the day and the sign are ruled by `element`."""
        if element is None:
            return False, False
        return (
            self.day is not None and self.day.element == element,
            self.sign is not None and self.sign.element == element,
        )

    def details(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        if self.day is not None:
            d = self.day
            found["day"] = {"fr": d.fr, "en": d.en, "planet": d.planet, "element": d.element}
        if self.sign is not None:
            s = self.sign
            found["sign"] = {"fr": s.fr, "en": s.en, "planet": s.planet, "element": s.element}
        return found


def conjunction(
    when: date | None = None, weekday: str | None = None, sign: str | None = None
) -> Conjunction:
    """A date gives both; a named weekday or sign overrides what the date would give."""
    day = day_conjunction(when) if when is not None else None
    star = zodiac_sign(when) if when is not None else None
    if weekday is not None:
        day = next(d for d in ASTROLOGY.day if d.id == weekday)
    if sign is not None:
        star = next(s for s in ASTROLOGY.sign if s.id == sign)
    return Conjunction(day, star)
