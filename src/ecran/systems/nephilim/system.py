"""The `nephilim` System: the checks, operations, options and sheet of the game, and the hooks
that read a sheet (each a rule module's function)."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems import hook, later
from ecran.systems.nephilim import NAME
from ecran.systems.nephilim.options import OPTIONS
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.systems.nephilim.tables import SEED

#: The modules the hooks live in, imported on first use (a check's odds need none of them).
GAME = "ecran.systems.nephilim"

#: Sheet fields that change in play (tracks L72-88, the stasis bonus L630, the round L508-518).
PLAY_STATE = frozenset(
    {"wounds", "fatigue", "stasis_bonus", "round_actions", "delayed_segments", "delayed_rounds"}
)


class Nephilim(System[NephilimSheet]):
    id = "nephilim"
    name = tr(*NAME)
    seed = SEED
    checks = later(f"{GAME}.checks", "CHECKS")
    options = tuple(OPTIONS.values())
    operations = later(f"{GAME}.operations", "OPERATIONS")
    character = NephilimSheet
    # Guided creation asks for the character, not for the state of a fight in progress.
    creation_fields = tuple(f for f in NephilimSheet.model_fields if f not in PLAY_STATE)

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
    tracks = hook(f"{GAME}.tracks", "shown")
    status = hook(f"{GAME}.tracks", "status")


SYSTEM = Nephilim()
