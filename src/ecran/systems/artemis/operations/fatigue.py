"""Fatigue recovered by rest, sleep and holidays, and gained by staying awake (L324-347)."""

from __future__ import annotations

from ecran.dice import DiceSource
from ecran.rules import Change, Operation, Params, tr
from ecran.systems.artemis import tracks
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed, site


class DurationParams(Params):
    duration: int = FIELDS("duration", default=0, ge=0, le=100_000)


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
            tracks.add_marks(sheet, "fatigue", light=-gone),
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
            tracks.add_marks(sheet, "fatigue", serious=-gone),
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
            tracks.add_marks(sheet, "fatigue", permanent=-gone),
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
            tracks.add_marks(sheet, "fatigue", serious=gained),
            tr(
                f"règle optionnelle : +{gained} fatigue(s) grave(s)",
                f"optional rule: +{gained} serious fatigue(s)",
            ),
        )
