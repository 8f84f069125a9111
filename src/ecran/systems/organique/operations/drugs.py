"""Drug taking, dependence and the withdrawal schedule (L953-1044).

Each kind of dependence (physical, psychological) keeps its own clock in days since the last
dose. Withdrawal tests come 1 day after the last dose and the wait doubles after each success
(days 1, 3, 7, 15, 31, 63…); physical dependence ends after as many days clean as its
withdrawal difficulty; a failed test sends the character after the drug.
"""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Params, Text, tr
from ecran.rules.refusals import fields_wanted
from ecran.systems.organique.afflictions import Addiction
from ecran.systems.organique.hazards import Report, record, save
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.options import OPTIONS
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import FIELDS, HEALTH, given_or_known, src

KINDS: tuple[Literal["physical", "psychological"], ...] = ("physical", "psychological")
#: Each kind of dependence as players read it (L964-997).
KIND_WORDS = {
    "physical": tr("physique", "physical"),
    "psychological": tr("psychologique", "psychological"),
}
HOUR = 1 / 24  # L993-997: without the drug, a failed test is retried every hour


def known_drug(name: str) -> str:
    """A drug the tables know, by its id or its label (« Pilules antidouleur »), as its id;
    another as it was given (a free name)."""
    known = HEALTH.drug_named(name)
    return known.name if known is not None else name


def drug_words(name: str) -> Text:
    """A drug as people read it: a known one by its label, never its id (`painkillers`)."""
    known = HEALTH.drug_named(name)
    return known.label if known is not None else Text(fr=name, en=name)


class DrugParams(Params):
    drug: str = FIELDS("drug.drug", default="painkillers", min_length=1)
    _known = field_validator("drug")(lambda cls, v: known_drug(v))
    doses: int = FIELDS("doses.drug", default=1, ge=1, le=100)
    # Bounds: those of afflictions.Addiction.dependence.
    physical: int | None = FIELDS("physical", default=None, ge=0, le=60)
    psychological: int | None = FIELDS("psychological", default=None, ge=0, le=60)
    withdrawal: int | None = FIELDS("withdrawal", default=None)
    physical_dependence_stat: Literal["END", "VOL"] = OPTIONS["physical_dependence_stat"].field()


def _profile(params: DrugParams) -> dict[str, int]:
    return given_or_known(
        params.model_dump(include={"physical", "psychological", "withdrawal"}),
        HEALTH.drug_named(params.drug),
        fields_wanted(
            tr("drogue sans profil", "drug with no profile"),
            DrugParams,
            ("physical", "psychological", "withdrawal"),
        ),
    )


@operation("take_drug", src(953, 962), src(999, 1044))
def take_drug(
    sheet: OrganiqueSheet, params: DrugParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """A dose: a dependent character's clock starts again (the psychological wait resets to
    24 h, L1040-1044); for a kind he is not dependent on, a dependence save against the
    difficulty + the doses of the last 24 h (END physical, VOL psychological, L953-962,
    L1008-1012)."""
    profile, r = _profile(params), Report()
    kept = [a for a in sheet.addictions if a.drug != params.drug]
    for kind in KINDS:
        held = next((a for a in sheet.addictions if (a.drug, a.kind) == (params.drug, kind)), None)
        if held is not None:
            kept.append(held.model_copy(update=_fresh_clock()))
            r.say(
                f"{KIND_WORDS[kind].fr} : le manque recommence à zéro",
                f"{KIND_WORDS[kind].en}: withdrawal starts over",
            )
            continue
        stat = params.physical_dependence_stat if kind == "physical" else "VOL"
        roll = save(sheet, stat, profile[kind] + params.doses, dice)
        record(r, kind, roll)
        if roll.success:
            r.say(
                f"{KIND_WORDS[kind].fr} : pas de dépendance",
                f"{KIND_WORDS[kind].en}: not dependent",
            )
            continue
        kept.append(
            Addiction(
                drug=params.drug,
                kind=kind,
                dependence=profile[kind],
                withdrawal=profile["withdrawal"],
            )
        )
        r.say(f"{KIND_WORDS[kind].fr} : dépendant", f"{KIND_WORDS[kind].en}: dependent")
    new = sheet.model_copy(update={"addictions": kept})
    return Change(new, r.text(), r.resolution("taken"))


def _fresh_clock() -> dict[str, object]:
    return {"days_clean": 0.0, "interval_days": 1.0, "next_test_day": 1.0, "craving": False}


class WithdrawalParams(Params):
    drug: str = FIELDS("drug.withdrawal", default="painkillers", min_length=1)
    _known = field_validator("drug")(lambda cls, v: known_drug(v))
    forced: bool = FIELDS("forced", default=False)
    day: float | None = FIELDS("day", default=None, ge=0)


@operation("withdrawal", src(964, 997), src(1014, 1044))
def withdrawal(
    sheet: OrganiqueSheet, params: WithdrawalParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """The next withdrawal test of each dependence on the drug: VOL + 1d20 against the
    withdrawal difficulty (L964-997)."""
    mine = [a for a in sheet.addictions if a.drug == params.drug]
    if not mine:
        raise EcranError(
            tr(
                f"pas de dépendance à « {drug_words(params.drug).fr} »",
                f"no dependence on '{drug_words(params.drug).en}'",
            )
        )
    r, kept = Report(), [a for a in sheet.addictions if a.drug != params.drug]
    for a in mine:
        day = _test_day(a, params)
        if a.kind == "physical" and not a.lifelong and day >= a.withdrawal:
            r.say(
                f"physique : fini après {a.withdrawal} jours",
                f"physical: over after {a.withdrawal} days",
            )
            continue
        roll = save(sheet, "VOL", a.withdrawal, dice)
        record(r, a.kind, roll)
        kept.append(_after_test(a, day, roll.success))
        verdict = ("tient bon", "holds") if roll.success else ("replonge", "relapses")
        kind_words = KIND_WORDS[a.kind]
        r.say(
            f"{kind_words.fr} (jour {day:g}) : {verdict[0]}",
            f"{kind_words.en} (day {day:g}): {verdict[1]}",
        )
    new = sheet.model_copy(update={"addictions": kept})
    craving = any(a.craving for a in kept if a.drug == params.drug)
    return Change(new, r.text(), r.resolution("craving" if craving else "holds"))


def _test_day(a: Addiction, params: WithdrawalParams) -> float:
    if not params.forced:
        return a.next_test_day
    return params.day if params.day is not None else a.days_clean


def _after_test(a: Addiction, day: float, success: bool) -> Addiction:
    if success:
        interval = a.interval_days * 2 if not a.craving else a.interval_days
        return a.model_copy(
            update={
                "days_clean": day,
                "interval_days": interval,
                "next_test_day": day + interval,
                "craving": False,
            }
        )
    return a.model_copy(update={"days_clean": day, "next_test_day": day + HOUR, "craving": True})


DRUG_OPERATIONS = (take_drug, withdrawal)
