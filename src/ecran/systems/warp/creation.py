"""A blank sheet for the guided creation, and random NPCs drawn from the seed's trait examples."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ecran.dice import Roller
from ecran.rules.data import load_model
from ecran.systems.warp.common import PACKAGE
from ecran.systems.warp.sheet import Category, Trait, WarpSheet
from ecran.systems.warp.tables import CORE


class Example(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    description: str
    sign: str
    category: Category = "standard"
    combat: bool = False
    hp: bool = False
    power: bool = False
    source: str


class Examples(BaseModel):
    central: list[Example]
    secondary: list[Example]
    flaw: list[Example]


EXAMPLES = load_model(PACKAGE, "npc.toml", Examples)


def new_character(name: str) -> WarpSheet:
    """Central trait superior by default (the player may move it, L525-531); scores follow the
    standard column until the player changes a category."""
    return WarpSheet(
        name=name,
        central=Trait(score=4, superior=True),
        secondary_1=Trait(score=3),
        secondary_2=Trait(score=3),
    )


def _trait(example: Example, superior: bool) -> Trait:
    trait = Trait(
        name=example.name,
        description=example.description,
        sign=example.sign,
        category=example.category,
        superior=superior,
        combat=example.combat,
        hit_points=example.hp,
        power=example.power,
    )
    return trait.model_copy(update={"score": trait.creation_score()})


def random_npc(roller: Roller) -> WarpSheet:
    central = EXAMPLES.central[roller.d(len(EXAMPLES.central)) - 1]
    first = roller.d(len(EXAMPLES.secondary)) - 1
    second = (first + roller.d(len(EXAMPLES.secondary) - 1)) % len(EXAMPLES.secondary)
    flaw = EXAMPLES.flaw[roller.d(len(EXAMPLES.flaw)) - 1]
    superior = roller.d(3) - 1
    picks = [central, EXAMPLES.secondary[first], EXAMPLES.secondary[second]]
    traits = [_trait(example, i == superior) for i, example in enumerate(picks)]
    sheet = WarpSheet(
        name=f"PNJ {central.name.lower()}",
        kind="npc",
        concept=central.description,
        central=traits[0],
        secondary_1=traits[1],
        secondary_2=traits[2],
        flaw=Trait(name=flaw.name, description=flaw.description, sign=flaw.sign),
        experience_pool=CORE.experience.starting_dice,
    )
    update: dict[str, object] = {"max_hp": sheet.fixed_hp()}
    if any(t.power for t in traits):
        # 3 charges, or one d6 per power keeping the highest (L330-348)
        pool = roller.d(CORE.psychic_pool.rolled_die)
        update |= {"psychic_pool": pool, "psychic_charges": pool}
    return sheet.model_copy(update=update)
