"""Changes of the play state: take a hit, end a round, rest, pain, conditions, healing.

Each returns a new sheet (never mutates) and a bilingual summary an encounter log can show.
"""

from __future__ import annotations

from typing import Any

from ecran.rules import Change, EcranError, Params, Text, param, tr
from ecran.systems.organique.hazards import (
    INC_ZERO_EFFECT,
    Report,
    after_wound,
    air_drain,
    dying_round,
    wound,
)
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.sheet import (
    CONDITION_PENALTIES,
    CONDITION_WORDS,
    ConditionName,
    HealthTrack,
    OrganiqueSheet,
)
from ecran.systems.organique.tables import COMBAT, FIELDS, HEALTH, src, words
from ecran.systems.organique.tracks import (
    Damage,
    apply_damage,
    endurance_loss_per_round,
    first_aid_rounds,
    first_aid_text,
    mortally_wounded,
    out_of_combat,
    scale_after_armour,
    through_armour,
)


def _half(label: str) -> Any:
    return param(tr(label, label), default=0.0, ge=0, le=100, multiple_of=0.5)


class HitParams(Params):
    bs: float = _half("bs")
    c: float = _half("c")
    armour_piercing: int = FIELDS("armour_piercing", default=0, ge=0, le=100)
    attack_margin: int | None = FIELDS("attack_margin", default=None)
    action: str = FIELDS("action.hit", default="strike", choices=words(COMBAT.action))
    ignore_armour: bool = FIELDS("ignore_armour", default=False)
    dirty: bool = FIELDS("dirty", default=False)


@operation("take_hit", src(541, 698), src(3323, 3381))
def take_hit(sheet: OrganiqueSheet, params: HitParams) -> Change[OrganiqueSheet]:
    layers = [] if params.ignore_armour else sheet.armour
    passed, _ = through_armour(
        Damage(params.bs, params.c), layers, params.attack_margin, params.armour_piercing
    )
    passed = scale_after_armour(passed, params.action, sheet.halving)
    after = apply_damage(sheet.health.current(), passed, sheet.blunt_after_sng0)
    health = sheet.health.model_copy(update={"sng": after.sng, "cps": after.cps, "inc": after.inc})
    dirt = HEALTH.dirty_wounds.infection * (passed.bs + passed.c) if params.dirty else 0
    new = after_wound(
        sheet,
        sheet.model_copy(
            update={
                "health": health,
                # Counted for the after-battle haemorrhage, pain and infection (L3669-3711).
                "battle_bs": sheet.battle_bs + passed.bs,
                "battle_c": sheet.battle_c + passed.c,
                "infection_malus": sheet.infection_malus + int(dirt),
            }
        ),
    )
    return Change(new, _health_summary(new, passed))


def _health_summary(sheet: OrganiqueSheet, hit: Damage) -> Text:
    h = sheet.health
    state = ""
    if out_of_combat(h.current(), sheet.endurance):
        clock = first_aid_text(first_aid_rounds(sheet))
        state, state_en = f" ; hors de combat, {clock.fr}", f"; out of the fight, {clock.en}"
    elif mortally_wounded(h.current()):
        state, state_en = " ; mortellement blessé", "; mortally wounded"
    else:
        state_en = ""
    return tr(
        f"{hit.bs} bs, {hit.c} c passent : SNG {h.sng}, CPS {h.cps}, INC {h.inc}{state}",
        f"{hit.bs} bs, {hit.c} c get through: SNG {h.sng}, CPS {h.cps}, INC {h.inc}{state_en}",
    )


class RoundParams(Params):
    exertion: bool = FIELDS("exertion", default=True)
    no_oxygen: bool = FIELDS("no_oxygen", default=False)
    psychic_actions: int = FIELDS("psychic_actions", default=0, ge=0)


@operation(
    "end_of_round",
    src(305, 353),
    src(614, 640),
    src(777, 780),
    src(824, 828),
    src(863),
    src(895, 896),
)
def end_of_round(sheet: OrganiqueSheet, params: RoundParams) -> Change[OrganiqueSheet]:
    """The round's END losses (L305-353), then what the symptoms in force take each round: a
    cardiac arrest 1 wound point (L863), a respiratory arrest 1 END (L895-896). A character
    out of combat exerts himself no more (L614-626): only the mortal wound's point
    (L630-633). Lack of air and a respiratory arrest go on from SNG once END is 0 (L824-828,
    L777-780; `hazards.air_drain`, the path of `suffocate`). Last, the first-aid clock of
    an out-of-combat character (L637-640, `hazards.dying_round`)."""
    if sheet.dead:
        return Change(sheet, tr("mort", "dead"))
    health = sheet.health.current()
    exertion = params.exertion and not out_of_combat(health, sheet.endurance)
    symptoms = [s for c in sheet.conditions if (s := HEALTH.symptom_named(c)) is not None]
    air = int(params.no_oxygen) + sum(s.endurance_per_round for s in symptoms)
    loss = endurance_loss_per_round(exertion, False, health, params.psychic_actions)
    new = sheet.model_copy(update={"endurance": max(0, sheet.endurance - loss)})
    new, choked = air_drain(new, air)
    report = Report()
    spent = sheet.endurance - new.endurance
    report.say(f"END −{spent} → {new.endurance}", f"END −{spent} → {new.endurance}")
    if choked:
        sng = new.health.sng
        report.say(f"faute d'air : SNG −{choked:g} → {sng}", f"no air: SNG −{choked:g} → {sng}")
    for symptom in symptoms:
        if symptom.bs_per_round:
            new = wound(new, bs=symptom.bs_per_round)
            h = new.health
            report.say(
                f"{symptom.label.fr} : {symptom.bs_per_round:g} bs → SNG {h.sng}, INC {h.inc}",
                f"{symptom.label.en}: {symptom.bs_per_round:g} bs → SNG {h.sng}, INC {h.inc}",
            )
    new = dying_round(sheet, new)
    if new.dead:
        report.say("mort : pas de premiers soins à temps", "dead: no first aid in time")
    elif out_of_combat(new.health.current(), new.endurance) and not new.first_aid:
        clock = first_aid_text(first_aid_rounds(new))
        report.say(f"hors de combat, {clock.fr}", f"out of the fight, {clock.en}")
    return Change(new, report.text())


class FirstAidParams(Params):
    pass


@operation("first_aid", src(637, 640), src(3669, 3676))
def first_aid(sheet: OrganiqueSheet, params: FirstAidParams) -> Change[OrganiqueSheet]:
    """First aid given in time stops the L637-640 clock (its quality and the care after the
    battle are `after_battle`'s, L3669-3711). The dead stay dead: "il n'existe aucun moyen de
    ressusciter quelqu'un" (L639-640)."""
    if sheet.dead:
        raise EcranError(
            tr(
                "trop tard : personne ne ressuscite (L639-640)",
                "too late: no one comes back from the dead (L639-640)",
            )
        )
    new = sheet.model_copy(update={"first_aid": True, "first_aid_rounds": None})
    return Change(new, tr("premiers soins : le décompte s'arrête", "first aid: the clock stops"))


class RecoverParams(Params):
    points: int = FIELDS("points.recover", default=1, ge=0)


@operation("recover_endurance", src(367, 383))
def recover_endurance(sheet: OrganiqueSheet, params: RecoverParams) -> Change[OrganiqueSheet]:
    if any(e.name == INC_ZERO_EFFECT for e in sheet.effects):
        return Change(
            sheet,
            tr(
                "réserve d'END à −1 pendant 24 h après INC 0 : pas de récupération (fin de "
                "l'effet : end_effect)",
                "END reserve −1 for 24 h after INC 0: no recovery (end it with end_effect)",
            ),
        )
    top = sheet.characteristics.END
    value = min(top, sheet.endurance + params.points)
    return Change(sheet.model_copy(update={"endurance": value}), tr(f"END {value}", f"END {value}"))


class SufferingParams(Params):
    penalty: int = FIELDS("penalty", ge=0, le=60)


@operation("suffering", src(512, 529))
def suffering(sheet: OrganiqueSheet, params: SufferingParams) -> Change[OrganiqueSheet]:
    new = sheet.model_copy(update={"suffering": params.penalty})
    return Change(new, tr(f"souffrance −{params.penalty}", f"suffering −{params.penalty}"))


class ConditionParams(Params):
    condition: ConditionName = param(
        tr("État", "Condition"),
        tr("Couché, aveugle, inconscient… (L2869-2960, L859-913)", "Prone, blind… "),
        choices=CONDITION_WORDS,
    )
    present: bool = FIELDS("present", default=True)


@operation("condition", src(2869, 2960))
def condition(sheet: OrganiqueSheet, params: ConditionParams) -> Change[OrganiqueSheet]:
    if params.condition not in CONDITION_PENALTIES:
        raise EcranError(
            tr(
                f"état inconnu : {params.condition} ({', '.join(CONDITION_PENALTIES)})",
                f"unknown condition: {params.condition} ({', '.join(CONDITION_PENALTIES)})",
            )
        )
    rest = [c for c in sheet.conditions if c != params.condition]
    conditions = [*rest, params.condition] if params.present else rest
    new = sheet.model_copy(update={"conditions": conditions})
    return Change(new, _conditions_words(conditions))


def _conditions_words(conditions: list[str]) -> Text:
    """The conditions a sheet now bears, by their words (`CONDITION_WORDS`), never their ids."""
    words = [CONDITION_WORDS.get(c, tr(c, c)) for c in conditions]
    if not words:
        return tr("aucun état", "no condition")
    return tr(", ".join(w.fr for w in words), ", ".join(w.en for w in words))


class HealParams(Params):
    sng: float = _half("SNG")
    cps: float = _half("CPS")
    inc: float = _half("INC")


@operation("heal", src(3669, 3711))
def heal(sheet: OrganiqueSheet, params: HealParams) -> Change[OrganiqueSheet]:
    """The chapter gives no healing rate (reading §5.10): the GM enters what comes back."""
    h = sheet.health
    health = HealthTrack(
        sng_max=h.sng_max,
        cps_max=h.cps_max,
        inc_max=h.inc_max,
        sng=min(h.sng_max, h.sng + params.sng),
        cps=min(h.cps_max, h.cps + params.cps),
        inc=min(h.inc_max, h.inc + params.inc),
    )
    new = sheet.model_copy(update={"health": health})
    return Change(
        new,
        tr(
            f"SNG {health.sng}, CPS {health.cps}, INC {health.inc}",
            f"SNG {health.sng}, CPS {health.cps}, INC {health.inc}",
        ),
    )


HEALTH_OPERATIONS = (
    take_hit,
    end_of_round,
    first_aid,
    recover_endurance,
    suffering,
    condition,
    heal,
)
