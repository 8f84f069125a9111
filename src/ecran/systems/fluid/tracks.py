"""Play state read from a sheet, as pure functions: derived attributes, current pools, spent
points and the penalties that follow (L103-133, L790-800, L1413-1439, L1569-1573)."""

from __future__ import annotations

from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import CHARACTER


def attribute(sheet: FluidSheet, code: str) -> int:
    """RES = CON + VOL, AUR = CHA + CONN, SAN = INT + PER, INI = FOR + AGI (L103-133)."""
    row = next(a for a in CHARACTER.attribute if a.code == code)
    return sum(sheet.characteristics.score(c) for c in row.sum)


def current(sheet: FluidSheet, pool: str) -> int:
    """Current RES/AUR/SAN; an empty field means the pool is full."""
    value = getattr(sheet, pool.lower())
    return attribute(sheet, pool) if value is None else int(value)


def effective(sheet: FluidSheet, code: str) -> int:
    """A characteristic minus the points spent from it (L794, back 1 a day, L1571)."""
    return sheet.characteristics.score(code) - sheet.spent.get(code, 0)


def hindrance(sheet: FluidSheet, code: str) -> int:
    """Disadvantages the sheet's negative Traits put on actions of this characteristic."""
    return sum(
        t.value
        for t in sheet.traits
        if t.kind == "negative" and ("*" in t.hinders or code in t.hinders)
    )


def wound_total(sheet: FluidSheet) -> int:
    return sum(t.value for t in sheet.traits if t.origin == "wound")


def initiative(sheet: FluidSheet) -> int:
    """INI − weapon − armour − shield (L975-979)."""
    gear = sheet.equipment
    return attribute(sheet, "INI") - gear.weapon - gear.second_weapon - gear.armour - gear.shield


def equipment_handicap(sheet: FluidSheet) -> int:
    """Disadvantages on non-combat actions: the highest of weapon and armour (L1413-1417)."""
    gear = sheet.equipment
    return max(gear.weapon, gear.second_weapon, gear.armour)


def movement(sheet: FluidSheet) -> int:
    """Squares or metres per move: the INI as modified by equipment (L129-133, L987-993)."""
    return max(0, initiative(sheet))


def magic_characteristic(sheet: FluidSheet) -> str:
    """Magie when the sheet has it, else INT (reading A21)."""
    return "MAG" if sheet.characteristics.magie is not None else "INT"
