"""The Espace Artémis character sheet (seed L385-833): identity, characteristics, innate and
acquired skills, weapons, protection, milieux, mental balance, experience and the NIFIMO block.

Skills are two flat maps keyed by skill id (`levels`, `scores`), like the sheet's "Niv" and "Sc"
columns (L459): flat maps keep the JSON short and let the guided creation ask for each one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ecran.rules import CharacterSheet, Text, param, tr
from ecran.systems.artemis import tables
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.row_types import Named

#: "" is a skill the character does not have (an empty box on the sheet).
SkillLevel = Literal["", "debutant", "amateur", "confirme", "professionnel", "expert", "maitre"]
CharCode = Literal["C", "E", "F", "A", "S", "I", "M", "V"]
ArmourId = Literal[
    "vetements_legers",
    "vetements_epais",
    "combinaison_securite",
    "combinaison_combat",
    "exosquelette",
    "exosquelette_renforce",
]
WeaponCategoryId = Literal["poings", "baton", "courte", "moyenne", "longue"]


class Part(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


def words(fr: str, en: str) -> str:
    """A free-text box of the sheet, by its label."""
    return param(tr(fr, en), default="")  # type: ignore[no-any-return]


def _named(rows: Sequence[Named]) -> dict[str, Text]:
    """The words of data rows by their id (skills, levels, armours...)."""
    return {row.id: row.label for row in rows}


#: Skill levels by their name (L562-575); "" is a box left empty.
LEVEL_WORDS = {"": tr("—", "—"), **_named(tables.core().level)}
#: The characteristics by their code (L548-560).
CODE_WORDS = {c.code: c.label for c in tables.skills().characteristic}
SKILL_WORDS = _named([*tables.skills().innate, *tables.skills().acquired, *tables.skills().group])


def count(fr: str, en: str, default: int = 0) -> int:
    return param(tr(fr, en), default=default, ge=0, le=99)  # type: ignore[no-any-return]


class Characteristics(Part):
    """The eight characteristics (L548-560). Range: see the `characteristic_range` rule."""

    charisme: int = param(tr("Charisme", "Charisma"), default=1, ge=0, le=10)
    empathie: int = param(tr("Empathie", "Empathy"), default=1, ge=0, le=10)
    force: int = param(tr("Force", "Strength"), default=1, ge=0, le=10)
    agilite: int = param(tr("Agilité", "Agility"), default=1, ge=0, le=10)
    sens: int = param(tr("Sens", "Senses"), default=1, ge=0, le=10)
    intellect: int = param(tr("Intellect", "Intellect"), default=1, ge=0, le=10)
    manip: int = param(tr("Manip.", "Manipulation"), default=1, ge=0, le=10)
    volonte: int = param(tr("Volonté", "Will"), default=1, ge=0, le=10)


class Description(Part):
    """Physical description (L419-432)."""

    sex: str = words("Sexe", "Sex")
    age: str = words("Âge", "Age")
    height: str = words("Taille", "Height")
    build: str = words("Corpulence", "Build")
    morphology: str = words("Morphologie", "Morphology")
    skin: str = words("Peau", "Skin")
    face: str = words("Forme du visage", "Face shape")
    hair: str = words("Cheveux", "Hair")
    eyes: str = words("Yeux", "Eyes")
    clothes: str = words("Vêtements habituels", "Usual clothing")
    voice: str = words("Voix", "Voice")
    other: str = words("Autres éléments", "Other")


class Power(Part):
    """Pouvoir (L392), under the website's three laws (discreet, useless in combat, a cost)."""

    text: str = words("Pouvoir", "Power")
    approved: bool = param(tr("Accepté par le MJ", "Approved by the GM"), default=False)
    combat_useful: bool = param(
        tr("Utile en combat (ne marche pas en scène d'action)", "Useful in combat (off in fights)"),
        default=False,
    )
    cost: str = words("Contrepartie", "Counterpart")


class CustomSkill(Part):
    """A skill written on one of the sheet's blank lines (L591, L614-685)."""

    name: str = param(tr("Nom", "Name"), min_length=1, max_length=60)
    characteristic: CharCode = param(tr("Caractéristique", "Characteristic"), choices=CODE_WORDS)
    group: str = param(tr("Groupe", "Group"), default="divers")
    level: SkillLevel = param(tr("Niveau", "Level"), default="", choices=LEVEL_WORDS)
    score: int = param(tr("Score", "Score"), default=0, ge=0, le=30)


class Weapon(Part):
    """A weapon block (L729-749): a Force skill per weapon, its category, attack and parry scores
    in the prudent attitude and for the defensive and aggressive attitudes. The seed gives no
    formula for attack/parry nor the attitude modifiers: the sheet holds the numbers."""

    name: str = param(tr("Arme", "Weapon"), min_length=1, max_length=60)
    level: SkillLevel = param(tr("Niveau", "Level"), default="", choices=LEVEL_WORDS)
    score: int = param(tr("Score", "Score"), default=0, ge=0, le=30)
    category: WeaponCategoryId = param(
        tr("Catégorie", "Category"),
        default="courte",
        choices=_named(tables.combat().weapon_category),
    )
    attack: int = param(tr("Attaque", "Attack"), default=0, ge=0, le=30)
    parry: int = param(tr("Parade", "Parry"), default=0, ge=0, le=30)
    defensive_attack: int | None = param(
        tr("Attaque (défensif)", "Attack (defensive)"), default=None, ge=0, le=30
    )
    defensive_parry: int | None = param(
        tr("Parade (défensif)", "Parry (defensive)"), default=None, ge=0, le=30
    )
    aggressive_attack: int | None = param(
        tr("Attaque (agressif)", "Attack (aggressive)"), default=None, ge=0, le=30
    )
    aggressive_parry: int | None = param(
        tr("Parade (agressif)", "Parry (aggressive)"), default=None, ge=0, le=30
    )


class BalanceEntry(Part):
    """A source of balance or imbalance, or an event that changed it (L396-399)."""

    label: str = param(tr("Source ou événement", "Source or event"), min_length=1, max_length=120)
    points: int = param(tr("Points", "Points"), ge=-20, le=20)


class Experience(Part):
    total: int = count("Expérience totale", "Total experience")
    used: int = count("Expérience utilisée", "Experience used")
    forced_this_scenario: int = count(
        "Points dépensés pour forcer le hasard ce scénario",
        "Points spent forcing luck this scenario",
    )


class Marks(Part):
    light: int = count("Légères (traits)", "Light (strokes)")
    serious: int = count("Graves (croix)", "Serious (crosses)")


class WoundMarks(Marks):
    stabilised: bool = param(
        tr("Blessures stabilisées", "Wounds stabilised"),
        tr("soignées : elles ne s'aggravent plus", "treated: they no longer get worse"),
        default=False,
    )


class FatigueMarks(Marks):
    permanent: int = count("Permanentes", "Permanent")


class Cause(Part):
    """A line of the box "Causes des Peurs et Stress" (L727): a serious fear is written with its
    approximate date (website)."""

    cause: str = param(tr("Cause", "Cause"), min_length=1, max_length=200)
    line: Literal["stress", "peur"] = param(
        tr("Ligne", "Line"),
        default="peur",
        choices={"stress": tr("Stress", "Stress"), "peur": tr("Peur", "Fear")},
    )
    date: str = param(tr("Date", "Date"), default="")


class Nifimo(Part):
    """The NIFIMO block (L686-699): one line per condition."""

    gene_extra: int = count(
        "Gênes en plus (surcharge, court-circuits)", "Extra gênes (overload, short circuits)"
    )
    blessure: WoundMarks = param(tr("Blessure", "Wound"), default_factory=WoundMarks)
    fatigue: FatigueMarks = param(tr("Fatigue", "Fatigue"), default_factory=FatigueMarks)
    stress: Marks = param(tr("Stress", "Stress"), default_factory=Marks)
    peur: Marks = param(tr("Peur", "Fear"), default_factory=Marks)
    causes: list[Cause] = param(
        tr("Causes des Peurs et Stress", "Causes of Fears and Stress"), default_factory=list
    )
    sleep_wait: int = count(
        "Heures à attendre avant de se rendormir (L339-341)", "Hours to wait before sleeping again"
    )
    lethal: Literal["", "dead", "destroyed"] = param(
        tr("Mort ou détruit", "Dead or destroyed"),
        tr(
            "atteint par un coup de catégorie Mort ou Détruit (A5)",
            "reached by a Dead/Destroyed blow",
        ),
        default="",
        choices={
            "": tr("—", "—"),
            "dead": tr("Mort", "Dead"),
            "destroyed": tr("Détruit", "Destroyed"),
        },
    )


def _innate_levels() -> dict[str, SkillLevel]:
    return {s.id: "debutant" for s in tables.skills().innate}


def _innate_scores() -> dict[str, int]:
    score = tables.level("debutant").npc_score or 0
    return {s.id: score for s in tables.skills().innate}


def _equipment() -> dict[str, bool]:
    return {e.id: False for e in tables.skills().equipment}


def _milieux() -> dict[str, SkillLevel]:
    return {m.id: "" for m in tables.skills().milieu}


class ArtemisSheet(CharacterSheet):
    system: Literal["artemis"] = "artemis"
    career_main: str = words("Carrière principale", "Primary career")
    career_secondary: str = words("Carrière secondaire", "Secondary career")
    description: Description = param(
        tr("Description physique", "Physical description"), default_factory=Description
    )
    origin: str = words("Origine", "Origin")
    protector: str = words("Protecteur", "Patron")
    family: str = words("Famille", "Family")
    advantage: str = words("Avantage", "Advantage")
    disadvantage: str = words("Désavantage", "Disadvantage")
    power: Power = param(tr("Pouvoir", "Power"), default_factory=Power)
    relations: str = words("Relations, événements importants", "Relations, important events")
    characteristics: Characteristics = param(
        tr("Caractéristiques", "Characteristics"), default_factory=Characteristics
    )
    levels: dict[str, SkillLevel] = param(
        tr("Compétences : niveaux", "Skills: levels"),
        default_factory=_innate_levels,
        keys=SKILL_WORDS,
        choices=LEVEL_WORDS,
    )
    scores: dict[str, int] = param(
        tr("Compétences : scores", "Skills: scores"),
        default_factory=_innate_scores,
        keys=SKILL_WORDS,
    )
    custom_skills: list[CustomSkill] = param(
        tr("Autres compétences", "Other skills"), default_factory=list
    )
    weapons: list[Weapon] = param(tr("Armes", "Weapons"), default_factory=list)
    armour: ArmourId = param(
        tr("Protection", "Protection"),
        default="vetements_legers",
        choices=_named(tables.combat().armour),
    )
    pressurised: bool = param(tr("Protection pressurisée", "Pressurised protection"), default=False)
    equipment: dict[str, bool] = param(
        tr("Équipement", "Equipment"),
        default_factory=_equipment,
        keys=_named(tables.skills().equipment),
    )
    other_equipment: str = words("Autre matériel", "Other equipment")
    milieux: dict[str, SkillLevel] = param(
        tr("Milieux", "Environments"),
        default_factory=_milieux,
        keys=_named(tables.skills().milieu),
        choices=LEVEL_WORDS,
    )
    milieux_gene: dict[str, int] = param(
        tr("Gênes par milieu", "Gênes per environment"),
        default_factory=dict,
        keys=_named(tables.skills().milieu),
    )
    mental_balance: list[BalanceEntry] = param(
        tr("Équilibre mental", "Mental balance"), default_factory=list
    )
    experience: Experience = param(tr("Expérience", "Experience"), default_factory=Experience)
    nifimo: Nifimo = param(tr("NIFIMO", "NIFIMO"), default_factory=Nifimo)
    # How marks become maluses: a house rule the table fills (the seed only gives the columns).
    nifimo_boxes: int = OPTIONS["nifimo_boxes"].field(ge=1, le=20)
    out_of_fight: Literal["mortally_wounded", "death"] = OPTIONS["out_of_fight"].field()
    nifimo_aggregate: Literal["sum", "worst"] = OPTIONS["nifimo_aggregate"].field()

    def level(self, skill: str) -> SkillLevel:
        custom = self.custom(skill)
        return custom.level if custom else self.levels.get(skill, "")

    def score(self, skill: str) -> int:
        custom = self.custom(skill)
        return custom.score if custom else self.scores.get(skill, 0)

    def custom(self, name: str) -> CustomSkill | None:
        return next((c for c in self.custom_skills if c.name == name), None)

    @property
    def balance(self) -> int:
        """The TOTAL of the mental balance box (L399)."""
        return sum(entry.points for entry in self.mental_balance)


#: The game's sheet class (`System.character`, found here on first use).
SHEET = ArtemisSheet
