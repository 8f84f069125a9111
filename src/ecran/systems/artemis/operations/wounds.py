"""Wounds in play: the blow taken by the wound procedure, wounds noted by hand, and the forced
defence's fatigue (L71-128, L156-161)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, NoParams, Params, PutCondition, tr
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.operations.common import odds, operation, roll
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed, site


@operation("force_defence", seed(156, 161), seed(756, 759))
def force_defence(sheet: ArtemisSheet, params: NoParams) -> Change[ArtemisSheet]:
    """Forcing a parry or a dodge costs one light fatigue (L156-161, L756-759)."""
    light = tables.combat().optional.force_fatigue_light
    return Change(
        tracks.add_marks(sheet, "fatigue", light=light),
        tr("défense forcée : une fatigue légère", "defence forced: one light fatigue"),
    )


class TakeWoundsParams(Params):
    light: int = FIELDS("light_wounds", default=0, ge=0, le=99)
    serious: int = FIELDS("serious_wounds", default=0, ge=0, le=99)


@operation("take_wounds", seed(98, 106))
def take_wounds(sheet: ArtemisSheet, params: TakeWoundsParams) -> Change[ArtemisSheet]:
    """Wounds noted by hand: x per serious wound, / per light wound (L98-106)."""
    changed = tracks.add_marks(sheet, "blessure", params.light, params.serious)
    marks = tracks.Wounds(params.serious, params.light).marks
    return Change(changed, tr(f"blessures {marks}", f"wounds {marks}"))


class HitParams(Params):
    category: int = FIELDS("hit_category", default=3, ge=0, le=7)
    total_attack: bool = OPTIONS["total_attack"].field()
    head: bool = OPTIONS["head"].field()
    defenceless: bool = OPTIONS["defenceless"].field()
    short_circuit: bool = FIELDS("hit_short_circuit", default=False)
    knockout: bool = OPTIONS["knockout"].field()
    disarm: bool = OPTIONS["disarm"].field()
    stack_categories: bool = OPTIONS["stack_categories"].field()
    cancel_order: Literal["serious_first", "light_first"] = OPTIONS["cancel_order"].field()
    floor_on_scratch: bool = OPTIONS["floor_on_scratch"].field()


def _conditions(params: HitParams, wounds: tracks.Wounds) -> tuple[PutCondition, ...]:
    """What the blow leaves on the target beyond its marks: dead or destroyed (A5); knocked
    out or disarmed by a precise attack that causes at least one serious wound (L188-197)."""
    if wounds.lethal:
        state = tables.category(tracks.TOP - 1 if wounds.lethal == "dead" else tracks.TOP)
        return (PutCondition(state.label),)
    found = []
    if wounds.serious and params.knockout:
        found.append(KNOCKED_OUT)
    if wounds.serious and params.disarm:
        found.append(DISARMED)
    return tuple(found)


KNOCKED_OUT = PutCondition(
    tr(
        "assommé (la conversion des blessures à la fin du tour est coupée dans le texte : "
        "au MJ, L192-197)",
        "knocked out (the wounds' conversion at the end of the turn is cut from the text: "
        "the GM's, L192-197)",
    )
)
DISARMED = PutCondition(tr("désarmé (L188-191)", "disarmed (L188-191)"))


def _damage_values(sheet: ArtemisSheet, params: HitParams) -> dict[str, Any]:
    """The Résistance test's values for this blow on this sheet: its armour, Résistance and
    malus (L71-128); a knock-out blow aims at the head (+1 category, L192-197)."""
    if params.knockout and params.disarm:
        raise EcranError(
            tr(
                "un coup vise la tête (assommer) ou le bras armé (désarmer), pas les deux",
                "a blow aims at the head (knock out) or the weapon arm (disarm), not both",
            )
        )
    values = params.model_dump(exclude={"short_circuit", "knockout", "disarm"})
    values |= {
        "head": params.head or params.knockout,
        "resistance": sheet.score("resistance"),
        "malus": tracks.malus(sheet),
        "protection": tracks.protection(sheet),
    }
    return values


def _struck(sheet: ArtemisSheet, params: HitParams, wounds: tracks.Wounds) -> ArtemisSheet:
    """The sheet after the wound procedure came to `wounds`: Mort or Détruit (A5), else the
    wounds marked; a short-circuit adds one gêne to an exoskeleton (website)."""
    changed = sheet
    if wounds.lethal:
        n = sheet.nifimo.model_copy(update={"lethal": wounds.lethal})
        changed = tracks.with_nifimo(sheet, n)
    else:
        changed = tracks.add_marks(sheet, "blessure", wounds.light, wounds.serious)
    if params.short_circuit and tables.armour(sheet.armour).exoskeleton:
        changed = tracks.add_marks(changed, "gene", light=1)
    return changed


def _hit_law(sheet: ArtemisSheet, params: HitParams) -> list[tuple[ArtemisSheet, Fraction]]:
    """`hit`'s exact law: the damage check's odds on this sheet's values (`odds`, computed
    once per values), each outcome's sheet made once (`_struck`), as `hit` makes it."""
    chances = odds("damage", _damage_values(sheet, params))
    return [(_struck(sheet, params, _wounds(o)), p) for o, p in chances.items()]


@operation(
    "hit",
    seed(71, 128),
    seed(714, 725),
    seed(188, 197),
    site(199, 211, "0106070701"),
    law=_hit_law,
    law_examples=(
        {"category": 2},
        {"category": 5},
        {"category": 3, "total_attack": True, "head": True},
        {"category": 4, "knockout": True},
    ),
)
def hit(sheet: ArtemisSheet, params: HitParams, dice: DiceSource) -> Change[ArtemisSheet]:
    """The wound procedure on this character, with its armour, its Résistance and its malus
    (L71-128, example L714-725); a short-circuit adds one gêne to an exoskeleton (website). A
    knock-out blow is a precise attack on the head (+1 category); with a disarming one, it
    takes effect when the wounds include a serious one (L188-197)."""
    result = roll("damage", _damage_values(sheet, params), dice)
    wounds = _wounds(result.outcome)
    return Change(
        _struck(sheet, params, wounds),
        tracks.outcome_label(result.outcome),
        result,
        _conditions(params, wounds),
    )


def _wounds(outcome: str) -> tracks.Wounds:
    if outcome in ("dead", "destroyed"):
        return tracks.Wounds(lethal="dead" if outcome == "dead" else "destroyed")
    if outcome == "none":
        return tracks.Wounds()
    serious, light = (int(p[1:]) for p in outcome.split("_"))
    return tracks.Wounds(serious, light)
