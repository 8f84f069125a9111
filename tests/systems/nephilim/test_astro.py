"""Astrological tables (seed L598-623)."""

from __future__ import annotations

from datetime import date, timedelta

from ecran.systems.nephilim.astro import day_conjunction, ruling_elements, zodiac_sign


def test_weekdays_L603_609() -> None:
    monday = date(2024, 1, 1)
    elements = [day_conjunction(monday + timedelta(days=i)).element for i in range(7)]
    assert elements == ["lune", "feu", "eau", "air", "terre", "orichalque", "soleil"]


def test_sign_boundaries_L612_623() -> None:
    assert zodiac_sign(date(2024, 3, 21)).fr == "Bélier"
    assert zodiac_sign(date(2024, 3, 20)).fr == "Poissons"
    assert zodiac_sign(date(2024, 6, 21)).fr == "Gémeaux"
    assert zodiac_sign(date(2024, 12, 31)).fr == "Capricorne"
    assert zodiac_sign(date(2025, 1, 19)).fr == "Capricorne"
    assert zodiac_sign(date(2025, 1, 20)).fr == "Verseau"


def test_every_day_of_a_leap_year_has_exactly_one_sign() -> None:
    day = date(2024, 1, 1)
    seen = set()
    while day.year == 2024:
        seen.add(zodiac_sign(day).fr)
        day += timedelta(days=1)
    assert len(seen) == 12


def test_ruling_elements() -> None:
    assert ruling_elements(date(2024, 8, 4)) == ("soleil", "soleil")  # a Sunday in Leo
