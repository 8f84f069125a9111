"""The Espace Artémis system: its checks, operations, options and character sheet, and the
hooks the engine calls, each a function of the rule module that holds it."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems import hook, later
from ecran.systems.artemis import NAME
from ecran.systems.artemis.options import LISTED
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import SEED

#: The modules the hooks live in, imported on first use (a check's odds need none of them).
GAME = "ecran.systems.artemis"


class Artemis(System[ArtemisSheet]):
    id = "artemis"
    name = tr(*NAME)
    seed = SEED
    checks = later(f"{GAME}.checks", "CHECKS")
    options = LISTED
    operations = later(f"{GAME}.operations", "OPERATIONS")
    character = ArtemisSheet
    # What the sheet's identity and skills pages hold (L385-685); NIFIMO, XP and the mental
    # balance are play state and start empty.
    creation_fields = (
        "kind",
        "player",
        "career_main",
        "career_secondary",
        "description",
        "origin",
        "protector",
        "family",
        "advantage",
        "disadvantage",
        "power",
        "relations",
        "characteristics",
        "levels",
        "scores",
        "custom_skills",
        "weapons",
        "armour",
        "pressurised",
        "equipment",
        "other_equipment",
        "milieux",
        "notes",
    )

    npc_params = later(f"{GAME}.creation", "NpcParams")

    validate = hook(f"{GAME}.validation", "validate")
    random_npc = hook(f"{GAME}.creation", "random_npc")
    sections = hook(f"{GAME}.view", "sections")
    actions = hook(f"{GAME}.view", "actions")
    initiative = hook(f"{GAME}.encounter", "initiative")
    attacks = hook(f"{GAME}.encounter", "attacks")
    damage = hook(f"{GAME}.encounter", "damage")
    consequences = hook(f"{GAME}.encounter", "consequences")
    consequence_reads = hook(f"{GAME}.encounter", "consequence_reads")
    consequence_sheets = hook(f"{GAME}.encounter", "consequence_sheets")
    tracks = hook(f"{GAME}.tracks", "rows")
    status = hook(f"{GAME}.tracks", "status")
    fight_state = hook(f"{GAME}.tracks", "fight_state")


SYSTEM = Artemis()
