"""Creation and play rules a WaRP sheet must respect, each violation citing its seed lines."""

from __future__ import annotations

from collections.abc import Iterator

from ecran.rules import RuleViolation, Source, Text, tr
from ecran.systems.warp.sheet import Trait, WarpSheet
from ecran.systems.warp.tables import CORE, category, src
from ecran.systems.warp.tracks import max_hp


def _v(rule: str, source: Source, message: Text, path: str) -> RuleViolation:
    return RuleViolation(rule=f"warp.{rule}", source=source, message=message, path=path)


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
            yield _v(
                "trait.name",
                src(222, 245),
                tr("le trait n'a pas de nom", "the trait has no name"),
                path,
            )
        if not trait.sign and not undefined:
            yield _v(
                "trait.sign",
                src(751, 776),
                tr(
                    "chaque trait, défaut compris, a un signe",
                    "every trait, flaw included, has a sign",
                ),
                path,
            )
        if trait.unknown and not sheet.unknown_traits:
            yield _v(
                "trait.unknown",
                src(349, 383),
                tr(
                    "traits inconnus : règle optionnelle non retenue",
                    "unknown traits: optional rule not in use",
                ),
                path,
            )
        yield from _category(sheet, trait, path)
    for path, trait in sheet.starting_traits():
        yield from _score(trait, path, improved)
    for i, trait in enumerate(sheet.acquired):
        yield from _acquired_score(trait, f"acquired.{i}")


def _category(sheet: WarpSheet, trait: Trait, path: str) -> Iterator[RuleViolation]:
    row = category(trait.category)
    if row.optional and not sheet.restricted_traits:
        yield _v(
            "trait.restricted",
            src(655, 709),
            tr(
                "traits restreints : règle optionnelle non retenue",
                "restricted traits: optional rule not in use",
            ),
            path,
        )
    if row.optional and trait.combat:
        yield _v(
            "trait.restricted_combat",
            src(681, 685),
            tr(
                "aucune compétence de combat ne peut être restreinte",
                "no combat skill can be restricted",
            ),
            path,
        )
    if trait.power and not row.technical:
        yield _v(
            "trait.power_technical",
            src(593, 601),
            tr(
                "un pouvoir spécial est un trait technique ou inhabituel",
                "a special power is a technical or unusual trait",
            ),
            path,
        )


def _score(trait: Trait, path: str, improved: bool) -> Iterator[RuleViolation]:
    expected = trait.creation_score()
    ok = expected <= trait.score if improved else trait.score == expected
    if not ok:
        kind = "supérieur" if trait.superior else "bon"
        kind_en = "superior" if trait.superior else "good"
        cat = category(trait.category)
        yield _v(
            "trait.score",
            src(505, 601),
            tr(
                f"score {trait.score} ; un trait {cat.fr} {kind} vaut {expected}",
                f"score {trait.score}; a {kind_en} {cat.en} trait is {expected}",
            ),
            f"{path}.score",
        )


def _acquired_score(trait: Trait, path: str) -> Iterator[RuleViolation]:
    row = category(trait.category)
    if trait.score <= row.average or trait.superior:
        yield _v(
            "trait.acquired",
            src(4716, 4728),
            tr(
                f"un trait acquis vaut au moins {row.average + 1} dé(s), jamais supérieur",
                f"an acquired trait has at least {row.average + 1} dice, never superior",
            ),
            f"{path}.score",
        )


def _superior(sheet: WarpSheet) -> Iterator[RuleViolation]:
    count = sum(t.superior for _, t in sheet.starting_traits())
    if count != 1:
        yield _v(
            "trait.superior",
            src(525, 531),
            tr(
                f"un seul des trois traits positifs est supérieur (ici {count})",
                f"exactly one of the three positive traits is superior (here {count})",
            ),
            "central",
        )


def _flaw(sheet: WarpSheet) -> Iterator[RuleViolation]:
    flaw = sheet.flaw
    if flaw.score or flaw.superior or flaw.combat or flaw.power:
        yield _v(
            "flaw.score",
            src(604, 653),
            tr(
                "le défaut n'a pas de dés ; il impose des dés de pénalité ou se joue",
                "the flaw has no dice; it imposes penalty dice or is role-played",
            ),
            "flaw",
        )


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
        yield _v(
            "hit_points",
            src(778, 884),
            tr(
                f"PV max {sheet.max_hp} : 7 par dé du meilleur trait de PV, 14 sans, ici {fixed} "
                "(ou 2 × ses dés en d6 s'ils sont tirés)",
                f"max HP {sheet.max_hp}: 7 per die of the best HP trait, 14 without, here {fixed} "
                "(or 2 x its dice in d6 when rolled)",
            ),
            "max_hp",
        )


def _pools(sheet: WarpSheet) -> Iterator[RuleViolation]:
    start = CORE.experience.starting_dice
    expected = start + sheet.experience_earned - sheet.experience_spent
    if sheet.experience_pool != expected:
        yield _v(
            "experience.pool",
            src(955, 1036),
            tr(
                f"réserve d'expérience {sheet.experience_pool} ; attendu 1 + gagnés − dépensés = "
                f"{expected}",
                f"experience pool {sheet.experience_pool}; expected 1 + earned - spent "
                f"= {expected}",
            ),
            "experience_pool",
        )
    if sheet.experience_used > sheet.experience_pool:
        yield _v(
            "experience.used",
            src(955, 1008),
            tr("plus de dés utilisés que la réserve n'en a", "more dice used than the pool holds"),
            "experience_used",
        )
    powers = any(t.power for t in sheet.positive_traits())
    if sheet.psychic_pool and not (powers or sheet.spells):
        yield _v(
            "psychic.pool",
            src(5015, 5075),
            tr(
                "une réserve psychique sans pouvoir ni sort",
                "a psychic pool without a power or spell",
            ),
            "psychic_pool",
        )
    if sheet.psychic_charges > sheet.psychic_pool:
        yield _v(
            "psychic.charges",
            src(5015, 5127),
            tr("plus de charges que la réserve", "more charges than the pool"),
            "psychic_charges",
        )
