"""The Fluid system object: checks, operations, options and the character model together."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems import hook, later
from ecran.systems.fluid import NAME
from ecran.systems.fluid.options import CHECK_OPTIONS
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import SEED

#: The modules the hooks live in, imported on first use (a check's odds need none of them).
GAME = "ecran.systems.fluid"


class Fluid(System[FluidSheet]):
    id = "fluid"
    name = tr(*NAME)
    seed = SEED
    checks = later(f"{GAME}.checks", "CHECKS")
    options = CHECK_OPTIONS
    operations = later(f"{GAME}.operations", "OPERATIONS")
    character = FluidSheet
    # Creation: the 40 points (L29-101) and the Traits; pools and wounds start full or empty.
    creation_fields = ("kind", "player", "characteristics", "traits", "equipment", "notes")

    validate = hook(f"{GAME}.validation", "validate")
    new_character = hook(f"{GAME}.creation", "new_character")
    random_npc = hook(f"{GAME}.creation", "random_npc")
    npc_params = later(f"{GAME}.creation", "NpcParams")
    sections = hook(f"{GAME}.view", "sections")
    actions = hook(f"{GAME}.view", "actions")
    initiative = hook(f"{GAME}.encounter", "initiative")
    attacks = hook(f"{GAME}.encounter", "attacks")
    damage = hook(f"{GAME}.encounter", "damage")
    counter_damage = hook(f"{GAME}.encounter", "counter_damage")
    consequence_reads = hook(f"{GAME}.encounter", "consequence_reads")
    consequence_sheets = hook(f"{GAME}.encounter", "consequence_sheets")
    status = hook(f"{GAME}.tracks", "status")
    tracks = hook(f"{GAME}.tracks", "rows")
    fight_state = hook(f"{GAME}.tracks", "fight_state")


SYSTEM = Fluid()
