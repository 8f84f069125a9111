"""Wounds and fatigue in play (seed L72-88): boxes taken and recovered, and the per-round
tests of the critical states. Damage, armour and healing amounts are not in the text: they are
GM inputs."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, Text, cite, tr
from ecran.systems.nephilim.checks.health import ExhaustionCheck, IncapacityCheck
from ecran.systems.nephilim.sheet import NephilimSheet, fatigue_malus, ka_for_test, meta
from ecran.systems.nephilim.tables import FIELDS, SEED
from ecran.systems.nephilim.tracks import clamp, state

BOXES = FIELDS("boxes", ge=0, le=10)


class NoParams(Params):
    pass


def _states(sheet: NephilimSheet) -> str:
    w = state("wound", sheet.wounds, sheet.track_boxes).label
    f = state("fatigue", sheet.fatigue, sheet.track_boxes).label
    return f"{w.fr} / {f.fr}"


class WoundParams(Params):
    boxes: int = BOXES
    ignore_armour: bool = FIELDS("ignore_armour", default=False)


class TakeWounds(Operation[NephilimSheet, WoundParams]):
    name = "take_wounds"
    title = tr("Encaisser des blessures", "Take wounds")
    params = WoundParams
    sources = (cite(SEED, 72, 86), cite(SEED, 541, note="no damage rules"))

    def apply(self, sheet: NephilimSheet, params: WoundParams, dice: DiceSource) -> Change[Any]:
        taken = params.boxes if params.ignore_armour else max(0, params.boxes - sheet.armour)
        new = sheet.model_copy(update={"wounds": clamp(sheet.wounds + taken)})
        return Change(new, tr(f"+{taken} blessure(s) : {_states(new)}", f"+{taken} wound box(es)"))


class BoxesParams(Params):
    boxes: int = BOXES


def _track_change(sheet: NephilimSheet, field: str, delta: int) -> NephilimSheet:
    return sheet.model_copy(update={field: clamp(getattr(sheet, field) + delta)})


class TakeFatigue(Operation[NephilimSheet, BoxesParams]):
    name = "take_fatigue"
    title = tr("Subir de la fatigue", "Take fatigue")
    params = BoxesParams
    sources = (cite(SEED, 72, 86),)

    def apply(self, sheet: NephilimSheet, params: BoxesParams, dice: DiceSource) -> Change[Any]:
        new = _track_change(sheet, "fatigue", params.boxes)
        return Change(new, tr(f"fatigue +{params.boxes} : {_states(new)}", "fatigue taken"))


class Heal(Operation[NephilimSheet, BoxesParams]):
    name = "heal"
    title = tr("Soigner des blessures", "Heal wounds")
    params = BoxesParams
    sources = (cite(SEED, 86, note="'tant qu'il n'aura pas été soigné'; no healing rates"),)

    def apply(self, sheet: NephilimSheet, params: BoxesParams, dice: DiceSource) -> Change[Any]:
        new = _track_change(sheet, "wounds", -params.boxes)
        return Change(new, tr(f"soins −{params.boxes} : {_states(new)}", "wounds healed"))


class Rest(Operation[NephilimSheet, BoxesParams]):
    name = "rest"
    title = tr("Se reposer", "Rest")
    params = BoxesParams
    sources = (cite(SEED, 72, note="fatigue includes sleep; no recovery rates"),)

    def apply(self, sheet: NephilimSheet, params: BoxesParams, dice: DiceSource) -> Change[Any]:
        new = _track_change(sheet, "fatigue", -params.boxes)
        return Change(new, tr(f"repos −{params.boxes} : {_states(new)}", "fatigue recovered"))


class IncapacityRound(Operation[NephilimSheet, NoParams]):
    name = "incapacity_round"
    title = tr("Round en incapacité", "Round while incapacitated")
    params = NoParams
    sources = (cite(SEED, 88),)

    def apply(self, sheet: NephilimSheet, params: NoParams, dice: DiceSource) -> Change[Any]:
        if not state("wound", sheet.wounds, sheet.track_boxes).round_check:
            raise EcranError(tr("le personnage n'est pas en Incapacité", "not incapacitated"))
        check = IncapacityCheck()
        values = {"constitution": meta(sheet)["constitution"]}
        result = check.resolve(check.parse({**values, "fatigue_malus": fatigue_malus(sheet)}), dice)
        return _coma_or_not(sheet, result, tr("coma", "coma"))


class ExhaustionRound(Operation[NephilimSheet, NoParams]):
    name = "exhaustion_round"
    title = tr("Round épuisé", "Round while exhausted")
    params = NoParams
    sources = (cite(SEED, 88),)

    def apply(self, sheet: NephilimSheet, params: NoParams, dice: DiceSource) -> Change[Any]:
        if not state("fatigue", sheet.fatigue, sheet.track_boxes).round_check:
            raise EcranError(tr("le personnage n'est pas Épuisé", "not exhausted"))
        check = ExhaustionCheck()
        values = {"ka": ka_for_test(sheet), "fatigue_malus": fatigue_malus(sheet)}
        result = check.resolve(check.parse(values), dice)
        return _coma_or_not(sheet, result, tr("inconscience", "unconsciousness"))


def _coma_or_not(sheet: NephilimSheet, result: Any, fate: Text) -> Change[Any]:
    if result.outcome.endswith("success"):
        return Change(sheet, tr("tient bon ce round", "holds on this round"), result)
    new = sheet.model_copy(update={"fatigue": 10})  # every fatigue box checked (L88)
    return Change(new, tr(f"sombre dans l'{fate.fr}", f"falls into {fate.en}"), result)
