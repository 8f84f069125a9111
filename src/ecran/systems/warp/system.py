"""The WaRP system object: its checks, operations, options and sheet, and the sheet hooks."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems import hook, later
from ecran.systems.warp import NAME
from ecran.systems.warp.options import ALL_OPTIONS
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tables import SEED

#: The modules the hooks live in, imported on first use (a check's odds need none of them).
GAME = "ecran.systems.warp"


class Warp(System[WarpSheet]):
    id = "warp"
    name = tr(*NAME)
    seed = SEED
    checks = later(f"{GAME}.checks", "CHECKS")
    operations = later(f"{GAME}.operations", "OPERATIONS")
    options = ALL_OPTIONS
    character = WarpSheet
    #: The creation steps (L99-1281): play state (damage, pools spent, studies) starts empty.
    creation_fields = (
        "kind",
        "player",
        "concept",
        "central",
        "secondary_1",
        "secondary_2",
        "flaw",
        "motivation",
        "secret",
        "important_person",
        "background",
        "equipment",
        "weapons",
        "armour",
        "bulletproof",
        "finances",
        "hp_name",
        "max_hp",
        "hp_rolled",
        "psychic_pool",
        "psychic_charges",
        "restricted_traits",
        "unknown_traits",
        "notes",
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
    consequence_reads = hook(f"{GAME}.encounter", "consequence_reads")
    consequence_sheets = hook(f"{GAME}.encounter", "consequence_sheets")
    status = hook(f"{GAME}.tracks", "status")
    tracks = hook(f"{GAME}.tracks", "tracks")
    fight_state = hook(f"{GAME}.tracks", "fight_state")


SYSTEM = Warp()
