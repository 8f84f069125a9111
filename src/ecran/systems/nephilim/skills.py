"""The skill tree (seed L106-112): levels, inheritance of the parent's score, stepwise
purchase and prerequisites; and the language tree (L114-122)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ecran.rules.data import SheetRules
from ecran.systems.nephilim.rows import Level, Node, RankRow
from ecran.systems.nephilim.tables import LANGUAGES, PACKAGE, SEED, SKILLS

SEP = " > "
LEVELS: tuple[Level, ...] = ("P", "A", "C", "M")
#: Score range of each level (L92-104); the first P step (-4) is everyone's and costs nothing.
RANGES: dict[str, tuple[int, int]] = {"P": (-4, -3), "A": (-2, -1), "C": (0, 1), "M": (2, 3)}
UNBOUGHT = -4

#: A breach of a rule of `data/violations.toml` at a path, its message filled with values.
violation = SheetRules(PACKAGE, SEED)

SKILL_NODES: dict[str, Node] = {n.path: n for n in SKILLS.node}
LANGUAGE_NODES: dict[str, Node] = {n.path: n for n in LANGUAGES.node}
GROUPS: tuple[str, ...] = tuple(n.path for n in SKILLS.node if n.level == "P")


def parent(path: str) -> str | None:
    head, sep, _ = path.rpartition(SEP)
    return head if sep else None


def depth(path: str) -> int:
    return path.count(SEP) + 1


def level_of(path: str) -> Level | None:
    d = depth(path)
    return LEVELS[d - 1] if d <= len(LEVELS) else None


def rank_of_score(score: int) -> Level:
    """P/A/C/M of a score on the -4..+3 scale (L94-104); above +3 stays M."""
    for level in LEVELS:
        if score <= RANGES[level][1]:
            return level
    return "M"


def twin(path: str) -> str | None:
    """The other path of a skill listed under two parents (L112): Psychiatrie (`same_as`), and
    Patinage artistique, one skill under both Patin and Danse (`prereq_also` + its name)."""
    node = SKILL_NODES.get(path)
    if node is None:
        return None
    if node.same_as is not None:
        return node.same_as
    if node.prereq_mode == "all" and node.prereq_also is not None:
        return node.prereq_also + SEP + path.rpartition(SEP)[2]
    return None


def effective(skills: Mapping[str, int], path: str) -> int:
    """A skill's score: its own, or what it inherits from its parent (L108). A skill known
    under two paths (L112) has the better of both."""
    own = skills.get(path, UNBOUGHT)
    other = twin(path)
    if other is not None:
        own = max(own, skills.get(other, UNBOUGHT))
    up = parent(path)
    return max(own, effective(skills, up)) if up is not None else own


def steps_paid(path: str, score: int) -> int:
    """Steps bought at this node, each step of its range paid in order (L108)."""
    level = level_of(path) or "M"
    low = RANGES[level][0]
    return max(0, score - low + (0 if level == "P" else 1))


def prerequisite(path: str) -> int | None:
    """The parent's score needed before the first step here: the top of the previous range."""
    level = level_of(path)
    if level is None or level == "P":
        return None
    return RANGES[LEVELS[LEVELS.index(level) - 1]][1]


@dataclass(frozen=True)
class SkillProblem:
    rule: str
    path: str
    fr: str
    en: str


def _problem(rule: str, path: str, **values: object) -> SkillProblem:
    """A problem of a skill or language, its words those of its rule in `data/violations.toml`."""
    message = violation(rule, path, **values).message
    return SkillProblem(rule, path, message.fr, message.en)


def known(path: str, tree: Mapping[str, Node], held: Mapping[str, object]) -> bool:
    """In the tree, or a GM-added node under a known or held parent, at most four deep (L110)."""
    if path in tree:
        return True
    up = parent(path)
    return up is not None and depth(path) <= len(LEVELS) and (up in tree or up in held)


def skill_problems(skills: Mapping[str, int]) -> list[SkillProblem]:
    problems: list[SkillProblem] = []
    for path, score in skills.items():
        if not known(path, SKILL_NODES, skills):
            problems.append(_problem("skills.unknown", path))
            continue
        if score == UNBOUGHT:
            continue  # nothing bought: the node inherits from its parent (L108)
        level = level_of(path) or "M"
        low, high = RANGES[level]
        if not low <= score <= high:
            problems.append(
                _problem("skills.range", path, level=level, low=low, high=high, score=score)
            )
        problems.extend(_prerequisites(skills, path))
    return problems


def _prerequisites(skills: Mapping[str, int], path: str) -> list[SkillProblem]:
    need = prerequisite(path)
    up = parent(path)
    if need is None or up is None:
        return []
    parents = [up]
    node = SKILL_NODES.get(path)
    if node is not None and node.prereq_mode == "all" and node.prereq_also:
        parents.append(node.prereq_also)
    return [
        _problem("skills.prerequisite", path, parent=p, need=need, has=effective(skills, p))
        for p in parents
        if effective(skills, p) < need
    ]


def language_problems(languages: list[str], prerequisites: bool) -> list[SkillProblem]:
    held = dict.fromkeys(languages, 0)
    problems: list[SkillProblem] = []
    for path in languages:
        if not known(path, LANGUAGE_NODES, held):
            problems.append(_problem("languages.unknown", path))
            continue
        up = parent(path)
        if prerequisites and up is not None and depth(path) >= 3 and up not in held:
            problems.append(_problem("languages.prerequisite", path, parent=up))
    return problems


def language_rank(held: list[str], target: str) -> Level:
    """A character's rank toward a language: the deepest node held on its path. Holding a
    branch (C) lets one converse in its languages and dialects (L119); P is everyone's (L117)."""
    best: Level = "P"
    node: str | None = target
    while node is not None:
        if node in held:
            level = level_of(node) or "M"
            if LEVELS.index(level) > LEVELS.index(best):
                best = level
        node = parent(node)
    return best


def language_capability(level: str) -> RankRow:
    return next(r for r in LANGUAGES.rank if r.level == level)


def knowledge(score: int) -> RankRow | None:
    """What a skill score means (L97-104); occult scores above +3 have no row."""
    return next((r for r in SKILLS.scale if r.score == score), None)
