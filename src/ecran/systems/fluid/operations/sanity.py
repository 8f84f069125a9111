"""Psychic shock (L1531-1545): SAN lost, the excess below 0 kept as a negative Trait."""

from __future__ import annotations

from ecran.dice import DiceSource
from ecran.rules import Change, Operation, Params, cite, tr
from ecran.systems.fluid import tracks
from ecran.systems.fluid.operations.common import hinders_of, unique, with_traits
from ecran.systems.fluid.sheet import FluidSheet, Trait
from ecran.systems.fluid.tables import FIELDS, SEED


class ShockLossParams(Params):
    loss: int = FIELDS("loss", ge=0)
    trait_name: str = FIELDS("trait_name", default="Traumatisme")
    hinders: str = FIELDS("hinders", default="*")


class LoseSanity(Operation[FluidSheet, ShockLossParams]):
    name = "lose_sanity"
    title = tr("Perdre de la SAN", "Lose sanity")
    params = ShockLossParams
    sources = (cite(SEED, 1531, 1545),)

    def apply(
        self, sheet: FluidSheet, params: ShockLossParams, dice: DiceSource
    ) -> Change[FluidSheet]:
        san = tracks.current(sheet, "SAN")
        excess = max(0, params.loss - san)
        traits = list(sheet.traits)
        if excess:
            traits.append(
                Trait(
                    name=unique(sheet, params.trait_name),
                    value=excess,
                    kind="negative",
                    origin="shock",
                    hinders=hinders_of(params.hinders),
                )
            )
        changed = with_traits(sheet, traits, san=max(0, san - params.loss))
        return Change(
            changed,
            tr(f"−{params.loss} SAN, Trait {excess}", f"−{params.loss} SAN, Trait {excess}"),
        )
