"""What several operations share: how one is declared (its title from data/operations.toml),
rolling a check from a sheet, and the professional's privilege paid in fatigue."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource, Distribution
from ecran.rules import EcranError, OperationDeclarer, Resolution, load_titles, tr
from ecran.rules.validated import validated, values_key
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.checks import BY_NAME
from ecran.systems.artemis.sheet import ArtemisSheet

#: `@operation("name", sources…)` turns the function of a rule into an Artémis operation.
operation = OperationDeclarer(load_titles(tables.PACKAGE, "operations.toml"))


def roll(check: str, values: dict[str, Any], dice: DiceSource) -> Resolution:
    """Roll the named Artémis check on these values, parsed as its form would be (once per
    values, `validated`: an encounter's walk replays an operation for every dice sequence)."""
    found = BY_NAME[check]
    return found.resolve(validated(found.params, values), dice)


#: (check, the values' key) -> the check's exact odds (`odds`). Cleared when full.
ODDS: dict[tuple[str, Any], Distribution[str]] = {}


def odds(check: str, values: dict[str, Any]) -> Distribution[str]:
    """The exact odds of the named check on these values, as `roll` would roll it, computed
    once per values (an operation's `law` reads them for every sheet that asks the same)."""
    key = (check, values_key(values))
    found = ODDS.get(key)
    if found is None:
        rolled = BY_NAME[check]
        if len(ODDS) >= 4_096:
            ODDS.clear()
        found = ODDS[key] = rolled.distribution(validated(rolled.params, values))
    return found


def privilege(sheet: ArtemisSheet, skill: str, professional: bool) -> ArtemisSheet:
    """The professional's privilege: level Professionnel or above, one serious fatigue (L46-53)."""
    if not professional:
        return sheet
    rule = tables.core().privilege
    if tables.level_rank(sheet.level(skill) or None) < tables.level_rank(rule.min_level):
        raise EcranError(
            tr(
                f"privilège refusé : {skill} n'est pas au niveau Professionnel (L46-48)",
                f"privilege refused: {skill} is not at Professionnel level (L46-48)",
            )
        )
    return tracks.add_marks(sheet, "fatigue", serious=rule.serious_fatigue)
