"""What a legal Fluid sheet is (L26-241, L790-800, L1575-1581, L1884-1890, L1933-1955): every rule
of creation and play a sheet can break, each with its seed lines."""

from __future__ import annotations

from collections import Counter

from ecran.rules import RuleViolation, cite, tr
from ecran.rules.budget import PointBudget
from ecran.rules.data import SheetRules
from ecran.systems.fluid import tracks
from ecran.systems.fluid.operations.experience import advance_cost
from ecran.systems.fluid.sheet import ATTRIBUTE_OF, FluidSheet, Trait
from ecran.systems.fluid.tables import CHARACTER, PACKAGE, SEED

RULES = CHARACTER.creation
ALL_CODES = set(ATTRIBUTE_OF) | {"*"}


#: A breach of a rule of `data/violations.toml` at a path, its message filled with values.
_v = SheetRules(PACKAGE, SEED, "fluid.")


def creation_value(sheet: FluidSheet, code: str) -> int:
    """The score a characteristic had at creation: today's minus its XP raises."""
    raises = sum(1 for a in sheet.advances if a.kind == "characteristic" and a.target == code)
    return sheet.characteristics.score(code) - raises


def trait_creation_value(sheet: FluidSheet, trait: Trait) -> int:
    raises = sum(1 for a in sheet.advances if a.kind == "trait" and a.target == trait.name)
    return trait.value - raises


def validate(sheet: FluidSheet) -> list[RuleViolation]:
    found: list[RuleViolation] = []
    if not sheet.minion:
        found += _characteristics(sheet)
        found += _traits(sheet)
    found += _pools(sheet)
    found += _advances(sheet)
    return found


def _characteristics(sheet: FluidSheet) -> list[RuleViolation]:
    found = []
    codes = sheet.characteristics.codes()
    values = {code: creation_value(sheet, code) for code in codes}
    total = sum(values.values())
    if total != RULES.characteristic_points:
        found.append(_v("char.points", "characteristics", total=total, count=len(codes)))
    for code, value in values.items():
        if not RULES.characteristic_min <= value <= RULES.characteristic_max:
            found.append(
                _v("char.range", f"characteristics.{ATTRIBUTE_OF[code]}", code=code, value=value)
            )
    return found


def _traits(sheet: FluidSheet) -> list[RuleViolation]:
    found = []
    created = [t for t in sheet.traits if t.origin == "creation"]
    positive = sum(trait_creation_value(sheet, t) for t in created if t.kind == "positive")
    negative = sum(t.value for t in created if t.kind == "negative")
    budget = RULES.trait_points + negative
    if positive > budget:
        found.append(_v("traits.budget", "traits", positive=positive, budget=budget))
    for index, trait in enumerate(sheet.traits):
        path = f"traits.{index}"
        start = trait_creation_value(sheet, trait)
        if trait.origin == "creation" and trait.kind == "positive" and start > RULES.trait_max:
            found.append(_v("traits.max", path, name=trait.name, start=start))
        bad = [h for h in trait.hinders if h not in ALL_CODES]
        if bad:
            found.append(
                _v("traits.hinders", f"{path}.hinders", name=trait.name, codes=", ".join(bad))
            )
    names = Counter(t.name for t in sheet.traits)
    for name, count in names.items():
        if count > 1:
            found.append(_v("traits.unique", "traits", name=name, count=count))
    return found


def _pools(sheet: FluidSheet) -> list[RuleViolation]:
    found = []
    for pool in ("RES", "AUR", "SAN"):
        top = tracks.attribute(sheet, pool)
        if tracks.current(sheet, pool) > top:
            found.append(
                _v(
                    f"pool.{pool.lower()}",
                    pool.lower(),
                    pool=pool,
                    current=tracks.current(sheet, pool),
                    top=top,
                )
            )
    for code, points in sheet.spent.items():
        if code not in ATTRIBUTE_OF or (code == "MAG" and sheet.characteristics.magie is None):
            found.append(_v("spend.code", "spent", code=code))
        elif not 0 <= points <= sheet.characteristics.score(code):
            found.append(_v("spend.range", f"spent.{code}", points=points, code=code))
    con = sheet.characteristics.score("CON")
    if sheet.pause_res_today > con:
        found.append(_v("recovery.pause", "pause_res_today", res=sheet.pause_res_today, con=con))
    intel = sheet.characteristics.score("INT")
    if len(sheet.prepared_spells) > intel:
        found.append(
            _v("magic.prepared", "prepared_spells", count=len(sheet.prepared_spells), intel=intel)
        )
    return found


def _advances(sheet: FluidSheet) -> list[RuleViolation]:
    found = []
    for index, adv in enumerate(sheet.advances):
        expected = advance_cost(adv.kind, adv.to)
        if adv.xp != expected:
            found.append(
                _v(
                    "xp.cost",
                    f"advances.{index}",
                    target=adv.target,
                    to=adv.to,
                    expected=expected,
                    xp=adv.xp,
                )
            )
    spent = sum(a.xp for a in sheet.advances)
    if spent > sheet.xp:
        found.append(_v("xp.balance", "xp", spent=spent, xp=sheet.xp))
    return found


def creation_budgets(sheet: FluidSheet) -> list[PointBudget]:
    """The 40 characteristic points (L91-101) and the 8 Trait points plus the negative Traits
    (L213-233), as the sheet spends them (a minion has neither: L-rules of minions)."""
    if sheet.minion:
        return []
    codes = sheet.characteristics.codes()
    spent = sum(creation_value(sheet, code) for code in codes)
    created = [t for t in sheet.traits if t.origin == "creation"]
    positive = sum(trait_creation_value(sheet, t) for t in created if t.kind == "positive")
    negative = sum(t.value for t in created if t.kind == "negative")
    return [
        PointBudget(
            tr("Caractéristiques", "Characteristics"),
            spent,
            RULES.characteristic_points,
            "characteristics",
            cite(SEED, 91, 101),
        ),
        PointBudget(
            tr("Traits positifs", "Positive Traits"),
            positive,
            RULES.trait_points + negative,
            "traits",
            cite(SEED, 213, 233),
        ),
    ]
