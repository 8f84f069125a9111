"""Psychic, vehicle, hacking, cryptography and drug checks: the seed's examples and brute force."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ecran.engine import get_system
from support import assert_rolls_match_odds

SYSTEM = get_system("organique")


@pytest.mark.parametrize(
    ("margin", "outcome"),
    [
        (-60, "billions_of_years"),
        (-45, "billions_of_years"),
        (-1, "month"),
        (0, "week"),
        (4, "hour"),
        (19, "ten_minutes"),
        (30, "instant"),
    ],
)
def test_decryption_time_rows_L2221_2231(resolve, margin: int, outcome: str) -> None:
    result = resolve(
        "decrypt",
        (10,),
        program_strength=0,
        assist_margin=0,
        modifier=0,
        encryption=10 - margin if margin <= 10 else 0,
        computer_power=0,
    )
    if margin > 10:
        result = resolve(
            "decrypt", (10,), program_strength=margin - 10, computer_power=1, encryption=0
        )
    assert result.outcome == outcome


@pytest.mark.parametrize(
    ("margin", "outcome"),
    [
        (-5, "blocked"),
        (-6, "alert"),
        (0, "user"),
        (5, "user"),
        (6, "super_user"),
        (10, "administrator"),
    ],
)
def test_firewall_bands_L1843_1849_L1901_1918(resolve, margin: int, outcome: str) -> None:
    assert resolve("hack_firewall", (10,), base=10, firewall=20 - margin).outcome == outcome


def test_preliminary_odds_by_hand(odds) -> None:
    """Bins: 10 + d20 against paranoia 10 always succeeds; each d100 band is 20 %."""
    got = odds("hack_preliminary", method="snooping", base=10, paranoia=10)
    assert got["failure"] == 0
    assert all(got[name] == Fraction(1, 5) for name in got if name != "failure")
    harder = odds("hack_preliminary", method="research", base=5, paranoia=20)
    assert harder["failure"] == Fraction(14, 20)
    assert harder["location"] == Fraction(6, 20) * Fraction(20, 100)


@pytest.mark.parametrize("check", [c.name for c in SYSTEM.checks])
def test_every_check_has_a_valid_example_and_bilingual_text(check: str) -> None:
    c = SYSTEM.check(check)
    params = c.parse(c.example)
    assert c.title.fr and c.title.en and c.description.fr and c.description.en and c.sources
    dist = c.distribution(params)
    assert sum(dist.probability(o) for o in c.outcome_names()) == 1
    assert set(dist.outcomes()) <= set(c.outcome_names())
    assert_rolls_match_odds("organique", check, c.example, n=2000)


def test_every_check_answers_the_cli(cli) -> None:
    for c in SYSTEM.checks:
        args: list[str] = []
        for key, value in c.example.items():
            flag = "--" + key.replace("_", "-")
            if isinstance(value, bool):
                args.append(flag if value else "--no-" + flag[2:])
            else:
                args += [flag, str(value)]
        result = cli("odds", "organique", c.name, *args, "--json")
        assert result.code == 0, (c.name, result.err)
        assert [o["outcome"] for o in result.json()["outcomes"]] == c.outcome_names()


def test_options_are_listed_on_the_system() -> None:
    names = {o.name for o in SYSTEM.options}
    assert {"luck_in_combat", "two_characteristics", "tie_rule", "stun_opposed"} <= names
    used: set[str] = set()
    for c in SYSTEM.checks:
        used |= {
            k
            for k, f in c.params.model_fields.items()
            if isinstance(f.json_schema_extra, dict) and "x-option" in f.json_schema_extra
        }
    assert used <= names
