"""Fatigue recovered by rest, sleep and holidays, and gained by staying awake (L324-347)."""

from __future__ import annotations

from ecran.rules import Change, Params, refuse, tr
from ecran.rules.wording import agreed
from ecran.systems.artemis import tracks
from ecran.systems.artemis.operations.common import operation
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed, site


class DurationParams(Params):
    duration: int = FIELDS("duration", default=0, ge=0, le=100_000)


@operation("rest", seed(324, 329))
def rest(sheet: ArtemisSheet, params: DurationParams) -> Change[ArtemisSheet]:
    """A continuous rest of so many minutes clears light fatigue (L324-329)."""
    gone = tracks.light_fatigue_recovered(params.duration, sheet.nifimo.fatigue.light)
    return Change(
        tracks.add_marks(sheet, "fatigue", light=-gone),
        tr(
            f"{gone} {agreed(gone, 'fatigue légère', 'fatigues légères')} en moins",
            f"{gone} {agreed(gone, 'light fatigue', 'light fatigues', 'en')} gone",
        ),
    )


class SleepParams(DurationParams):
    awake_hours: int = FIELDS("awake_hours", default=0, ge=0, le=100_000)


@operation("sleep", seed(330, 341))
def sleep(sheet: ArtemisSheet, params: SleepParams) -> Change[ArtemisSheet]:
    """Consecutive hours of sleep clear serious fatigue, then forbid sleeping again for a while
    (L330-341): "Si un personnage se réveille après avoir dormi 6 heures ou plus il devra
    attendre 3 heures pour pouvoir dormir à nouveau" (L339-341). The wait is kept on the sheet
    (`nifimo.sleep_wait`) and a sleep inside it is refused."""
    left = sheet.nifimo.sleep_wait - params.awake_hours
    if left > 0:
        raise refuse(
            f"encore {left} h avant de pouvoir redormir (L339-341) : donnez --awake-hours, "
            "les heures passées éveillé depuis",
            f"{left} h more before sleeping again (L339-341): give --awake-hours, the hours "
            "awake since",
        )
    gone = tracks.serious_fatigue_recovered(params.duration, sheet.nifimo.fatigue.serious)
    wait = tracks.sleep_lockout_hours(params.duration)
    slept = tracks.add_marks(sheet, "fatigue", serious=-gone)
    nifimo = slept.nifimo.model_copy(update={"sleep_wait": wait})
    return Change(
        slept.model_copy(update={"nifimo": nifimo}),
        tr(
            f"{gone} {agreed(gone, 'fatigue grave', 'fatigues graves')} en moins ; "
            f"{wait} h avant de redormir",
            f"{gone} {agreed(gone, 'serious fatigue', 'serious fatigues', 'en')} gone; "
            f"{wait} h before sleeping again",
        ),
    )


@operation("holiday", seed(342, 347))
def holiday(sheet: ArtemisSheet, params: DurationParams) -> Change[ArtemisSheet]:
    """Complete rest clears permanent fatigue, and nothing is learnt meanwhile (L342-347)."""
    gone = tracks.permanent_fatigue_recovered(params.duration, sheet.nifimo.fatigue.permanent)
    return Change(
        tracks.add_marks(sheet, "fatigue", permanent=-gone),
        tr(
            f"{gone} {agreed(gone, 'fatigue permanente', 'fatigues permanentes')} en moins ; "
            "pas d'apprentissage",
            f"{gone} {agreed(gone, 'permanent fatigue', 'permanent fatigues', 'en')} gone; "
            "no learning meanwhile",
        ),
    )


@operation("stay_awake", site(142, 155, "0110020201"))
def stay_awake(sheet: ArtemisSheet, params: DurationParams) -> Change[ArtemisSheet]:
    """Optional rule: long hours awake bring serious fatigue (website §2.5)."""
    gained = tracks.natural_fatigue(params.duration)
    return Change(
        tracks.add_marks(sheet, "fatigue", serious=gained),
        tr(
            f"règle optionnelle : +{gained} {agreed(gained, 'fatigue grave', 'fatigues graves')}",
            f"optional rule: +{gained} "
            f"{agreed(gained, 'serious fatigue', 'serious fatigues', 'en')}",
        ),
    )
