"""How a Fluid sheet reads (sections) and what a player clicks on it (actions, prefilled with
the current state: spent points, negative Traits, equipment, minion level)."""

from __future__ import annotations

from typing import Any

from ecran.rules import Action, SheetRow, SheetSection, Text, joined, tr
from ecran.rules.data import row_where
from ecran.systems.fluid import encounter, tracks
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import CHARACTER


def _char_label(code: str) -> Text:
    row = row_where(CHARACTER.characteristic, code=code)
    return tr(f"{row.fr} ({code})", f"{row.en} ({code})")


def sections(sheet: FluidSheet) -> list[SheetSection]:
    return [
        _characteristics(sheet),
        _attributes(sheet),
        _traits(sheet),
        _equipment(sheet),
        _state(sheet),
    ]


def _characteristics(sheet: FluidSheet) -> SheetSection:
    rows = []
    for code in sheet.characteristics.codes():
        spent = sheet.spent.get(code, 0)
        note = f"−{spent} → {tracks.effective(sheet, code)}" if spent else ""
        rows.append(SheetRow(_char_label(code), str(sheet.characteristics.score(code)), note))
    return SheetSection(tr("Caractéristiques", "Characteristics"), rows)


def _attributes(sheet: FluidSheet) -> SheetSection:
    return SheetSection(tr("Attributs", "Attributes"), tracks.attribute_rows(sheet))


#: Where a Trait comes from, as the sheet says it (creation L143-189, play L235-241, wounds
#: L1425-1439, psychic shocks L1569-1573, spells, secret strikes).
ORIGINS: dict[str, Text] = {
    "creation": tr("création", "creation"),
    "play": tr("en jeu", "in play"),
    "wound": tr("blessure", "wound"),
    "shock": tr("choc psychique", "psychic shock"),
    "temporary": tr("temporaire", "temporary"),
    "spell": tr("sort", "spell"),
    "botte": tr("botte", "secret strike"),
}


def _hinders(codes: list[str]) -> Text:
    """The characteristics a negative Trait hinders; `*` is every action."""
    if "*" in codes:
        return tr("gêne tout", "hinders all")
    return tr("gêne {codes}", "hinders {codes}").format(codes=", ".join(codes))


def _traits(sheet: FluidSheet) -> SheetSection:
    rows = []
    for trait in sheet.traits:
        sign = "−" if trait.kind == "negative" else "+"
        parts: list[Text | str] = [ORIGINS[trait.origin], trait.duration]
        if trait.kind == "negative" and trait.hinders:
            parts.append(_hinders(trait.hinders))
        note = joined([p for p in parts if p], empty="")
        rows.append(SheetRow(tr(trait.name, trait.name), f"{sign}{trait.value}", note))
    return SheetSection(tr("Traits", "Traits"), rows)


def _equipment(sheet: FluidSheet) -> SheetSection:
    gear = sheet.equipment
    return SheetSection(
        tr("Équipement", "Equipment"),
        [
            SheetRow(tr("Arme", "Weapon"), str(gear.weapon), gear.weapon_name),
            SheetRow(tr("Seconde arme", "Second weapon"), str(gear.second_weapon)),
            SheetRow(tr("Armure", "Armour"), str(gear.armour), gear.armour_name),
            SheetRow(tr("Bouclier", "Shield"), str(gear.shield)),
            SheetRow(
                tr("Handicap hors combat", "Non-combat handicap"),
                str(tracks.equipment_handicap(sheet)),
            ),
        ],
    )


def _state(sheet: FluidSheet) -> SheetSection:
    return SheetSection(tr("En jeu", "In play"), tracks.state_rows(sheet))


# -- actions ------------------------------------------------------------------------------------


def _penalties(sheet: FluidSheet, code: str) -> dict[str, Any]:
    """The current penalties of an action of this characteristic."""
    return {
        "characteristic": tracks.effective(sheet, code),
        "negative_traits": tracks.hindrance(sheet, code),
        "circumstances": sheet.minion_level,
    }


def _side(sheet: FluidSheet, code: str) -> dict[str, Any]:
    """Current penalties folded into the contract's dice, past their bound as points."""
    return encounter.side(sheet, code, sheet.minion_level - tracks.hindrance(sheet, code))


def actions(sheet: FluidSheet) -> list[Action]:
    found = []
    tests = tr("Tests", "Tests")
    fight = tr("Combat", "Combat")
    body = tr("Santé", "Health")
    for code in sheet.characteristics.codes():
        params = _penalties(sheet, code)
        params["equipment"] = -tracks.equipment_handicap(sheet)
        found.append(Action(_char_label(code), "action", params, tests))
    gear = sheet.equipment
    attack = {
        **_side(sheet, "AGI"),
        "weapon": gear.weapon,
        "armour": gear.armour,
        "shield": gear.shield,
        # the feint's cap, X ≤ AGI (L1173-1175)
        "agility": sheet.characteristics.agilite,
    }
    found.append(Action(tr("Attaquer (AGI)", "Attack (AGI)"), "attack", attack, fight))
    if gear.weapon and gear.second_weapon:
        # both at once: a disadvantage per weapon, the scores added (L1059-1081)
        both = {**attack, "second_weapon": gear.second_weapon}
        label = tr("Attaquer des deux armes (AGI)", "Attack with both weapons (AGI)")
        found.append(Action(label, "attack", both, fight))
    found.append(
        Action(tr("Riposter (jet opposé)", "Opposed roll"), "opposed", _side(sheet, "AGI"), fight)
    )
    survival = {
        "characteristic": tracks.effective(sheet, "CON"),
        "penalty": tracks.hindrance(sheet, "CON"),
    }
    found.append(Action(tr("Test de survie", "Survival test"), "survival", survival, body))
    shock = {
        "characteristic": tracks.effective(sheet, "VOL"),
        "penalty": tracks.hindrance(sheet, "VOL"),
        "san": tracks.current(sheet, "SAN"),
    }
    found.append(Action(tr("Choc psychique", "Psychic shock"), "shock", shock, body))
    joust = {**_side(sheet, "CHA"), "aura": tracks.current(sheet, "AUR")}
    found.append(Action(tr("Joute verbale", "Verbal joust"), "verbal_joust", joust, tests))
    magic = tracks.magic_characteristic(sheet)
    spell = {"characteristic": tracks.effective(sheet, magic), "complexity": 0}
    found.append(Action(tr("Lancer un sort", "Cast a spell"), "spell", spell, tr("Magie", "Magic")))
    return found
