"""Play state as pure functions: damage through armour and the health tracks, the Endurance
reserve, encumbrance, pain and conditions, and the penalties they put on every test.

Damage is counted in half points (L541-613 and the examples use 2.5 bs, 1.5 c, 0.5 bs); a float
holds any multiple of 0.5 exactly, so no rounding ever happens here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import ceil, floor

from ecran.rules import SheetRow, Text, joined, number, phrase, tr
from ecran.rules.system import Status
from ecran.systems.organique.sheet import (
    CONDITION_PENALTIES,
    CONDITIONS,
    INCAPACITATED,
    ArmourPiece,
    Health,
    OrganiqueSheet,
)
from ecran.systems.organique.tables import HEALTH


@dataclass(frozen=True)
class Damage:
    bs: float = 0.0
    c: float = 0.0


def floor_half(x: float, mode: str = "floor_half") -> float:
    """L3999-4000 (reading A25): halved damage rounds down to the half point."""
    return floor(x * 2) / 2 if mode == "floor_half" else float(floor(x))


#: L672-675: coverage 20 covers the whole body; no margin ever reaches an unprotected part.
FULL_COVERAGE = 20


def hits_armour(margin: int | None, coverage: int) -> bool:
    """L658-675: an attack whose MR is at most the coverage (IA) hits the armour; a coverage of
    20 is hit whatever the margin ("peu importe la marge de réussite"). None: no margin known,
    the armour is hit."""
    return margin is None or coverage >= FULL_COVERAGE or margin <= coverage


def through_armour(
    hit: Damage, layers: Sequence[ArmourPiece], margin: int | None, ap: int = 0
) -> tuple[Damage, bool]:
    """L643-698: a layer of the sheet's armour protects only if it is hit (`hits_armour`); the
    layers hit add their protection (Hammerhead's 2 + 3, L3984-3986). Armour-piercing N counts
    as N against the armour and lets through min(base, N − protection). Returns the damage left
    and whether any layer was hit."""
    hit_layers = [x for x in layers if hits_armour(margin, x.coverage)]
    if not hit_layers:
        return hit, False
    prot_bs = sum(x.bs for x in hit_layers)
    prot_c = sum(x.c for x in hit_layers)
    return Damage(_through(hit.bs, prot_bs, ap), _through(hit.c, prot_c, ap)), True


def _through(damage: float, protection: float, ap: int) -> float:
    if not damage:
        return 0.0
    if ap:
        return min(damage, max(0.0, ap - protection))
    return max(0.0, damage - protection)


def scale_after_armour(damage: Damage, action: str, halving: str = "floor_half") -> Damage:
    """Vital attacks double, easy hits halve the damage that passed the armour (L3323-3381)."""
    if action == "vital_blade":
        return replace(damage, bs=damage.bs * 2)
    if action == "vital_blunt":
        return replace(damage, c=damage.c * 2)
    if action == "easy_hit":
        return Damage(floor_half(damage.bs / 2, halving), floor_half(damage.c / 2, halving))
    return damage


def apply_damage(health: Health, hit: Damage, blunt_after_sng0: str = "cascade") -> Health:
    """L541-613: c comes off CPS, its excess ×2 off SNG; bs off SNG; what SNG cannot take goes
    to INC (bs ×1, c ×2), in the same hit (L3821-3825)."""
    cps, sng, inc = health.cps, health.sng, health.inc
    blood = hit.bs  # SNG points owed
    blunt = hit.c
    if sng > 0 or blunt_after_sng0 == "cascade":
        absorbed = min(cps, blunt)
        cps -= absorbed
        blunt -= absorbed
    blood += 2 * blunt
    taken = min(sng, blood)
    sng -= taken
    inc = max(0.0, inc - (blood - taken))
    return Health(sng=sng, cps=cps, inc=inc)


def mortally_wounded(health: Health) -> bool:
    """L591-601: SNG 0."""
    return health.sng <= 0


def out_of_combat(health: Health, endurance: int) -> bool:
    """L614-635: INC 0, or END 0 while mortally wounded."""
    return health.inc <= 0 or (mortally_wounded(health) and endurance <= 0)


def death_timer(health: Health, endurance: int) -> int:
    """L637-640 (reading A5): INC + END rounds to get first aid once out of combat."""
    return max(0, ceil(health.inc)) + max(0, endurance)


def first_aid_rounds(sheet: OrganiqueSheet) -> int:
    """L637-640: the rounds an out-of-combat character has to get first aid. A fall to INC 0
    drops END (L377-379), so its clock is the one counted at the fall (`first_aid_rounds`,
    written by `hazards.after_inc_zero`); an END fall's is the sheet's INC + END. Each round's
    end then takes one (`hazards.dying_round`), so the field is what is left."""
    health = sheet.health.current()
    if sheet.first_aid_rounds is not None and out_of_combat(health, sheet.endurance):
        return sheet.first_aid_rounds
    return death_timer(health, sheet.endurance)


def first_aid_text(rounds: int) -> Text:
    """The clock as a person reads it: none left is first aid at once or death."""
    if rounds <= 0:
        return tr("premiers soins immédiats, sinon la mort", "first aid at once, or death")
    if rounds == 1:
        return tr("1 tour pour les premiers soins", "1 round to get first aid")
    return tr(f"{rounds} tours pour les premiers soins", f"{rounds} rounds to get first aid")


def endurance_loss_per_round(
    exertion: bool, no_oxygen: bool, health: Health, psychic_actions: int = 0
) -> int:
    """L305-330: −1 each for exertion (every combat round), lack of oxygen, a mortal wound;
    −2 per psychic action. They stack (Tim loses 3 per round, L338-346)."""
    return int(exertion) + int(no_oxygen) + int(mortally_wounded(health)) + 2 * psychic_actions


def exerting(pace: int, capacity: int) -> bool:
    """L312-317, L355-365: a round using at least half of FOR or VIT is exertion (−1 END per
    round); below half it is fatigue, at a rate the GM sets."""
    return 2 * pace >= capacity


def exhausted(endurance: int) -> bool:
    """L331-336: at 0 the character cannot stand, fight or communicate and fails every AGI,
    END, VIT and FOR test."""
    return endurance <= 0


def encumbrance_threshold(strength: int) -> int:
    """L453-464: FOR × 2.5 kg, rounded up (FOR 7 → 18)."""
    return ceil(strength * 5 / 2)


def encumbrance_penalty(strength: int, load_kg: float, erratum: bool = False) -> int:
    """L453-471: −1 AGI, VIT and END per hour at the threshold, −1 more per 5 kg above
    (reading A7: the 48 kg example says one less than the formula)."""
    threshold = encumbrance_threshold(strength)
    if load_kg < threshold:
        return 0
    extra = floor((load_kg - threshold) / 5)
    return 1 + extra - (1 if erratum and extra else 0)


def jump_difficulty(metres: float) -> int:
    """L414-419: 6 per metre (3 m → 18)."""
    return ceil(metres * 6)


def lift_difficulty(kg: float) -> int:
    """L436-441 (reading A8): kg ÷ 3 rounded up (60 kg → 20)."""
    return ceil(kg / 3)


def vehicle_kmh(speed: int) -> float:
    """L424-427: speed ÷ 2 × 1.5 (60 → 45 km/h)."""
    return speed / 2 * 1.5


def range_increments(distance_m: float, increment_m: float) -> int:
    """L3500-3513 (reading A30): +1 per whole increment (1.5 m at 9 m → 6)."""
    return floor(round(distance_m / increment_m, 9))


def falling_object_c(kg: float, floors: int) -> float:
    """L748-751: kg ÷ 5 × floors (10 kg from the 5th floor → 10 c)."""
    return kg / 5 * floors


def tumble(speed: int) -> Damage:
    """L808-814: 1 bs + 1 c per 20 VIT of speed (60 → 3 bs + 3 c)."""
    n = float(speed // 20)
    return Damage(n, n)


def swarm_fraction(coverage: int) -> float:
    """L3563-3567: the share of a swarm that attacks is 1 − AR/20."""
    return 1 - coverage / 20


# -- the penalties a sheet's state puts on its tests ----------------------------------------


def effective(sheet: OrganiqueSheet) -> dict[str, int]:
    """Characteristics as they stand: encumbrance (L453-471) and armour (L3868) lower AGI and
    VIT; tests of END use the current reserve (L352-353, L4094-4095); effects in force (sleep
    loss, hunger, radiation: L791-822) add their points, a disease's weakness takes FOR and VIT
    per level (L1096-1110), and cold or shock halve everything (L737-741, L903-904)."""
    stats = sheet.characteristics.model_dump()
    load = encumbrance_penalty(stats["FOR"], sheet.load_kg, sheet.encumbrance_erratum)
    stats["AGI"] += sum(a.agi_penalty for a in sheet.armour) - load
    stats["VIT"] -= load
    stats["END"] = sheet.endurance
    for effect in sheet.effects:
        for stat, points in effect.stats.items():
            stats[stat] += points
    for disease in sheet.diseases:
        stats["FOR"] -= disease.weakness * disease.level
        stats["VIT"] -= disease.weakness * disease.level
    if any(e.halve for e in sheet.effects):
        stats = {k: v // 2 for k, v in stats.items()}
    # The checks accept −10 at the lowest; a character far below 0 fails anyway.
    return {k: max(-10, v) for k, v in stats.items()}


def action_penalty(sheet: OrganiqueSheet) -> int:
    """Suffering (L512-529), conditions (L2869-2960) and effects such as a poison's blurred
    vision (L3861-3867) on conscious actions."""
    conditions = sum(CONDITION_PENALTIES[c][0] for c in sheet.conditions)
    return -sheet.suffering + conditions + sum(e.actions for e in sheet.effects)


def reaction_penalty(sheet: OrganiqueSheet) -> int:
    conditions = sum(CONDITION_PENALTIES[c][1] for c in sheet.conditions)
    return -sheet.suffering + conditions + sum(e.actions for e in sheet.effects)


def pain_save_bonus(sheet: OrganiqueSheet) -> int:
    """A poison's numbness: +7 per dose to saves against pain (L3861-3867)."""
    return sum(e.pain_saves for e in sheet.effects)


def heat_save_penalty(sheet: OrganiqueSheet) -> int:
    """Fever: −(fever) per level to heat saves, with no roll (L1104-1110, reading A27)."""
    return sum(d.fever * d.level for d in sheet.diseases if d.fever_active)


# -- what the encounter tracker shows ------------------------------------------------------


def health_rows(sheet: OrganiqueSheet) -> list[SheetRow]:
    """The health tracks as a person reads them (L538-640, L305-353, L512-529): SNG, CPS and
    INC, the END reserve, suffering, conditions, the action penalty and the resulting state."""
    h = sheet.health
    state = tr("valide", "fit")
    if sheet.dead:
        state = tr("mort : pas de premiers soins à temps", "dead: no first aid in time")
    elif sheet.inc_zero == "dead" and h.inc <= 0:
        state = tr("mort (lecture : INC 0 = mort)", "dead (reading: INC 0 = dead)")
    elif out_of_combat(h.current(), sheet.endurance) and sheet.first_aid:
        state = tr("hors de combat, premiers soins reçus", "out of the fight, first aid given")
    elif out_of_combat(h.current(), sheet.endurance):
        clock = first_aid_text(first_aid_rounds(sheet))
        state = tr(f"hors de combat : {clock.fr}", f"out of the fight: {clock.en}")
    elif mortally_wounded(h.current()):
        state = tr("mortellement blessé (−1 END/tour)", "mortally wounded (−1 END/round)")
    elif exhausted(sheet.endurance):
        state = tr("épuisé", "exhausted")
    rows = [
        SheetRow(tr("SNG (Sang)", "SNG (Blood)"), _out_of(h.sng, h.sng_max)),
        SheetRow(tr("CPS (Corps)", "CPS (Body)"), _out_of(h.cps, h.cps_max)),
        SheetRow(tr("INC (Incapacité)", "INC (Incapacity)"), _out_of(h.inc, h.inc_max)),
        SheetRow(
            tr("Réserve d'END", "END reserve"), f"{sheet.endurance} / {sheet.characteristics.END}"
        ),
        SheetRow(tr("Souffrance", "Suffering"), f"−{sheet.suffering}"),
        SheetRow(
            tr("États", "Conditions"),
            joined([CONDITIONS[c].label for c in sheet.conditions]),
        ),
        SheetRow(tr("Malus aux actions", "Action penalty"), str(action_penalty(sheet))),
        SheetRow(tr("État", "State"), state),
    ]
    return rows


def _out_of(now: float, top: int) -> Text:
    """A track's current value (halves count, L538-640) over its maximum, as each language
    writes numbers."""
    return phrase(tr("{now} / {top}", "{now} / {top}"), now=number(now), top=top)


def tracks(sheet: OrganiqueSheet) -> list[SheetRow]:
    """What combat changes, beside each participant: the health tracks (the sheet's "Santé"
    rows), and the effects in force (shock, stupor, a poison…) when there are any."""
    rows = health_rows(sheet)
    if sheet.effects:
        names = joined([effect_label(e.name) for e in sheet.effects])
        rows.append(SheetRow(tr("Effets en cours", "Effects in force"), names))
    return rows


def effect_label(name: str) -> Text:
    """An effect by the symptom's name where it is one (shock → Choc / Shock), else as written."""
    row = HEALTH.symptom_named(name)
    return row.label if row is not None else Text(fr=name, en=name)


def lifted(sheet: OrganiqueSheet, condition: str) -> OrganiqueSheet:
    """`System.lifted`: the sheet without one of its conditions, once the turns a rule gave
    it ran out (unconscious for the attacker's MR in turns after a knock-out, L3206-3208)."""
    if condition not in sheet.conditions:
        return sheet
    return sheet.model_copy(update={"conditions": [c for c in sheet.conditions if c != condition]})


def status(sheet: OrganiqueSheet) -> Status:
    """Whether the character still fights, is out of combat or is dead (L538-640, §9 A5).

    - Up: at SNG 0 the character is mortally wounded (L591-593), "mais le personnage peut
      continuer à agir tant que sa réserve d'Incapacité (INC) ou d'Endurance (END) est
      supérieure à 0" (L548-551); he may go on fighting for a limited time (L594-601) and acts
      "presque normalement tant qu'il lui reste de l'endurance" (L628-630). A mortal wound alone
      never stops him (Juanita acts on at SNG 0, INC 2.5, L3824-3836).
    - Out: INC 0 (L614-615), or END 0 while mortally wounded (L634-635), is out of combat
      (`out_of_combat`). He then has INC + END rounds to get first aid "avant de mourir"
      (L637-640): dying, not dead (Tyra at END 0, INC 2: two rounds, L4107-4110). The sheet
      holds the rounds left (`first_aid_rounds`), which each end of round takes one of, and
      whether first aid was given (`first_aid`, which stops it): `hazards.dying_round`.
      INC + END = 0 on the sheet is no proof the time is up: falling to INC 0 drops the END
      reserve "pendant 24 heures" (L377-379, `hazards.after_inc_zero`), which supposes a
      survivor, while the clock runs on the END the character had when he fell.
    - Dead: the clock ran out with no first aid (`dead`, L637-640: "avant de mourir").
    - Out too, whatever the wounds: an exhausted character (END 0) "ne peut plus tenir debout,
      combattre" (L331-336), and an unconscious or otherwise incapacitated one neither acts nor
      reacts (L3195-3216): what `encounter.can_fight` refuses.
    - Dead at once: only under the other reading of INC 0 (the `inc_zero` option, §9 A5),
      L551-553's "Une fois sa réserve d'INC à 0, le personnage est considéré comme mort".
    """
    health = sheet.health.current()
    if sheet.dead or (sheet.inc_zero == "dead" and health.inc <= 0):
        return "dead"
    stopped = exhausted(sheet.endurance) or any(c in INCAPACITATED for c in sheet.conditions)
    return "out" if stopped or out_of_combat(health, sheet.endurance) else "up"


#: What no fight reads of a sheet: the damage a fight adds up for after the battle (the
#: haemorrhage, pain and infection tests, L3669-3711, `operations.aftermath`) and the malus of
#: dirty wounds and fire to contraction tests (`operations.medical`, never rolled in a fight).
#: `slash_effect` compares `battle_bs` before and after its blow (whether anything got
#: through, L3243-3258), which its value does not change.
AFTER_BATTLE = {"battle_bs", "battle_c", "infection_malus"}


def fight_state(sheet: OrganiqueSheet) -> str:
    """What a fight reads of the sheet (`System.fight_state`): all of it but `AFTER_BATTLE`,
    so two sheets that took the same wounds by other blows fight on as one."""
    return sheet.model_dump_json(exclude=AFTER_BATTLE)
