"""What a landed combat action other than a plain hit does to its victim: the stun, slash,
knock-out, tackle and push effects (L3158-3258, L3308-3320). Each rolls the victim's own save
from the victim's sheet, so the encounter's damage step needs nothing but the attacker's MR."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Params, PutCondition, tr
from ecran.rules.condition_data import load_conditions
from ecran.systems.organique.checks.base import difficulty_field, modifier_field
from ecran.systems.organique.checks.combat import ShockPain, ShockParams, StunParams, StunSave
from ecran.systems.organique.dice import TestRoll, beats
from ecran.systems.organique.hazards import (
    Report,
    pain_save,
    record,
    save,
    suffer,
    with_condition,
    wound,
)
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.operations.health import HitParams, take_hit
from ecran.systems.organique.options import OPTIONS, StunShortfall, TieRule
from ecran.systems.organique.sheet import CONDITIONS, OrganiqueSheet
from ecran.systems.organique.tables import FIELDS, src
from ecran.systems.organique.tracks import effective, pain_save_bonus

if TYPE_CHECKING:
    KnockDownAction = str
    SaveMode = str
else:
    KnockDownAction = Literal["tackle", "push"]
    SaveMode = Literal["sum", "average"]

#: Every save of these effects is "vs. 20" in the action texts (L3168-3172, L3203-3205,
#: L3233-3235, L3252-3255); a tackle's balance test is opposed at the same 20 (L3316-3318).
SAVE_DIFFICULTY = 20
#: What the stun's and the knock-out's conditions do (data/conditions.toml, L3203-3236).
CONDITIONS_ACTING = load_conditions("ecran.systems.organique")


class StunEffectParams(Params):
    attacker_margin: int = FIELDS("attacker_margin.effect", default=0, ge=0, le=80)
    stun_opposed: bool = OPTIONS["stun_opposed"].field()
    tie_rule: TieRule = OPTIONS["tie_rule"].field()
    stun_shortfall: StunShortfall = OPTIONS["stun_shortfall"].field()


@operation("stun_effect", src(3221, 3240), src(4076, 4083, "A10"))
def stun_effect(
    sheet: OrganiqueSheet, params: StunEffectParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Étourdir (L3221-3240): the victim's stun save, VOL against 20 opposed to the attacker's
    MR (reading A10); short by 1-10 loses the next action, by more also the reaction. The text
    gives the stun no damage (Ying's SNG tally, L3945-3947), so the tracks do not move; the
    lost action or reaction is the tracker's to enforce, as a condition for one turn."""
    values = StunParams(
        characteristic=effective(sheet)["VOL"],
        modifier=pain_save_bonus(sheet) - sheet.suffering,
        attacker_margin=params.attacker_margin,
        stun_opposed=params.stun_opposed,
        tie_rule=params.tie_rule,
        stun_shortfall=params.stun_shortfall,
    )
    result = StunSave().resolve(values, dice)
    outcome = StunSave().outcome(result.outcome).label
    summary = tr(f"étourdissement : {outcome.fr}", f"stun: {outcome.en}")
    # The lost action (and reaction) lasts the victim's next turn: one round on the tracker,
    # and on the sheet where no tracker holds it (`rules.ongoing`: no action that turn, no
    # defence until its end when short by more than 10, L3235-3236)
    lost = CONDITIONS_ACTING.get(result.outcome)
    put = () if lost is None else (lost.put(1, label=outcome),)
    return Change(sheet, summary, result, put)


class SlashParams(Params):
    attacker_margin: int = FIELDS("attacker_margin.effect", default=0, ge=0, le=80)


@operation("slash_effect", src(3243, 3258), src(643, 698), src(512, 529))
def slash_effect(
    sheet: OrganiqueSheet, params: SlashParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Taillader (L3243-3258): 0.5 bs through the armour (MR against coverage, L643-675); if
    it gets through, a pain save VOL against 20 or −1 per point of the attacker's MR as
    suffering (L512-529). Fully absorbed, the blow loses its effect (L695-698, L711-722)."""
    hit = take_hit.apply(sheet, HitParams(bs=0.5, attack_margin=params.attacker_margin), dice)
    new, report = hit.sheet, Report()
    report.say(hit.summary.fr, hit.summary.en)
    if new.battle_bs == sheet.battle_bs:
        report.say("l'armure arrête tout : pas de douleur", "the armour stops it all: no pain")
        return Change(new, report.text(), report.resolution("absorbed"))
    roll = pain_save(new, SAVE_DIFFICULTY, dice)
    record(report, "pain", roll)
    if roll.success:
        report.say("tient la douleur", "bears the pain")
        return Change(new, report.text(), report.resolution("no_effect"))
    new = suffer(new, params.attacker_margin)
    report.say(f"souffrance −{new.suffering}", f"suffering −{new.suffering}")
    return Change(new, report.text(), report.resolution("suffering"))


class KnockOutParams(Params):
    attacker_margin: int = FIELDS("attacker_margin.effect", default=0, ge=0, le=80)
    knockout_save: SaveMode = FIELDS("knockout_save", default="sum")
    brain_damage: bool = FIELDS("brain_damage", default=False)
    tie_rule: TieRule = OPTIONS["tie_rule"].field()


@operation("knockout_effect", src(3195, 3216), src(155, 165), src(4092, 4099))
def knockout_effect(
    sheet: OrganiqueSheet, params: KnockOutParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Assommer (L3195-3216): an opposed save against unconsciousness, VOL + END (the current
    reserve, L352-353, L4094-4095) against 20; on failure unconscious for rounds equal to the
    attacker's MR, and 1d6 SNG of brain damage at MR 10 or more if the attacker wants it."""
    report, mr = Report(), params.attacker_margin
    roll = save(sheet, "VOL", SAVE_DIFFICULTY, dice, second="END", mode=params.knockout_save)
    record(report, "unconsciousness", roll)
    if _resists(roll, mr, params.tie_rule):
        report.say("reste conscient", "stays conscious")
        return Change(sheet, report.text(), report.resolution("conscious"))
    new = with_condition(sheet, "unconscious")
    report.details["rounds"] = mr
    report.say(f"inconscient pendant {mr} tours", f"unconscious for {mr} rounds")
    # the unconsciousness ends after the attacker's MR in turns (L3206-3208): the sheet's
    # condition lifted then (`tracks.lifted`)
    put = (CONDITIONS_ACTING["knocked_out"].put(mr, label=CONDITIONS["unconscious"].label),)
    if params.brain_damage and mr >= 10:
        lost = dice.d(6)
        new = wound(new, bs=float(lost))
        report.details["brain_damage"] = lost
        report.say(f"lésions cérébrales : −{lost} SNG", f"brain damage: −{lost} SNG")
    return Change(new, report.text(), report.resolution("unconscious"), put)


def _resists(roll: TestRoll, required: int, tie_rule: str) -> bool:
    """An opposed save must succeed and match the attacker's MR (L155-165, reading A3)."""
    return roll.success and beats(roll.margin, required, tie_rule == "literal")


class KnockDownParams(Params):
    action: KnockDownAction = FIELDS("action.knock_down")
    attacker_margin: int = FIELDS("attacker_margin.effect", default=0, ge=0, le=80)
    tie_rule: TieRule = OPTIONS["tie_rule"].field()


@operation("knock_down_effect", src(3308, 3320), src(3158, 3175), src(2915, 2925))
def knock_down_effect(
    sheet: OrganiqueSheet, params: KnockDownParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Tacler (L3308-3320): no damage; an opposed balance test (AGI against 20, matching the
    attacker's MR) or the victim falls. Repousser (L3158-3175): 1 c through the armour, pushed
    back one band per point of MR even if the armour absorbs it, then a balance save AGI
    against 20 or fall. A fall leaves the victim prone (−8, L2915-2925)."""
    report, mr, new = Report(), params.attacker_margin, sheet
    required = 0
    if params.action == "push":
        hit = take_hit.apply(sheet, HitParams(c=1.0, attack_margin=mr), dice)
        new = hit.sheet
        report.say(hit.summary.fr, hit.summary.en)
        report.say(f"repoussé de {mr} portées", f"pushed back {mr} bands")
    else:
        required = mr
    roll = save(new, "AGI", SAVE_DIFFICULTY, dice)
    record(report, "balance", roll)
    if _resists(roll, required, params.tie_rule):
        report.say("garde l'équilibre", "keeps the balance")
        return Change(new, report.text(), report.resolution("standing"))
    report.say("tombe au sol", "falls down")
    put = (PutCondition(CONDITIONS["prone"].label),)
    return Change(with_condition(new, "prone"), report.text(), report.resolution("prone"), put)


class ShockEffectParams(Params):
    difficulty: int = difficulty_field(default=SAVE_DIFFICULTY)
    modifier: int = modifier_field()


@operation("shock_effect", src(498, 510))
def shock_effect(
    sheet: OrganiqueSheet, params: ShockEffectParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Pain shock (L502-510): the bearer's save VOL against the shock's difficulty (the
    `shock_pain` check, numbness helping as every pain save, L3861-3867); « échouant [...] de 1
    à 9 points perdra sa prochaine action. S'il échoue de 10 points ou plus, il perdra en plus
    sa prochaine réaction »: a condition for the bearer's next turn, which the tracker and the
    sheet file carry (`rules.ongoing`), as the stun's. The tracks do not move."""
    values = ShockParams(
        characteristic=effective(sheet)["VOL"],
        modifier=params.modifier + pain_save_bonus(sheet),
        difficulty=params.difficulty,
    )
    result = ShockPain().resolve(values, dice)
    outcome = ShockPain().outcome(result.outcome).label
    summary = tr(f"choc : {outcome.fr}", f"shock: {outcome.en}")
    lost = CONDITIONS_ACTING.get(f"shock_{result.outcome}")
    put = () if lost is None else (lost.put(1),)
    return Change(sheet, summary, result, put)


COMBAT_EFFECT_OPERATIONS = (
    stun_effect,
    slash_effect,
    knockout_effect,
    knock_down_effect,
    shock_effect,
)
