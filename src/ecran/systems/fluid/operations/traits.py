"""Traits added in play (L215-241, L802-806, L1912-1918)."""

from __future__ import annotations

from typing import Literal

from ecran.rules import Change, Params, cite, tr
from ecran.systems.fluid.operations.common import hinders_of, operation, unique, with_traits
from ecran.systems.fluid.sheet import FluidSheet, Trait
from ecran.systems.fluid.tables import FIELDS, SEED


class TraitParams(Params):
    name: str = FIELDS("name")
    value: int = FIELDS("value", ge=1, le=30)
    kind: Literal["positive", "negative"] = FIELDS("trait_kind", default="negative")
    origin: Literal["play", "temporary", "botte", "spell"] = FIELDS("origin", default="temporary")
    duration: str = FIELDS("duration", default="")
    hinders: str = FIELDS("hinders", default="*")


@operation("add_trait", cite(SEED, 215, 241), cite(SEED, 802, 806))
def add_trait(sheet: FluidSheet, params: TraitParams) -> Change[FluidSheet]:
    """Temporary Traits granted or imposed by the GM (L235-241), the self-inflicted negative
    Trait (L802-806), Traits defined in play (L215-223), spells written down (L1912-1918)."""
    trait = Trait(
        name=unique(sheet, params.name),
        value=params.value,
        kind=params.kind,
        origin=params.origin,
        duration=params.duration,
        hinders=hinders_of(params.hinders) if params.kind == "negative" else [],
    )
    text = f"+ {trait.name} {trait.value}"
    return Change(with_traits(sheet, [*sheet.traits, trait]), tr(text, text))
