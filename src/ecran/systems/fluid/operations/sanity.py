"""Psychic shock (L1531-1545): SAN lost, the excess below 0 kept as a negative Trait."""

from __future__ import annotations

from ecran.rules import Change, Params, cite, tr
from ecran.systems.fluid import tracks
from ecran.systems.fluid.operations.common import new_negative, operation, with_traits
from ecran.systems.fluid.sheet import MAX_DAMAGE, FluidSheet
from ecran.systems.fluid.tables import FIELDS, SEED


class ShockLossParams(Params):
    #: At most a Trait's bound: what goes below 0 becomes a Trait of that value (L1531-1545).
    loss: int = FIELDS("loss", ge=0, le=MAX_DAMAGE)
    trait_name: str = FIELDS("trait_name", default="Traumatisme")
    hinders: str = FIELDS("hinders", default="*")


@operation("lose_sanity", cite(SEED, 1531, 1545))
def lose_sanity(sheet: FluidSheet, params: ShockLossParams) -> Change[FluidSheet]:
    """SAN lost; what goes below 0 is kept as a negative Trait of that value (L1531-1545)."""
    san = tracks.current(sheet, "SAN")
    excess = max(0, params.loss - san)
    traits = list(sheet.traits)
    if excess:
        traits.append(new_negative(sheet, params.trait_name, excess, "shock", params.hinders))
    changed = with_traits(sheet, traits, san=max(0, san - params.loss))
    text = f"−{params.loss} SAN, Trait {excess}"
    return Change(changed, tr(text, text))
