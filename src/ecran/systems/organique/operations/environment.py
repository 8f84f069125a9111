"""Other damage (L724-830): fire, electricity, cold, heat, radiation, lack of air, hunger,
thirst, sleep loss and toxins on the END reserve, as operations that roll the saves the text
prescribes with the sheet's current values and write the result on the sheet."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Operation, Params, param, tr
from ecran.systems.organique.afflictions import Effect
from ecran.systems.organique.hazards import (
    Report,
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
from ecran.systems.organique.options import CHOKE_DRAIN, TWO_CHARACTERISTICS, TwoCharMode
from ecran.systems.organique.sheet import OrganiqueSheet
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


class Fire(Operation[OrganiqueSheet, FireParams]):
    name = "fire"
    title = tr("En feu", "On fire")
    params = FireParams
    sources = (src(726, 735), src(903, 904, "A20"))

    def apply(
        self, sheet: OrganiqueSheet, params: FireParams, dice: DiceSource
    ) -> Change[OrganiqueSheet]:
        r = Report()
        new = burn(sheet, params.points, dice, r)
        return Change(new, r.text(), r.resolution("burnt"))


class ElectricityParams(Params):
    points: int = _points("Points électriques", "Electric points")
    two_characteristics: TwoCharMode = TWO_CHARACTERISTICS.field()


class Electricity(Operation[OrganiqueSheet, ElectricityParams]):
    name = "electricity"
    title = tr("Décharge électrique", "Electric shock")
    params = ElectricityParams
    sources = (src(753, 762),)

    def apply(
        self, sheet: OrganiqueSheet, params: ElectricityParams, dice: DiceSource
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
                r.say(
                    f"{condition} (raté de {-roll.margin})",
                    f"{condition} (failed by {-roll.margin})",
                )
        if n // e.points_per_fire:
            sheet = burn(sheet, n // e.points_per_fire, dice, r)
        return Change(sheet, r.text(), r.resolution("shocked"))


class WeatherParams(Params):
    difficulty: int = FIELDS("difficulty.weather", ge=0, le=60)


class Cold(Operation[OrganiqueSheet, WeatherParams]):
    """One hourly save against cold (L737-741): the first failure halves every
    characteristic, each later one deals 1 bs. The difficulty is the GM's (no number given)."""

    name = "cold"
    title = tr("Grand froid (une heure ; difficulté du MJ)", "Extreme cold (one hour; GM's diff.)")
    params = WeatherParams
    sources = (src(737, 741),)

    def apply(
        self, sheet: OrganiqueSheet, params: WeatherParams, dice: DiceSource
    ) -> Change[OrganiqueSheet]:
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


class Heat(Operation[OrganiqueSheet, WeatherParams]):
    """One hourly save against heat (L785-789): each failure deals 1 bs; a fever counts against
    it (L1104-1110). The difficulty is the GM's (no number given)."""

    name = "heat"
    title = tr("Forte chaleur (une heure ; difficulté du MJ)", "Heat (one hour; GM's difficulty)")
    params = WeatherParams
    sources = (src(785, 789),)

    def apply(
        self, sheet: OrganiqueSheet, params: WeatherParams, dice: DiceSource
    ) -> Change[OrganiqueSheet]:
        r = Report()
        roll = save(sheet, "END", params.difficulty, dice, modifier=-heat_save_penalty(sheet))
        record(r, "heat", roll)
        if not roll.success:
            sheet = wound(sheet, bs=HEALTH.heat.bs)
            r.say(f"{HEALTH.heat.bs} bs", f"{HEALTH.heat.bs} bs")
        return Change(sheet, r.text(), r.resolution("success" if roll.success else "failure"))


class RadiationParams(Params):
    points: int = _points("Points de radiation", "Radiation points", 4)


class Radiation(Operation[OrganiqueSheet, RadiationParams]):
    """L794-800, applied when the effects show, 24 h after exposure. Per point: 1 bs (the SNG
    lost is permanent: the maximum drops too), vomiting and headache saves at 10 (read as 10 per
    point, like fire's), −2 END, −1 INT and PER, and 25 % of cancer within the year."""

    name = "radiation"
    title = tr("Radiations (effets 24 h après)", "Radiation (effects after 24 h)")
    params = RadiationParams
    sources = (src(794, 800),)

    def apply(
        self, sheet: OrganiqueSheet, params: RadiationParams, dice: DiceSource
    ) -> Change[OrganiqueSheet]:
        rad, n, r = HEALTH.radiation, params.points, Report()
        lost = rad.bs * n
        health = sheet.health.model_copy(
            update={"sng_max": max(0, sheet.health.sng_max - int(lost))}
        )
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
    choke_drain: Literal["hold_text", "general"] = CHOKE_DRAIN.field()


def _drains_blood_directly(params: AirParams) -> bool:
    return params.cause == "choke_hold" and params.choke_drain == "hold_text"


class Suffocate(Operation[OrganiqueSheet, AirParams]):
    """L824-829: −1 END per round, then −1 SNG per round once END is 0; the choke hold's own
    rule drains 1 SNG per round (L3125-3128, reading A24)."""

    name = "suffocate"
    title = tr("Privé d'air", "No air")
    params = AirParams
    sources = (src(824, 829), src(3109, 3131, "A24"))

    def apply(
        self, sheet: OrganiqueSheet, params: AirParams, dice: DiceSource
    ) -> Change[OrganiqueSheet]:
        air = HEALTH.suffocation
        end, sng = sheet.endurance, 0.0
        for _ in range(params.rounds):
            if _drains_blood_directly(params):
                sng += HEALTH.choke_hold.sng
            elif end > 0:
                end -= air.endurance
            else:
                sng += air.sng
        sng = min(sng, sheet.health.sng)
        new = wound(sheet.model_copy(update={"endurance": max(0, end)}), bs=sng)
        new = new.model_copy(update={"suffocation_sng": sheet.suffocation_sng + sng})
        text = tr(f"END {new.endurance}, SNG −{sng}", f"END {new.endurance}, SNG −{sng}")
        return Change(new, text)


class Breathe(Operation[OrganiqueSheet, AirParams]):
    """Breathing again: 1 point back per round (L824-829, L374-377; the freed choke victim
    regains 1 SNG per round, L3125-3128), the SNG lost to lack of air first."""

    name = "breathe"
    title = tr("Respirer à nouveau", "Breathe again")
    params = AirParams
    sources = (src(824, 829), src(367, 377), src(3125, 3128))

    def apply(
        self, sheet: OrganiqueSheet, params: AirParams, dice: DiceSource
    ) -> Change[OrganiqueSheet]:
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


class Fasting(Operation[OrganiqueSheet, FastingParams]):
    """Hunger: 0.5 bs and −4 END per day (L791-792); thirst: 0.5 bs per day (L830)."""

    name = "hunger_thirst"
    title = tr("Faim et soif", "Hunger and thirst")
    params = FastingParams
    sources = (src(791, 792), src(830))

    def apply(
        self, sheet: OrganiqueSheet, params: FastingParams, dice: DiceSource
    ) -> Change[OrganiqueSheet]:
        food, water = params.days_without_food, params.days_without_water
        bs = HEALTH.hunger.bs * food + HEALTH.thirst.bs * water
        new = wound(sheet, bs=bs)
        if food:
            new = _sickness(new, "hunger", {k: v * food for k, v in HEALTH.hunger.stats.items()})
        return Change(new, tr(f"{bs} bs, END −{4 * food}", f"{bs} bs, END −{4 * food}"))


class SleepParams(Params):
    days: int = FIELDS("days", default=1, ge=1, le=20)
    two_characteristics: TwoCharMode = TWO_CHARACTERISTICS.field()


class SleepLoss(Operation[OrganiqueSheet, SleepParams]):
    """Per 24 h awake (L816-822): −3 PER, INT, CHA, END; saves against hallucinations and
    illusions at 3 per 24 h (reading A18 keeps the printed 3) and unconsciousness at 15."""

    name = "sleep_loss"
    title = tr("Manque de sommeil (24 h)", "Sleep loss (24 h)")
    params = SleepParams
    sources = (src(816, 822, "A18"),)

    def apply(
        self, sheet: OrganiqueSheet, params: SleepParams, dice: DiceSource
    ) -> Change[OrganiqueSheet]:
        sleep, r = HEALTH.sleep, Report()
        old = effect_named(sheet, "sleep_loss")
        days = params.days + (old.stats.get("PER", 0) // sleep.stats["PER"] if old else 0)
        stats = {k: v * days for k, v in sleep.stats.items()}
        sheet = with_effect(sheet, Effect(name="sleep_loss", stats=stats))
        r.say(f"{days} jour(s) sans dormir", f"{days} day(s) awake")
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


class EnduranceDamage(Operation[OrganiqueSheet, ToxinParams]):
    """Toxins on the END reserve (L777-781): at 0, the rest comes off SNG."""

    name = "endurance_damage"
    title = tr("Dommages à l'endurance (toxines)", "Damage to endurance (toxins)")
    params = ToxinParams
    sources = (src(777, 781),)

    def apply(
        self, sheet: OrganiqueSheet, params: ToxinParams, dice: DiceSource
    ) -> Change[OrganiqueSheet]:
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
    Fire(),
    Electricity(),
    Cold(),
    Heat(),
    Radiation(),
    Suffocate(),
    Breathe(),
    Fasting(),
    SleepLoss(),
    EnduranceDamage(),
)
