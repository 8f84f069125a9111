"""The situation of a combat action as named parameters: free actions, the modifier table, the
simultaneous and split actions, improvised weapons and reach (L2738-2960, L3486-3524,
L3606-3667). Each value comes from `data/combat.toml`, so the check adds no number of its own."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from ecran.rules import Params
from ecran.rules.data import row_where
from ecran.systems.organique.tables import COMBAT, FIELDS, IMPROVISED, NONE, words

if TYPE_CHECKING:
    ImprovisedName = str
else:
    ImprovisedName = Literal[("none", *IMPROVISED)]

#: Actions made with a projectile: the prone-target and burst rules concern them (L2891-2894,
#: L2920-2925, L3516-3517).
RANGED = ("shoot", "throw", "barrage")


#: The attack's `will` field's range: the VOL a simultaneous attack adds (« −20 + VOL »,
#: L2927-2934).
WILL_RANGE = (0, 40)


class Situation(Params):
    aim: bool = FIELDS("aim", default=False)
    all_out: bool = FIELDS("all_out", default=False)
    split: bool = FIELDS("split", default=False)
    simultaneous: bool = FIELDS("simultaneous", default=False)
    will: int = FIELDS("will", default=0, ge=WILL_RANGE[0], le=WILL_RANGE[1])
    simultaneous_bonus: int = FIELDS("simultaneous_bonus", default=0, ge=0, le=40)
    burst: bool = FIELDS("burst", default=False)
    two_weapons: bool = FIELDS("two_weapons", default=False)
    called_shot: bool = FIELDS("called_shot", default=False)
    target_prone: bool = FIELDS("target_prone", default=False)
    improvised: ImprovisedName = FIELDS(
        "improvised", default="none", choices=words(COMBAT.improvised, none=NONE)
    )
    weapon_reach: str = FIELDS("weapon_reach", default="", max_length=10)
    band: int | None = FIELDS("band", default=None, ge=0, le=20)
    defender_split: bool = FIELDS("defender_split", default=False)


def will_of(stats: Mapping[str, int]) -> int:
    """The attacker's VOL as it stands (`tracks.effective`), in the `will` field's range: what
    the sheet's attacks and `odds … --sheet` give a simultaneous attack."""
    low, high = WILL_RANGE
    return max(low, min(high, stats["VOL"]))


def reach_span(text: str) -> tuple[int, int | None]:
    """'1-2' → (1, 2); '2' → (2, 2); '4+' → (4, None)."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)|(\+))?\s*", text)
    if m is None:
        raise ValueError("portée illisible (ex. 1, 1-2, 4+) / unreadable reach (e.g. 1, 1-2, 4+)")
    low = int(m.group(1))
    high = None if m.group(3) else int(m.group(2) or low)
    return low, high


def check_situation(action: str, s: Situation) -> None:
    """Refuse what the rules forbid: a weapon out of reach, disarm and disable outside reach 1,
    a burst with a thrown weapon (raises ValueError, which the CLI shows as one line)."""
    needed = row_where(COMBAT.action, name=action).band
    if s.band is not None and needed is not None and s.band != needed:
        raise ValueError(
            f"{action} se fait à portée {needed}, pas {s.band} / {action} needs reach {needed}"
        )
    if s.band is not None and s.weapon_reach:
        low, high = reach_span(s.weapon_reach)
        if s.band < low or (high is not None and s.band > high):
            raise ValueError(
                f"l'arme (portée {s.weapon_reach}) ne porte pas à la portée {s.band} / "
                f"the weapon (reach {s.weapon_reach}) cannot be used at band {s.band}"
            )
    if s.burst and action == "throw":
        raise ValueError("pas de rafale avec une arme de jet / no burst with a thrown weapon")


def situation_modifiers(action: str, s: Situation) -> dict[str, int]:
    """The named modifiers to the action's roll, each from the data tables."""
    found: dict[str, int] = {}
    if s.aim:
        found["aim"] = row_where(COMBAT.free_action, name="aim").modifier
    for name in ("all_out", "split", "burst", "two_weapons", "called_shot"):
        if getattr(s, name):
            found[name] = row_where(COMBAT.modifier, name=name).action
    if s.simultaneous:
        found["simultaneous"] = row_where(COMBAT.modifier, name="simultaneous").action + s.will
        if s.simultaneous_bonus:  # a combat skill's (street fighting +4, L3858-3859)
            found["simultaneous_skill"] = s.simultaneous_bonus
    if s.target_prone and action in RANGED:
        found["target_prone"] = row_where(COMBAT.modifier, name="prone").action
    if s.improvised != "none":
        weapon = row_where(COMBAT.improvised, name=s.improvised)
        if action not in weapon.exempt:
            found["improvised"] = weapon.penalty
    return found


def defender_modifiers(s: Situation) -> dict[str, int]:
    return (
        {"defender_split": row_where(COMBAT.modifier, name="split").reaction}
        if s.defender_split
        else {}
    )
