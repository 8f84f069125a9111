"""An empath power rolled from the sheet, its fatigue cost marked (L197-312)."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Params, PutCondition, tr
from ecran.rules.wording import agreed
from ecran.systems.artemis import tracks
from ecran.systems.artemis.checks import BY_NAME
from ecran.systems.artemis.operations.common import operation, privilege, roll
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed

#: The empath powers an operation rolls from the sheet (L197-312).
Power = Literal["sketch_trace", "sketch_attract", "metamorphosis", "invocation"]

#: The skill each power tests.
SKILLS = {
    "sketch_trace": "esquisse",
    "sketch_attract": "esquisse",
    "metamorphosis": "metamorphose",
    "invocation": "invocation",
}


class PsyParams(Params):
    power: Power = FIELDS("power", default="sketch_trace")
    count: int = FIELDS("psy_count", default=1, ge=0, le=30)
    strongest_unwilling_will: int = FIELDS("unwilling_will", default=0, ge=0, le=10)
    professional: bool = FIELDS("privilege", default=False)


@operation("psy_power", seed(197, 312))
def psy_power(sheet: ArtemisSheet, params: PsyParams, dice: DiceSource) -> Change[ArtemisSheet]:
    """An empath power rolled from the sheet, its fatigue cost marked on the NIFIMO (L197-312)."""
    skill = SKILLS[params.power]
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
    changed = privilege(sheet, skill, params.professional)
    result = roll(params.power, values, dice)
    cost = result.details["cost"]
    changed = tracks.add_marks(
        changed, "fatigue", light=cost["light_fatigue"], permanent=cost["permanent_fatigue"]
    )
    check = BY_NAME[params.power]
    zone = next(o.label for o in check.outcomes if o.name == result.outcome)
    light, permanent = cost["light_fatigue"], cost["permanent_fatigue"]
    return Change(
        changed,
        tr(
            f"{check.title.fr} : {zone.fr} ; fatigue {light} {agreed(light, 'légère', 'légères')}, "
            f"{permanent} {agreed(permanent, 'permanente', 'permanentes')}",
            f"{check.title.en}: {zone.en}; fatigue {light} light, {permanent} permanent",
        ),
        result,
        (TRACING,) if params.power == "sketch_trace" else (),
    )


#: Tracing a sketch: "L'empathe ne peut réaliser d'actions physiques pendant un tour" (L199-200).
TRACING = PutCondition(
    tr(
        "trace une esquisse : aucune action physique ce tour",
        "tracing a sketch: no physical action this turn",
    ),
    1,
)
