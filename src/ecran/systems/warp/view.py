"""The sheet as a person reads it, and the checks a player clicks on, prefilled with penalties."""

from __future__ import annotations

from typing import Any

from ecran.rules import Action, SheetRow, SheetSection, Text, joined, tr
from ecran.rules.field import field_rows
from ecran.rules.wording import agreed
from ecran.systems.warp.sheet import Trait, WarpSheet, trait_label
from ecran.systems.warp.tables import ARMOUR, CORE, WEAPONS, by_key, category
from ecran.systems.warp.tracks import fighting, fighting_dice, health_rows, wound_penalty

AVERAGE_DIFFICULTY = next(d.factor for d in CORE.difficulty if d.key == "average")


def _trait_row(role: str, role_en: str, trait: Trait) -> SheetRow:
    """A trait's dice (NPC notation, L1701-1711) and, as typed, its description and sign, with
    its category's label."""
    dice = Text(
        fr=f"{trait.notation()} {agreed(trait.score, 'dé', 'dés')}"
        + (" (supérieur)" if trait.superior else ""),
        en=f"{trait.notation()} {agreed(trait.score, 'die', 'dice', 'en')}"
        + (" (superior)" if trait.superior else ""),
    )
    cat = category(trait.category).label
    typed = f"{trait.description} ({trait.sign})" if trait.sign else trait.description
    note = Text(fr=f"{typed} [{cat.fr}]", en=f"{typed} [{cat.en}]")
    return SheetRow(
        tr(f"{role} : {trait_label(trait)}", f"{role_en}: {trait_label(trait)}"),
        dice if role != "défaut" else "—",
        note,
    )


def _armour(sheet: WarpSheet) -> Text:
    """The armour worn, by its names; bulletproof armour only when some is worn."""
    worn = [by_key(ARMOUR.normal, key, tr("armure", "armour")).label for key in sheet.armour]
    if sheet.bulletproof != "none":
        worn.append(by_key(ARMOUR.bulletproof, sheet.bulletproof, tr("armure", "armour")).label)
    return joined(worn, empty="—") if worn else tr("aucune", "none")


def sections(sheet: WarpSheet) -> list[SheetSection]:
    identity = field_rows(
        sheet, ("concept", "motivation", "secret", "important_person", "background")
    )
    traits = [
        _trait_row("central", "central", sheet.central),
        _trait_row("secondaire", "secondary", sheet.secondary_1),
        _trait_row("secondaire", "secondary", sheet.secondary_2),
        *(_trait_row("acquis", "acquired", t) for t in sheet.acquired),
        _trait_row("défaut", "flaw", sheet.flaw),
    ]
    health = health_rows(sheet)
    pools = [
        SheetRow(
            tr("Réserve d'expérience", "Experience pool"),
            f"{sheet.experience_pool - sheet.experience_used} / {sheet.experience_pool}",
        ),
        SheetRow(
            tr("Réserve psychique", "Psychic pool"),
            f"{sheet.psychic_charges} / {sheet.psychic_pool}",
        ),
        SheetRow(tr("Sorts", "Spells"), ", ".join(sheet.spells) or "—"),
    ]
    weapons = [
        by_key([*WEAPONS.melee, *WEAPONS.ranged], w, tr("arme", "weapon")) for w in sheet.weapons
    ]
    gear = [
        SheetRow(tr("Armes", "Weapons"), joined([w.label for w in weapons])),
        SheetRow(tr("Armure", "Armour"), _armour(sheet)),
        SheetRow(tr("Équipement", "Equipment"), sheet.equipment),
        SheetRow(tr("Finances", "Finances"), sheet.finances),
    ]
    return [
        SheetSection(tr("Identité", "Identity"), identity),
        SheetSection(tr("Traits", "Traits"), traits),
        SheetSection(tr("Santé", "Health"), health),
        SheetSection(tr("Réserves", "Pools"), pools),
        SheetSection(tr("Équipement", "Gear"), gear),
    ]


def actions(sheet: WarpSheet) -> list[Action]:
    """Every trait as a roll, plus the default 2 dice and attacks, with the wound penalty die
    (HP <= half, L3253-3261) already in `penalty`."""
    penalty = wound_penalty(sheet.hp(), sheet.max_hp)
    traits_group = tr("Traits", "Traits")
    result: list[Action] = []
    for trait in sheet.positive_traits():
        if trait.score <= 0:
            continue
        params: dict[str, Any] = {
            "dice": trait.score,
            "penalty": penalty,
            "difficulty": AVERAGE_DIFFICULTY,
        }
        result.append(
            Action(tr(trait_label(trait), trait_label(trait)), "roll", params, traits_group)
        )
    default: dict[str, Any] = {
        "dice": CORE.default_dice.no_trait,
        "penalty": penalty,
        "difficulty": AVERAGE_DIFFICULTY,
    }
    result.append(
        Action(tr("Sans trait (2 dés)", "No trait (2 dice)"), "roll", default, traits_group)
    )
    if sheet.flaw.name:
        # a flaw that bites imposes penalty dice on the default roll (L604-653, L1407-1425)
        flawed = {**default, "penalty": penalty + 1}
        label = trait_label(sheet.flaw)
        result.append(
            Action(tr(f"Défaut : {label}", f"Flaw: {label}"), "roll", flawed, traits_group)
        )
    combat_group = tr("Combat", "Combat")
    attack = fighting_dice(sheet)
    # wounds, heavy armour and a badly healed wound weigh on every attack roll (L3049-3055)
    attack_penalty = fighting(sheet)
    result.append(
        Action(
            tr("Attaque au contact", "Melee attack"),
            "melee",
            {"attack_dice": attack, "attack_penalty": attack_penalty},
            combat_group,
        )
    )
    result.append(
        Action(
            tr("Attaque à distance", "Ranged attack"),
            "ranged",
            {"attack_dice": attack, "attack_penalty": attack_penalty},
            combat_group,
        )
    )
    for trait in sheet.positive_traits():
        if trait.power and trait.score > 0:
            result.append(
                Action(
                    tr(f"Pouvoir : {trait_label(trait)}", f"Power: {trait_label(trait)}"),
                    "power",
                    {"dice": trait.score, "penalty": penalty},
                    tr("Pouvoirs", "Powers"),
                )
            )
    return result
