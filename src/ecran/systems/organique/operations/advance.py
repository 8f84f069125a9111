"""Advancement: absent from this chapter (class-dependent skill costs are in chapter 1,
L1161-1162; reading §7). The GM decides what is learnt and what it costs; this operation only
writes the change on the sheet within the rules the chapter does give (levels 1 to 6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ecran.rules import Change, EcranError, Params, tr
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.sheet import OrganiqueSheet, Skill
from ecran.systems.organique.tables import CHARACTERISTICS, FIELDS, src

if TYPE_CHECKING:
    StatName = str
else:
    StatName = Literal[CHARACTERISTICS]


class AdvanceParams(Params):
    skill: str = FIELDS("skill.advance", min_length=1, max_length=80)
    characteristic: StatName = FIELDS("characteristic", default="INT")
    cost: str = FIELDS("cost", default="", max_length=120)


@operation("advance", src(1161, 1186, "costs in chapter 1, not in this seed"))
def advance(sheet: OrganiqueSheet, params: AdvanceParams) -> Change[OrganiqueSheet]:
    key = params.skill.casefold()
    old = next((s for s in sheet.skills if s.name.casefold() == key), None)
    if old is not None and old.level >= 6:
        raise EcranError(tr(f"{old.name} est déjà Maître (6)", f"{old.name} is already Master (6)"))
    new = (
        old.model_copy(update={"level": old.level + 1})
        if old is not None
        else Skill(name=params.skill, characteristic=params.characteristic, level=1)
    )
    skills = [s for s in sheet.skills if s.name.casefold() != key] + [new]
    note = f"{new.name} → {new.level}" + (f" ({params.cost})" if params.cost else "")
    notes = "\n".join(x for x in (sheet.notes, note) if x)
    changed = sheet.model_copy(update={"skills": skills, "notes": notes})
    return Change(changed, tr(note, note))


ADVANCE_OPERATIONS = (advance,)
