"""Marks on the NIFIMO by hand, and the NIFIMO and calm tests that leave them (L56-69,
L313-322, L686-699)."""

from __future__ import annotations

from typing import Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, tr
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.operations.common import NoParams, privilege, roll
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed, site

#: The NIFIMO's lines (L686-699): gêne, wounds, fatigue, stress, fear.
Line = Literal["gene", "blessure", "fatigue", "stress", "peur"]


class MarksParams(Params):
    line: Line = FIELDS("marks_line", default="fatigue")
    light: int = FIELDS("light_change", default=0, ge=-99, le=99)
    serious: int = FIELDS("serious_change", default=0, ge=-99, le=99)
    permanent: int = FIELDS("permanent_change", default=0, ge=-99, le=99)


class AdjustMarks(Operation[ArtemisSheet, MarksParams]):
    name = "adjust_marks"
    title = tr("Cocher ou effacer des cases", "Mark or clear boxes")
    params = MarksParams
    sources = (seed(686, 699), site(121, 132, "0105100001"))

    def apply(
        self, sheet: ArtemisSheet, params: MarksParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        p = params
        changed = tracks.add_marks(sheet, p.line, p.light, p.serious, p.permanent)
        return Change(changed, tr(f"NIFIMO {params.line} modifié", f"NIFIMO {params.line} changed"))


class NifimoTestParams(Params):
    track: Literal["fatigue", "stress", "peur"] = FIELDS("test_track", default="fatigue")
    extra_serious: int = FIELDS("extra_serious", default=0, ge=0, le=99)
    professional: bool = FIELDS("privilege", default=False)


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
        changed = privilege(sheet, skill, params.professional)
        result = roll(
            "nifimo",
            {
                "skill": sheet.score(skill),
                "malus": malus,
                "track": params.track,
                "professional": params.professional,
            },
            dice,
        )
        light = 1 if result.outcome == "light" else 0
        serious = (1 if result.outcome == "serious" else 0) + params.extra_serious
        changed = tracks.add_marks(changed, params.track, light=light, serious=serious)
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
        result = roll(
            "calm",
            {"skill": sheet.score("calme"), "malus": tracks.malus(sheet)},
            dice,
        )
        light, serious = int(result.outcome == "light"), int(result.outcome == "serious")
        return Change(
            tracks.add_marks(sheet, "stress", light, serious),
            tr(f"calme : {result.outcome}", f"calm: {result.outcome}"),
            result,
        )
