"""A blank sheet for the guided creation, and random NPCs that pass validation."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import Roller
from ecran.rules import Params, drawn_name
from ecran.rules.text import DEFAULT_LANG
from ecran.systems.nephilim import options
from ecran.systems.nephilim.rows import NpcRole
from ecran.systems.nephilim.sheet import OCCULT_SKILLS, Nature, NephilimSheet
from ecran.systems.nephilim.skills import (
    GROUPS,
    RANGES,
    SKILL_NODES,
    UNBOUGHT,
    level_of,
    parent,
    prerequisite,
)
from ecran.systems.nephilim.tables import (
    CHARACTERISTICS,
    FIELDS,
    KA,
    LANGUAGES,
    NPC,
    OCCULT,
)


def new_character(name: str) -> NephilimSheet:
    """A blank human the guided creation walks through: characteristics at 0 (average human),
    every group and apprentice node, every Ka-element, occult skill and stasis element present
    but empty (-4 = nothing bought, Ka 0), so pressing Enter everywhere gives a legal sheet and
    a Nephilim only has to fill in numbers. Ka-Soleil starts at 10, inside the human range 1-20
    (L30); the text gives no creation budget."""
    apprentice = [p for p, n in SKILL_NODES.items() if n.level in ("P", "A")]
    return NephilimSheet(
        name=name,
        ka={"soleil": 10, **dict.fromkeys(KA.nephilim_elements, 0)},
        skills=dict.fromkeys(apprentice, UNBOUGHT),
        occult_skills=dict.fromkeys(OCCULT_SKILLS, UNBOUGHT),
        stasis=dict.fromkeys(KA.nephilim_elements, 0),
    )


# -- random NPCs ------------------------------------------------------------------------------


class NpcParams(Params):
    """The choices a random NPC takes: its role (a labelled house rule, the text defining no
    NPCs) and its nature."""

    role: Literal["minion", "standard", "elite"] = options.NPC_ROLE.field()
    nature: Nature | None = FIELDS("npc_nature", default=None)


def random_npc(roller: Roller, lang: str = DEFAULT_LANG, **choices: Any) -> NephilimSheet:
    """A legal NPC: characteristics from the dice, skills bought step by step along the tree
    (so prerequisites hold by construction), a few languages; a Nephilim (one in three unless
    the `nature` choice says) also gets Ka-elements, an occult skill and a stasis. The role
    (house rule, data/npc.toml) shifts the dice; `standard` is the draw of earlier versions."""
    chosen = NpcParams.model_validate(choices)
    role = NPC.role[chosen.role]
    nature = chosen.nature
    if nature is None:
        nature = "nephilim" if roller.d(3) == 1 else "human"
    chars = {c.id: _characteristic(roller, role) for c in CHARACTERISTICS.characteristic}
    is_nephilim = nature == "nephilim"
    if is_nephilim:
        plus, die = role.nephilim_ka
        ka = {e: plus + roller.d(die) for e in KA.nephilim_elements}
    else:
        plus, die = role.human_ka
        ka = {"soleil": plus + roller.d(die)}
    sheet = NephilimSheet(
        name=drawn_name("ecran.systems.nephilim", roller.seed),
        kind="npc",
        nature="nephilim" if is_nephilim else "human",
        characteristics=chars,
        ka=ka,
        skills=_random_skills(roller, role),
        languages=_random_languages(roller),
    )
    if is_nephilim:
        circle = OCCULT.circle[roller.d(len(OCCULT.circle)) - 1].id
        stasis = {e: roller.d(10) for e in KA.nephilim_elements}
        die, minus = role.occult_skill
        update = {"occult_skills": {circle: roller.d(die) - minus}, "stasis": stasis}
        sheet = sheet.model_copy(update=update)
    return sheet


def _characteristic(roller: Roller, role: NpcRole) -> int:
    low, high = CHARACTERISTICS.human_min, CHARACTERISTICS.human_max
    # −4 is the total absence of the capacity (L7): an NPC keeps at least −3.
    return max(low + 1, min(high, _centered(roller) + role.characteristic_shift))


def _centered(roller: Roller) -> int:
    """One +1D−1D: NPCs cluster around the average human (0)."""
    faces = (0, 1, 2, 2, 3, 4)
    return roller.face(faces) - roller.face(faces)


def _random_skills(roller: Roller, role: NpcRole) -> dict[str, int]:
    skills: dict[str, int] = {g: -3 for g in GROUPS if roller.d(6) > 2}
    paths = sorted(SKILL_NODES)
    die, plus = role.skill_picks
    for _ in range(roller.d(die) + plus):
        path = paths[roller.d(len(paths)) - 1]
        _buy_up_to(skills, path, roller.d(role.skill_steps))
    return skills


def _buy_up_to(skills: dict[str, int], path: str, steps: int) -> None:
    """Buy the chain of ancestors to their prerequisite, then `steps` steps at `path`."""
    node = SKILL_NODES[path]
    up = parent(path)
    chain = [] if up is None else [up]
    if node.prereq_mode == "all" and node.prereq_also:
        chain.append(node.prereq_also)
    need = prerequisite(path)
    for p in chain:
        if need is not None:
            _buy_up_to(skills, p, 2 if level_of(p) != "P" else 1)
    level = level_of(path) or "M"
    low, high = RANGES[level]
    first = low + 1 if level == "P" else low
    skills[path] = max(skills.get(path, -99), min(high, first + steps - 1))


def _random_languages(roller: Roller) -> list[str]:
    leaves = [n.path for n in LANGUAGES.node if n.level == "M"]
    pick = leaves[roller.d(len(leaves)) - 1]
    held = []
    up: str | None = pick
    while up is not None and up.count(" > ") >= 1:
        held.append(up)
        up = parent(up)
    return sorted(held)
