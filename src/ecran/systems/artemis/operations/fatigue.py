"""Fatigue recovered by rest, sleep and holidays, and gained by staying awake (L324-347)."""

from __future__ import annotations

from ecran.rules import Change, Params, Text, refuse, tr
from ecran.rules.wording import agreed
from ecran.systems.artemis import tracks
from ecran.systems.artemis.operations.common import operation
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed, site


class DurationParams(Params):
    duration: int = FIELDS("duration", default=0, ge=0, le=100_000)


#: Each kind of fatigue a rest clears, singular and plural, in French and English.
FATIGUE_WORDS = {
    "light": (("fatigue légère", "fatigues légères"), ("light fatigue", "light fatigues")),
    "serious": (("fatigue grave", "fatigues graves"), ("serious fatigue", "serious fatigues")),
    "permanent": (
        ("fatigue permanente", "fatigues permanentes"),
        ("permanent fatigue", "permanent fatigues"),
    ),
}


def _recovered(
    sheet: ArtemisSheet, kind: str, gone: int, then: Text | None = None
) -> Change[ArtemisSheet]:
    """The sheet with `gone` marks of `kind` fatigue cleared, and what it says ("2 fatigues
    légères en moins"), followed by `then` where the rest does more."""
    (fr_one, fr_many), (en_one, en_many) = FATIGUE_WORDS[kind]
    said = tr(
        f"{gone} {agreed(gone, fr_one, fr_many)} en moins",
        f"{gone} {agreed(gone, en_one, en_many, 'en')} gone",
    )
    if then is not None:
        said = tr(f"{said.fr} ; {then.fr}", f"{said.en}; {then.en}")
    return Change(tracks.add_marks(sheet, "fatigue", **{kind: -gone}), said)


@operation("rest", seed(324, 329))
def rest(sheet: ArtemisSheet, params: DurationParams) -> Change[ArtemisSheet]:
    """A continuous rest of so many minutes clears light fatigue (L324-329)."""
    gone = tracks.light_fatigue_recovered(params.duration, sheet.nifimo.fatigue.light)
    return _recovered(sheet, "light", gone)


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
            f"encore {left} h avant de pouvoir se rendormir (L339-341) : donnez --awake-hours, "
            "les heures passées éveillé depuis",
            f"{left} h more before sleeping again (L339-341): give --awake-hours, the hours "
            "awake since",
        )
    gone = tracks.serious_fatigue_recovered(params.duration, sheet.nifimo.fatigue.serious)
    wait = tracks.sleep_lockout_hours(params.duration)
    then = tr(f"{wait} h avant de se rendormir", f"{wait} h before sleeping again")
    slept = _recovered(sheet, "serious", gone, then)
    nifimo = slept.sheet.nifimo.model_copy(update={"sleep_wait": wait})
    return Change(slept.sheet.model_copy(update={"nifimo": nifimo}), slept.summary)


@operation("holiday", seed(342, 347))
def holiday(sheet: ArtemisSheet, params: DurationParams) -> Change[ArtemisSheet]:
    """Complete rest clears permanent fatigue, and nothing is learnt meanwhile (L342-347)."""
    gone = tracks.permanent_fatigue_recovered(params.duration, sheet.nifimo.fatigue.permanent)
    return _recovered(sheet, "permanent", gone, tr("pas d'apprentissage", "no learning meanwhile"))


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
