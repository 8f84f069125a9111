"""Play state as pure functions: NIFIMO marks per line, their malus, gêne from armour, fatigue
recovery, aggravation and healing times, and the wound procedure in three steps (L71-75): the
category, lowered by protection, then the Résistance test, with the light wound that always
remains (L126-128). Operations and checks call these; `actions` reads the malus; `tracks` is the
NIFIMO as the sheet and the encounter tracker show it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ecran.rules import SheetRow, Text, tr
from ecran.rules.system import Status
from ecran.rules.wording import agreed
from ecran.systems.artemis import tables
from ecran.systems.artemis.sheet import ArtemisSheet, Marks, Nifimo

CancelOrder = Literal["serious_first", "light_first"]

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


# -- the NIFIMO as people read it ---------------------------------------------------------------


def malus_text(value: int) -> str:
    """A malus as the sheet's columns print it (L688): 0, -1, -2, -4; never "-0"."""
    return f"-{value}" if value else "0"


def notation(sheet: ArtemisSheet, line: str) -> str:
    """A line's marks in the sheet's notation, serious first as the seed writes them (x per
    serious, / per light, L100-106); P per permanent fatigue."""
    n = sheet.nifimo
    if line == "gene":
        return ""
    marks: Marks = getattr(n, line)
    permanent = "P" * n.fatigue.permanent if line == "fatigue" else ""
    return "x" * marks.serious + "/" * marks.light + permanent


def tracks(sheet: ArtemisSheet) -> list[SheetRow]:
    """The NIFIMO block (L686-699) as the sheet and the encounter tracker show it: each line's
    marks, how many boxes they fill and that line's malus column; the malus every test takes;
    a Mort or Détruit state (A5); the causes of fears and stress (L727)."""
    n, marks, maluses = sheet.nifimo, line_marks(sheet), line_maluses(sheet)
    found = []
    if n.lethal:
        state = tables.category(TOP - 1 if n.lethal == "dead" else TOP)
        found.append(SheetRow(tr("État", "State"), state.label))
    for line in tables.nifimo().line:
        count = marks[line.id]
        shown = notation(sheet, line.id)
        value = f"{shown} ({count})" if shown else str(count)
        note = tr("", "")
        if line.id == "blessure" and n.blessure.stabilised and count:
            note = tr("stabilisées", "stabilised")
        if line.id == "gene":
            note = tr("armure {armour} + {extra} en plus", "armour {armour} + {extra} more").format(
                armour=armour_gene(sheet.armour, sheet.pressurised), extra=n.gene_extra
            )
        found.append(SheetRow(line.label, f"{value} · malus {malus_text(maluses[line.id])}", note))
    how = (
        tr("additionnés", "added up")
        if sheet.nifimo_aggregate == "sum"
        else tr("le pire seul", "the worst alone")
    )
    found.append(
        SheetRow(
            tr("Malus aux tests", "Test malus"),
            malus_text(malus(sheet)),
            Text(
                fr=f"règle maison : {sheet.nifimo_boxes} cases par colonne, "
                f"malus des lignes {how.fr}",
                en=f"house rule: {sheet.nifimo_boxes} boxes per column, "
                f"the lines' maluses {how.en}",
            ),
        )
    )
    found += [
        SheetRow(tr("Cause", "Cause"), c.cause, _cause_note(c.line, c.date)) for c in n.causes
    ]
    return found


def _cause_note(line: str, date: str) -> Text:
    """The NIFIMO line a cause marked (its label, not its id) and its date."""
    label = next(x.label for x in tables.nifimo().line if x.id == line)
    return Text(fr=f"{label.fr} {date}".strip(), en=f"{label.en} {date}".strip())


# -- marks --------------------------------------------------------------------------------------


def with_nifimo(sheet: ArtemisSheet, nifimo: Nifimo) -> ArtemisSheet:
    return sheet.model_copy(update={"nifimo": nifimo})


def add_marks(
    sheet: ArtemisSheet, line: str, light: int = 0, serious: int = 0, permanent: int = 0
) -> ArtemisSheet:
    """Add (or with negative numbers remove) marks on one NIFIMO line, never below zero."""
    n = sheet.nifimo
    if line == "gene":
        return with_nifimo(sheet, n.model_copy(update={"gene_extra": max(0, n.gene_extra + light)}))
    marks = getattr(n, line)
    update: dict[str, Any] = {
        "light": max(0, marks.light + light),
        "serious": max(0, marks.serious + serious),
    }
    if line == "fatigue":
        update["permanent"] = max(0, marks.permanent + permanent)
    if line == "blessure" and (light > 0 or serious > 0):
        update["stabilised"] = False  # fresh wounds are untreated
    return with_nifimo(sheet, n.model_copy(update={line: marks.model_copy(update=update)}))


# -- recovery -------------------------------------------------------------------------------------


def light_fatigue_recovered(minutes: int, light: int) -> int:
    """Light fatigue removed by one continuous rest (L326-329); thresholds, rounded down."""
    return _cleared(light, [r.light for r in tables.nifimo().rest if minutes >= r.minutes])


def serious_fatigue_recovered(hours: int, serious: int) -> int:
    """Serious fatigue removed by consecutive hours of sleep (L330-338)."""
    return _cleared(serious, [s.serious for s in tables.nifimo().sleep if hours >= s.hours])


def _cleared(marks: int, reached: list[int]) -> int:
    """The last threshold reached clears that many of the marks (-1: all of them); none
    reached, none cleared."""
    if not reached:
        return 0
    best = reached[-1]
    return marks if best < 0 else min(best, marks)


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


# -- wounds in three steps (L71-128) -------------------------------------------------------

TOP = 7  # Détruit, the last step of the ladder (L109)


@dataclass(frozen=True)
class Wounds:
    serious: int = 0
    light: int = 0
    lethal: Literal["", "dead", "destroyed"] = ""

    @property
    def outcome(self) -> str:
        if self.lethal:
            return self.lethal
        if not (self.serious or self.light):
            return "none"
        return outcome_name(self.serious, self.light)

    @property
    def marks(self) -> str:
        """The sheet's notation: x per serious wound, / per light wound (L100-106)."""
        return "x" * self.serious + "/" * self.light


def outcome_name(serious: int, light: int) -> str:
    return f"s{serious}_l{light}"


def outcome_names() -> list[str]:
    """Every final result, worst to best."""
    names = ["destroyed", "dead"]
    names += [outcome_name(s, lt) for s in range(3, -1, -1) for lt in range(2, -1, -1)]
    names.remove(outcome_name(0, 0))
    return [*names, "none"]


def outcome_label(name: str) -> Text:
    if name in ("dead", "destroyed"):
        return tables.category(6 if name == "dead" else 7).label
    if name == "none":
        return Text(fr="aucune blessure", en="no wound")
    serious, light = (int(part[1:]) for part in name.split("_"))
    marks = "x" * serious + "/" * light
    return Text(
        fr=f"{marks} ({serious} {agreed(serious, 'grave', 'graves')}, "
        f"{light} {agreed(light, 'légère', 'légères')})",
        en=f"{marks} ({serious} serious, {light} light)",
    )


def final_category(category: int, plus: int, protection: int, stack: bool = True) -> int:
    """Step 1 then step 2: "+1 category" effects (stacked or not), capped at Détruit, then one
    step down per protection point, floored at Égratigné (example L718-720, site W4)."""
    plus = plus if stack else min(plus, 1)
    raised = min(TOP, category + plus)
    return max(0, raised - protection)


def inflicted(category: int) -> Wounds:
    row = tables.category(category)
    if row.lethal:
        return Wounds(lethal="dead" if row.id == "mort" else "destroyed")
    return Wounds(row.serious, row.light)


def cancel(wounds: Wounds, count: int, order: CancelOrder = "serious_first") -> Wounds:
    """Step 3: remove `count` wounds, then the floor of one light wound (L121-128)."""
    serious, light = wounds.serious, wounds.light
    for _ in range(count):
        if (order == "serious_first" and serious) or (order == "light_first" and not light):
            serious = max(0, serious - 1)
        else:
            light = max(0, light - 1)
    if serious == 0 and light == 0:
        light = 1
    return Wounds(serious, light)


def without_test(category: int, floor_on_scratch: bool) -> Wounds:
    """The result when no Résistance test applies: Égratigné or a lethal step."""
    if category == 0:
        return Wounds(0, 1) if floor_on_scratch else Wounds()
    return inflicted(category)


#: "Mortellement blessé x x x / /" (L106): the serious wounds of the last category before Mort.
MORTAL_SERIOUS = 3


def status(sheet: ArtemisSheet) -> Status:
    """The seed names no out-of-action state short of Mort and Détruit (L108-109, rules §9 A5).
    The `out_of_fight` reading: a fighter is out at Mortellement blessé's three serious wounds
    (L106; default, rules/artemis.md §13: so a typical fight ends), or fights on until Mort
    (the summary's letter)."""
    if sheet.nifimo.lethal:
        return "dead"
    mortal = sheet.nifimo.blessure.serious >= MORTAL_SERIOUS
    return "out" if mortal and sheet.out_of_fight == "mortally_wounded" else "up"


def fight_state(sheet: ArtemisSheet) -> tuple[str, tuple[int, ...], str, int]:
    """What a fight reads of the sheet (`System.fight_state`). A fight reads the NIFIMO only
    through each line's count of filled boxes, strokes, crosses and permanent marks alike
    (`line_marks`, website §2.3), and those only through the malus column the last mark falls
    in (L688), and through Mort or Détruit (A5). Marks past the first box of the last column
    (-4) change nothing more, so each count is clamped there; the split light/serious, the
    stabilised flag and the causes (L727) are read by no attack, check or wound procedure.
    The rest of the sheet (skills, weapons, armour, the house rules on boxes) is kept whole.
    Under the `out_of_fight` reading that stops a fighter at Mortellement blessé, the serious
    wounds count too, up to its three (`status`)."""
    boxes = sheet.nifimo_boxes
    last = (len(tables.nifimo().block.malus_columns) - 1) * boxes + 1
    counts = tuple(min(m, last) for m in line_marks(sheet).values())
    rest = sheet.model_dump_json(exclude={"nifimo"})
    counted = sheet.out_of_fight == "mortally_wounded"
    mortal = min(sheet.nifimo.blessure.serious, MORTAL_SERIOUS) if counted else 0
    return rest, counts, sheet.nifimo.lethal, mortal
