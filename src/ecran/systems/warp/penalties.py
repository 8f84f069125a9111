"""The penalty dice a sheet brings to its own rolls, and the dice its traits give in a fight.

Wounds weigh on every action; heavy armour, extra layers and a badly healed serious wound weigh
on agility actions, attack and defence rolls included. Both the sheet's actions and the encounter's
attacks read them here, so a roll from the sheet and one from the tracker agree."""

from __future__ import annotations

from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tables import ARMOUR, CORE
from ecran.systems.warp.tracks import wound_penalty


def wounds(sheet: WarpSheet) -> int:
    """One penalty die on all actions while HP <= half the maximum (L3253-3261)."""
    return wound_penalty(sheet.hp(), sheet.max_hp)


def armour_penalty(sheet: WarpSheet) -> int:
    """Heavy armour: a penalty die on agility actions; each extra layer one more (L3049-3075)."""
    rows = [a for a in ARMOUR.normal if a.key in sheet.armour]
    rows_bp = [a for a in ARMOUR.bulletproof if a.key == sheet.bulletproof]
    layers = len(rows) + len(rows_bp)
    heavy = sum(a.penalty_die for a in rows) + sum(a.penalty_die for a in rows_bp)
    return heavy + max(0, layers - 1)


def lame(sheet: WarpSheet) -> int:
    """A serious wound that heals badly leaves a permanent penalty die on agility actions
    (L3957-3969); several such wounds are read as one handicap each."""
    return sum(1 for w in sheet.serious_wounds if w.kind == "heals_badly")


def fighting(sheet: WarpSheet) -> int:
    """Penalty dice on the sheet's attack and defence rolls: heavy armour slows "every action
    that needs agility (attack and defence rolls included)" (L3049-3055), on top of wounds."""
    return wounds(sheet) + armour_penalty(sheet) + lame(sheet)


def _best(scores: list[int]) -> int:
    return max(scores, default=CORE.default_dice.no_trait)


def fighting_dice(sheet: WarpSheet) -> int:
    """Attack with "a combat, strength, agility or similar trait", defend with "a combat,
    agility or similar trait" (L2294-2310): the best combat or agility trait, else the average
    person's 2 dice (L1399-1405). A non-combat trait serves attack or defence in a round, not
    both (L2618-2662): the table keeps track of that choice."""
    traits = sheet.positive_traits()
    return _best([t.score for t in traits if (t.combat or t.agility) and t.score > 0])


def dodge_dice(sheet: WarpSheet) -> int:
    """Bonus dice of a dodging target: its agility or quick-reflexes dice, 2 by default
    (L2714-2727)."""
    scores = [t.score for t in sheet.positive_traits() if t.agility and t.score > 0]
    return max(scores, default=CORE.default_dice.dodge)


def initiative_dice(sheet: WarpSheet) -> int:
    """Traits such as "agile", "good reflexes", "martial artist" count for initiative; 2 dice
    without such a trait (L2520-2528)."""
    return fighting_dice(sheet)
