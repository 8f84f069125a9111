"""Play state as pure functions: NIFIMO marks per line, their malus, gêne from armour, fatigue
recovery, aggravation and healing times. Operations call these; `actions` reads the malus."""

from __future__ import annotations

from dataclasses import dataclass

from ecran.systems.artemis import tables
from ecran.systems.artemis.sheet import ArtemisSheet

LINES = ("gene", "blessure", "fatigue", "stress", "peur")


def armour_gene(armour_id: str, pressurised: bool) -> int:
    """Gêne of the worn protection, +1 if pressurised (L349-362)."""
    row = tables.armour(armour_id)
    return row.gene + (tables.combat().pressurised.extra_gene if pressurised else 0)


def protection(sheet: ArtemisSheet) -> int:
    return tables.armour(sheet.armour).protection


def line_marks(sheet: ArtemisSheet) -> dict[str, int]:
    """How many boxes each NIFIMO line has filled (strokes and crosses alike, website §2.3)."""
    n = sheet.nifimo
    return {
        "gene": armour_gene(sheet.armour, sheet.pressurised) + n.gene_extra,
        "blessure": n.blessure.light + n.blessure.serious,
        "fatigue": n.fatigue.light + n.fatigue.serious + n.fatigue.permanent,
        "stress": n.stress.light + n.stress.serious,
        "peur": n.peur.light + n.peur.serious,
    }


def column_malus(marks: int, boxes_per_column: int) -> int:
    """The malus (as a positive number) of the column the last mark falls in: columns 0, -1, -2
    hold `boxes_per_column` boxes each, anything beyond sits in -4 (L688)."""
    columns = tables.nifimo().block.malus_columns
    if marks <= 0:
        return 0
    index = min((marks - 1) // boxes_per_column, len(columns) - 1)
    return -columns[index]


def line_maluses(sheet: ArtemisSheet) -> dict[str, int]:
    boxes = sheet.nifimo_boxes
    return {line: column_malus(m, boxes) for line, m in line_marks(sheet).items()}


def malus(sheet: ArtemisSheet) -> int:
    """The malus every test of this character takes now (subtracted from the total)."""
    values = line_maluses(sheet).values()
    return sum(values) if sheet.nifimo_aggregate == "sum" else max(values, default=0)


# -- recovery -------------------------------------------------------------------------------------


def light_fatigue_recovered(minutes: int, light: int) -> int:
    """Light fatigue removed by one continuous rest (L326-329); thresholds, rounded down."""
    reached = [r for r in tables.nifimo().rest if minutes >= r.minutes]
    if not reached:
        return 0
    best = reached[-1].light
    return light if best < 0 else min(best, light)


def serious_fatigue_recovered(hours: int, serious: int) -> int:
    """Serious fatigue removed by consecutive hours of sleep (L330-338)."""
    reached = [s for s in tables.nifimo().sleep if hours >= s.hours]
    if not reached:
        return 0
    best = reached[-1].serious
    return serious if best < 0 else min(best, serious)


def permanent_fatigue_recovered(hours: int, permanent: int) -> int:
    """One permanent fatigue per 24 hours of complete rest (L342-347)."""
    return min(permanent, hours // tables.nifimo().holiday.hours_per_permanent)


def sleep_lockout_hours(slept_hours: int) -> int:
    """Hours to wait before sleeping again (L339-341)."""
    rule = tables.nifimo().sleep_lockout
    return rule.wait_hours if slept_hours >= rule.after_hours else 0


@dataclass(frozen=True)
class Aggravation:
    interval: int
    unit: str
    new_serious: int


def aggravation(
    force: int, elapsed: int, slowed: bool, serious: int, light: int, needs_serious: bool = True
) -> Aggravation:
    """Untreated wounds gain one serious wound per aggravation time (L368-384, website §5).
    `elapsed` is in minutes, or in hours when `slowed` (catalepsy or hibernation)."""
    interval = tables.aggravation_time(force)
    unit = "hours" if slowed else "minutes"
    wounded = serious > 0 or (light > 0 and not needs_serious)
    return Aggravation(interval, unit, elapsed // interval if wounded else 0)


def natural_fatigue(hours_awake: int) -> int:
    """Optional rule (website §2.5): serious fatigues gained by staying awake."""
    rule = tables.nifimo().natural_fatigue
    if hours_awake < rule.first_after_hours:
        return 0
    if hours_awake < rule.second_after_hours:
        return 1
    return 2 + (hours_awake - rule.second_after_hours) // rule.then_every_hours
