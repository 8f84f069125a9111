"""A blank sheet for the guided creation, and random NPCs drawn from the seed's trait examples."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ecran.dice import Roller
from ecran.rules.data import load_model
from ecran.rules.errors import from_validation
from ecran.systems.warp.sheet import Category, Trait, WarpSheet
from ecran.systems.warp.tables import CORE, PACKAGE


class Example(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    description: str
    sign: str
    category: Category = "standard"
    combat: bool = False
    agility: bool = False
    hp: bool = False
    power: bool = False
    weapons: list[str] = []
    source: str


class Examples(BaseModel):
    central: list[Example]
    secondary: list[Example]
    flaw: list[Example]


EXAMPLES = load_model(PACKAGE, "npc.toml", Examples)


def _example(rows: list[Example], name: str) -> Example:
    return next(row for row in rows if row.name == name)


def _keys(choices: dict[str, Any], name: str) -> list[str]:
    value = choices.get(name) or []
    return [value] if isinstance(value, str) else [str(v) for v in value]


def new_character(name: str) -> WarpSheet:
    """The seed's own examples as a legal starting point the player overwrites: the central trait
    "military background" (L298-312, superior by default, L525-531), the secondary traits
    "tough" (L435-441) and "good reflexes" (L2652-2658), the flaw "prone to violence"
    (L604-653); hit points from the best HP trait (L778-832)."""
    central = _trait(_example(EXAMPLES.central, "Antécédents militaires"), superior=True)
    tough = _trait(_example(EXAMPLES.secondary, "Coriace"), superior=False)
    reflexes = _trait(_example(EXAMPLES.secondary, "Bons réflexes"), superior=False)
    flaw = _example(EXAMPLES.flaw, "Enclin à la violence")
    sheet = WarpSheet(
        name=name,
        concept=central.description,
        central=central,
        secondary_1=tough,
        secondary_2=reflexes,
        flaw=Trait(name=flaw.name, description=flaw.description, sign=flaw.sign),
        experience_pool=CORE.experience.starting_dice,
    )
    return sheet.model_copy(update={"max_hp": sheet.fixed_hp()})


def _trait(example: Example, superior: bool) -> Trait:
    trait = Trait(
        name=example.name,
        description=example.description,
        sign=example.sign,
        category=example.category,
        superior=superior,
        combat=example.combat,
        agility=example.agility,
        hit_points=example.hp,
        power=example.power,
    )
    return trait.model_copy(update={"score": trait.creation_score()})


def random_npc(roller: Roller, **choices: Any) -> WarpSheet:
    """Traits drawn from the seed's examples; the weapons their examples carry, plus the GM's
    `weapons`, `armour` (a key or a list of table keys) and `bulletproof` choices."""
    weapons, armour = _keys(choices, "weapons"), _keys(choices, "armour")
    bulletproof = str(choices.get("bulletproof") or "none")
    central = EXAMPLES.central[roller.d(len(EXAMPLES.central)) - 1]
    first = roller.d(len(EXAMPLES.secondary)) - 1
    second = (first + roller.d(len(EXAMPLES.secondary) - 1)) % len(EXAMPLES.secondary)
    flaw = EXAMPLES.flaw[roller.d(len(EXAMPLES.flaw)) - 1]
    superior = roller.d(3) - 1
    picks = [central, EXAMPLES.secondary[first], EXAMPLES.secondary[second]]
    traits = [_trait(example, i == superior) for i, example in enumerate(picks)]
    carried = [w for example in picks for w in example.weapons]
    try:
        sheet = WarpSheet(
            name=f"PNJ {central.name.lower()}",
            kind="npc",
            concept=central.description,
            central=traits[0],
            secondary_1=traits[1],
            secondary_2=traits[2],
            flaw=Trait(name=flaw.name, description=flaw.description, sign=flaw.sign),
            experience_pool=CORE.experience.starting_dice,
            weapons=list(dict.fromkeys([*carried, *weapons])),
            armour=list(armour),
            bulletproof=bulletproof,
        )
    except ValidationError as exc:
        raise from_validation(exc) from None
    update: dict[str, object] = {"max_hp": sheet.fixed_hp()}
    if any(t.power for t in traits):
        # 3 charges, or one d6 per power keeping the highest (L330-348)
        pool = roller.d(CORE.psychic_pool.rolled_die)
        update |= {"psychic_pool": pool, "psychic_charges": pool}
    return sheet.model_copy(update=update)
