"""The JSON shapes of `ecran dice` (CLI and API alike): plain dicts, no I/O.

Roll: `{"expression", "seed", "dice", "total", "text"}`; the seed and the dice replay it.
Odds: `{"expression", "outcomes": [{"outcome", "probability": "p/q", "p"}], "residual": "p/q"}`,
outcomes in increasing order, probabilities exact and reduced, `residual` the mass cut at the
explosion depth ("0" when nothing was cut).
"""

from __future__ import annotations

from typing import Any

from ecran.dice.notation import limits
from ecran.dice.notation.exact import distribution
from ecran.dice.notation.parser import parse
from ecran.dice.notation.roll import roll
from ecran.dice.roller import Roller


def odds_report(expression: str, depth: int = limits.DEFAULT_DEPTH) -> dict[str, Any]:
    dist = distribution(parse(expression), depth)
    outcomes = [
        {"outcome": outcome, "probability": str(p), "p": float(p)} for outcome, p in dist.items()
    ]
    return {"expression": expression, "outcomes": outcomes, "residual": str(dist.residual)}


def roll_report(expression: str, roller: Roller) -> dict[str, Any]:
    result = roll(parse(expression), roller)
    return {
        "expression": expression,
        "seed": roller.seed,
        "dice": result.dice,
        "total": result.total,
        "text": result.text,
    }
