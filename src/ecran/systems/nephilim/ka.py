"""Ka: the normalized scale and the meta-characteristic bonus (seed L28-70)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from math import ceil
from typing import Literal

from ecran.rules import EcranError, tr
from ecran.systems.nephilim import tables

#: The two scales a sheet shows every Ka on (L32): the absolute score and its normalized
#: equivalent. A roll always uses the normalized one (L47, L570, L594).
KaScale = Literal["absolute", "normalized"]
#: No Ka at all on the normalized scale (L32, L35).
NO_KA = -4


def normalize(ka: int) -> int:
    """Absolute Ka -> normalized scale (L32-45); past the table, 5 points per step (§9 A19)."""
    if ka < 0:
        raise EcranError(tr(f"Ka négatif : {ka}", f"negative Ka: {ka}"))
    for low, high, value in tables.KA.normalized.rows:
        if low <= ka <= high:
            return value
    last_high, last_value = tables.KA.normalized.rows[-1][1], tables.KA.normalized.rows[-1][2]
    step = tables.KA.normalized.step or 5
    return last_value + ceil((ka - last_high) / step)


def on_normalized_scale(ka: int, scale: str) -> int:
    """The normalized score a roll uses, from a Ka given on either scale of the sheet (L32):
    an absolute score is normalized (L34-45), a normalized one is taken as it is."""
    if scale == "normalized":
        if ka < NO_KA:
            raise EcranError(tr(f"Ka normalisé < {NO_KA} : {ka}", f"normalized Ka < {NO_KA}: {ka}"))
        return ka
    return normalize(ka)


def meta_bonus(ka: int) -> int:
    """Meta-characteristic bonus of one Ka score (L63-70). Past the table the band widths keep
    growing by 5 (upper bounds 5 x triangular numbers, §9 A19)."""
    if ka < 0:
        raise EcranError(tr(f"Ka négatif : {ka}", f"negative Ka: {ka}"))
    for low, high, value in tables.KA.meta_bonus.rows:
        if low <= ka <= high:
            return value
    bonus = tables.KA.meta_bonus.rows[-1][2]
    while ka > 5 * (bonus + 1) * (bonus + 2) // 2:
        bonus += 1
    return bonus


@cache
def _meta_map() -> dict[str, list[str]]:
    """The elements feeding each characteristic (L55-62), read from the table once."""
    return tables.KA.meta_map()


def associated_ka(characteristic: str, kas: Mapping[str, int]) -> int:
    """The Ka feeding a characteristic's meta bonus: one element, or the mean of two rounded
    up (L55-62)."""
    elements = _meta_map()[characteristic]
    values = [kas.get(e, 0) for e in elements]
    return ceil(sum(values) / len(values))


def meta_bonuses(kas: Mapping[str, int]) -> dict[str, int]:
    """Every characteristic's meta bonus (L49-70) from the Ka scores."""
    return dict(_bonuses(tuple(sorted(kas.items()))))


@lru_cache(maxsize=4096)
def _bonuses(kas: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """`meta_bonuses` for one set of Ka scores, worked out once: every attack offered between
    two sheets reads each side's meta-characteristics several times."""
    scores = dict(kas)
    return tuple((c, meta_bonus(associated_ka(c, scores))) for c in _meta_map())
