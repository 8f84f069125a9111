"""Changes of state in play: marks on the NIFIMO, wounds, fatigue recovery, aggravation and
healing, experience and mental balance. Every operation returns a new sheet."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, Resolution, param, tr
from ecran.systems.artemis import tables, tracks, wounds
from ecran.systems.artemis.options import (
    AGGRAVATION_NEEDS_SERIOUS,
    APAISER_MARKS,
    CANCEL_ORDER,
    DEFENCELESS,
    FLOOR_ON_SCRATCH,
    HEAD,
    STACK_CATEGORIES,
    TOTAL_ATTACK,
)
from ecran.systems.artemis.sheet import ArtemisSheet, Nifimo
from ecran.systems.artemis.tables import seed, site

Line = Literal["blessure", "fatigue", "stress", "peur"]


def _amount(fr: str, en: str, default: int = 0, low: int = 0, high: int = 99) -> Any:
    return param(tr(fr, en), default=default, ge=low, le=high)


def with_nifimo(sheet: ArtemisSheet, nifimo: Nifimo) -> ArtemisSheet:
    return sheet.model_copy(update={"nifimo": nifimo})


def add_marks(
    sheet: ArtemisSheet, line: str, light: int = 0, serious: int = 0, permanent: int = 0
) -> ArtemisSheet:
    """Add (or with negative numbers remove) marks on one NIFIMO line, never below zero."""
    n = sheet.nifimo
    if line == "gene":
        return with_nifimo(sheet, n.model_copy(update={"gene_extra": max(0, n.gene_extra + light)}))
    marks = getattr(n, line)
    update: dict[str, Any] = {
        "light": max(0, marks.light + light),
        "serious": max(0, marks.serious + serious),
    }
    if line == "fatigue":
        update["permanent"] = max(0, marks.permanent + permanent)
    if line == "blessure" and (light > 0 or serious > 0):
        update["stabilised"] = False  # fresh wounds are untreated
    return with_nifimo(sheet, n.model_copy(update={line: marks.model_copy(update=update)}))


def _check_params(check_name: str, values: dict[str, Any]) -> Any:
    from ecran.engine import get_system

    check = get_system("artemis").check(check_name)
    return check, check.parse(values)


def _privilege(sheet: ArtemisSheet, skill: str, professional: bool) -> ArtemisSheet:
    """The professional's privilege: level Professionnel or above, one serious fatigue (L46-53)."""
    if not professional:
        return sheet
    rule = tables.core().privilege
    if tables.level_rank(sheet.level(skill) or None) < tables.level_rank(rule.min_level):
        raise EcranError(
            tr(
                f"privilège refusé : {skill} n'est pas au niveau Professionnel (L46-48)",
                f"privilege refused: {skill} is not at Professionnel level (L46-48)",
            )
        )
    return add_marks(sheet, "fatigue", serious=rule.serious_fatigue)


# -- marks --------------------------------------------------------------------------------------


class MarksParams(Params):
    line: Literal["gene", "blessure", "fatigue", "stress", "peur"] = param(
        tr("Ligne du NIFIMO", "NIFIMO line"), default="fatigue"
    )
    light: int = _amount("Légères (négatif : retirer)", "Light (negative: remove)", 0, -99)
    serious: int = _amount("Graves (négatif : retirer)", "Serious (negative: remove)", 0, -99)
    permanent: int = _amount("Permanentes (fatigue)", "Permanent (fatigue)", 0, -99)


class AdjustMarks(Operation[ArtemisSheet, MarksParams]):
    name = "adjust_marks"
    title = tr("Cocher ou effacer des cases", "Mark or clear boxes")
    params = MarksParams
    sources = (seed(686, 699), site(121, 132, "0105100001"))

    def apply(
        self, sheet: ArtemisSheet, params: MarksParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        changed = add_marks(sheet, params.line, params.light, params.serious, params.permanent)
        return Change(changed, tr(f"NIFIMO {params.line} modifié", f"NIFIMO {params.line} changed"))


class NoParams(Params):
    """An operation that needs nothing but the sheet."""


class ForceDefence(Operation[ArtemisSheet, NoParams]):
    name = "force_defence"
    title = tr("Forcer la parade ou l'esquive", "Force the parry or dodge")
    params = NoParams
    sources = (seed(156, 161), seed(756, 759))

    def apply(
        self, sheet: ArtemisSheet, params: NoParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        light = tables.combat().optional.force_fatigue_light
        return Change(
            add_marks(sheet, "fatigue", light=light),
            tr("défense forcée : une fatigue légère", "defence forced: one light fatigue"),
        )


# -- tests that leave marks ----------------------------------------------------------------


class SkillTestParams(Params):
    skill: str = param(tr("Compétence (identifiant)", "Skill (id)"), default="esquive")
    difficulty: int = _amount("Difficulté", "Difficulty", 6, 0, 40)
    professional: bool = param(
        tr("Privilège du professionnel", "Professional's privilege"), default=False
    )
    spend_on: Literal["never", "failure", "failure_or_uncertainty"] = param(
        tr("Forcer le hasard (1 XP) sur", "Force luck (1 XP) on"), default="never"
    )


class SkillTest(Operation[ArtemisSheet, SkillTestParams]):
    """A skill test from the sheet: malus from the NIFIMO, the privilege's fatigue, the XP spent."""

    name = "skill_test"
    title = tr("Test de compétence", "Skill test")
    params = SkillTestParams
    sources = (seed(29, 53),)

    def apply(
        self, sheet: ArtemisSheet, params: SkillTestParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        malus = tracks.malus(sheet)  # taken before the privilege's own fatigue lands
        changed = _privilege(sheet, params.skill, params.professional)
        values = {
            "skill": sheet.score(params.skill),
            "difficulty": params.difficulty,
            "malus": malus,
            "professional": params.professional,
        }
        if params.spend_on != "never" and self._can_force(sheet):
            check, parsed = _check_params("test_xp", {**values, "spend_on": params.spend_on})
        else:
            check, parsed = _check_params("test", values)
        result: Resolution = check.resolve(parsed, dice)
        if result.details.get("xp_spent"):
            xp = changed.experience
            changed = changed.model_copy(
                update={
                    "experience": xp.model_copy(
                        update={
                            "used": xp.used + 1,
                            "forced_this_scenario": xp.forced_this_scenario + 1,
                        }
                    )
                }
            )
        summary = tr(
            f"{params.skill} : {result.outcome} ({result.total})",
            f"{params.skill}: {result.outcome} ({result.total})",
        )
        return Change(changed, summary, result)

    @staticmethod
    def _can_force(sheet: ArtemisSheet) -> bool:
        xp = sheet.experience
        limit = tables.core().experience_force.per_scenario
        return xp.total - xp.used >= 1 and xp.forced_this_scenario < limit


class NifimoTestParams(Params):
    track: Literal["fatigue", "stress", "peur"] = param(
        tr("Ligne", "Line"),
        tr("Endurance, Calme ou Courage", "Endurance, Calme or Courage"),
        default="fatigue",
    )
    extra_serious: int = _amount(
        "Graves en plus (situation plus dure, MJ)", "Extra serious (harsher situation, GM)"
    )
    professional: bool = param(
        tr("Privilège du professionnel", "Professional's privilege"), default=False
    )


class NifimoTest(Operation[ArtemisSheet, NifimoTestParams]):
    name = "nifimo_test"
    title = tr("Test de NIFIMO", "NIFIMO test")
    params = NifimoTestParams
    sources = (seed(313, 322), site(100, 113, "0105070201"))

    def apply(
        self, sheet: ArtemisSheet, params: NifimoTestParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        skill = next(t.skill for t in tables.nifimo().test if t.track == params.track)
        malus = tracks.malus(sheet)
        changed = _privilege(sheet, skill, params.professional)
        check, parsed = _check_params(
            "nifimo",
            {
                "skill": sheet.score(skill),
                "malus": malus,
                "track": params.track,
                "professional": params.professional,
            },
        )
        result = check.resolve(parsed, dice)
        light = 1 if result.outcome == "light" else 0
        serious = (1 if result.outcome == "serious" else 0) + params.extra_serious
        changed = add_marks(changed, params.track, light=light, serious=serious)
        summary = tr(f"{params.track} : {result.outcome}", f"{params.track}: {result.outcome}")
        return Change(changed, summary, result)


class CalmTest(Operation[ArtemisSheet, NoParams]):
    name = "calm_test"
    title = tr("Test de calme (début de scène d'action)", "Calm test (start of an action scene)")
    params = NoParams
    sources = (seed(56, 69), site(115, 119, "0106010001"))

    def apply(
        self, sheet: ArtemisSheet, params: NoParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        if sheet.kind == "npc":
            raise EcranError(
                tr("les PNJ ne font jamais le test de calme", "NPCs never make the calm test")
            )
        check, parsed = _check_params(
            "calm", {"skill": sheet.score("calme"), "malus": tracks.malus(sheet)}
        )
        result = check.resolve(parsed, dice)
        light, serious = int(result.outcome == "light"), int(result.outcome == "serious")
        return Change(
            add_marks(sheet, "stress", light, serious),
            tr(f"calme : {result.outcome}", f"calm: {result.outcome}"),
            result,
        )


# -- wounds ---------------------------------------------------------------------------------------


class TakeWoundsParams(Params):
    light: int = _amount("Blessures légères", "Light wounds")
    serious: int = _amount("Blessures graves", "Serious wounds")


class TakeWounds(Operation[ArtemisSheet, TakeWoundsParams]):
    name = "take_wounds"
    title = tr("Noter des blessures", "Record wounds")
    params = TakeWoundsParams
    sources = (seed(98, 106),)

    def apply(
        self, sheet: ArtemisSheet, params: TakeWoundsParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        changed = add_marks(sheet, "blessure", params.light, params.serious)
        marks = "x" * params.serious + "/" * params.light
        return Change(changed, tr(f"blessures {marks}", f"wounds {marks}"))


class HitParams(Params):
    category: int = param(
        tr("Catégorie de blessure", "Wound category"),
        tr(
            "0 égratigné … 5 mortellement blessé, 6 mort, 7 détruit",
            "0 scratched … 5 mortally wounded, 6 dead, 7 destroyed",
        ),
        default=3,
        ge=0,
        le=7,
    )
    total_attack: bool = TOTAL_ATTACK.field()
    head: bool = HEAD.field()
    defenceless: bool = DEFENCELESS.field()
    short_circuit: bool = param(
        tr("Court-circuit (porteur d'exosquelette)", "Short circuit (exoskeleton wearer)"),
        tr("une attaque réussie peut causer une gêne (site)", "a hit may cause one gêne (website)"),
        default=False,
    )
    stack_categories: bool = STACK_CATEGORIES.field()
    cancel_order: Literal["serious_first", "light_first"] = CANCEL_ORDER.field()
    floor_on_scratch: bool = FLOOR_ON_SCRATCH.field()


class Hit(Operation[ArtemisSheet, HitParams]):
    """The wound procedure on this character: its armour, its Résistance, its malus."""

    name = "hit"
    title = tr("Encaisser un coup", "Take a blow")
    params = HitParams
    sources = (seed(71, 128), seed(714, 725), site(199, 211, "0106070701"))

    def apply(
        self, sheet: ArtemisSheet, params: HitParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        values = params.model_dump(exclude={"short_circuit"})
        values |= {
            "skill": sheet.score("resistance"),
            "malus": tracks.malus(sheet),
            "protection": tracks.protection(sheet),
        }
        check, parsed = _check_params("damage", values)
        result = check.resolve(parsed, dice)
        changed = sheet
        if result.outcome in ("dead", "destroyed"):
            n = sheet.nifimo.model_copy(update={"lethal": result.outcome})
            changed = with_nifimo(sheet, n)
        elif result.outcome != "none":
            serious, light = (int(p[1:]) for p in result.outcome.split("_"))
            changed = add_marks(sheet, "blessure", light, serious)
        if params.short_circuit and tables.armour(sheet.armour).exoskeleton:
            changed = add_marks(changed, "gene", light=1)
        label = wounds.outcome_label(result.outcome)
        return Change(changed, label, result)


class AggravateParams(Params):
    elapsed: int = _amount("Temps écoulé sans soins", "Time elapsed untreated", 0, 0, 100_000)
    slowed: bool = param(
        tr("Catalepsie ou hibernation (temps en heures)", "Catalepsy or hibernation (hours)"),
        default=False,
    )
    needs_serious: bool = AGGRAVATION_NEEDS_SERIOUS.field()


class Aggravate(Operation[ArtemisSheet, AggravateParams]):
    name = "aggravate"
    title = tr("Aggravation des blessures", "Wound aggravation")
    params = AggravateParams
    sources = (seed(368, 384), site(265, 280, "0106060101"))

    def apply(
        self, sheet: ArtemisSheet, params: AggravateParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        w = sheet.nifimo.blessure
        if w.stabilised:
            return Change(
                sheet,
                tr(
                    "blessures stabilisées : pas d'aggravation", "wounds stabilised: no aggravation"
                ),
            )
        step = tracks.aggravation(
            sheet.characteristics.force,
            params.elapsed,
            params.slowed,
            w.serious,
            w.light,
            params.needs_serious,
        )
        changed = add_marks(sheet, "blessure", serious=step.new_serious)
        return Change(
            changed,
            tr(
                f"+{step.new_serious} blessure(s) grave(s) (une toutes les "
                f"{step.interval} {step.unit})",
                f"+{step.new_serious} serious wound(s) (one every {step.interval} {step.unit})",
            ),
        )


class Stabilise(Operation[ArtemisSheet, NoParams]):
    name = "stabilise"
    title = tr("Stabiliser les blessures", "Stabilise the wounds")
    params = NoParams
    sources = (site(284, 311, "0110030401, 0107070301"),)

    def apply(
        self, sheet: ArtemisSheet, params: NoParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        w = sheet.nifimo.blessure.model_copy(update={"stabilised": True})
        return Change(
            with_nifimo(sheet, sheet.nifimo.model_copy(update={"blessure": w})),
            tr(
                "blessures stabilisées (soins, médikit ou caisson : au MJ)",
                "wounds stabilised (care, medikit or pod: GM's call)",
            ),
        )


class ConvalesceParams(Params):
    days: int = _amount(
        "Jours de convalescence naturelle", "Days of natural convalescence", 0, 0, 10_000
    )
    pod_hours: int = _amount(
        "Heures en caisson (convalescence)", "Hours in a pod (convalescence)", 0, 0, 10_000
    )


class Convalesce(Operation[ArtemisSheet, ConvalesceParams]):
    name = "convalesce"
    title = tr("Convalescence", "Convalescence")
    params = ConvalesceParams
    sources = (site(284, 295, "0110030401"),)

    def apply(
        self, sheet: ArtemisSheet, params: ConvalesceParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        w = sheet.nifimo.blessure
        if not w.stabilised:
            raise EcranError(
                tr(
                    "seules les blessures stabilisées guérissent : stabilisez d'abord",
                    "only stabilised wounds heal: stabilise first",
                )
            )
        rule = tables.nifimo().healing
        healed = (
            params.days // rule.natural_days_per_wound
            + params.pod_hours // rule.pod_hours_per_wound
        )
        serious = min(w.serious, healed)
        light = min(w.light, healed - serious)
        changed = add_marks(sheet, "blessure", -light, -serious)
        return Change(
            changed,
            tr(f"{serious + light} blessure(s) guérie(s)", f"{serious + light} wound(s) healed"),
        )


# -- fatigue recovery -----------------------------------------------------------------------------


class DurationParams(Params):
    duration: int = _amount(
        "Durée (minutes, heures selon l'opération)",
        "Duration (minutes or hours, per operation)",
        0,
        0,
        100_000,
    )


class Rest(Operation[ArtemisSheet, DurationParams]):
    name = "rest"
    title = tr("Repos (minutes)", "Rest (minutes)")
    params = DurationParams
    sources = (seed(324, 329),)

    def apply(
        self, sheet: ArtemisSheet, params: DurationParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        gone = tracks.light_fatigue_recovered(params.duration, sheet.nifimo.fatigue.light)
        return Change(
            add_marks(sheet, "fatigue", light=-gone),
            tr(f"{gone} fatigue(s) légère(s) en moins", f"{gone} light fatigue(s) gone"),
        )


class Sleep(Operation[ArtemisSheet, DurationParams]):
    name = "sleep"
    title = tr("Sommeil (heures consécutives)", "Sleep (consecutive hours)")
    params = DurationParams
    sources = (seed(330, 341),)

    def apply(
        self, sheet: ArtemisSheet, params: DurationParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        gone = tracks.serious_fatigue_recovered(params.duration, sheet.nifimo.fatigue.serious)
        wait = tracks.sleep_lockout_hours(params.duration)
        return Change(
            add_marks(sheet, "fatigue", serious=-gone),
            tr(
                f"{gone} fatigue(s) grave(s) en moins ; {wait} h avant de redormir",
                f"{gone} serious fatigue(s) gone; {wait} h before sleeping again",
            ),
        )


class Holiday(Operation[ArtemisSheet, DurationParams]):
    name = "holiday"
    title = tr("Repos complet (heures)", "Complete rest (hours)")
    params = DurationParams
    sources = (seed(342, 347),)

    def apply(
        self, sheet: ArtemisSheet, params: DurationParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        gone = tracks.permanent_fatigue_recovered(params.duration, sheet.nifimo.fatigue.permanent)
        return Change(
            add_marks(sheet, "fatigue", permanent=-gone),
            tr(
                f"{gone} fatigue(s) permanente(s) en moins ; pas d'apprentissage",
                f"{gone} permanent fatigue(s) gone; no learning meanwhile",
            ),
        )


class StayAwake(Operation[ArtemisSheet, DurationParams]):
    name = "stay_awake"
    title = tr("Fatigue naturelle (heures d'éveil)", "Natural fatigue (hours awake)")
    params = DurationParams
    sources = (site(142, 155, "0110020201"),)

    def apply(
        self, sheet: ArtemisSheet, params: DurationParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        gained = tracks.natural_fatigue(params.duration)
        return Change(
            add_marks(sheet, "fatigue", serious=gained),
            tr(
                f"règle optionnelle : +{gained} fatigue(s) grave(s)",
                f"optional rule: +{gained} serious fatigue(s)",
            ),
        )


# -- stress and fear ----------------------------------------------------------------------


class SootheParams(Params):
    soother_skill: int = _amount(
        "Score d'Apaiser de l'autre personnage", "The soother's Apaiser score", 5, 0, 30
    )
    adjacent: bool = param(tr("À côté", "Next to them"), default=True)
    apaiser_marks: Literal["all", "light"] = APAISER_MARKS.field()


class Soothe(Operation[ArtemisSheet, SootheParams]):
    name = "soothe"
    title = tr("Être apaisé", "Be soothed")
    params = SootheParams
    sources = (site(410, 424, "0110010101"),)

    def apply(
        self, sheet: ArtemisSheet, params: SootheParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        stress = sheet.nifimo.stress
        check, parsed = _check_params(
            "apaiser",
            {
                "skill": params.soother_skill,
                "target_light_stress": stress.light,
                "target_serious_stress": stress.serious,
                "adjacent": params.adjacent,
                "apaiser_marks": params.apaiser_marks,
            },
        )
        result = check.resolve(parsed, dice)
        removed = {"no_effect": 0, "remove_one": 1, "remove_two": 2}[result.outcome]
        return Change(
            add_marks(sheet, "stress", light=-removed),
            tr(f"{removed} stress léger(s) en moins", f"{removed} light stress removed"),
            result,
        )


class FearParams(Params):
    days: int = _amount(
        "Jours depuis que la cause a disparu", "Days since the cause is gone", 0, 0, 100_000
    )
    release_serious: bool = param(
        tr("Le MJ efface une terreur", "The GM clears one serious fear"),
        tr("seulement après 100 jours au moins", "only after at least 100 days"),
        default=False,
    )


class FearFades(Operation[ArtemisSheet, FearParams]):
    name = "fear_fades"
    title = tr("La peur s'estompe", "Fear fades")
    params = FearParams
    sources = (site(133, 141, "0105110001"),)

    def apply(
        self, sheet: ArtemisSheet, params: FearParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        rule = tables.nifimo().fear
        if params.release_serious and params.days < rule.serious_min_days:
            raise EcranError(
                tr(
                    f"une terreur dure au moins {rule.serious_min_days} jours",
                    f"a serious fear lasts at least {rule.serious_min_days} days",
                )
            )
        light = sheet.nifimo.peur.light if params.days >= rule.light_fades_days else 0
        changed = add_marks(sheet, "peur", -light, -int(params.release_serious))
        return Change(changed, tr(f"{light} frayeur(s) disparue(s)", f"{light} light fear(s) gone"))


class PsyParams(Params):
    power: Literal["sketch_trace", "sketch_attract", "metamorphosis", "invocation"] = param(
        tr("Pouvoir", "Power"), default="sketch_trace"
    )
    count: int = _amount(
        "Transformations, objets ou esprits non consentants",
        "Transformations, objects or unwilling spirits",
        1,
        0,
        30,
    )
    strongest_unwilling_will: int = _amount(
        "Plus forte volonté non consentante", "Strongest unwilling will", 0, 0, 10
    )
    professional: bool = param(
        tr("Privilège du professionnel", "Professional's privilege"), default=False
    )


class PsyPower(Operation[ArtemisSheet, PsyParams]):
    """An empath power rolled from the sheet, its fatigue cost marked on the NIFIMO."""

    name = "psy_power"
    title = tr("Pouvoir d'empathe", "Empath power")
    params = PsyParams
    sources = (seed(197, 312),)
    SKILLS = {
        "sketch_trace": "esquisse",
        "sketch_attract": "esquisse",
        "metamorphosis": "metamorphose",
        "invocation": "invocation",
    }

    def apply(
        self, sheet: ArtemisSheet, params: PsyParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        skill = self.SKILLS[params.power]
        values: dict[str, Any] = {
            "skill": sheet.score(skill),
            "malus": tracks.malus(sheet),
            "professional": params.professional,
        }
        if params.power in ("metamorphosis", "invocation"):
            values["count"] = max(1, params.count)
        elif params.power == "sketch_attract":
            values |= {
                "unwilling_spirits": params.count,
                "strongest_unwilling_will": params.strongest_unwilling_will,
            }
        changed = _privilege(sheet, skill, params.professional)
        check, parsed = _check_params(params.power, values)
        result = check.resolve(parsed, dice)
        cost = result.details["cost"]
        changed = add_marks(
            changed, "fatigue", light=cost["light_fatigue"], permanent=cost["permanent_fatigue"]
        )
        return Change(
            changed,
            tr(
                f"{params.power} : {result.outcome}, coût {cost}",
                f"{params.power}: {result.outcome}, cost {cost}",
            ),
            result,
        )


# -- experience and balance ---------------------------------------------------------------


class AwardParams(Params):
    session: int = _amount("XP de la séance (0 à 3)", "Session XP (0 to 3)", 0, 0, 3)
    scenario: int = _amount("Bonus de fin de scénario (MJ)", "End-of-scenario bonus (GM)", 0, 0, 20)
    scenario_length: Literal["", "short", "medium", "long"] = param(
        tr("Longueur du scénario terminé", "Length of the finished scenario"), default=""
    )


class AwardXp(Operation[ArtemisSheet, AwardParams]):
    name = "award_xp"
    title = tr("Gagner de l'expérience", "Gain experience")
    params = AwardParams
    sources = (seed(403, 407), site(357, 376, "0105130001"))

    def apply(
        self, sheet: ArtemisSheet, params: AwardParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        gained, xp = params.session, sheet.experience
        update: dict[str, int] = {}
        if params.scenario_length:
            band = next(
                a for a in tables.advancement().scenario_award if a.id == params.scenario_length
            )
            if not band.min <= params.scenario <= band.max:
                raise EcranError(
                    tr(
                        f"bonus {params.scenario} hors de {band.min}–{band.max} ({band.fr})",
                        f"bonus {params.scenario} outside {band.min}-{band.max} ({band.en})",
                    )
                )
            gained += params.scenario
            update["forced_this_scenario"] = 0  # a new scenario starts the count again
        elif params.scenario:
            raise EcranError(
                tr(
                    "indiquez la longueur du scénario pour son bonus",
                    "give the scenario's length for its bonus",
                )
            )
        update["total"] = xp.total + gained
        changed = sheet.model_copy(update={"experience": xp.model_copy(update=update)})
        return Change(changed, tr(f"+{gained} XP", f"+{gained} XP"))


class NewScenario(Operation[ArtemisSheet, NoParams]):
    name = "new_scenario"
    title = tr("Nouveau scénario", "New scenario")
    params = NoParams
    sources = (seed(37, 39),)

    def apply(
        self, sheet: ArtemisSheet, params: NoParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        xp = sheet.experience.model_copy(update={"forced_this_scenario": 0})
        return Change(
            sheet.model_copy(update={"experience": xp}),
            tr("compteur de hasard forcé remis à zéro", "forced-luck count reset"),
        )


class BalanceParams(Params):
    event: Literal["first_death", "assassination", "custom"] = param(
        tr("Événement", "Event"), default="first_death"
    )
    label: str = param(tr("Libellé (custom)", "Label (custom)"), default="")
    points: int = _amount("Points (custom)", "Points (custom)", 0, -20, 20)


class BalanceEvent(Operation[ArtemisSheet, BalanceParams]):
    name = "balance_event"
    title = tr("Équilibre mental : événement", "Mental balance: event")
    params = BalanceParams
    sources = (seed(396, 399), site(315, 334, "0105150101"))

    def apply(
        self, sheet: ArtemisSheet, params: BalanceParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        if params.event == "custom":
            if not params.label:
                raise EcranError(
                    tr("un événement libre a besoin d'un libellé", "a custom event needs a label")
                )
            label, points = params.label, params.points
        else:
            row = next(e for e in tables.advancement().balance_event if e.id == params.event)
            label, points = row.fr, row.points
        entries = [*sheet.mental_balance, {"label": label, "points": points}]
        changed = ArtemisSheet.model_validate({**sheet.model_dump(), "mental_balance": entries})
        return Change(
            changed,
            tr(
                f"{label} : {points:+d} (total {changed.balance})",
                f"{label}: {points:+d} (total {changed.balance})",
            ),
        )


ALL: tuple[Operation[Any, Any], ...] = (
    SkillTest(),
    AdjustMarks(),
    ForceDefence(),
    NifimoTest(),
    CalmTest(),
    TakeWounds(),
    Hit(),
    Aggravate(),
    Stabilise(),
    Convalesce(),
    Rest(),
    Sleep(),
    Holiday(),
    StayAwake(),
    Soothe(),
    FearFades(),
    PsyPower(),
    AwardXp(),
    NewScenario(),
    BalanceEvent(),
)
