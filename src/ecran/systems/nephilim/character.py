"""Reading a sheet: meta-characteristics, Ka of a Ka test, effective scores, penalties."""

from __future__ import annotations

from ecran.systems.nephilim.ka import meta_bonuses, normalize
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.systems.nephilim.skills import effective
from ecran.systems.nephilim.tables import CHARACTERISTIC_IDS
from ecran.systems.nephilim.tracks import malus, state, wound_malus_on


def natural(sheet: NephilimSheet) -> dict[str, int]:
    return {c: getattr(sheet.characteristics, c) for c in CHARACTERISTIC_IDS}


def meta(sheet: NephilimSheet) -> dict[str, int]:
    """A Nephilim's simulacrum adds the Ka-element bonus (L49-70); a human has none."""
    values = natural(sheet)
    if sheet.nature != "nephilim":
        return values
    bonus = meta_bonuses(kas(sheet))
    return {c: v + bonus[c] for c, v in values.items()}


def kas(sheet: NephilimSheet) -> dict[str, int]:
    return {str(e): v for e, v in sheet.ka.items()}


def ka_test_element(sheet: NephilimSheet) -> str:
    """The Ka a Ka test uses (§9 A11): the table's choice, else the highest element."""
    chosen = sheet.ka_test_element
    if chosen != "dominant":
        return chosen
    if not sheet.ka:
        return "soleil"
    return max(sorted(sheet.ka), key=lambda e: sheet.ka[e])


def ka_for_test(sheet: NephilimSheet) -> int:
    return kas(sheet).get(ka_test_element(sheet), 0)


def fatigue_malus(sheet: NephilimSheet) -> int:
    return malus("fatigue", sheet.fatigue, sheet.track_boxes)


def wound_malus(sheet: NephilimSheet, characteristic: str) -> int:
    r = sheet
    return wound_malus_on(characteristic, sheet.wounds, r.track_boxes, r.wound_characteristics)


def out_of_play(sheet: NephilimSheet) -> bool:
    boxes = sheet.track_boxes
    return state("wound", sheet.wounds, boxes).out or state("fatigue", sheet.fatigue, boxes).out


def skill(sheet: NephilimSheet, path: str) -> int:
    return effective(sheet.skills, path)


def initiative_rating(sheet: NephilimSheet) -> int:
    m = meta(sheet)
    return m["rapidite"] + m["reaction"]


def anticipation(sheet: NephilimSheet) -> int:
    """Intuition + Perception (L493)."""
    m = meta(sheet)
    return m["intuition"] + m["perception"]


def normalized_ka(sheet: NephilimSheet) -> dict[str, int]:
    return {e: normalize(v) for e, v in sheet.ka.items() if v >= 0}
