"""The engine: which systems exist, and the front door that runs a check by its ids.

`ecran.odds("artemis", "test", skill=5, difficulty=7)` and `ecran.roll(…, seed=3)` come from here,
as `d20.roll` does. It sits between the games and what plays them:
`dice ← rules ← systems ← engine ← {sheets, play} ← {store, web, cli}`.
"""

from __future__ import annotations

from typing import Any

from ecran.engine.records import (
    OddsReport,
    OutcomeOdds,
    RollRecord,
    fraction_text,
    odds_report,
    roll_record,
    seeded_roller,
)
from ecran.engine.registry import all_systems, get_system, known_ids, system_ids


def odds(system: str, check: str, /, **params: Any) -> OddsReport:
    """The exact odds of a check: `odds("warp", "test", dice=3, difficulty=12)`."""
    return odds_report(system, check, params)


def roll(system: str, check: str, /, *, seed: int | None = None, **params: Any) -> RollRecord:
    """One roll of a check, replayable from its seed: `roll("fluid", "test", seed=7, …)`."""
    return roll_record(system, check, params, seed)


__all__ = [
    "OddsReport",
    "OutcomeOdds",
    "RollRecord",
    "all_systems",
    "fraction_text",
    "get_system",
    "known_ids",
    "odds",
    "odds_report",
    "roll",
    "roll_record",
    "seeded_roller",
    "system_ids",
]
