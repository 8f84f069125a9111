"""Diseases, drugs and the aftermath of a battle as state changes (L953-1129, L3669-3711)."""

from __future__ import annotations

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Params, Text, tr
from ecran.rules.refusals import fields_wanted
from ecran.systems.organique.afflictions import DiseaseState
from ecran.systems.organique.checks.medical import DiseaseProgression, ProgressionParams
from ecran.systems.organique.hazards import (
    Report,
    record,
    save,
    with_condition,
    wound,
)
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.options import OPTIONS
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import FIELDS, HEALTH, src, words
from ecran.systems.organique.tracks import effective

IMMUNE, SIMILAR = 10, 6  # L1083-1088


def disease_words(name: str) -> Text:
    """A disease as players read it: a known profile by its label (L1047-1129), any other by the
    name the GM gave it."""
    known = HEALTH.disease_named(name)
    return tr(known.label.fr, known.label.en) if known is not None else tr(name, name)


def _disease(sheet: OrganiqueSheet, name: str) -> DiseaseState:
    found = next((d for d in sheet.diseases if d.name == name), None)
    if found is None:
        words = [disease_words(d.name) for d in sheet.diseases]
        fr = ", ".join(w.fr for w in words) or "aucune"
        en = ", ".join(w.en for w in words) or "none"
        asked = disease_words(name)
        raise EcranError(
            tr(f"pas de maladie « {asked.fr} » ({fr})", f"no disease '{asked.en}' ({en})")
        )
    return found


def _replace(sheet: OrganiqueSheet, disease: DiseaseState | None, name: str) -> OrganiqueSheet:
    rest = [d for d in sheet.diseases if d.name != name]
    return sheet.model_copy(update={"diseases": rest + ([disease] if disease else [])})


def _immunity(sheet: OrganiqueSheet, name: str, similar: bool) -> int:
    return IMMUNE if name in sheet.immunities else SIMILAR if similar else 0


def reach_level(
    sheet: OrganiqueSheet, disease: DiseaseState, dice: DiceSource, r: Report, fever_save: bool
) -> OrganiqueSheet:
    """Symptoms on reaching a level (L1100-1110): its wound, a vomiting save at
    (vomiting × level), and the fever (automatic unless the fever-save reading is chosen)."""
    sheet = wound(sheet, bs=disease.bs)
    r.say(f"niveau {disease.level} : {disease.bs} bs", f"level {disease.level}: {disease.bs} bs")
    if disease.vomiting:
        roll = save(sheet, "VOL", disease.vomiting * disease.level, dice)
        record(r, "vomiting", roll)
        if not roll.success:
            sheet = with_condition(sheet, "vomiting")
            r.say("vomissements", "vomiting")
    if disease.fever and fever_save:
        roll = save(sheet, "END", disease.fever * disease.level, dice)
        record(r, "fever", roll)
        disease = disease.model_copy(update={"fever_active": not roll.success})
    return _replace(sheet, disease, disease.name)


class ContractParams(Params):
    disease: str = FIELDS(
        "disease.contract", default="wound_infection", min_length=1, choices=words(HEALTH.disease)
    )
    difficulty: int | None = FIELDS("difficulty.contract", default=None, ge=0, le=60)
    similar: bool = FIELDS("similar.contract", default=False)
    progression: int | None = FIELDS("progression", default=None, ge=0, le=60)
    interval_hours: int | None = FIELDS("interval_hours", default=None, ge=1)
    fever: int = FIELDS("fever", default=0, ge=0, le=40)
    vomiting: int = FIELDS("vomiting", default=0, ge=0, le=40)
    weakness: int = FIELDS("weakness", default=0, ge=0, le=40)
    bs: float = FIELDS("bs", default=0, ge=0, le=10, multiple_of=0.5)
    fever_save: bool = OPTIONS["fever_save"].field()


#: What a disease's data row, or the GM, gives its state (L1047-1129).
PROFILE = {"progression", "interval_hours", "fever", "vomiting", "weakness", "bs"}


def _profile(params: ContractParams) -> tuple[int, DiseaseState]:
    known = HEALTH.disease_named(params.disease)
    if known is not None:
        state = DiseaseState(name=known.name, **known.model_dump(include=PROFILE))
        return params.difficulty if params.difficulty is not None else known.contraction, state
    if params.difficulty is None or params.progression is None or params.interval_hours is None:
        raise fields_wanted(
            tr("maladie sans profil", "disease with no profile"),
            ContractParams,
            ("difficulty", "progression", "interval_hours"),
        )
    state = DiseaseState(name=params.disease, **params.model_dump(include=PROFILE))
    return params.difficulty, state


def contract(
    sheet: OrganiqueSheet, params: ContractParams, dice: DiceSource, r: Report
) -> OrganiqueSheet:
    """L1049-1060: END + 1d20 against the exposure's difficulty; a failure gives level 1.
    Immunity helps (L1083-1088); dirty wounds and fire hinder (L726-735, L802-806)."""
    difficulty, state = _profile(params)
    if any(d.name == state.name for d in sheet.diseases):
        r.say("déjà malade", "already ill")
        return sheet
    bonus = _immunity(sheet, state.name, params.similar) - sheet.infection_malus
    roll = save(sheet, "END", difficulty, dice, modifier=bonus)
    record(r, "contraction", roll)
    if roll.success:
        r.say("n'attrape pas la maladie", "does not catch it")
        return sheet
    return reach_level(_replace(sheet, state, state.name), state, dice, r, params.fever_save)


@operation("disease_contract", src(1049, 1060), src(1083, 1099))
def disease_contract(
    sheet: OrganiqueSheet, params: ContractParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    r = Report()
    new = contract(sheet, params, dice, r)
    caught = len(new.diseases) > len(sheet.diseases)
    return Change(new, r.text(), r.resolution("caught" if caught else "resisted"))


class ProgressParams(Params):
    disease: str = FIELDS(
        "disease.progress", default="wound_infection", min_length=1, choices=words(HEALTH.disease)
    )
    similar: bool = FIELDS("similar.progress", default=False)
    fever_save: bool = OPTIONS["fever_save"].field()


@operation("disease_progress", src(1062, 1088))
def disease_progress(
    sheet: OrganiqueSheet, params: ProgressParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """One progression save, every `interval_hours` (L1062-1076); a cure leaves immunity."""
    d, r = _disease(sheet, params.disease), Report()
    check = ProgressionParams(
        endurance=max(-10, effective(sheet)["END"]),
        treatment=d.treatment,
        immunity=_immunity(sheet, d.name, params.similar),
        difficulty=d.progression,
        level=max(1, d.level),
        stopped=d.stopped,
    )
    result = DiseaseProgression().resolve(check, dice)
    r.details.update(result.details)
    outcome = result.outcome
    if outcome == "worsens":
        d = d.model_copy(update={"level": d.level + 1})
        sheet = reach_level(sheet, d, dice, r, params.fever_save)
    elif outcome == "stopped":
        sheet = _replace(sheet, d.model_copy(update={"stopped": True}), d.name)
    elif outcome == "improves":
        sheet = _replace(sheet, d.model_copy(update={"level": d.level - 1}), d.name)
    elif outcome == "cured":
        immune = sorted({*sheet.immunities, d.name})
        sheet = _replace(sheet, None, d.name).model_copy(update={"immunities": immune})
    r.say(_PROGRESS_TEXT[outcome][0], _PROGRESS_TEXT[outcome][1])
    return Change(sheet, r.text(), r.resolution(outcome))


_PROGRESS_TEXT = {
    "worsens": ("la maladie s'aggrave", "the disease worsens"),
    "unchanged": ("stoppée : l'échec est sans effet", "stopped: the failure does nothing"),
    "stopped": ("progression stoppée", "progression stopped"),
    "improves": ("baisse d'un niveau", "one level better"),
    "cured": ("guéri ; immunité +10", "cured; immunity +10"),
}


class TreatParams(Params):
    disease: str = FIELDS(
        "disease.treat", default="wound_infection", min_length=1, choices=words(HEALTH.disease)
    )
    bonus: int = FIELDS("bonus", ge=0, le=40)


@operation("disease_treat", src(1077, 1082), src(1110, 1115))
def disease_treat(sheet: OrganiqueSheet, params: TreatParams) -> Change[OrganiqueSheet]:
    d = _disease(sheet, params.disease).model_copy(update={"treatment": params.bonus})
    name = disease_words(d.name)
    text = tr(f"{name.fr} : +{params.bonus} aux tests", f"{name.en}: +{params.bonus} to saves")
    return Change(_replace(sheet, d, d.name), text)


MEDICAL_OPERATIONS = (disease_contract, disease_progress, disease_treat)
