"""Wounds and fatigue in play (seed L72-88): boxes taken and recovered, and the per-round
tests of the critical states. Damage, armour and healing amounts are not in the text: they are
GM inputs."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Check, EcranError, Params, Text, cite, tr
from ecran.systems.nephilim.checks.health import ExhaustionCheck, IncapacityCheck
from ecran.systems.nephilim.operations.common import NoParams, operation
from ecran.systems.nephilim.sheet import NephilimSheet, fatigue_malus, ka_for_test, meta
from ecran.systems.nephilim.tables import FIELDS, SEED
from ecran.systems.nephilim.tracks import clamp, state

Track = Literal["wounds", "fatigue"]


class BoxesParams(Params):
    boxes: int = FIELDS("boxes", ge=0, le=10)


class WoundParams(BoxesParams):
    ignore_armour: bool = FIELDS("ignore_armour", default=False)


def _states(sheet: NephilimSheet) -> str:
    w = state("wound", sheet.wounds, sheet.track_boxes).label
    f = state("fatigue", sheet.fatigue, sheet.track_boxes).label
    return f"{w.fr} / {f.fr}"


def _moved(sheet: NephilimSheet, track: Track, delta: int) -> NephilimSheet:
    """The sheet with `delta` boxes checked (or cleared) on a track, kept within its 10 boxes."""
    return sheet.model_copy(update={track: clamp(getattr(sheet, track) + delta)})


@operation("take_wounds", cite(SEED, 72, 86), cite(SEED, 541, note="no damage rules"))
def take_wounds(
    sheet: NephilimSheet, params: WoundParams, dice: DiceSource
) -> Change[NephilimSheet]:
    """Wound boxes are checked one by one (L72-86); armour takes off its boxes unless the GM
    says the blow ignores it (the text gives no damage rules, L541)."""
    taken = params.boxes if params.ignore_armour else max(0, params.boxes - sheet.armour)
    new = _moved(sheet, "wounds", taken)
    return Change(new, tr(f"+{taken} blessure(s) : {_states(new)}", f"+{taken} wound box(es)"))


@operation("take_fatigue", cite(SEED, 72, 86))
def take_fatigue(
    sheet: NephilimSheet, params: BoxesParams, dice: DiceSource
) -> Change[NephilimSheet]:
    """Fatigue boxes are checked one by one (L72-86)."""
    new = _moved(sheet, "fatigue", params.boxes)
    return Change(new, tr(f"fatigue +{params.boxes} : {_states(new)}", "fatigue taken"))


@operation("heal", cite(SEED, 86, note="'tant qu'il n'aura pas été soigné'; no healing rates"))
def heal(sheet: NephilimSheet, params: BoxesParams, dice: DiceSource) -> Change[NephilimSheet]:
    """Care clears wound boxes (L86); how many is the GM's call, the text gives no rate."""
    new = _moved(sheet, "wounds", -params.boxes)
    return Change(new, tr(f"soins −{params.boxes} : {_states(new)}", "wounds healed"))


@operation("rest", cite(SEED, 72, note="fatigue includes sleep; no recovery rates"))
def rest(sheet: NephilimSheet, params: BoxesParams, dice: DiceSource) -> Change[NephilimSheet]:
    """Rest clears fatigue boxes (L72); how many is the GM's call, the text gives no rate."""
    new = _moved(sheet, "fatigue", -params.boxes)
    return Change(new, tr(f"repos −{params.boxes} : {_states(new)}", "fatigue recovered"))


@operation("incapacity_round", cite(SEED, 88))
def incapacity_round(
    sheet: NephilimSheet, params: NoParams, dice: DiceSource
) -> Change[NephilimSheet]:
    """Each round in Incapacity, a Constitution test or coma (L88)."""
    if not state("wound", sheet.wounds, sheet.track_boxes).round_check:
        raise EcranError(tr("le personnage n'est pas en Incapacité", "not incapacitated"))
    values = {"constitution": meta(sheet)["constitution"]}
    return _round_test(sheet, IncapacityCheck(), values, dice, tr("coma", "coma"))


@operation("exhaustion_round", cite(SEED, 88))
def exhaustion_round(
    sheet: NephilimSheet, params: NoParams, dice: DiceSource
) -> Change[NephilimSheet]:
    """Each round Exhausted, a Ka test or unconsciousness (L88)."""
    if not state("fatigue", sheet.fatigue, sheet.track_boxes).round_check:
        raise EcranError(tr("le personnage n'est pas Épuisé", "not exhausted"))
    fate = tr("inconscience", "unconsciousness")
    return _round_test(sheet, ExhaustionCheck(), {"ka": ka_for_test(sheet)}, dice, fate)


def _round_test(
    sheet: NephilimSheet, check: Check[Any], values: dict[str, int], dice: DiceSource, fate: Text
) -> Change[NephilimSheet]:
    """The round's test, with the fatigue malus; a failure checks every fatigue box (L88)."""
    result = check.resolve(check.parse({**values, "fatigue_malus": fatigue_malus(sheet)}), dice)
    if result.outcome.endswith("success"):
        return Change(sheet, tr("tient bon ce round", "holds on this round"), result)
    new = sheet.model_copy(update={"fatigue": 10})
    return Change(new, tr(f"sombre dans l'{fate.fr}", f"falls into {fate.en}"), result)
