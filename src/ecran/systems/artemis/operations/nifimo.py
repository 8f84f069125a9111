"""Marks on the NIFIMO by hand, and the NIFIMO and calm tests that leave them (L56-69,
L313-322, L686-699)."""

from __future__ import annotations

from typing import Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, FieldMeta, NoParams, Params, tr
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.checks import BY_NAME
from ecran.systems.artemis.operations.common import operation, privilege, roll
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed, site

#: The NIFIMO's lines (L686-699): gêne, wounds, fatigue, stress, fear.
Line = Literal["gene", "blessure", "fatigue", "stress", "peur"]


class MarksParams(Params):
    line: Line = FIELDS("marks_line", default="fatigue")
    light: int = FIELDS("light_change", default=0, ge=-99, le=99)
    serious: int = FIELDS("serious_change", default=0, ge=-99, le=99)
    permanent: int = FIELDS("permanent_change", default=0, ge=-99, le=99)


@operation("adjust_marks", seed(686, 699), site(121, 132, "0105100001"))
def adjust_marks(sheet: ArtemisSheet, params: MarksParams) -> Change[ArtemisSheet]:
    """Boxes of one NIFIMO line marked or cleared by hand, never below zero (L686-699)."""
    p = params
    changed = tracks.add_marks(sheet, p.line, p.light, p.serious, p.permanent)
    line = FieldMeta.of_model(MarksParams)["line"].choice_label(p.line)
    return Change(changed, tr(f"NIFIMO : {line.fr} modifié", f"NIFIMO: {line.en} changed"))


class NifimoTestParams(Params):
    track: Literal["fatigue", "stress", "peur"] = FIELDS("test_track", default="fatigue")
    extra_serious: int = FIELDS("extra_serious", default=0, ge=0, le=99)
    professional: bool = FIELDS("privilege", default=False)


@operation("nifimo_test", seed(313, 322), site(100, 113, "0105070201"))
def nifimo_test(
    sheet: ArtemisSheet, params: NifimoTestParams, dice: DiceSource
) -> Change[ArtemisSheet]:
    """The line's skill tested at difficulty 10: 12 or more nothing, 9-11 a light mark, 8 or less
    a serious one on that line, plus any serious marks the situation adds (L313-322)."""
    skill = next(t.skill for t in tables.nifimo().test if t.track == params.track)
    malus = tracks.malus(sheet)  # taken before the privilege's own fatigue lands
    changed = privilege(sheet, skill, params.professional)
    values = {"skill": sheet.score(skill), "malus": malus} | params.model_dump(
        include={"track", "professional"}
    )
    result = roll("nifimo", values, dice)
    light = int(result.outcome == "light")
    serious = int(result.outcome == "serious") + params.extra_serious
    changed = tracks.add_marks(changed, params.track, light=light, serious=serious)
    track = FieldMeta.of_model(NifimoTestParams)["track"].choice_label(params.track)
    said = BY_NAME["nifimo"].outcome(result.outcome).label  # its words, never its id
    return Change(changed, tr(f"{track.fr} : {said.fr}", f"{track.en}: {said.en}"), result)


@operation("calm_test", seed(56, 69), site(115, 119, "0106010001"))
def calm_test(sheet: ArtemisSheet, params: NoParams, dice: DiceSource) -> Change[ArtemisSheet]:
    """At the start of an action scene every player character tests Calme at difficulty 10: a
    light stress on uncertainty, a serious one on failure; NPCs never make it (L56-69)."""
    if sheet.kind == "npc":
        raise EcranError(
            tr("les PNJ ne font jamais le test de calme", "NPCs never make the calm test")
        )
    result = roll("calm", {"skill": sheet.score("calme"), "malus": tracks.malus(sheet)}, dice)
    light, serious = int(result.outcome == "light"), int(result.outcome == "serious")
    return Change(
        tracks.add_marks(sheet, "stress", light, serious),
        tr(
            f"calme : {BY_NAME['calm'].outcome(result.outcome).label.fr}",
            f"calm: {BY_NAME['calm'].outcome(result.outcome).label.en}",
        ),
        result,
    )
