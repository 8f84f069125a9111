"""The bounds shared by the pool parameters of several checks; their words are data
(`data/fields.toml`, one table per parameter, read by `FIELDS`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ecran.systems.warp.tables import FIELDS

#: Dice in one pool (a trait's score) and extra dice from one situation.
MAX_DICE = 30
MAX_EXTRA = 30


def dice_field(key: str = "dice", default: Any = ...) -> Any:
    """A pool's dice: a trait's score, 2 without a trait (L1399-1405)."""
    return FIELDS(key, default=default, ge=1, le=MAX_DICE)


def bonus_field(key: str = "bonus") -> Any:
    """Bonus dice: rolled in addition, the lowest dropped (L7-9), at most MAX_NET net."""
    return FIELDS(key, default=0, ge=0)


def penalty_field(key: str = "penalty") -> Any:
    """Penalty dice: rolled in addition, the highest dropped (L71-73), at most MAX_NET net."""
    return FIELDS(key, default=0, ge=0)


def difficulty_field(default: Any = ...) -> Any:
    """A difficulty factor (L1361-1383)."""
    return FIELDS("difficulty", default=default, ge=0)


def one_of(value: str, keys: Sequence[str]) -> str:
    """A key of a table (a disease, a spell): refused, with the keys allowed, when unknown."""
    if value not in keys:
        raise ValueError(f"« {value} » ∉ {', '.join(keys)}")
    return value
