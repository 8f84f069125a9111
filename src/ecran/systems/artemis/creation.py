"""Creation: random NPCs by the quick rules (L77-96): every skill score is rolled (two dice, keep
the lower, add 2) and its level is the one with that NPC score (7 has none). Guided creation asks
for the sheet's `creation_fields` (system.py)."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.systems.artemis import tables
from ecran.systems.artemis.checks.misc import npc_score
from ecran.systems.artemis.sheet import ArtemisSheet, Characteristics, SkillLevel, Weapon

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


def random_npc(roller: DiceSource, **choices: Any) -> ArtemisSheet:
    """A random NPC; `choices` may give its `name` and the `characteristic` every
    characteristic takes (default `DEFAULT_CHARACTERISTIC`)."""
    name: str | None = choices.get("name")
    chosen: int | None = choices.get("characteristic")
    value = chosen if chosen is not None else DEFAULT_CHARACTERISTIC
    levels: dict[str, SkillLevel] = {}
    scores: dict[str, int] = {}
    for skill in tables.skills().innate:
        score, _ = npc_score(roller)
        scores[skill.id], levels[skill.id] = score, level_of(score) or ""
    acquired = [s.id for s in tables.skills().acquired]
    for _ in range(roller.d(ACQUIRED_MAX + 1) - 1):
        skill_id = _pick(roller, acquired)
        score, _ = npc_score(roller)
        scores[skill_id], levels[skill_id] = score, level_of(score)
    weapon_score, _ = npc_score(roller)
    categories = {w.id: w for w in tables.combat().weapon_category}
    category = _pick(roller, list(categories))
    weapon = Weapon(
        name=categories[category].fr.capitalize(),
        level=level_of(weapon_score),
        score=weapon_score,
        category=category,
        attack=weapon_score,
        parry=weapon_score,
    )
    armour = _pick(roller, [a.id for a in tables.combat().armour])
    number = roller.d(1000)
    return ArtemisSheet(
        name=name or f"PNJ {number}",
        kind="npc",
        characteristics=Characteristics(**dict.fromkeys(Characteristics.model_fields, value)),
        levels=levels,
        scores=scores,
        weapons=[weapon],
        armour=armour,
        notes=(
            f"Généré au hasard. Règle maison du générateur : caractéristiques à {value}, "
            "attaque et parade = score de l'arme (le résumé ne donne pas ces formules)."
        ),
    )
