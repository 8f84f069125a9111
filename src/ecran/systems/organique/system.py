"""The `organique` System: "Systèmes de règles organiques" (cyberpunk, Manhattan 2080)."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems import hook, later
from ecran.systems.organique import NAME
from ecran.systems.organique.options import OPTIONS
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import SEED

#: The modules the hooks live in, imported on first use (a check's odds need none of them).
GAME = "ecran.systems.organique"


class Organique(System[OrganiqueSheet]):
    id = "organique"
    name = tr(*NAME)
    seed = SEED
    checks = later(f"{GAME}.checks", "CHECKS")
    operations = later(f"{GAME}.operations", "OPERATIONS")
    options = tuple(OPTIONS.values())
    character = OrganiqueSheet
    #: What a GM writes down for a new character (the seed has no creation procedure, reading
    #: §3.4); wounds, pain, afflictions, a hack in progress and the §9 readings start at their
    #: defaults. The END reserve is asked after END so it can be set to it (L305-310).
    creation_fields = (
        "kind",
        "player",
        "notes",
        "characteristics",
        "health",
        "endurance",
        "initiative_bonus",
        "load_kg",
        "skills",
        "combat_skills",
        "armour",
        "weapons",
        "character_class",
    )

    validate = hook(f"{GAME}.validation", "validate")
    new_character = hook(f"{GAME}.creation", "new_character")
    random_npc = hook(f"{GAME}.creation", "random_npc")
    npc_params = later(f"{GAME}.creation", "NpcParams")
    sections = hook(f"{GAME}.view", "sections")
    actions = hook(f"{GAME}.view", "actions")
    initiative = hook(f"{GAME}.encounter", "initiative")
    attacks = hook(f"{GAME}.encounter", "attacks")
    damage = hook(f"{GAME}.encounter", "damage")
    consequences = hook(f"{GAME}.encounter", "consequences")
    consequence_reads = hook(f"{GAME}.encounter", "consequence_reads")
    consequence_sheets = hook(f"{GAME}.encounter", "consequence_sheets")
    tracks = hook(f"{GAME}.tracks", "tracks")
    status = hook(f"{GAME}.tracks", "status")
    fight_state = hook(f"{GAME}.tracks", "fight_state")


SYSTEM = Organique()
