"""Other damage (L724-830): fire, electricity, cold, heat, radiation, lack of air, hunger,
thirst, sleep loss and toxins on the END reserve, as operations that roll the saves the text
prescribes with the sheet's current values and write the result on the sheet."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Params, param, tr
from ecran.rules.wording import agreed
from ecran.systems.organique.afflictions import Effect
from ecran.systems.organique.hazards import (
    Report,
    air_drain,
    effect_named,
    medical_shock,
    pain_save,
    record,
    save,
    suffer,
    with_condition,
    with_effect,
    wound,
)
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.options import OPTIONS, TwoCharMode
from ecran.systems.organique.sheet import CONDITION_WORDS, OrganiqueSheet
from ecran.systems.organique.tables import FIELDS, HEALTH, src
from ecran.systems.organique.tracks import heat_save_penalty


def _points(fr: str, en: str, top: int = 40) -> Any:
    return param(tr(fr, en), default=1, ge=1, le=top)


def burn(sheet: OrganiqueSheet, points: int, dice: DiceSource, r: Report) -> OrganiqueSheet:
    """Fire (L726-735): per point 1 bs, a suffering save at 10, a shock save at 5 and −5 to
    later disease saves. The shock is the medical symptom (reading A20)."""
    fire = HEALTH.fire
    sheet = wound(sheet, bs=fire.bs * points)
    r.say(f"brûlures {fire.bs * points} bs", f"burns {fire.bs * points} bs")
    pain = pain_save(sheet, fire.suffering * points, dice)
    record(r, "suffering", pain)
    if not pain.success:
        sheet = suffer(sheet, -pain.margin)
        r.say(f"souffrance −{-pain.margin}", f"suffering −{-pain.margin}")
    shock = save(sheet, "END", fire.shock * points, dice)
    record(r, "shock", shock)
    if not shock.success:
        sheet = medical_shock(sheet)
        r.say("choc : END 0, caractéristiques ÷ 2", "shock: END 0, characteristics halved")
    malus = sheet.infection_malus + fire.infection * points
    return sheet.model_copy(update={"infection_malus": malus})


class FireParams(Params):
    points: int = _points("Points de feu", "Fire points")


@operation("fire", src(726, 735), src(903, 904, "A20"))
def fire(sheet: OrganiqueSheet, params: FireParams, dice: DiceSource) -> Change[OrganiqueSheet]:
    r = Report()
    new = burn(sheet, params.points, dice, r)
    return Change(new, r.text(), r.resolution("burnt"))


class ElectricityParams(Params):
    points: int = _points("Points électriques", "Electric points")
    two_characteristics: TwoCharMode = OPTIONS["two_characteristics"].field()


@operation("electricity", src(753, 766))
def electricity(
    sheet: OrganiqueSheet, params: ElectricityParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    e, n, r = HEALTH.electricity, params.points, Report()
    mode = params.two_characteristics
    for key, diff, second, condition in (
        ("paralysis", e.paralysis * n, "END", "paralysed"),
        ("unconsciousness", e.unconsciousness * n, "END", "unconscious"),
        ("cardiac_arrest", e.cardiac_arrest * n, None, "cardiac_arrest"),
    ):
        stat = "END" if second is None else "VOL"
        roll = save(sheet, stat, diff, dice, second=second, mode=mode)
        record(r, key, roll)
        if not roll.success:
            sheet = with_condition(sheet, condition)
            said = CONDITION_WORDS[condition]  # the condition as people name it, not its id
            r.say(f"{said.fr} (raté de {-roll.margin})", f"{said.en} (failed by {-roll.margin})")
    if n // e.points_per_fire:
        sheet = burn(sheet, n // e.points_per_fire, dice, r)
    return Change(sheet, r.text(), r.resolution("shocked"))


class WeatherParams(Params):
    difficulty: int = FIELDS("difficulty.weather", ge=0, le=60)


@operation("cold", src(737, 741))
def cold(sheet: OrganiqueSheet, params: WeatherParams, dice: DiceSource) -> Change[OrganiqueSheet]:
    """One hourly save against cold (L737-741): the first failure halves every
    characteristic, each later one deals 1 bs. The difficulty is the GM's (no number given)."""
    r = Report()
    roll = save(sheet, "END", params.difficulty, dice)
    record(r, "cold", roll)
    if roll.success:
        r.say("résiste au froid", "resists the cold")
    elif effect_named(sheet, "cold") is None:
        sheet = with_effect(sheet, Effect(name="cold", halve=True))
        r.say("caractéristiques ÷ 2", "characteristics halved")
    else:
        sheet = wound(sheet, bs=HEALTH.cold.bs)
        r.say(f"{HEALTH.cold.bs} bs", f"{HEALTH.cold.bs} bs")
    return Change(sheet, r.text(), r.resolution("success" if roll.success else "failure"))


@operation("heat", src(785, 789))
def heat(sheet: OrganiqueSheet, params: WeatherParams, dice: DiceSource) -> Change[OrganiqueSheet]:
    """One hourly save against heat (L785-789): each failure deals 1 bs; a fever counts against
    it (L1104-1110). The difficulty is the GM's (no number given)."""
    r = Report()
    roll = save(sheet, "END", params.difficulty, dice, modifier=-heat_save_penalty(sheet))
    record(r, "heat", roll)
    if not roll.success:
        sheet = wound(sheet, bs=HEALTH.heat.bs)
        r.say(f"{HEALTH.heat.bs} bs", f"{HEALTH.heat.bs} bs")
    return Change(sheet, r.text(), r.resolution("success" if roll.success else "failure"))


class RadiationParams(Params):
    points: int = _points("Points de radiation", "Radiation points", 4)


@operation("radiation", src(794, 800))
def radiation(
    sheet: OrganiqueSheet, params: RadiationParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """L794-800, applied when the effects show, 24 h after exposure. Per point: 1 bs (the SNG
    lost is permanent: the maximum drops too), vomiting and headache saves at 10 (read as 10 per
    point, like fire's), −2 END, −1 INT and PER, and 25 % of cancer within the year."""
    rad, n, r = HEALTH.radiation, params.points, Report()
    lost = rad.bs * n
    health = sheet.health.model_copy(update={"sng_max": max(0, sheet.health.sng_max - int(lost))})
    sheet = wound(sheet.model_copy(update={"health": health}), bs=lost)
    r.say(f"{lost} bs (SNG max −{int(lost)})", f"{lost} bs (max SNG −{int(lost)})")
    sheet = _sickness(sheet, "radiation", {k: v * n for k, v in rad.stats.items()})
    sheet, r = _vomit_and_headache(sheet, rad.vomiting * n, rad.headache * n, dice, r)
    d100 = dice.d(100)
    r.details["cancer_d100"] = d100
    if d100 <= rad.cancer_percent * n:
        sheet = with_effect(sheet, Effect(name="cancer", note="dans l'année / within a year"))
        r.say("développera un cancer dans l'année", "will develop a cancer within the year")
    return Change(sheet, r.text(), r.resolution("irradiated"))


def _sickness(sheet: OrganiqueSheet, name: str, stats: dict[str, int]) -> OrganiqueSheet:
    """Add points to an effect of that name (days and doses accumulate)."""
    old = effect_named(sheet, name)
    merged = dict(old.stats) if old else {}
    for stat, points in stats.items():
        merged[stat] = merged.get(stat, 0) + points
    return with_effect(sheet, Effect(name=name, stats=merged))


def _vomit_and_headache(
    sheet: OrganiqueSheet, vomiting: int, headache: int, dice: DiceSource, r: Report
) -> tuple[OrganiqueSheet, Report]:
    """Vomiting (−20 to every action) and headache (−1 per point of failure), L879-880,
    L912-913."""
    roll = save(sheet, "VOL", vomiting, dice)
    record(r, "vomiting", roll)
    if not roll.success:
        sheet = with_condition(sheet, "vomiting")
        r.say("vomit (−20)", "vomiting (−20)")
    ache = save(sheet, "VOL", headache, dice)
    record(r, "headache", ache)
    if not ache.success:
        sheet = with_effect(sheet, Effect(name="headache", actions=ache.margin))
        r.say(f"maux de tête {ache.margin}", f"headache {ache.margin}")
    return sheet, r


class AirParams(Params):
    rounds: int = FIELDS("rounds", default=1, ge=1, le=600)
    cause: Literal["suffocation", "choke_hold"] = FIELDS("cause", default="suffocation")
    choke_drain: Literal["hold_text", "general"] = OPTIONS["choke_drain"].field()


def _drains_blood_directly(params: AirParams) -> bool:
    return params.cause == "choke_hold" and params.choke_drain == "hold_text"


@operation("suffocate", src(824, 829), src(3109, 3131, "A24"))
def suffocate(sheet: OrganiqueSheet, params: AirParams) -> Change[OrganiqueSheet]:
    """L824-829: −1 END per round, then −1 SNG per round once END is 0 (`air_drain`, the
    path `end_of_round --no-oxygen` takes too); the choke hold's own rule drains 1 SNG per
    round (L3125-3128, reading A24)."""
    if _drains_blood_directly(params):
        sng = min(float(HEALTH.choke_hold.sng * params.rounds), sheet.health.sng)
        new = wound(sheet, bs=sng)
        new = new.model_copy(update={"suffocation_sng": sheet.suffocation_sng + sng})
    else:
        new, sng = air_drain(sheet, params.rounds)
    text = tr(f"END {new.endurance}, SNG −{sng}", f"END {new.endurance}, SNG −{sng}")
    return Change(new, text)


@operation("breathe", src(824, 829), src(367, 377), src(3125, 3128))
def breathe(sheet: OrganiqueSheet, params: AirParams) -> Change[OrganiqueSheet]:
    """Breathing again: 1 point back per round (L824-829, L374-377; the freed choke victim
    regains 1 SNG per round, L3125-3128), the SNG lost to lack of air first."""
    per_round = HEALTH.suffocation.recovery
    owed_sng = sheet.suffocation_sng
    back_sng = min(owed_sng, float(per_round * params.rounds))
    left = params.rounds - int(back_sng / per_round)
    h = sheet.health
    health = h.model_copy(update={"sng": min(h.sng_max, h.sng + back_sng)})
    end = min(sheet.characteristics.END, sheet.endurance + per_round * left)
    new = sheet.model_copy(
        update={"health": health, "endurance": end, "suffocation_sng": owed_sng - back_sng}
    )
    return Change(new, tr(f"SNG {health.sng}, END {end}", f"SNG {health.sng}, END {end}"))


class FastingParams(Params):
    days_without_food: int = FIELDS("days_without_food", default=0, ge=0)
    days_without_water: int = FIELDS("days_without_water", default=0, ge=0)


@operation("hunger_thirst", src(791, 792), src(830))
def hunger_thirst(sheet: OrganiqueSheet, params: FastingParams) -> Change[OrganiqueSheet]:
    """Hunger: 0.5 bs and −4 END per day (L791-792); thirst: 0.5 bs per day (L830)."""
    food, water = params.days_without_food, params.days_without_water
    bs = HEALTH.hunger.bs * food + HEALTH.thirst.bs * water
    new = wound(sheet, bs=bs)
    if food:
        new = _sickness(new, "hunger", {k: v * food for k, v in HEALTH.hunger.stats.items()})
    return Change(new, tr(f"{bs} bs, END −{4 * food}", f"{bs} bs, END −{4 * food}"))


class SleepParams(Params):
    days: int = FIELDS("days", default=1, ge=1, le=20)
    two_characteristics: TwoCharMode = OPTIONS["two_characteristics"].field()


@operation("sleep_loss", src(816, 822, "A18"))
def sleep_loss(
    sheet: OrganiqueSheet, params: SleepParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """Per 24 h awake (L816-822): −3 PER, INT, CHA, END; saves against hallucinations and
    illusions at 3 per 24 h (reading A18 keeps the printed 3) and unconsciousness at 15."""
    sleep, r = HEALTH.sleep, Report()
    old = effect_named(sheet, "sleep_loss")
    days = params.days + (old.stats.get("PER", 0) // sleep.stats["PER"] if old else 0)
    stats = {k: v * days for k, v in sleep.stats.items()}
    sheet = with_effect(sheet, Effect(name="sleep_loss", stats=stats))
    r.say(
        f"{days} {agreed(days, 'jour', 'jours')} sans dormir",
        f"{days} {agreed(days, 'day', 'days', 'en')} awake",
    )
    seeing = save(sheet, "VOL", sleep.hallucination * days, dice)
    record(r, "hallucination", seeing)
    if not seeing.success:
        sheet = with_effect(sheet, Effect(name="hallucinations"))
        r.say("hallucinations", "hallucinations")
    mode = params.two_characteristics
    awake = save(sheet, "END", sleep.unconsciousness * days, dice, second="VOL", mode=mode)
    record(r, "unconsciousness", awake)
    if not awake.success:
        sheet = with_condition(sheet, "unconscious")
        r.say("s'endort (inconscient)", "falls asleep (unconscious)")
    return Change(sheet, r.text(), r.resolution("awake" if awake.success else "asleep"))


class ToxinParams(Params):
    points: int = _points("Points", "Points")


@operation("endurance_damage", src(777, 781))
def endurance_damage(sheet: OrganiqueSheet, params: ToxinParams) -> Change[OrganiqueSheet]:
    """Toxins on the END reserve (L777-781): at 0, the rest comes off SNG."""
    rest = max(0, params.points - sheet.endurance)
    new = wound(sheet.model_copy(update={"endurance": max(0, sheet.endurance - params.points)}))
    new = wound(new, bs=float(rest))
    return Change(
        new,
        tr(
            f"END {new.endurance}, SNG {new.health.sng}",
            f"END {new.endurance}, SNG {new.health.sng}",
        ),
    )


ENVIRONMENT_OPERATIONS = (
    fire,
    electricity,
    cold,
    heat,
    radiation,
    suffocate,
    breathe,
    hunger_thirst,
    sleep_loss,
    endurance_damage,
)
