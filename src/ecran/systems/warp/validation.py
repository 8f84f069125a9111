"""Creation and play rules a WaRP sheet must respect, each violation citing its seed lines.

The rules' messages and lines are data (data/violations.toml); this module says when each is
broken."""

from __future__ import annotations

from collections.abc import Iterator

from ecran.rules import RuleViolation, tr
from ecran.rules.wording import agreed
from ecran.systems.warp.sheet import Trait, WarpSheet, max_hp
from ecran.systems.warp.tables import CORE, SHEET_RULES, category

#: A breach of a rule of `data/violations.toml` at a path, its message filled with values.
_v = SHEET_RULES


def validate(sheet: WarpSheet) -> list[RuleViolation]:
    return [
        *_traits(sheet),
        *_superior(sheet),
        *_flaw(sheet),
        *_hit_points(sheet),
        *_pools(sheet),
    ]


def _traits(sheet: WarpSheet) -> Iterator[RuleViolation]:
    improved = sheet.experience_spent > 0
    named = [*sheet.starting_traits(), ("flaw", sheet.flaw)]
    named += [(f"acquired.{i}", t) for i, t in enumerate(sheet.acquired)]
    for path, trait in named:
        undefined = trait.unknown and sheet.unknown_traits
        if not trait.name and not undefined:
            yield _v("trait.name", path)
        if not trait.sign and not undefined:
            yield _v("trait.sign", path)
        if trait.unknown and not sheet.unknown_traits:
            yield _v("trait.unknown", path)
        yield from _category(sheet, trait, path)
    for path, trait in sheet.starting_traits():
        yield from _score(trait, path, improved)
    for i, trait in enumerate(sheet.acquired):
        yield from _acquired_score(trait, f"acquired.{i}")


def _category(sheet: WarpSheet, trait: Trait, path: str) -> Iterator[RuleViolation]:
    row = category(trait.category)
    if row.optional and not sheet.restricted_traits:
        yield _v("trait.restricted", path)
    if row.optional and trait.combat:
        yield _v("trait.restricted_combat", path)
    if trait.power and not row.technical:
        yield _v("trait.power_technical", path)


def _score(trait: Trait, path: str, improved: bool) -> Iterator[RuleViolation]:
    expected = trait.creation_score()
    ok = expected <= trait.score if improved else trait.score == expected
    if not ok:
        kind = tr("supérieur", "superior") if trait.superior else tr("bon", "good")
        cat = category(trait.category).label
        yield _v(
            "trait.score",
            f"{path}.score",
            score=trait.score,
            category=cat,
            kind=kind,
            expected=expected,
        )


def _acquired_score(trait: Trait, path: str) -> Iterator[RuleViolation]:
    row = category(trait.category)
    if trait.score <= row.average or trait.superior:
        least = row.average + 1
        dice = tr(agreed(least, "dé", "dés"), agreed(least, "die", "dice", "en"))
        yield _v("trait.acquired", f"{path}.score", least=least, dice=dice)


def _superior(sheet: WarpSheet) -> Iterator[RuleViolation]:
    count = sum(t.superior for _, t in sheet.starting_traits())
    if count != 1:
        yield _v("trait.superior", "central", count=count)


def _flaw(sheet: WarpSheet) -> Iterator[RuleViolation]:
    flaw = sheet.flaw
    if flaw.score or flaw.superior or flaw.combat or flaw.power:
        yield _v("flaw.score", "flaw")


def _hit_points(sheet: WarpSheet) -> Iterator[RuleViolation]:
    fixed = sheet.fixed_hp()
    hp_traits = [t for t in sheet.positive_traits() if t.hit_points]
    if sheet.hp_advanced:
        ok = sheet.hp_rolled or sheet.max_hp >= max_hp(None)  # raised in play (L4860-4888)
    elif sheet.hp_rolled:
        top = max((12 * (t.score + (2 if t.technical else 0)) for t in hp_traits), default=0)
        bottom = min((2 * t.score for t in hp_traits), default=0)
        ok = bottom <= sheet.max_hp <= max(top, fixed) and bool(hp_traits)
    else:
        ok = sheet.max_hp == fixed or (sheet.experience_spent > 0 and sheet.max_hp > fixed)
    if not ok:
        yield _v("hit_points", "max_hp", max_hp=sheet.max_hp, fixed=fixed)


def _pools(sheet: WarpSheet) -> Iterator[RuleViolation]:
    start = CORE.experience.starting_dice
    expected = start + sheet.experience_earned - sheet.experience_spent
    pool = sheet.experience_pool
    if pool != expected:
        yield _v("experience.pool", "experience_pool", pool=pool, expected=expected)
    if sheet.experience_used > sheet.experience_pool:
        yield _v("experience.used", "experience_used")
    powers = any(t.power for t in sheet.positive_traits())
    if sheet.psychic_pool and not (powers or sheet.spells):
        yield _v("psychic.pool", "psychic_pool")
    if sheet.psychic_charges > sheet.psychic_pool:
        yield _v("psychic.charges", "psychic_charges")


#: Said once in the wizard: WaRP's creation has no points to spend; each trait's score comes
#: from its category's column, superior or good (L505-601).
NO_BUDGET = tr(
    "Pas de budget de points : le score de chaque trait vient du tableau de sa catégorie, "
    "colonne « supérieur » ou « bon » (l. 505-601).",
    "No points budget: each trait's score comes from its category's table, the 'superior' or "
    "'good' column (l. 505-601).",
)
