"""The WaRP system object: its checks, operations, options and sheet, and the sheet hooks."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.warp import creation, encounter, tracks, validation, view
from ecran.systems.warp.checks import CHECKS
from ecran.systems.warp.operations import OPERATIONS
from ecran.systems.warp.options import ALL_OPTIONS
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tables import SEED


class Warp(System[WarpSheet]):
    id = "warp"
    name = tr("WaRP (moteur d'Over the Edge)", "WaRP (Over the Edge engine)")
    seed = SEED
    checks = CHECKS
    operations = OPERATIONS
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

    validate = staticmethod(validation.validate)
    new_character = staticmethod(creation.new_character)
    random_npc = staticmethod(creation.random_npc)
    npc_params = creation.NpcParams
    sections = staticmethod(view.sections)
    actions = staticmethod(view.actions)
    initiative = staticmethod(encounter.initiative)
    attacks = staticmethod(encounter.attacks)
    damage = staticmethod(encounter.damage)
    status = staticmethod(tracks.status)
    tracks = staticmethod(tracks.tracks)


SYSTEM = Warp()
