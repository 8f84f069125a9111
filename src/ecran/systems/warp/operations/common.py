"""What every WaRP operation module shares: the declarer (titles from data/operations.toml) and
the experience dice growth spends."""

from __future__ import annotations

from typing import Any

from ecran.rules import OperationDeclarer, refuse
from ecran.rules.data import load_titles
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tables import PACKAGE

operation = OperationDeclarer(load_titles(PACKAGE, "operations.toml"))


def spend(sheet: WarpSheet, cost: int) -> dict[str, Any]:
    """Dice of the experience pool are traded for growth (L1008-1016): never more than are
    left; they leave the pool and count as spent. Returns the sheet's update, to extend."""
    free = sheet.experience_pool - sheet.experience_used
    if cost > free:
        raise refuse(
            f"il faut {cost} dés d'expérience (disponibles : {free})",
            f"{cost} experience dice needed ({free} available)",
        )
    return {
        "experience_pool": sheet.experience_pool - cost,
        "experience_spent": sheet.experience_spent + cost,
    }
