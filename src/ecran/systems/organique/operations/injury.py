"""Injuries outside a weapon's hit (L190-194, L745-751, L808-814, L3552-3575, L3861-3867,
L4164-4167): poison rounds, falls, falling objects, tumbles, swarms; and the end of an effect."""

from __future__ import annotations

from math import floor
from typing import TYPE_CHECKING, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Params, tr
from ecran.rules.data import row_where
from ecran.rules.wording import de
from ecran.systems.organique.afflictions import Effect
from ecran.systems.organique.checks.combat import FallParams, FallSave
from ecran.systems.organique.hazards import (
    Report,
    medical_shock,
    record,
    save,
    with_condition,
    with_effect,
    wound,
)
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import FIELDS, HEALTH, POISONS, src, words
from ecran.systems.organique.tracks import (
    Damage,
    falling_object_c,
    floor_half,
    swarm_fraction,
    through_armour,
    tumble,
)

if TYPE_CHECKING:
    PoisonName = str
else:
    PoisonName = Literal[POISONS]


class PoisonParams(Params):
    poison: PoisonName = FIELDS("poison", default="blade_poison", choices=words(HEALTH.poison))
    doses: int = FIELDS("doses.poison", default=1, ge=1, le=20)


@operation("poison_round", src(3861, 3867), src(4019, 4026), src(4164, 4167))
def poison_round(
    sheet: OrganiqueSheet, params: PoisonParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """One round of a poison in the blood: its wound, its vomiting and shock saves, and its
    penalties, all multiplied by the doses (Ying's two doses: vomiting 40, −14, 2 bs)."""
    p, n, r = row_where(HEALTH.poison, name=params.poison), params.doses, Report()
    sheet = wound(sheet, bs=p.bs * n)
    r.say(f"{p.bs * n} bs", f"{p.bs * n} bs")
    if p.vomiting:
        roll = save(sheet, "VOL", p.vomiting * n, dice)
        record(r, "vomiting", roll)
        if not roll.success:
            sheet = with_condition(sheet, "vomiting")
            r.say("vomit (−20)", "vomiting (−20)")
    if p.shock:
        roll = save(sheet, "END", p.shock * n, dice)
        record(r, "shock", roll)
        if not roll.success:
            sheet = medical_shock(sheet)
            r.say("choc : END 0, caractéristiques ÷ 2", "shock: END 0, stats halved")
    effect = Effect(name=p.name, actions=p.actions * n, pain_saves=p.pain_saves * n)
    sheet = with_effect(sheet, effect)
    r.say(f"{effect.actions} aux actions", f"{effect.actions} to actions")
    return Change(sheet, r.text(), r.resolution("poisoned"))


class FallOpParams(FallParams):
    pass


@operation("fall", src(190, 194), src(782, 783))
def fall(sheet: OrganiqueSheet, params: FallOpParams, dice: DiceSource) -> Change[OrganiqueSheet]:
    """A fall: 2 c per floor that armour does not stop, less 1 per 10 of the AGI save's total
    (L190-194, L782-783)."""
    result = FallSave().resolve(params, dice)
    new = wound(sheet, c=float(result.details["damage_c"]))
    h = new.health
    text = tr(
        f"{result.details['damage_c']} c : CPS {h.cps}, SNG {h.sng}",
        f"{result.details['damage_c']} c: CPS {h.cps}, SNG {h.sng}",
    )
    return Change(new, text, result)


class ImpactParams(Params):
    kg: float = FIELDS("kg", default=0, ge=0, le=100000)
    floors: int = FIELDS("floors.impact", default=0, ge=0, le=200)
    speed: int = FIELDS("speed.impact", default=0, ge=0, le=1000)
    armour: bool = FIELDS("armour.impact", default=False)


@operation("impact", src(745, 751), src(808, 814))
def impact(sheet: OrganiqueSheet, params: ImpactParams) -> Change[OrganiqueSheet]:
    """A falling object (kg ÷ 5 × floors c, L745-751) and a tumble from a moving vehicle (1 bs +
    1 c per 20 speed, L808-814)."""
    roll = tumble(params.speed)
    hit = Damage(roll.bs, roll.c + falling_object_c(params.kg, params.floors))
    if params.armour:
        layers = sheet.armour
        hit, _ = through_armour(hit, layers, None)
    new = wound(sheet, bs=floor_half(hit.bs), c=floor_half(hit.c))
    text = tr(f"{hit.bs} bs, {hit.c} c", f"{hit.bs} bs, {hit.c} c")
    return Change(new, text)


class SwarmParams(Params):
    creatures: int = FIELDS("creatures", default=10, ge=1, le=100000)
    bs_each: float = FIELDS("bs_each", default=0, ge=0, multiple_of=0.5)
    c_each: float = FIELDS("c_each", default=0, ge=0, multiple_of=0.5)


@operation("swarm", src(3552, 3575))
def swarm(sheet: OrganiqueSheet, params: SwarmParams) -> Change[OrganiqueSheet]:
    """A swarm (L3552-3575): every creature's attack succeeds, but only the share 1 − AR/20 can
    reach uncovered skin (the best coverage worn)."""
    coverage = max((a.coverage for a in sheet.armour), default=0)
    attackers = floor(params.creatures * swarm_fraction(min(20, coverage)))
    bs, c = attackers * params.bs_each, attackers * params.c_each
    new = wound(sheet, bs=bs, c=c)
    text = tr(
        f"{attackers} créatures attaquent : {bs} bs, {c} c",
        f"{attackers} creatures attack: {bs} bs, {c} c",
    )
    return Change(new, text)


class EndParams(Params):
    name: str = FIELDS("name", min_length=1)


@operation("end_effect", src(835, 912))
def end_effect(sheet: OrganiqueSheet, params: EndParams) -> Change[OrganiqueSheet]:
    """An effect or condition ends (sleep, a meal, the poison wears off, the vomiting stops):
    durations are mostly the GM's (reading A31)."""
    effects = [e for e in sheet.effects if e.name != params.name]
    conditions = [c for c in sheet.conditions if c != params.name]
    if len(effects) == len(sheet.effects) and len(conditions) == len(sheet.conditions):
        names = [e.name for e in sheet.effects] + list(sheet.conditions)
        raise EcranError(
            tr(
                f"aucun effet « {params.name} » (en cours : {', '.join(names) or 'aucun'})",
                f"no effect '{params.name}' (in force: {', '.join(names) or 'none'})",
            )
        )
    new = sheet.model_copy(update={"effects": effects, "conditions": conditions})
    return Change(new, tr(f"fin {de(params.name)}", f"{params.name} ends"))


INJURY_OPERATIONS = (poison_round, fall, impact, swarm, end_effect)
