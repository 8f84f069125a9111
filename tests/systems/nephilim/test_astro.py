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


# -- exposed to the command line and the forms ------------------------------------------------


def conjunction_roll(cli, *args: str) -> dict:
    result = cli("roll", "nephilim", "conjunction", *args, "--json")
    assert result.code == 0, result.err
    return result.json()


def test_conjunction_check_looks_up_a_date_L603_623(cli) -> None:
    """4 August 2024 is a Sunday (Sun, Soleil, L609) in Leo (23 July - 22 August, Sun, L616)."""
    data = conjunction_roll(cli, "--date", "2024-08-04", "--element", "soleil")
    assert data["outcome"] == "both" and data["dice"] == []
    assert data["details"]["day"]["planet"] == "Soleil"
    assert data["details"]["sign"]["fr"] == "Lion"
    other = conjunction_roll(cli, "--date", "2024-08-04", "--element", "feu")
    assert other["outcome"] == "none"


def test_a_named_weekday_or_sign_overrides_the_date(cli) -> None:
    data = conjunction_roll(
        cli, "--weekday", "mardi", "--element", "feu", "--conjunction-modifier", "2"
    )
    assert data["outcome"] == "day" and data["total"] == 2  # Mardi: Mars, Feu (L604)
    data = conjunction_roll(cli, "--date", "2024-08-04", "--sign", "belier", "--element", "feu")
    assert data["outcome"] == "sign"  # Bélier: Mars, Feu (L612)


def test_conjunction_without_a_date_or_a_name_is_refused(cli) -> None:
    result = cli("odds", "nephilim", "conjunction", "--element", "feu", "--json")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    bad = cli("odds", "nephilim", "conjunction", "--date", "2024-13-01", "--json")
    assert bad.code == 2 and "Traceback" not in bad.err


def _score(check: str, **values: object) -> int:
    from ecran.engine import get_system

    c = get_system("nephilim").check(check)
    return int(c.score(c.parse(values)))  # type: ignore[attr-defined]


def test_control_roll_counts_each_conjunction_of_its_element_house_rule_A13() -> None:
    """26 March 2024: a Tuesday (Mars, Feu) in Aries (Mars, Feu): two conjunctions of Feu."""
    base = {"ka": 25, "date": "2024-03-26", "element": "feu"}
    assert _score("magic_control", **base) == 1  # house rule off (0): normalized Ka only
    assert _score("magic_control", **base, conjunction_modifier=1) == 1 + 2
    assert _score("magic_control", **base, conjunction_modifier=-1, astro_modifier=1) == 1 - 2 + 1
    air = {**base, "element": "air"}
    assert (
        _score(
            "alchemy_control",
            athanor_ka=25,
            date="2024-03-26",
            element="air",
            conjunction_modifier=1,
        )
        == 1
    )
    assert _score("magic_control", **air, conjunction_modifier=3) == 1


def test_contract_roll_takes_the_conjunction_too_L586() -> None:
    from ecran.engine import get_system

    c = get_system("nephilim").check("contract")
    plain = c.sides(c.parse({"ka": 30, "creature_ka": 12}))
    lucky = c.sides(
        c.parse(
            {
                "ka": 30,
                "creature_ka": 12,
                "date": "2024-03-26",
                "element": "feu",
                "conjunction_modifier": 1,
            }
        )
    )
    assert lucky[0] - plain[0] == 2
