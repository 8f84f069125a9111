"""The `nephilim` System: the checks, operations, options and sheet of the game, and the hooks
that read a sheet (each a rule module's function)."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.nephilim import creation, encounter, validation, view
from ecran.systems.nephilim.checks import CHECKS
from ecran.systems.nephilim.operations import OPERATIONS
from ecran.systems.nephilim.options import OPTIONS
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.systems.nephilim.tables import SEED
from ecran.systems.nephilim.tracks import shown, status

#: Sheet fields that change in play (tracks L72-88, the stasis bonus L630, the round L508-518).
PLAY_STATE = frozenset(
    {"wounds", "fatigue", "stasis_bonus", "round_actions", "delayed_segments", "delayed_rounds"}
)


class Nephilim(System[NephilimSheet]):
    id = "nephilim"
    name = tr("Règles pour Nephilim v3", "Rules for Nephilim v3")
    seed = SEED
    checks = CHECKS
    options = tuple(OPTIONS.values())
    operations = OPERATIONS
    character = NephilimSheet
    # Guided creation asks for the character, not for the state of a fight in progress.
    creation_fields = tuple(f for f in NephilimSheet.model_fields if f not in PLAY_STATE)

    validate = staticmethod(validation.validate)
    new_character = staticmethod(creation.new_character)
    random_npc = staticmethod(creation.random_npc)
    npc_params = creation.NpcParams
    sections = staticmethod(view.sections)
    actions = staticmethod(view.actions)
    initiative = staticmethod(encounter.initiative)
    attacks = staticmethod(encounter.attacks)
    damage = staticmethod(encounter.damage)
    tracks = staticmethod(shown)
    status = staticmethod(status)


SYSTEM = Nephilim()
