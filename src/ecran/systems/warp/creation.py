"""A blank sheet for the guided creation, and random NPCs drawn from the seed's trait examples."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ecran.dice import Roller
from ecran.rules import Params, drawn_name
from ecran.rules.data import load_model
from ecran.rules.refusals import from_validation
from ecran.rules.text import DEFAULT_LANG
from ecran.systems.warp.operations.advancement import RaiseParams, raise_cost, raise_trait
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.sheet import Category, Trait, WarpSheet
from ecran.systems.warp.tables import CORE, PACKAGE

Role = Literal["minion", "standard", "elite"]


class NpcParams(Params):
    """The choices a random NPC takes: its role, a labelled house rule (the seed defines no NPC
    levels)."""

    role: Role = OPTIONS["npc_role"].field()


class Words(BaseModel):
    """An example's words in English (the seed's are French)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    description: str
    sign: str


class Example(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    description: str
    sign: str
    en: Words
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


def new_character(name: str, lang: str = DEFAULT_LANG) -> WarpSheet:
    """The seed's own examples as a legal starting point the player overwrites: the central trait
    "military background" (L298-312, superior by default, L525-531), the secondary traits
    "tough" (L435-441) and "good reflexes" (L2652-2658), the flaw "prone to violence"
    (L604-653); hit points from the best HP trait (L778-832). Their words in `lang`."""
    central = _trait(_example(EXAMPLES.central, "Antécédents militaires"), True, lang)
    tough = _trait(_example(EXAMPLES.secondary, "Coriace"), False, lang)
    reflexes = _trait(_example(EXAMPLES.secondary, "Bons réflexes"), False, lang)
    flaw = _words(_example(EXAMPLES.flaw, "Enclin à la violence"), lang)
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


def _words(example: Example, lang: str) -> Words:
    """The example's name, description and sign in `lang`."""
    if lang == "en":
        return example.en
    return Words(name=example.name, description=example.description, sign=example.sign)


def _trait(example: Example, superior: bool, lang: str = DEFAULT_LANG) -> Trait:
    words = _words(example, lang)
    trait = Trait(
        name=words.name,
        description=words.description,
        sign=words.sign,
        category=example.category,
        superior=superior,
        combat=example.combat,
        agility=example.agility,
        hit_points=example.hp,
        power=example.power,
    )
    return trait.model_copy(update={"score": trait.creation_score()})


def _fights(example: Example) -> bool:
    """Does the trait help in a fight: attack, defence, dodging, hit points or a power?"""
    return example.combat or example.agility or example.hp or example.power


def random_npc(roller: Roller, lang: str = DEFAULT_LANG, **choices: Any) -> WarpSheet:
    """Traits drawn from the seed's examples; the weapons their examples carry, plus the GM's
    `weapons`, `armour` (a key or a list of table keys) and `bulletproof` choices; the `role`
    (house rule, see `npc_role`): a minion draws only traits that do not fight, an elite has
    each starting trait raised one die with the experience it costs."""
    role = NpcParams.model_validate(
        {"role": choices.get("role") or OPTIONS["npc_role"].default}
    ).role
    weapons, armour = _keys(choices, "weapons"), _keys(choices, "armour")
    bulletproof = str(choices.get("bulletproof") or "none")
    centrals, secondaries = EXAMPLES.central, EXAMPLES.secondary
    if role == "minion":  # an average person in a fight: 2 dice, 14 HP (L1399-1405, L778-832)
        centrals = [e for e in centrals if not _fights(e)]
        secondaries = [e for e in secondaries if not _fights(e)]
    central = centrals[roller.d(len(centrals)) - 1]
    first = roller.d(len(secondaries)) - 1
    second = (first + roller.d(len(secondaries) - 1)) % len(secondaries)
    flaw = EXAMPLES.flaw[roller.d(len(EXAMPLES.flaw)) - 1]
    superior = roller.d(3) - 1
    picks = [central, secondaries[first], secondaries[second]]
    traits = [_trait(example, i == superior, lang) for i, example in enumerate(picks)]
    flaw_words = _words(flaw, lang)
    carried = [w for example in picks for w in example.weapons]
    try:
        sheet = WarpSheet(
            name=drawn_name("ecran.systems.warp", roller.seed),
            kind="npc",
            concept=_words(central, lang).description,
            central=traits[0],
            secondary_1=traits[1],
            secondary_2=traits[2],
            flaw=Trait(
                name=flaw_words.name, description=flaw_words.description, sign=flaw_words.sign
            ),
            experience_pool=CORE.experience.starting_dice,
            weapons=list(dict.fromkeys([*carried, *weapons])),
            armour=list(armour),
            bulletproof=bulletproof,
        )
    except ValidationError as exc:
        raise from_validation(exc, WarpSheet) from None
    if role == "elite":
        sheet = _seasoned(sheet, roller)
    update: dict[str, object] = {"max_hp": sheet.fixed_hp()}
    if any(t.power for t in traits):
        # 3 charges, or one d6 per power keeping the highest (L330-348)
        pool = roller.d(CORE.psychic_pool.rolled_die)
        update |= {"psychic_pool": pool, "psychic_charges": pool}
    return sheet.model_copy(update=update)


def _seasoned(sheet: WarpSheet, roller: Roller) -> WarpSheet:
    """Each starting trait raised one die, the experience it costs earned and spent, as a
    character grows in play (L4778-4858, L1008-1016)."""
    for ref, trait in sheet.starting_traits():
        cost = raise_cost(trait, ref == "central")
        if cost is None:
            continue
        earned = {
            "experience_pool": sheet.experience_pool + cost,
            "experience_earned": sheet.experience_earned + cost,
        }
        params = RaiseParams.model_validate({"trait": ref, "trained": True})
        sheet = raise_trait.run(sheet.model_copy(update=earned), params, roller).sheet
    return sheet
