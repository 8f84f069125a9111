"""`/api/dice`: plain dice notation, rolled or exact, the JSON of `ecran dice EXPR … --json`."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel

from ecran.dice.notation import NotationError, limits
from ecran.dice.notation.report import roll_report
from ecran.dice.roller import MAX_SEED
from ecran.engine.cache import notation_odds
from ecran.engine.records import seeded_roller
from ecran.rules import EcranError, Text
from ecran.web.api.models import said
from ecran.web.edge import CheckedRoute

router = APIRouter(route_class=CheckedRoute, prefix="/api", tags=["dice"])


class DiceRoll(BaseModel):
    """`ecran dice EXPR --seed N --json`."""

    expression: str
    seed: int
    dice: list[int]
    total: int | str
    """An integer, or the exact fraction as "p/q" once `/` or `**` made one."""
    text: str


class TotalOdds(BaseModel):
    outcome: int | str
    """An integer, or the exact fraction as "p/q" (`3d6/2`)."""
    probability: str
    p: float


class DiceOdds(BaseModel):
    """`ecran dice EXPR --odds --json`: each total's exact probability; `residual` is the mass
    beyond the explosion depth (0 when nothing is truncated)."""

    expression: str
    outcomes: list[TotalOdds]
    residual: str


def _notation(exc: NotationError) -> EcranError:
    return EcranError(Text(fr=exc.fr, en=exc.en))


def dice_roll(expression: str, seed: int | None) -> DiceRoll:
    try:
        return DiceRoll.model_validate(roll_report(expression, seeded_roller(seed)))
    except NotationError as exc:
        raise _notation(exc) from None


def dice_odds(expression: str, depth: int) -> DiceOdds:
    try:
        return DiceOdds.model_validate(notation_odds(expression, depth))
    except NotationError as exc:
        raise _notation(exc) from None


@router.get("/dice", response_model=DiceRoll | DiceOdds)
def dice(
    expr: str = Query(..., description="dice notation, e.g. 4d6kh3, 1d20+5, 6d10>8"),
    seed: int | None = Query(
        None,
        ge=0,
        le=MAX_SEED,
        description="replays the same dice",
        json_schema_extra=said("Graine", "Seed"),
    ),
    odds: bool = Query(False, description="exact odds instead of a roll"),
    depth: int = Query(
        limits.DEFAULT_DEPTH,
        ge=0,
        le=limits.MAX_DEPTH,
        description="explosion depth for exact odds",
    ),
) -> Any:
    """Roll dice notation, or (`odds=true`) its exact distribution: `ecran dice EXPR --json`."""
    return dice_odds(expr, depth) if odds else dice_roll(expr, seed)
