"""The JSON shapes of `ecran dice` (CLI and API alike): plain dicts, no I/O.

Roll: `{"expression", "seed", "dice", "total", "text"}`; the seed and the dice replay it.
Odds: `{"expression", "outcomes": [{"outcome", "probability": "p/q", "p"}], "residual": "p/q"}`,
outcomes in increasing order, probabilities exact and reduced, `residual` the mass cut at the
explosion depth ("0" when nothing was cut). An outcome or a total is a JSON integer, or, once
`/` or `**` makes it a fraction, the exact fraction as a string ("7/2").
"""

from __future__ import annotations

from typing import Any

from ecran.dice.notation import arith, limits
from ecran.dice.notation.parser import parse
from ecran.dice.notation.roll import roll
from ecran.dice.notation.walk import RollResult
from ecran.dice.roller import Roller


def odds_report(expression: str, depth: int = limits.DEFAULT_DEPTH) -> dict[str, Any]:
    from ecran.dice.notation.exact import distribution  # not loaded for a roll (#32)

    dist = distribution(parse(expression), depth)
    outcomes = [
        {"outcome": arith.exact(outcome), "probability": str(p), "p": float(p)}
        for outcome, p in dist.items()
    ]
    return {"expression": expression, "outcomes": outcomes, "residual": str(dist.residual)}


def roll_report(expression: str, roller: Roller) -> dict[str, Any]:
    return report_of(expression, roll(parse(expression), roller), roller.seed)


def report_of(expression: str, result: RollResult, seed: int) -> dict[str, Any]:
    return {
        "expression": expression,
        "seed": seed,
        "dice": result.dice,
        "total": arith.exact(result.total),
        "text": result.text,
    }
