"""What Fluid's operations share: their declarer, Trait lists and the pools a sheet
draws on."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from ecran.rules import OperationDeclarer, load_titles, refuse
from ecran.systems.fluid.sheet import FluidSheet, Trait, TraitOrigin
from ecran.systems.fluid.tables import PACKAGE

Pool = Literal["RES", "AUR", "SAN", "FOR", "CON", "AGI", "PER", "INT", "VOL", "CHA", "CONN", "MAG"]

#: Declares an operation from the function of its rule; titles from `data/operations.toml`.
operation = OperationDeclarer(load_titles(PACKAGE, "operations.toml"))


def with_traits(sheet: FluidSheet, traits: list[Trait], **update: Any) -> FluidSheet:
    return sheet.model_copy(update={"traits": traits, **update})


def hinders_of(text: str) -> list[str]:
    return [h.strip() for h in text.split(",") if h.strip()]


def unique(sheet: FluidSheet, name: str) -> str:
    names = {t.name for t in sheet.traits}
    if name not in names:
        return name
    n = 2
    while f"{name} {n}" in names:
        n += 1
    return f"{name} {n}"


def new_negative(
    sheet: FluidSheet, name: str, value: int, origin: TraitOrigin, hinders: str
) -> Trait:
    """A negative Trait an event leaves (wound L1427-1439, shock L1543-1545), its name made
    unique on the sheet, hindering the listed characteristics ('*': all)."""
    return _negative(unique(sheet, name), value, origin, hinders)


@lru_cache(maxsize=4096)
def _negative(name: str, value: int, origin: TraitOrigin, hinders: str) -> Trait:
    """The Trait of these values, validated once and shared between the sheets that get it, as
    a sheet's copy shares its Traits (no rule changes a Trait in place): the encounter
    simulator makes a wound per blow (#32)."""
    return Trait(
        name=name, value=value, kind="negative", origin=origin, hinders=hinders_of(hinders)
    )


def reduce_wound(sheet: FluidSheet, name: str, points: int) -> list[Trait]:
    traits = []
    found = False
    for trait in sheet.traits:
        if trait.name == name and trait.origin == "wound":
            found = True
            if trait.value > points:
                traits.append(trait.model_copy(update={"value": trait.value - points}))
            continue
        traits.append(trait)
    if not found:
        raise refuse(f"pas de blessure « {name} »", f"no wound '{name}'")
    return traits
