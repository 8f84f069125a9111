"""Numbers of any size are written as the reader writes them: a huge count or mean is never an
internal error (Babel's 28-digit `decimal` context), and a count out of range is one line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ecran.rules.numerals import formatted, number
from ecran.rules.wording import number as decimal_number
from ecran.rules.wording import short_number, whole_number

DUEL = Path(__file__).parent.parent / "engine" / "data" / "duel_organique.json"
HUGE = str(10**30)


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "artemis", "test", "--skill", "5", "--difficulty", "9", "--trials", HUGE],
        ["encounter", "simulate", str(DUEL), "--trials", HUGE],
        ["encounter", "simulate", str(DUEL), "--trials", "-" + HUGE],
    ],
    ids=["simulate", "encounter", "encounter negative"],
)
def test_too_many_trials_is_one_line(cli: Any, args: list[str]) -> None:
    result = cli(*args)
    assert result.code == 2, result.err
    assert "nombre d'essais invalide" in result.err
    assert "1" + "\u202f000" * 10 + " (entre 1 et 100\u202f000\u202f000)" in result.err
    assert len(result.err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("expression", "mean"),
    [
        ("10**30", "1000000000000000000000000000000,00"),
        ("10**28+1d6", "10000000000000000000000000003,50"),  # exact, not a float's
        ("1d6*10**27", "3500000000000000000000000000,00"),
        (
            "2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64*2**64",
            "18541056,00",
        ),
    ],
    ids=["10**30", "10**28+1d6", "1d6*10**27", "past a float"],
)
def test_the_odds_of_huge_totals_show_their_exact_mean(
    cli: Any, expression: str, mean: str
) -> None:
    result = cli("dice", expression, "--odds")
    assert result.code == 0, result.err
    assert mean in "".join(result.out.split())  # the caption may wrap


def test_every_number_writer_takes_any_size() -> None:
    assert number(10**30).fr == "1" + "\u202f000" * 10  # a narrow no-break space
    assert number(10**30).en == "1" + ",000" * 10
    assert number(10**28 + 1).en.endswith(",001")  # every digit, not 28 of them
    assert whole_number(-(10**40), "en") == "-10" + ",000" * 13
    assert decimal_number(1e30, "en") == "1" + "0" * 30 + ".00"
    assert short_number(10**29 + 0.5, "en") == str(10**29)  # a float's digits
    assert decimal_number(Fraction(10**40 + 1, 4), "en") == "25" + "0" * 38 + ".25"
    assert len(whole_number(10**5000, "en")) == 5001 + 5000 // 3  # past `str`'s 4,300 digits
    assert formatted(2.5, "#,##0.###", "fr_FR") == "2,5"
