"""The skill test rolled from the sheet: its malus, the professional's privilege and forcing
luck with an experience point (L29-53)."""

from __future__ import annotations

from typing import Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Params, Text, tr, unknown
from ecran.rules.field import folded
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.checks import BY_NAME
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
    skill = skill_id(sheet, params.skill)
    malus = tracks.malus(sheet)  # taken before the privilege's own fatigue lands
    changed = privilege(sheet, skill, params.professional)
    values = {
        "skill": sheet.score(skill),
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
    label = skill_label(sheet, skill)
    zone = next(o.label for o in BY_NAME["test"].outcomes if o.name == result.outcome)
    summary = tr(
        f"{label.fr} : {zone.fr} ({result.total})", f"{label.en}: {zone.en} ({result.total})"
    )
    return Change(changed, summary, result)


def can_force(sheet: ArtemisSheet) -> bool:
    """An unspent experience point, and the scenario's limit of forced luck not reached
    (L29-39)."""
    xp = sheet.experience
    limit = tables.core().experience_force.per_scenario
    return xp.total - xp.used >= 1 and xp.forced_this_scenario < limit


def skill_id(sheet: ArtemisSheet, name: str) -> str:
    """The skill people name, as they type it (`Résistance`, `resistance`, `Sens du combat`, a
    custom skill's name); an unknown one is refused with what the sheet knows."""
    wanted = folded(name)
    for s in [*tables.skills().innate, *tables.skills().acquired]:
        if wanted in {folded(s.id), folded(s.label.fr), folded(s.label.en)}:
            return s.id
    for c in sheet.custom_skills:
        if folded(c.name) == wanted:
            return c.name
    raise unknown(
        tr("compétence", "skill"),
        name,
        [s.label.fr for s in tables.skills().innate] + [c.name for c in sheet.custom_skills],
    )


def skill_label(sheet: ArtemisSheet, skill: str) -> Text:
    found = next(
        (s.label for s in [*tables.skills().innate, *tables.skills().acquired] if s.id == skill),
        None,
    )
    return found or Text(fr=skill, en=skill)
