"""The Fluid character sheet (L26-241, L968-983, L1425-1597, L1882-1955): characteristics,
Traits, equipment, the RES/AUR/SAN pools and the rest of the play state, and advancement."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from ecran.rules import CharacterSheet, Text, param, tr
from ecran.rules.values import Copied
from ecran.systems.fluid.tables import CHARACTER

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


#: The characteristics by their name on the sheet (L29-101), for dicts and lists keyed by code.
CODE_WORDS: dict[str, Text] = {c.code: tr(c.fr, c.en) for c in CHARACTER.characteristic}


class _Part(Copied):
    model_config = ConfigDict(extra="forbid", defer_build=True)


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

    name: str = param(tr("Trait", "Trait"), min_length=1, max_length=120)
    value: int = param(tr("Valeur", "Value"), ge=0, le=MAX_DAMAGE)
    kind: TraitKind = param(
        tr("Type", "Kind"),
        default="positive",
        choices={"positive": tr("Positif", "Positive"), "negative": tr("Négatif", "Negative")},
    )
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
    # characteristic codes whose actions this negative Trait hinders; '*' = all (L227-233)
    hinders: list[str] = param(
        tr("Gêne les actions de", "Hinders actions of"),
        tr(
            "codes des caractéristiques (FOR, AGI…) ; * = toutes",
            "characteristic codes (FOR, AGI…); * = all",
        ),
        default_factory=list,
    )
    duration: str = param(
        tr("Durée", "Duration"),
        tr("Traits temporaires : combien de temps (L235-241)", "temporary Traits: how long"),
        default="",
    )
    note: str = param(tr("Note", "Note"), default="")


class Equipment(_Part):
    """Weapon, armour and shield scores (L1355-1379); they also lower INI (L977-979)."""

    weapon: int = param(tr("Arme", "Weapon"), default=0, ge=0, le=3)
    weapon_name: str = param(tr("Nom de l'arme", "Weapon's name"), default="")
    second_weapon: int = param(
        tr("Seconde arme", "Second weapon"),
        tr("combat à deux armes (L1059-1081)", "fighting with two weapons"),
        default=0,
        ge=0,
        le=3,
    )
    armour: int = param(tr("Armure", "Armour"), default=0, ge=0, le=3)
    armour_name: str = param(tr("Nom de l'armure", "Armour's name"), default="")
    shield: int = param(tr("Bouclier", "Shield"), default=0, ge=0, le=3)


class Condition(_Part):
    """Lasting results of survival tests (L1501-1529)."""

    dead: bool = param(tr("Mort", "Dead"), default=False)
    haemorrhage: bool = param(tr("Hémorragie", "Bleeding"), default=False)
    #: The disadvantages of the haemorrhage's next survival test, one more than the test that
    #: opened it (L1501-1504): the end of the round runs it (`encounter.round_end`).
    haemorrhage_penalty: int = param(
        tr("Malus du prochain test (hémorragie)", "Next test's penalty (bleeding)"),
        default=0,
        ge=0,
        le=600,  # a test's most disadvantages (`checks.base.MAX_PENALTY`)
    )
    coma_days: int = param(tr("Jours de coma", "Days in a coma"), default=0, ge=0)
    unconscious_hours: int = param(
        tr("Heures d'inconscience", "Hours unconscious"), default=0, ge=0
    )
    adrenaline: bool = param(tr("Adrénaline", "Adrenaline"), default=False)


class Advance(_Part):
    """One XP purchase (L1945-1955)."""

    kind: Literal["characteristic", "trait", "new_negative", "remove_negative"] = param(
        tr("Achat", "Purchase"),
        choices={
            "characteristic": tr("Caractéristique", "Characteristic"),
            "trait": tr("Trait", "Trait"),
            "new_negative": tr("Nouveau Trait négatif", "New negative Trait"),
            "remove_negative": tr("Trait négatif retiré", "Negative Trait removed"),
        },
    )
    target: str = param(
        tr("Cible", "Target"),
        tr("code de caractéristique ou nom de Trait", "a characteristic code or a Trait name"),
    )
    to: int = param(tr("Nouvelle valeur", "New value"), ge=0, le=30)
    xp: int = param(
        tr("XP", "XP"),
        tr("XP payés (négatif : gagnés par un Trait négatif)", "XP paid (negative: gained)"),
    )


def _pool(code: str) -> int | None:
    """A pool's current value (L103-133); empty = full."""
    return param(  # type: ignore[no-any-return]
        tr(f"{code} actuelle", f"Current {code}"),
        tr("vide = au maximum", "empty = full"),
        default=None,
        ge=0,
    )


class FluidSheet(CharacterSheet):
    system: Literal["fluid"] = "fluid"
    characteristics: Characteristics = param(
        tr("Caractéristiques", "Characteristics"), default_factory=Characteristics
    )
    traits: list[Trait] = param(tr("Traits", "Traits"), default_factory=list)
    equipment: Equipment = param(tr("Équipement", "Equipment"), default_factory=Equipment)
    res: int | None = _pool("RES")
    aur: int | None = _pool("AUR")
    san: int | None = _pool("SAN")
    # characteristic points spent, back at 1 a day (L790-800, L1569-1573)
    spent: dict[str, int] = param(
        tr("Points de caractéristique dépensés", "Characteristic points spent"),
        tr("reviennent à raison de 1 par jour", "back at 1 a day"),
        default_factory=dict,
        keys=CODE_WORDS,
    )
    pause_res_today: int = param(
        tr("RES des pauses aujourd'hui", "RES from short pauses today"), default=0, ge=0
    )
    medicine_today: bool = param(
        tr("Test de médecine fait aujourd'hui", "Medicine test done today"),
        tr("un test de médecine par jour (L1593)", "one medicine test a day"),
        default=False,
    )
    condition: Condition = param(tr("État", "Condition"), default_factory=Condition)
    minion: bool = param(
        tr("Sbire", "Minion"),
        tr("un PNJ rapide (L1625-1649)", "a quick NPC"),
        default=False,
    )
    # difficulty ladder seen by the players: difficult to beat +3, easy −2 (L1637-1643)
    minion_level: int = param(
        tr("Sbire : difficulté à le battre", "Minion: how hard to beat"),
        tr(
            "avantages (+) ou désavantages (−) à chaque lancer : difficile à battre +3, facile −2",
            "advantages (+) or disadvantages (−) on every roll: hard to beat +3, easy −2",
        ),
        default=0,
        ge=-5,
        le=5,
    )
    prepared_spells: list[str] = param(
        tr("Sorts préparés", "Prepared spells"),
        tr("au plus INT (L1888)", "at most INT"),
        default_factory=list,
    )
    xp: int = param(
        tr("Expérience", "Experience"),
        tr("XP reçus en tout (1 à 3 par scénario, L1933)", "XP awarded in all (1-3 a scenario)"),
        default=0,
        ge=0,
    )
    advances: list[Advance] = param(tr("Progression", "Advances"), default_factory=list)


#: The game's sheet class (`System.character`, found here on first use).
SHEET = FluidSheet
