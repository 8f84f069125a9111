"""Every optional rule, reading of an ambiguity (§9 of the reading) and GM input of the game,
declared once. Checks use them as fields; the sheet's `readings` hold the table-wide ones.

The options themselves (labels, help, sources, defaults) are data: `data/options.toml`."""

from __future__ import annotations

from ecran.rules import load_options
from ecran.systems.nephilim.tables import SEED

OPTIONS = load_options(__package__ or "ecran.systems.nephilim", SEED)

DICE = OPTIONS["dice"]
CRITICALS = OPTIONS["criticals"]
ROLL_NEEDED = OPTIONS["roll_needed"]
WOUND_COUNT = OPTIONS["wound_malus_count"]
WOUND_SET = OPTIONS["wound_characteristics"]
TRACK_BOXES = OPTIONS["track_boxes"]
KA_TEST_ELEMENT = OPTIONS["ka_test_element"]
LANGUAGE_PREREQUISITES = OPTIONS["language_prerequisites"]
STEP_BUDGET = OPTIONS["skill_step_budget"]
SKILL_CHARACTERISTIC = OPTIONS["skill_characteristics"]
OCCULT_SCORE = OPTIONS["occult_score"]
CONTRACT_SCALE = OPTIONS["contract_scale"]
SIZAINES = OPTIONS["sizaines"]
HALF_ROUNDING = OPTIONS["half_rounding"]
STASIS_UNIT = OPTIONS["stasis_bonus_unit"]
CONJUNCTION = OPTIONS["conjunction_modifier"]
PLEXUS = OPTIONS["plexus"]
SEGMENTS = OPTIONS["segments"]
ANTICIPATION_TIE = OPTIONS["anticipation_tie"]
ROUND_STRUCTURE = OPTIONS["round_structure"]
ARMOUR = OPTIONS["armour"]
MARGIN_WOUNDS = OPTIONS["margin_wounds"]
WEAPON_BOXES = OPTIONS["weapon_boxes"]

#: The NPC generator's role (a house rule: the text has no NPCs), apart from the table's
#: options: it shapes no roll, only the NPC a GM asks for (data/npc_options.toml).
NPC_ROLE = load_options(__package__ or "ecran.systems.nephilim", SEED, "npc_options.toml")[
    "npc_role"
]
