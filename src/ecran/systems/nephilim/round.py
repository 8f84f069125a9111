"""The combat round (seed L485-529): movement, multiple actions, delaying, initiative order,
segments and who declares first. An encounter tracker calls these; the checks roll the dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import TypeVar

from ecran.dice import DiceSource
from ecran.rules import Resolution
from ecran.systems.nephilim.dice import roll_modifier
from ecran.systems.nephilim.tables import COMBAT

MOVE = COMBAT.movement


def _extend(row: Sequence[int], rapidite: int, formula: int) -> int:
    if rapidite in MOVE.rapidite:
        return row[MOVE.rapidite.index(rapidite)]
    return max(0, formula)  # past the printed "..." (§9 A19)


def speeds(rapidite: int) -> dict[str, int]:
    """Metres per round by mode (L524-527)."""
    base = rapidite + 4
    return {
        "immobile": 0,
        "stationary": _extend(MOVE.stationary, rapidite, base // 3),
        "walk": _extend(MOVE.walk, rapidite, base),
        "run": _extend(MOVE.run, rapidite, 3 * base),
    }


def action_slots(initiative: int, actions: int, magical: int = 0) -> tuple[list[int], int]:
    """Initiative slots of the round's actions, and the malus every one of them suffers
    (L510-512): `actions` normal ones, at I, I − 6, I − 12...; `magical` extra actions from
    spells or technology add no malus of their own but suffer it, and take any slot I − 6j."""
    step = COMBAT.multiple_actions.slot_step
    slots = [initiative - step * k for k in range(actions + magical)]
    malus = COMBAT.multiple_actions.malus_per_extra_action * max(0, actions - 1)
    return slots, malus


def delay_bonus(segments_delayed: int, rounds_delayed: int) -> tuple[int, int]:
    """(Anticipation bonus, initiative bonus) of an action delayed so long (L516-518)."""
    d = COMBAT.delay
    return d.anticipation_per_segment * segments_delayed, d.initiative_per_round * rounds_delayed


@dataclass(frozen=True)
class Combatant:
    name: str
    initiative: int
    raw: int  # the raw dice result (±4 ranks ties, L491)
    rating: int  # Rapidité + Réaction with meta bonuses, spells...
    natural_rating: int  # Rapidité + Réaction without them
    anticipation: int = 0
    intuition: int = 0
    critical: int = 4


def order_key(c: Combatant) -> tuple[int, int, int, int]:
    """Sort key, highest acts first (L491): total, dice category, rating, natural rating."""
    category = 1 if c.raw == c.critical else -1 if c.raw == -c.critical else 0
    return (c.initiative, category, c.rating, c.natural_rating)


def initiative_order(combatants: Sequence[Combatant]) -> list[Combatant]:
    return sorted(combatants, key=order_key, reverse=True)


def segments(
    initiatives: Sequence[int], reading: str = "from_highest_remaining"
) -> list[list[int]]:
    """Group initiative values into segments (L493): the first is [I_max − 5, I_max]; later
    ones start again from the highest remaining value (§9 A5) or use fixed 6-wide windows."""
    return group_segments(list(initiatives), lambda i: i, reading)


T = TypeVar("T")


def group_segments(items: list[T], slot: Callable[[T], int], reading: str) -> list[list[T]]:
    width = COMBAT.initiative.segment_width
    remaining = sorted(items, key=slot, reverse=True)
    groups: list[list[T]] = []
    top = slot(remaining[0]) if remaining else 0
    while remaining:
        if reading == "from_highest_remaining":
            top = slot(remaining[0])
        group = [i for i in remaining if slot(i) > top - width]
        remaining = [i for i in remaining if slot(i) <= top - width]
        if group:
            groups.append(group)
        top -= width
    return groups


def declaration_order(combatants: Sequence[Combatant]) -> list[Combatant]:
    """Who declares first within a segment: ascending Anticipation, then Intuition (L493);
    remaining ties declare together (or roll off, option)."""
    return sorted(combatants, key=lambda c: (c.anticipation, c.intuition))


def declaration_groups(
    combatants: Sequence[Combatant], tie: str = "simultaneous", dice: DiceSource | None = None
) -> list[list[Combatant]]:
    """The segment's declarations in order, first to declare first; a group of several
    declares at the same time. With the roll-off (L493) tied characters roll +1D − 1D, the
    lower declaring first, and roll again among those still tied."""
    ordered = declaration_order(combatants)
    groups: list[list[Combatant]] = []
    for _, tied in groupby(ordered, key=lambda c: (c.anticipation, c.intuition)):
        group = list(tied)
        if len(group) > 1 and tie == "roll_off" and dice is not None:
            groups.extend(_roll_off(group, dice))
        else:
            groups.append(group)
    return groups


def _roll_off(group: list[Combatant], dice: DiceSource) -> list[list[Combatant]]:
    rolled = sorted(((roll_modifier(dice)[2], c) for c in group), key=lambda rc: rc[0])
    order: list[list[Combatant]] = []
    for _, same in groupby(rolled, key=lambda rc: rc[0]):
        tied = [c for _, c in same]
        order.extend(_roll_off(tied, dice) if len(tied) > 1 else [tied])
    return order


def plan_round(
    slots: Sequence[Combatant],
    reading: str = "from_highest_remaining",
    tie: str = "simultaneous",
    dice: DiceSource | None = None,
) -> list[list[list[Combatant]]]:
    """The round as an encounter tracker runs it (L489-518): one entry per action slot (a
    character acting several times has one per slot, `action_slots`; a delayed action carries
    its Anticipation bonus), sorted into segments (reading §9 A5, the sheet's `segments`), each
    a list of declaration groups (tie rule: the sheet's `anticipation_tie`). Within a segment
    the actions are simultaneous; a character may dodge or parry only in his segment (L493)."""
    return [
        declaration_groups(seg, tie, dice)
        for seg in group_segments(list(slots), lambda c: c.initiative, reading)
    ]


def combatant(name: str, initiative: Resolution) -> Combatant:
    """A tracker's entry from `roll_initiative`'s result."""
    d = initiative.details
    return Combatant(
        name,
        int(initiative.total or 0),
        raw=int(d["modifier"]),
        rating=int(d["rating"]),
        natural_rating=int(d["natural_rating"]),
        anticipation=int(d["anticipation"]),
        intuition=int(d["intuition"]),
    )
