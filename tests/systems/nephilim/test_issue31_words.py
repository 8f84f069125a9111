"""Issue #31, item 9: what a Nephilim reader sees.

- A date gives the conjunction's weekday and sign (L598-623): the parameters say which, so
  the footer of a roll does not read "Jour : — · Signe : —".
- The language list names a branch like its group, "Français / Langue d'oil (A)" over
  "Français / Langue d'oil" (L410-411): a language's path says the step once.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.nephilim.view import language_label

SYSTEM = get_system("nephilim")


def test_a_date_names_its_weekday_and_sign_L598_623(cli: Any) -> None:
    check = SYSTEM.check("conjunction")
    params = check.parse({"date": "2026-12-06", "element": "feu"})
    assert (params.weekday, params.sign) == ("dimanche", "sagittaire")
    named = check.parse({"date": "2026-12-06", "sign": "belier"})
    assert named.sign == "belier"  # a named sign still overrides the date's
    result = cli("roll", "nephilim", "conjunction", "--date", "2026-12-06", "--seed", "1")
    assert result.code == 0, result.err
    assert "Jour : —" not in result.out and "Dimanche" in result.out


def test_a_language_path_says_a_repeated_step_once_L410_415() -> None:
    path = "Langues romanes > Français / Langue d'oil > Français / Langue d'oil > Wallon"
    label = language_label(path)
    assert label.fr == "Langues romanes > Français / Langue d'oil > Wallon"
    assert label.en == "Romance languages > French / Oïl > Walloon"
    # the branch itself keeps its two names: its rank (C) is what tells it from the group
    assert language_label("Langues romanes > Espagnol > Espagnol").fr.count("Espagnol") == 2


def test_no_npc_language_repeats_a_step_L378_446() -> None:
    for seed in range(20):
        sheet = SYSTEM.random_npc(Roller(seed))
        for path in sheet.languages:
            steps = language_label(path).fr.split(" > ")[:-1]
            assert all(a != b for a, b in pairwise(steps)), path
