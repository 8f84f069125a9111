"""The Nephilim character sheet (seed L3-122, L545-552, L628-633): characteristics, Ka,
skills and languages, occult skills, the two tracks, the stasis, and the table's readings."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ecran.rules import CharacterSheet
from ecran.systems.nephilim import options
from ecran.systems.nephilim.tables import OCCULT

Element = Literal["feu", "air", "eau", "terre", "lune", "soleil", "orichalque"]
Nature = Literal["human", "nephilim"]

#: The twelve occult skills (L547-552): three circles and the rituals of each science.
OCCULT_SKILLS: tuple[str, ...] = tuple(c.id for c in OCCULT.circle) + tuple(
    s.rituals[0].lower() for s in OCCULT.science
)

CHAR = Field(default=0, ge=-10, le=10)


def _human_ka() -> dict[Element, int]:
    return {"soleil": 10}


class Characteristics(BaseModel):
    """Natural scores, −3..+3 for humans, −4 = total absence (L5-7). A Nephilim's meta-values
    are computed from his Ka-elements, never stored."""

    model_config = ConfigDict(extra="forbid")

    force: int = CHAR
    intelligence: int = CHAR
    coordination: int = CHAR
    intuition: int = CHAR
    constitution: int = CHAR
    rapidite: int = CHAR
    reaction: int = CHAR
    perception: int = CHAR
    charisme: int = CHAR
    dexterite: int = CHAR


class NephilimSheet(CharacterSheet):
    system: Literal["nephilim"] = "nephilim"
    nature: Nature = Field(default="human", description="human or Nephilim (simulacrum)")
    characteristics: Characteristics = Field(default_factory=Characteristics)
    ka: dict[Element, int] = Field(
        default_factory=_human_ka,
        description="absolute Ka per element (L30): humans Ka-Soleil; Nephilim five elements",
    )
    skills: dict[str, int] = Field(
        default_factory=dict,
        description="bought score per skill-tree path ('PHYSIQUE > Athlétisme'); others inherit",
    )
    occult_skills: dict[str, int] = Field(
        default_factory=dict, description="the twelve occult skills (L547-552); may exceed +3"
    )
    languages: list[str] = Field(
        default_factory=list, description="spoken-language nodes held; depth = rank (L114-120)"
    )
    written_languages: dict[str, Literal["A", "C", "M"]] = Field(
        default_factory=dict, description="writing systems and rank (L122; list missing)"
    )
    wounds: int = Field(default=0, ge=0, le=10, description="wound track boxes (L72-86)")
    fatigue: int = Field(default=0, ge=0, le=10, description="fatigue track boxes (L72-88)")
    stasis: dict[Element, int] = Field(
        default_factory=dict, description="Ka-element points held in the stasis (L630)"
    )
    stasis_bonus: int = Field(
        default=0, ge=0, description="points drawn from the stasis for the next control roll"
    )
    armour: int = options.ARMOUR.field(ge=0, le=10)
    # How this table reads the ambiguous rules that shape the sheet, its penalties and combat.
    wound_characteristics: Literal["motor", "force_coordination"] = options.WOUND_SET.field()
    wound_malus_count: Literal["per_characteristic", "once"] = options.WOUND_COUNT.field()
    track_boxes: Literal["pairs", "zero_alone"] = options.TRACK_BOXES.field()
    ka_test_element: Literal["dominant", "feu", "air", "eau", "terre", "lune", "soleil"] = (
        options.KA_TEST_ELEMENT.field()
    )
    language_prerequisites: bool = options.LANGUAGE_PREREQUISITES.field()
    skill_step_budget: int = options.STEP_BUDGET.field(ge=0)
    segments: Literal["from_highest_remaining", "fixed_windows"] = options.SEGMENTS.field()
    anticipation_tie: Literal["simultaneous", "roll_off"] = options.ANTICIPATION_TIE.field()
