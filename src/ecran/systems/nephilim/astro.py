"""Astrological conjunctions (seed L598-623): the element ruling a weekday and a zodiac sign.
The bonus or malus they give is not in the text (L600): the checks take it as a GM input."""

from __future__ import annotations

from datetime import date

from ecran.systems.nephilim.tables import ASTROLOGY, Day, Sign


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
