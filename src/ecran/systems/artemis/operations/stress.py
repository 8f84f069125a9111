"""Stress soothed by another character, and fear fading with time (website: rules/artemis-site.md
L133-141, L410-424)."""

from __future__ import annotations

from typing import Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Params, tr
from ecran.rules.wording import agreed
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.operations.common import operation, roll
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, site

#: Light stress each result of the soother's Apaiser test removes.
REMOVED = {"no_effect": 0, "remove_one": 1, "remove_two": 2}


class SootheParams(Params):
    soother_skill: int = FIELDS("soother_skill", default=5, ge=0, le=30)
    adjacent: bool = FIELDS("next_to", default=True)
    apaiser_marks: Literal["all", "light"] = OPTIONS["apaiser_marks"].field()


@operation("soothe", site(410, 424, "0110010101"))
def soothe(sheet: ArtemisSheet, params: SootheParams, dice: DiceSource) -> Change[ArtemisSheet]:
    """Another character's Apaiser test against this one's stress removes light stress
    (website §4, L410-424)."""
    stress = sheet.nifimo.stress
    values = {
        "skill": params.soother_skill,
        "target_light_stress": stress.light,
        "target_serious_stress": stress.serious,
        "adjacent": params.adjacent,
        "apaiser_marks": params.apaiser_marks,
    }
    result = roll("apaiser", values, dice)
    removed = REMOVED[result.outcome]
    return Change(
        tracks.add_marks(sheet, "stress", light=-removed),
        tr(
            f"{removed} {agreed(removed, 'stress léger', 'stress légers')} en moins",
            f"{removed} light stress removed",
        ),
        result,
    )


class FearParams(Params):
    days: int = FIELDS("days_since", default=0, ge=0, le=100_000)
    release_serious: bool = FIELDS("release_serious", default=False)


@operation("fear_fades", site(133, 141, "0105110001"))
def fear_fades(sheet: ArtemisSheet, params: FearParams) -> Change[ArtemisSheet]:
    """Light fears fade after some days; a serious fear (terreur) lasts at least its minimum
    before the GM releases it (website L133-141)."""
    rule = tables.nifimo().fear
    if params.release_serious and params.days < rule.serious_min_days:
        raise EcranError(
            tr(
                f"une terreur dure au moins {rule.serious_min_days} jours",
                f"a serious fear lasts at least {rule.serious_min_days} days",
            )
        )
    light = sheet.nifimo.peur.light if params.days >= rule.light_fades_days else 0
    changed = tracks.add_marks(sheet, "peur", -light, -int(params.release_serious))
    return Change(
        changed,
        tr(
            f"{light} {agreed(light, 'frayeur disparue', 'frayeurs disparues')}",
            f"{light} {agreed(light, 'light fear', 'light fears', 'en')} gone",
        ),
    )
