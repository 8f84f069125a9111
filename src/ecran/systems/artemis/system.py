"""The Espace Artémis system: its checks, operations, options and character sheet, and the
hooks the engine calls, each a function of the rule module that holds it."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.artemis import creation, encounter, validation, view
from ecran.systems.artemis.checks import CHECKS
from ecran.systems.artemis.operations import OPERATIONS
from ecran.systems.artemis.options import LISTED
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import SEED
from ecran.systems.artemis.tracks import fight_state as nifimo_fight_state
from ecran.systems.artemis.tracks import rows as nifimo_rows
from ecran.systems.artemis.tracks import status as nifimo_status


class Artemis(System[ArtemisSheet]):
    id = "artemis"
    name = tr("Espace Artémis", "Espace Artémis")
    seed = SEED
    checks = CHECKS
    options = LISTED
    operations = OPERATIONS
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

    npc_params = creation.NpcParams

    validate = staticmethod(validation.validate)
    random_npc = staticmethod(creation.random_npc)
    sections = staticmethod(view.sections)
    actions = staticmethod(view.actions)
    initiative = staticmethod(encounter.initiative)
    attacks = staticmethod(encounter.attacks)
    damage = staticmethod(encounter.damage)
    consequences = staticmethod(encounter.consequences)
    tracks = staticmethod(nifimo_rows)
    status = staticmethod(nifimo_status)
    fight_state = staticmethod(nifimo_fight_state)


SYSTEM = Artemis()
