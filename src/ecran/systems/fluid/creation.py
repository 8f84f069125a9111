"""Creation (L26-241): the sheets the guided creation and the NPC generator start from; what a
legal sheet is lives in `validation`."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import Roller
from ecran.rules import Params, drawn_name, tr
from ecran.rules.field import folded
from ecran.rules.text import DEFAULT_LANG
from ecran.systems.fluid.advantages import difficulty_net
from ecran.systems.fluid.checks.test import Difficulty
from ecran.systems.fluid.sheet import (
    ATTRIBUTE_OF,
    CODES,
    Characteristics,
    Equipment,
    FluidSheet,
    Trait,
)
from ecran.systems.fluid.tables import CHARACTER, EQUIPMENT, FIELDS

RULES = CHARACTER.creation


def new_character(name: str) -> FluidSheet:
    """Every characteristic at the average 5 (L95): 40 points, legal, ready to be shaped."""
    return FluidSheet(name=name)


class NpcParams(Params):
    """What `ecran npc fluid` and the forms offer: a detailed NPC or a minion, the minion's
    difficulty level and characteristics (L1625-1649)."""

    role: Literal["npc", "minion"] = FIELDS("npc_role", default="npc")
    minion_level: Difficulty = FIELDS("npc_minion_level", default="normale")
    minion_characteristic: int = FIELDS("npc_minion_characteristic", default=5, ge=1, le=10)


def random_npc(roller: Roller, lang: str = DEFAULT_LANG, **choices: Any) -> FluidSheet:
    """A legal NPC: 40 points spread from 1 each (cap 7), 8 Trait points (cap 3) from the
    seed's examples, maybe a negative Trait that buys more, and some gear; or a minion."""
    chosen = NpcParams.model_validate(choices)
    if chosen.role == "minion":
        return _minion(roller, chosen, lang)
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
    positive, negative = CHARACTER.examples.words(lang)
    if roller.d(2) == 2:
        name = negative[roller.d(len(negative)) - 1]
        value = roller.d(2)
        traits.append(Trait(name=name, value=value, kind="negative", hinders=["*"]))
        budget += value
    pool = list(positive)
    while budget and pool:
        name = pool.pop(roller.d(len(pool)) - 1)
        value = min(budget, roller.d(RULES.trait_max))
        traits.append(Trait(name=name, value=value))
        budget -= value
    gear = _gear_for(traits, roller)
    return FluidSheet(
        name=drawn_name("ecran.systems.fluid", roller.seed),
        kind="npc",
        characteristics=chars,
        traits=traits,
        equipment=gear,
    )


TWO_HANDED = 3  # L1363
#: A random minion's name, in the language of whoever drew it.
MINION_NAME = tr("Sbire {number}", "Minion {number}")


def _minion(roller: Roller, chosen: NpcParams, lang: str) -> FluidSheet:
    """A minion (L1625-1649): every characteristic at the GM's value (5 the average, L1631-1633),
    no Traits but the advantages of its difficulty level on every roll — a minion difficult to
    beat rolls with 3 advantages, an easy one with 2 disadvantages (L1635-1639) — and some
    gear. It is out at RES 0 (L1645-1649, `minion`)."""
    value = chosen.minion_characteristic
    chars = Characteristics(**{ATTRIBUTE_OF[c]: value for c in CODES})
    level = -difficulty_net(chosen.minion_level)
    return FluidSheet(
        name=MINION_NAME.format(number=roller.seed)(lang),
        kind="npc",
        characteristics=chars,
        equipment=_gear_for([], roller),
        minion=True,
        minion_level=level,
    )


def _gear_for(traits: list[Trait], roller: Roller) -> Equipment:
    """Weapon and armour 0-3 (L1355-1373); a Trait named like a weapon the seed scores (Dague 1,
    Épée and Hache 2, L1359-1361) carries that weapon, and a Trait "Bouclier" a shield of 1 to 3
    (L1375-1379): an NPC never has a weapon or shield Trait without the thing itself."""
    weapon, armour = roller.d(4) - 1, roller.d(4) - 1
    names = {folded(t.name): t.name for t in traits if t.kind == "positive"}
    weapon_name = ""
    for gear in EQUIPMENT.weapon:
        for listed in gear.names:
            if folded(listed) in names:
                weapon, weapon_name = gear.score, names[folded(listed)]
    shield = 0
    if any(folded(n) in names for n in EQUIPMENT.combat_traits.shield):
        low, high = EQUIPMENT.shield.min, EQUIPMENT.shield.max
        shield = low + roller.d(high - low + 1) - 1
        if not weapon_name:  # a shield takes a hand: no two-handed weapon beside it (L1363)
            weapon = min(weapon, TWO_HANDED - 1)
    return Equipment(weapon=weapon, weapon_name=weapon_name, armour=armour, shield=shield)
