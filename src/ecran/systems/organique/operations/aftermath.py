"""After the battle (L3669-3711): haemorrhage, pain when the adrenaline fades, infection; and
first aid. Emergency Medicine with clean equipment cancels all three; poor care only softens
them by an amount the GM sets."""

from __future__ import annotations

from typing import Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Params, tr
from ecran.systems.organique.hazards import Report, pain_save, record, suffer, wound
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.operations.medical import ContractParams, contract
from ecran.systems.organique.options import OPTIONS
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import FIELDS, HEALTH, src

CLEAR = {"battle_bs": 0.0, "battle_c": 0.0, "infection_malus": 0}


class AfterBattleParams(Params):
    care: Literal["clean", "poor", "none"] = FIELDS("care", default="none")
    attenuation: int = FIELDS("attenuation", default=0, ge=0, le=30)
    extra_infection: int = FIELDS("extra_infection", default=0, ge=0, le=30)
    fever_save: bool = OPTIONS["fever_save"].field()


@operation("after_battle", src(3669, 3711), src(4107, 4118))
def after_battle(
    sheet: OrganiqueSheet, params: AfterBattleParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Uses the damage the sheet took since the fight began (take_hit counts it): the wounds
    bleed, a pain save at 5 per damage point (Hammerhead's 3 bs → 15, L4113-4115), an infection
    save at 10 per bs point, at most 30."""
    r, ab = Report(), HEALTH.after_battle
    bs, c = sheet.battle_bs, sheet.battle_c
    if params.care == "clean" or bs + c == 0:
        r.say("soigné proprement : aucun effet", "cleanly treated: no effect")
        return Change(sheet.model_copy(update=CLEAR), r.text(), r.resolution("treated"))
    new = sheet.model_copy(update={"bleeding_bs": sheet.bleeding_bs + bs})
    r.say(f"saigne : {bs} bs ouverts", f"bleeding: {bs} bs open")
    pain = pain_save(new, max(0, int(ab.pain * (bs + c)) - params.attenuation), dice)
    record(r, "pain", pain)
    if not pain.success:
        new = suffer(new, -pain.margin)
        r.say(f"souffrance −{-pain.margin}", f"suffering −{-pain.margin}")
    difficulty = min(ab.infection_max, int(ab.infection * bs)) + params.extra_infection
    if bs:
        contracted = ContractParams(
            difficulty=max(0, difficulty - params.attenuation), fever_save=params.fever_save
        )
        new = contract(new, contracted, dice, r)
    return Change(new.model_copy(update=CLEAR), r.text(), r.resolution("aftermath"))


class BleedParams(Params):
    minutes: int = FIELDS("minutes", default=15, ge=0)


@operation("haemorrhage", src(3681, 3684))
def haemorrhage(sheet: OrganiqueSheet, params: BleedParams) -> Change[OrganiqueSheet]:
    """For each bs point received, 0.5 SNG every 15 minutes until the wound is closed."""
    ab = HEALTH.after_battle
    periods = params.minutes // ab.haemorrhage_minutes
    lost = ab.haemorrhage_sng * sheet.bleeding_bs * periods
    new = wound(sheet, bs=lost)
    h = new.health
    return Change(
        new,
        tr(f"−{lost} SNG : SNG {h.sng}, INC {h.inc}", f"−{lost} SNG: SNG {h.sng}, INC {h.inc}"),
    )


class CloseParams(Params):
    pass


@operation("close_wounds", src(3681, 3684))
def close_wounds(sheet: OrganiqueSheet, params: CloseParams) -> Change[OrganiqueSheet]:
    """The wounds are closed, cauterised…: the bleeding stops (L3681-3684)."""
    return Change(
        sheet.model_copy(update={"bleeding_bs": 0.0}),
        tr("hémorragie stoppée", "bleeding stopped"),
    )


AFTERMATH_OPERATIONS = (after_battle, haemorrhage, close_wounds)
