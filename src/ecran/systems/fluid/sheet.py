"""The Fluid character sheet (L26-241, L968-983, L1425-1597, L1882-1955): characteristics,
Traits, equipment, the RES/AUR/SAN pools and the rest of the play state, and advancement."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ecran.rules import CharacterSheet, param, tr

Code = Literal["FOR", "CON", "AGI", "PER", "INT", "VOL", "CHA", "CONN", "MAG"]
CODES: tuple[Code, ...] = ("FOR", "CON", "AGI", "PER", "INT", "VOL", "CHA", "CONN")
ATTRIBUTE_OF: dict[str, str] = {
    "FOR": "force",
    "CON": "constitution",
    "AGI": "agilite",
    "PER": "perception",
    "INT": "intelligence",
    "VOL": "volonte",
    "CHA": "charisme",
    "CONN": "connaissances",
    "MAG": "magie",
}

#: The seed bounds no Trait (a wound is whatever damage passes RES, L1427-1435); this is only the
#: size bound of one hit's damage, so that every wound a hit leaves fits on the sheet.
MAX_DAMAGE = 200


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _char(fr: str, en: str) -> int:
    """A characteristic by its name on the sheet (L29-101), 0-30."""
    return param(tr(fr, en), default=5, ge=0, le=30)  # type: ignore[no-any-return]


class Characteristics(_Part):
    """Permanent scores (L29-101): 40 points, 1 to 7 each at creation, raised later with XP.
    `magie` exists only when the magic discipline is used (L97-101)."""

    force: int = _char("Force", "Strength")
    constitution: int = _char("Constitution", "Constitution")
    agilite: int = _char("Agilité", "Agility")
    perception: int = _char("Perception", "Perception")
    intelligence: int = _char("Intelligence", "Intelligence")
    volonte: int = _char("Volonté", "Will")
    charisme: int = _char("Charisme", "Charisma")
    connaissances: int = _char("Connaissances", "Knowledge")
    magie: int | None = param(tr("Magie", "Magic"), default=None, ge=0, le=30)

    def score(self, code: str) -> int:
        value = getattr(self, ATTRIBUTE_OF[code])
        return int(value or 0)

    def codes(self) -> list[str]:
        return [*CODES, "MAG"] if self.magie is not None else list(CODES)


TraitKind = Literal["positive", "negative"]
TraitOrigin = Literal["creation", "play", "wound", "shock", "temporary", "spell", "botte"]


class Trait(_Part):
    """A tag with a score (L135-241). Negative Traits give disadvantages on the actions they
    hinder (L227-233, L886-892); wounds (L1427-1439) and shocks (L1543-1545) are such Traits."""

    name: str = Field(min_length=1, max_length=120)
    value: int = Field(ge=0, le=MAX_DAMAGE)
    kind: TraitKind = "positive"
    origin: TraitOrigin = param(
        tr("Origine", "Origin"),
        default="creation",
        choices={
            "creation": tr("Création", "Creation"),
            "play": tr("En jeu", "Play"),
            "wound": tr("Blessure", "Wound"),
            "shock": tr("Choc", "Shock"),
            "temporary": tr("Temporaire", "Temporary"),
            "spell": tr("Sort", "Spell"),
            "botte": tr("Botte", "Secret strike"),
        },
    )
    hinders: list[str] = Field(
        default_factory=list,
        description="characteristic codes whose actions this negative Trait hinders; '*' = all",
    )
    duration: str = Field(default="", description="temporary Traits: how long (L235-241)")
    note: str = ""


class Equipment(_Part):
    """Weapon, armour and shield scores (L1355-1379); they also lower INI (L977-979)."""

    weapon: int = Field(default=0, ge=0, le=3)
    weapon_name: str = ""
    second_weapon: int = Field(default=0, ge=0, le=3, description="two weapons (L1059-1081)")
    armour: int = Field(default=0, ge=0, le=3)
    armour_name: str = ""
    shield: int = Field(default=0, ge=0, le=3)


class Condition(_Part):
    """Lasting results of survival tests (L1501-1529)."""

    dead: bool = False
    haemorrhage: bool = False
    coma_days: int = Field(default=0, ge=0)
    unconscious_hours: int = Field(default=0, ge=0)
    adrenaline: bool = False


class Advance(_Part):
    """One XP purchase (L1945-1955)."""

    kind: Literal["characteristic", "trait", "new_negative", "remove_negative"]
    target: str = Field(description="a characteristic code or a Trait name")
    to: int = Field(ge=0, le=30, description="the value after the change")
    xp: int = Field(description="XP paid (negative: XP gained by a new negative Trait)")


class FluidSheet(CharacterSheet):
    system: Literal["fluid"] = "fluid"
    characteristics: Characteristics = Field(default_factory=Characteristics)
    traits: list[Trait] = Field(default_factory=list)
    equipment: Equipment = Field(default_factory=Equipment)
    res: int | None = Field(default=None, ge=0, description="current RES; empty = full")
    aur: int | None = Field(default=None, ge=0, description="current AUR; empty = full")
    san: int | None = Field(default=None, ge=0, description="current SAN; empty = full")
    spent: dict[str, int] = Field(
        default_factory=dict,
        description="characteristic points spent, back at 1 a day (L790-800, L1569-1573)",
    )
    pause_res_today: int = Field(default=0, ge=0, description="RES from short pauses today")
    medicine_today: bool = Field(default=False, description="one medicine test a day (L1593)")
    condition: Condition = Field(default_factory=Condition)
    minion: bool = Field(default=False, description="a quick NPC (sbire, L1625-1649)")
    minion_level: int = Field(
        default=0,
        ge=-5,
        le=5,
        description="a minion's flat advantages (+) / disadvantages (−) on every roll, from the "
        "difficulty ladder seen by the players: difficult to beat +3, easy −2 (L1637-1643)",
    )
    prepared_spells: list[str] = Field(default_factory=list, description="at most INT (L1888)")
    xp: int = Field(default=0, ge=0, description="XP awarded in all (1-3 a scenario, L1933)")
    advances: list[Advance] = Field(default_factory=list)
