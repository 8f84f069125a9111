"""Creation: random NPCs by the quick rules (L77-96): the skills an NPC lives by (its weapon and
its acquired skills) take the level chosen, with that level's NPC score (L79-93), or are rolled
like every innate skill (two dice, keep the lower, add 2, L94-96), the level then the one with
that score (7 has none). Guided creation asks for the sheet's `creation_fields` (system.py)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ValidationError

from ecran.dice import DiceSource
from ecran.rules import Params, Text, drawn_name, from_validation, tr
from ecran.rules.text import DEFAULT_LANG
from ecran.systems.artemis import tables
from ecran.systems.artemis.checks.misc import npc_score
from ecran.systems.artemis.sheet import ArmourId, ArtemisSheet, Characteristics, SkillLevel, Weapon
from ecran.systems.artemis.tables import FIELDS
from ecran.typography import typeset

#: House rule of the generator, written into the NPC's notes: the seed gives NPCs no
#: characteristics, so they all sit at this value (middle of the 1-5 range the sheet implies).
DEFAULT_CHARACTERISTIC = 3
ACQUIRED_MAX = 3  # how many acquired skills a random NPC knows: a generator choice, not a rule


def level_of(score: int) -> SkillLevel:
    for lv in tables.core().level:
        if lv.npc_score == score:
            return lv.id
    return ""


def _pick(dice: DiceSource, options: list[Any]) -> Any:
    return options[dice.d(len(options)) - 1]


#: The NPC levels the seed gives a score (L79-93); Maître has none (A10).
NpcLevel = Literal["random", "debutant", "amateur", "confirme", "professionnel", "expert"]
#: What a random NPC wears: everyday clothes (the default), any armour of the table, or one.
NpcArmour = Literal["clothes", "random", ArmourId]
#: Everyday clothes, protection 0 (L114-115, L352-353): what an NPC wears for its daily life.
CLOTHES = ("vetements_legers", "vetements_epais")


class NpcParams(Params):
    """What `ecran npc artemis` and the forms offer: the level of the NPC's trade (L77-96) and
    the generator's characteristic value (a house rule)."""

    level: NpcLevel = FIELDS("npc_level", default="random")
    characteristic: int = FIELDS("npc_characteristic", default=DEFAULT_CHARACTERISTIC, ge=1, le=5)
    armour: NpcArmour = FIELDS("npc_armour", default="clothes")


def _armour(dice: DiceSource, armour: NpcArmour) -> str:
    """The NPC's armour. The summary gives NPCs no equipment (L77-96): an NPC dressed for
    its daily life wears light or thick clothes (L114-115), the generator's default; "random"
    draws from the whole table (L111-119: one in three an exoskeleton, which stops most blows
    of NPCs' weapons, so most fights of random NPCs never end); else the one named."""
    if armour == "clothes":
        return str(_pick(dice, list(CLOTHES)))
    if armour == "random":
        return str(_pick(dice, [a.id for a in tables.combat().armour]))
    return armour


def _trade_score(dice: DiceSource, level: NpcLevel) -> int:
    """A skill the NPC lives by: the chosen level's NPC score (L79-93), or rolled (L94-96)."""
    if level == "random":
        return npc_score(dice)[0]
    return next(lv.npc_score for lv in tables.core().level if lv.id == level) or 0


def random_npc(roller: DiceSource, lang: str = DEFAULT_LANG, **choices: Any) -> ArtemisSheet:
    """A random NPC; `choices` are the fields of `NpcParams` (people's words accepted), and
    may give its `name`; its name, weapon and notes are written in `lang`."""
    name: str | None = choices.pop("name", None)
    try:
        chosen = NpcParams.model_validate(choices)
    except ValidationError as error:
        raise from_validation(error, NpcParams) from None
    value = chosen.characteristic
    levels: dict[str, SkillLevel] = {}
    scores: dict[str, int] = {}
    for skill in tables.skills().innate:
        score, _ = npc_score(roller)
        scores[skill.id], levels[skill.id] = score, level_of(score) or ""
    acquired = [s.id for s in tables.skills().acquired]
    for _ in range(roller.d(ACQUIRED_MAX + 1) - 1):
        skill_id = _pick(roller, acquired)
        score = _trade_score(roller, chosen.level)
        scores[skill_id], levels[skill_id] = score, level_of(score)
    weapon_score = _trade_score(roller, chosen.level)
    categories = {w.id: w for w in tables.combat().weapon_category}
    category = _pick(roller, list(categories))
    weapon = Weapon(
        name=categories[category].label(lang).capitalize(),
        level=level_of(weapon_score),
        score=weapon_score,
        category=category,
        attack=weapon_score,
        parry=weapon_score,
    )
    armour = _armour(roller, chosen.armour)
    number = roller.d(1000)  # picks the name (a die of the NPC's dice, as it always was)
    return ArtemisSheet(
        name=name or drawn_name("ecran.systems.artemis", number),
        kind="npc",
        characteristics=Characteristics(**dict.fromkeys(Characteristics.model_fields, value)),
        levels=levels,
        scores=scores,
        weapons=[weapon],
        armour=armour,
        # typeset as the reader's language prints it: the note is read on the sheet as drawn
        notes=typeset(
            GENERATED.format(how=_level_note(chosen.level)(lang), value=value)(lang), lang
        ),
    )


GENERATED = tr(
    "Généré au hasard ({how}). Règle maison du générateur : caractéristiques à {value}, "
    "attaque et parade = score de l'arme (le résumé ne donne pas ces formules).",
    "Drawn at random ({how}). The generator's house rule: characteristics at {value}, "
    "attack and parry = the weapon's score (the summary gives no formula for them).",
)


def _level_note(level: NpcLevel) -> Text:
    if level == "random":
        return tr(
            "compétences tirées : deux dés, le plus petit + 2, L94-96",
            "skills rolled: two dice, the lower + 2, L94-96",
        )
    row = tables.level(level)
    return tr(
        f"métier au niveau {row.fr}, score {row.npc_score}, L79-93",
        f"trade at level {row.en}, score {row.npc_score}, L79-93",
    )
