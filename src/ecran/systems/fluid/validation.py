"""What a legal Fluid sheet is (L26-241, L790-800, L1575-1581, L1884-1890, L1933-1955): every rule
of creation and play a sheet can break, each with its seed lines."""

from __future__ import annotations

from collections import Counter

from ecran.rules import RuleViolation, cite, tr
from ecran.rules.budget import PointBudget
from ecran.systems.fluid import tracks
from ecran.systems.fluid.operations.experience import advance_cost
from ecran.systems.fluid.sheet import ATTRIBUTE_OF, FluidSheet, Trait
from ecran.systems.fluid.tables import CHARACTER, SEED

RULES = CHARACTER.creation
ALL_CODES = set(ATTRIBUTE_OF) | {"*"}


def _v(rule: str, lines: tuple[int, int], fr: str, en: str, path: str = "") -> RuleViolation:
    return RuleViolation(rule=rule, source=cite(SEED, *lines), message=tr(fr, en), path=path)


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
        found.append(
            _v(
                "fluid.char.points",
                (91, 101),
                f"les caractéristiques de création font {total} points au lieu de 40 "
                f"(sur {len(codes)} caractéristiques)",
                f"creation characteristics total {total} points instead of 40 "
                f"(over {len(codes)} characteristics)",
                "characteristics",
            )
        )
    for code, value in values.items():
        if not RULES.characteristic_min <= value <= RULES.characteristic_max:
            found.append(
                _v(
                    "fluid.char.range",
                    (93, 95),
                    f"{code} vaut {value} à la création : entre 1 et 7",
                    f"{code} is {value} at creation: must be 1 to 7",
                    f"characteristics.{ATTRIBUTE_OF[code]}",
                )
            )
    return found


def _traits(sheet: FluidSheet) -> list[RuleViolation]:
    found = []
    created = [t for t in sheet.traits if t.origin == "creation"]
    positive = sum(trait_creation_value(sheet, t) for t in created if t.kind == "positive")
    negative = sum(t.value for t in created if t.kind == "negative")
    budget = RULES.trait_points + negative
    if positive > budget:
        found.append(
            _v(
                "fluid.traits.budget",
                (213, 233),
                f"{positive} points de Traits positifs pour {budget} permis (8 + Traits négatifs)",
                f"{positive} positive Trait points for {budget} allowed (8 + negative Traits)",
                "traits",
            )
        )
    for index, trait in enumerate(sheet.traits):
        path = f"traits.{index}"
        start = trait_creation_value(sheet, trait)
        if trait.origin == "creation" and trait.kind == "positive" and start > RULES.trait_max:
            found.append(
                _v(
                    "fluid.traits.max",
                    (213, 213),
                    f"« {trait.name} » vaut {start} à la création : 3 au plus",
                    f"'{trait.name}' is {start} at creation: 3 at most",
                    path,
                )
            )
        bad = [h for h in trait.hinders if h not in ALL_CODES]
        if bad:
            found.append(
                _v(
                    "fluid.traits.hinders",
                    (886, 892),
                    f"« {trait.name} » gêne des caractéristiques inconnues : {', '.join(bad)}",
                    f"'{trait.name}' hinders unknown characteristics: {', '.join(bad)}",
                    f"{path}.hinders",
                )
            )
    names = Counter(t.name for t in sheet.traits)
    for name, count in names.items():
        if count > 1:
            found.append(
                _v(
                    "fluid.traits.unique",
                    (199, 203),
                    f"le Trait « {name} » apparaît {count} fois",
                    f"Trait '{name}' appears {count} times",
                    "traits",
                )
            )
    return found


def _pools(sheet: FluidSheet) -> list[RuleViolation]:
    found = []
    lines = {"RES": (109, 113), "AUR": (115, 119), "SAN": (121, 127)}
    for pool, span in lines.items():
        top = tracks.attribute(sheet, pool)
        if tracks.current(sheet, pool) > top:
            found.append(
                _v(
                    f"fluid.pool.{pool.lower()}",
                    span,
                    f"{pool} actuelle {tracks.current(sheet, pool)} au-dessus du maximum {top}",
                    f"current {pool} {tracks.current(sheet, pool)} above its maximum {top}",
                    pool.lower(),
                )
            )
    for code, points in sheet.spent.items():
        if code not in ATTRIBUTE_OF or (code == "MAG" and sheet.characteristics.magie is None):
            found.append(
                _v(
                    "fluid.spend.code",
                    (790, 800),
                    f"points dépensés dans une caractéristique inconnue : {code}",
                    f"points spent from an unknown characteristic: {code}",
                    "spent",
                )
            )
        elif not 0 <= points <= sheet.characteristics.score(code):
            found.append(
                _v(
                    "fluid.spend.range",
                    (790, 800),
                    f"{points} points dépensés en {code} : entre 0 et son score",
                    f"{points} points spent from {code}: between 0 and its score",
                    f"spent.{code}",
                )
            )
    con = sheet.characteristics.score("CON")
    if sheet.pause_res_today > con:
        found.append(
            _v(
                "fluid.recovery.pause",
                (1575, 1581),
                f"{sheet.pause_res_today} RES regagnés en pauses aujourd'hui : CON ({con}) au plus",
                f"{sheet.pause_res_today} RES from pauses today: CON ({con}) at most",
                "pause_res_today",
            )
        )
    intel = sheet.characteristics.score("INT")
    if len(sheet.prepared_spells) > intel:
        found.append(
            _v(
                "fluid.magic.prepared",
                (1884, 1890),
                f"{len(sheet.prepared_spells)} sorts préparés : INT ({intel}) au plus",
                f"{len(sheet.prepared_spells)} prepared spells: INT ({intel}) at most",
                "prepared_spells",
            )
        )
    return found


def _advances(sheet: FluidSheet) -> list[RuleViolation]:
    found = []
    for index, adv in enumerate(sheet.advances):
        expected = advance_cost(adv.kind, adv.to)
        if adv.xp != expected:
            found.append(
                _v(
                    "fluid.xp.cost",
                    (1945, 1955),
                    f"{adv.target} → {adv.to} coûte {expected} XP, pas {adv.xp}",
                    f"{adv.target} → {adv.to} costs {expected} XP, not {adv.xp}",
                    f"advances.{index}",
                )
            )
    spent = sum(a.xp for a in sheet.advances)
    if spent > sheet.xp:
        found.append(
            _v(
                "fluid.xp.balance",
                (1933, 1955),
                f"{spent} XP dépensés pour {sheet.xp} gagnés",
                f"{spent} XP spent for {sheet.xp} earned",
                "xp",
            )
        )
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
