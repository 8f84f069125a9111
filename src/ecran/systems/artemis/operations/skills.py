"""The skill test rolled from the sheet: its malus, the professional's privilege and forcing
luck with an experience point (L29-53)."""

from __future__ import annotations

from typing import Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Params, tr
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.operations.common import operation, privilege, roll
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed

#: When to spend an experience point forcing luck (L29-39), if the sheet has one left.
SpendOn = Literal["never", "failure", "failure_or_uncertainty"]


class SkillTestParams(Params):
    skill: str = FIELDS("skill_id", default="esquive")
    difficulty: int = FIELDS("plain_difficulty", default=6, ge=0, le=40)
    professional: bool = FIELDS("privilege", default=False)
    spend_on: SpendOn = FIELDS("force_luck_on", default="never")


@operation("skill_test", seed(29, 53))
def skill_test(
    sheet: ArtemisSheet, params: SkillTestParams, dice: DiceSource
) -> Change[ArtemisSheet]:
    """A skill test from the sheet: the malus of its NIFIMO, the privilege's fatigue, and an
    experience point spent forcing luck when allowed (L29-53)."""
    malus = tracks.malus(sheet)  # taken before the privilege's own fatigue lands
    changed = privilege(sheet, params.skill, params.professional)
    values = {
        "skill": sheet.score(params.skill),
        "difficulty": params.difficulty,
        "malus": malus,
        "professional": params.professional,
    }
    if params.spend_on != "never" and can_force(sheet):
        result = roll("test_xp", {**values, "spend_on": params.spend_on}, dice)
    else:
        result = roll("test", values, dice)
    if result.details.get("xp_spent"):
        xp = changed.experience
        spent = {"used": xp.used + 1, "forced_this_scenario": xp.forced_this_scenario + 1}
        changed = changed.model_copy(update={"experience": xp.model_copy(update=spent)})
    summary = tr(
        f"{params.skill} : {result.outcome} ({result.total})",
        f"{params.skill}: {result.outcome} ({result.total})",
    )
    return Change(changed, summary, result)


def can_force(sheet: ArtemisSheet) -> bool:
    """An unspent experience point, and the scenario's limit of forced luck not reached
    (L29-39)."""
    xp = sheet.experience
    limit = tables.core().experience_force.per_scenario
    return xp.total - xp.used >= 1 and xp.forced_this_scenario < limit
