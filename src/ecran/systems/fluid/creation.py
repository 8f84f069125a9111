"""Creation (L26-241): the sheets the guided creation and the NPC generator start from; what a
legal sheet is lives in `validation`."""

from __future__ import annotations

from typing import Any

from ecran.dice import Roller
from ecran.systems.fluid.sheet import ATTRIBUTE_OF, Characteristics, Equipment, FluidSheet, Trait
from ecran.systems.fluid.tables import CHARACTER

RULES = CHARACTER.creation


def new_character(name: str) -> FluidSheet:
    """Every characteristic at the average 5 (L95): 40 points, legal, ready to be shaped."""
    return FluidSheet(name=name)


def random_npc(roller: Roller, **choices: Any) -> FluidSheet:
    """A legal NPC: 40 points spread from 1 each (cap 7), 8 Trait points (cap 3) from the
    seed's examples, maybe a negative Trait that buys more, and some gear. Fluid's NPCs take no
    choices."""
    scores = dict.fromkeys(ATTRIBUTE_OF, 1)
    scores.pop("MAG")
    codes = list(scores)
    left = RULES.characteristic_points - len(codes)
    while left:
        code = codes[roller.d(len(codes)) - 1]
        if scores[code] < RULES.characteristic_max:
            scores[code] += 1
            left -= 1
    chars = Characteristics(**{ATTRIBUTE_OF[c]: v for c, v in scores.items()})
    traits: list[Trait] = []
    budget = RULES.trait_points
    if roller.d(2) == 2:
        name = CHARACTER.examples.negative[roller.d(len(CHARACTER.examples.negative)) - 1]
        value = roller.d(2)
        traits.append(Trait(name=name, value=value, kind="negative", hinders=["*"]))
        budget += value
    pool = list(CHARACTER.examples.positive)
    while budget and pool:
        name = pool.pop(roller.d(len(pool)) - 1)
        value = min(budget, roller.d(RULES.trait_max))
        traits.append(Trait(name=name, value=value))
        budget -= value
    gear = Equipment(weapon=roller.d(4) - 1, armour=roller.d(4) - 1)
    return FluidSheet(
        name=f"PNJ {roller.seed}", kind="npc", characteristics=chars, traits=traits, equipment=gear
    )
