"""The Nephilim character sheet (seed L3-122, L545-552, L628-633): characteristics, Ka,
skills and languages, occult skills, the two tracks, the stasis, and the table's readings;
then what a rule reads off it: meta-characteristics, the Ka of a Ka test, effective skills and
the penalties of the tracks."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from ecran.rules import CharacterSheet, Text, param, tr
from ecran.rules.field import accept_people_input, folded
from ecran.systems.nephilim.ka import meta_bonuses, normalize
from ecran.systems.nephilim.options import OPTIONS
from ecran.systems.nephilim.rows import Tree
from ecran.systems.nephilim.skills import effective, steps_paid
from ecran.systems.nephilim.tables import (
    CHARACTERISTIC_IDS,
    CHARACTERISTIC_WORDS,
    ELEMENT_WORDS,
    FIELDS,
    LANGUAGES,
    OCCULT,
    SKILLS,
)

Element = Literal["feu", "air", "eau", "terre", "lune", "soleil", "orichalque"]
Nature = Literal["human", "nephilim"]
CharacteristicId = Literal[
    "force",
    "intelligence",
    "coordination",
    "intuition",
    "constitution",
    "rapidite",
    "reaction",
    "perception",
    "charisme",
    "dexterite",
]

#: The twelve occult skills (L547-552): three circles and the rituals of each science.
OCCULT_SKILLS: tuple[str, ...] = tuple(c.id for c in OCCULT.circle) + tuple(
    s.rituals[0].lower() for s in OCCULT.science
)


def _tree_words(tree: Tree) -> dict[str, Text]:
    """A tree's paths in words: the book's French path, and its English one node by node
    (`SCIENCES > Physique` → `Sciences > Physics`), from each node's `en` (data)."""
    english = {node.path: node.en for node in tree.node}
    words = {}
    for node in tree.node:
        parts = node.path.split(" > ")
        prefixes = [" > ".join(parts[: i + 1]) for i in range(len(parts))]
        words[node.path] = Text(
            fr=node.path,
            en=" > ".join(english.get(p, part) for p, part in zip(prefixes, parts, strict=True)),
        )
    return words


#: Skill-tree paths (L124-377) and languages (L116-120) by their words.
SKILL_WORDS = _tree_words(SKILLS)
LANGUAGE_WORDS = _tree_words(LANGUAGES)
#: The occult skills (L547-552): the circles and each science's rituals, French and English.
OCCULT_WORDS = {
    **{c.id: Text(fr=c.fr, en=c.en) for c in OCCULT.circle},
    **{s.rituals[0].lower(): Text(fr=s.rituals[0], en=s.rituals[1]) for s in OCCULT.science},
}


def _char(fr: str, en: str) -> Any:
    return param(tr(fr, en), default=0, ge=-10, le=10)


def _human_ka() -> dict[Element, int]:
    return {"soleil": 10}


class Characteristics(BaseModel):
    """Natural scores, −3..+3 for humans, −4 = total absence (L5-7). A Nephilim's meta-values
    are computed from his Ka-elements, never stored."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    force: int = _char("Force", "Strength")
    intelligence: int = _char("Intelligence", "Intelligence")
    coordination: int = _char("Coordination", "Coordination")
    intuition: int = _char("Intuition", "Intuition")
    constitution: int = _char("Constitution", "Constitution")
    rapidite: int = _char("Rapidité", "Speed")
    reaction: int = _char("Réaction", "Reaction")
    perception: int = _char("Perception", "Perception")
    charisme: int = _char("Charisme", "Charisma")
    dexterite: int = _char("Dextérité", "Dexterity")


def _by_word(words: dict[str, Any]) -> dict[str, str]:
    """folded id, French and English word -> id."""
    return {folded(w): k for k, t in words.items() for w in (k, t.fr, t.en)}


_ELEMENTS = _by_word(ELEMENT_WORDS)
_CHARACTERISTICS = _by_word(CHARACTERISTIC_WORDS)


class NephilimSheet(CharacterSheet):
    system: Literal["nephilim"] = "nephilim"
    nature: Nature = FIELDS("nature", default="human")

    @model_validator(mode="before")
    @classmethod
    def _people_words(cls, data: Any) -> Any:
        """A sheet written by hand may name its choices as the book does: `Nephilim`, Ka
        elements `Feu`, `Lune` (L55-60), characteristics `Rapidité` (L9-18)."""
        if not isinstance(data, dict):
            return data
        data = accept_people_input(cls, data)
        for key in ("ka", "stasis"):
            if isinstance(data.get(key), dict):
                data[key] = {_ELEMENTS.get(folded(str(e)), e): v for e, v in data[key].items()}
        pairs = data.get("skill_characteristics")
        if isinstance(pairs, dict):
            data["skill_characteristics"] = {
                path: _CHARACTERISTICS.get(folded(c), c) if isinstance(c, str) else c
                for path, c in pairs.items()
            }
        return data

    characteristics: Characteristics = FIELDS("characteristics", default_factory=Characteristics)
    ka: dict[Element, int] = FIELDS("ka_sheet", default_factory=_human_ka, keys=ELEMENT_WORDS)
    skills: dict[str, int] = FIELDS("skills", default_factory=dict, keys=SKILL_WORDS)
    skill_characteristics: dict[str, CharacteristicId] = OPTIONS["skill_characteristics"].field()
    occult_skills: dict[str, int] = FIELDS("occult_skills", default_factory=dict, keys=OCCULT_WORDS)
    languages: list[str] = FIELDS("languages", default_factory=list)
    written_languages: dict[str, Literal["A", "C", "M"]] = FIELDS(
        "written_languages", default_factory=dict, keys=LANGUAGE_WORDS
    )
    wounds: int = FIELDS("wounds", default=0, ge=0, le=10)
    fatigue: int = FIELDS("fatigue_sheet", default=0, ge=0, le=10)
    stasis: dict[Element, int] = FIELDS("stasis", default_factory=dict, keys=ELEMENT_WORDS)
    stasis_bonus: int = FIELDS("stasis_bonus", default=0, ge=0)
    # Play state of the current round (L508-518): actions declared, delays carried over.
    round_actions: int = FIELDS("round_actions", default=1, ge=1, le=6)
    delayed_segments: int = FIELDS("delayed_segments_sheet", default=0, ge=0, le=20)
    delayed_rounds: int = FIELDS("delayed_rounds_sheet", default=0, ge=0, le=10)
    armour: int = OPTIONS["armour"].field(ge=0, le=10)
    # How this table reads the ambiguous rules that shape the sheet, its penalties and combat.
    wound_characteristics: Literal["motor", "force_coordination"] = OPTIONS[
        "wound_characteristics"
    ].field()
    wound_malus_count: Literal["per_characteristic", "once"] = OPTIONS["wound_malus_count"].field()
    track_boxes: Literal["pairs", "zero_alone"] = OPTIONS["track_boxes"].field()
    ka_test_element: Literal["dominant", "feu", "air", "eau", "terre", "lune", "soleil"] = OPTIONS[
        "ka_test_element"
    ].field()
    language_prerequisites: bool = OPTIONS["language_prerequisites"].field()
    skill_step_budget: int = OPTIONS["skill_step_budget"].field(ge=0)
    segments: Literal["from_highest_remaining", "fixed_windows"] = OPTIONS["segments"].field()
    anticipation_tie: Literal["simultaneous", "roll_off"] = OPTIONS["anticipation_tie"].field()


# -- reading the sheet ---------------------------------------------------------------------


def natural(sheet: NephilimSheet) -> dict[str, int]:
    return {c: getattr(sheet.characteristics, c) for c in CHARACTERISTIC_IDS}


def meta(sheet: NephilimSheet) -> dict[str, int]:
    """A Nephilim's simulacrum adds the Ka-element bonus (L49-70); a human has none."""
    values = natural(sheet)
    if sheet.nature != "nephilim":
        return values
    bonus = meta_bonuses(kas(sheet))
    return {c: v + bonus[c] for c, v in values.items()}


def kas(sheet: NephilimSheet) -> dict[str, int]:
    return {str(e): v for e, v in sheet.ka.items()}


def ka_test_element(sheet: NephilimSheet) -> str:
    """The Ka a Ka test uses (§9 A11): the table's choice, else the highest element."""
    chosen = sheet.ka_test_element
    if chosen != "dominant":
        return chosen
    if not sheet.ka:
        return "soleil"
    return max(sorted(sheet.ka), key=lambda e: sheet.ka[e])


def ka_for_test(sheet: NephilimSheet) -> int:
    return kas(sheet).get(ka_test_element(sheet), 0)


def skill(sheet: NephilimSheet, path: str) -> int:
    return effective(sheet.skills, path)


def initiative_rating(sheet: NephilimSheet) -> int:
    m = meta(sheet)
    return m["rapidite"] + m["reaction"]


def anticipation(sheet: NephilimSheet) -> int:
    """Intuition + Perception (L493)."""
    m = meta(sheet)
    return m["intuition"] + m["perception"]


def normalized_ka(sheet: NephilimSheet) -> dict[str, int]:
    return {e: normalize(v) for e, v in sheet.ka.items() if v >= 0}


def total_steps(sheet: NephilimSheet) -> int:
    """Skill steps paid for the whole tree (L108)."""
    return sum(steps_paid(path, score) for path, score in sheet.skills.items())


#: The game's sheet class (`System.character`, found here on first use).
SHEET = NephilimSheet
