"""Validation, a blank sheet for the guided creation, and random NPCs that pass validation."""

from __future__ import annotations

from ecran.dice import Roller
from ecran.rules import RuleViolation, Source, Text, cite
from ecran.systems.nephilim.rolls import SEED
from ecran.systems.nephilim.sheet import OCCULT_SKILLS, NephilimSheet
from ecran.systems.nephilim.skills import (
    GROUPS,
    RANGES,
    SKILL_NODES,
    UNBOUGHT,
    SkillProblem,
    language_problems,
    level_of,
    parent,
    prerequisite,
    skill_problems,
    steps_paid,
)
from ecran.systems.nephilim.tables import CHARACTERISTICS, KA, LANGUAGES, OCCULT

SOURCES: dict[str, Source] = {
    "characteristics.range": cite(SEED, 5, 7),
    "ka.minimum": cite(SEED, 30, 35, note="0 = no Ka, §9 A20"),
    "ka.human_elements": cite(SEED, 30),
    "stasis.nephilim_only": cite(SEED, 630),
    "occult.range": cite(SEED, 558, note="occult skills may exceed +3, §9 A7"),
    "occult.unknown": cite(SEED, 547, 552),
    "skills.unknown": cite(SEED, 110),
    "skills.range": cite(SEED, 92, 104),
    "skills.prerequisite": cite(SEED, 108, 112),
    "skills.budget": cite(SEED, 108, note="house rule: the text gives no budget"),
    "skills.characteristic": cite(SEED, 455),
    "languages.unknown": cite(SEED, 378, 446),
    "languages.prerequisite": cite(SEED, 114, 120, note="implied"),
}


def violation(rule: str, path: str, fr: str, en: str) -> RuleViolation:
    return RuleViolation(rule=rule, source=SOURCES[rule], message=Text(fr=fr, en=en), path=path)


def _from_problem(p: SkillProblem, root: str) -> RuleViolation:
    return violation(p.rule, f"{root}.{p.path}", p.fr, p.en)


def validate(sheet: NephilimSheet) -> list[RuleViolation]:
    found = _characteristics(sheet) + _ka(sheet) + _occult(sheet)
    found += [_from_problem(p, "skills") for p in skill_problems(sheet.skills)]
    found += _budget(sheet) + _pairings(sheet)
    prereq = sheet.language_prerequisites
    found += [_from_problem(p, "languages") for p in language_problems(sheet.languages, prereq)]
    return found


def _characteristics(sheet: NephilimSheet) -> list[RuleViolation]:
    low, high = CHARACTERISTICS.human_min, CHARACTERISTICS.human_max
    return [
        violation(
            "characteristics.range",
            f"characteristics.{c}",
            f"caractéristique naturelle entre {low} et {high}, pas {v}",
            f"natural characteristic between {low} and {high}, not {v}",
        )
        for c, v in sheet.characteristics.model_dump().items()
        if not low <= v <= high
    ]


def _ka(sheet: NephilimSheet) -> list[RuleViolation]:
    found = [
        violation("ka.minimum", f"ka.{e}", f"Ka négatif : {v}", f"negative Ka: {v}")
        for e, v in sheet.ka.items()
        if v < 0
    ]
    if sheet.nature == "human":
        found += [
            violation(
                "ka.human_elements",
                f"ka.{e}",
                "un humain n'a que du Ka-Soleil",
                "a human has only Ka-Soleil",
            )
            for e, v in sheet.ka.items()
            if e not in KA.human_elements and v > 0
        ]
        if any(sheet.stasis.values()):
            found.append(
                violation(
                    "stasis.nephilim_only",
                    "stasis",
                    "seul un Nephilim a une stase",
                    "only a Nephilim has a stasis",
                )
            )
    return found


def _occult(sheet: NephilimSheet) -> list[RuleViolation]:
    found = []
    for name, score in sheet.occult_skills.items():
        if name not in OCCULT_SKILLS:
            found.append(
                violation(
                    "occult.unknown",
                    f"occult_skills.{name}",
                    f"compétence occulte inconnue ; possibles : {', '.join(OCCULT_SKILLS)}",
                    f"unknown occult skill; allowed: {', '.join(OCCULT_SKILLS)}",
                )
            )
        elif score < -4:
            found.append(
                violation(
                    "occult.range",
                    f"occult_skills.{name}",
                    f"score au moins -4, pas {score}",
                    f"score at least -4, not {score}",
                )
            )
    return found


def total_steps(sheet: NephilimSheet) -> int:
    return sum(steps_paid(path, score) for path, score in sheet.skills.items())


def _budget(sheet: NephilimSheet) -> list[RuleViolation]:
    budget, paid = sheet.skill_step_budget, total_steps(sheet)
    if budget == 0 or paid <= budget:
        return []
    return [
        violation(
            "skills.budget",
            "skills",
            f"{paid} pas de compétence payés pour un budget de {budget}",
            f"{paid} skill steps paid for a budget of {budget}",
        )
    ]


def _pairings(sheet: NephilimSheet) -> list[RuleViolation]:
    return [
        violation(
            "skills.characteristic",
            f"skill_characteristics.{path}",
            "caractéristique choisie pour une compétence hors de l'arbre et de la feuille",
            "characteristic chosen for a skill neither in the tree nor on the sheet",
        )
        for path in sheet.skill_characteristics
        if path not in SKILL_NODES and path not in sheet.skills
    ]


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


def random_npc(roller: Roller, nature: str | None = None) -> NephilimSheet:
    """A legal NPC: characteristics from the dice, skills bought step by step along the tree
    (so prerequisites hold by construction), a few languages; a Nephilim (one in three unless
    `nature` says) also gets Ka-elements, an occult skill and a stasis."""
    if nature is None:
        nature = "nephilim" if roller.d(3) == 1 else "human"
    chars = {c.id: max(-3, min(3, _centered(roller))) for c in CHARACTERISTICS.characteristic}
    is_nephilim = nature == "nephilim"
    if is_nephilim:
        ka = {e: 10 + roller.d(30) for e in KA.nephilim_elements}
    else:
        ka = {"soleil": roller.d(20)}
    sheet = NephilimSheet(
        name=f"PNJ {roller.seed % 10000:04d}",
        kind="npc",
        nature="nephilim" if is_nephilim else "human",
        characteristics=chars,
        ka=ka,
        skills=_random_skills(roller),
        languages=_random_languages(roller),
    )
    if is_nephilim:
        circle = OCCULT.circle[roller.d(len(OCCULT.circle)) - 1].id
        stasis = {e: roller.d(10) for e in KA.nephilim_elements}
        update = {"occult_skills": {circle: roller.d(4) - 2}, "stasis": stasis}
        sheet = sheet.model_copy(update=update)
    return sheet


def _centered(roller: Roller) -> int:
    """One +1D−1D: NPCs cluster around the average human (0)."""
    faces = (0, 1, 2, 2, 3, 4)
    return roller.face(faces) - roller.face(faces)


def _random_skills(roller: Roller) -> dict[str, int]:
    skills: dict[str, int] = {g: -3 for g in GROUPS if roller.d(6) > 2}
    paths = sorted(SKILL_NODES)
    for _ in range(roller.d(8) + 2):
        path = paths[roller.d(len(paths)) - 1]
        _buy_up_to(skills, path, roller.d(2))
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
