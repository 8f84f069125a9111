"""The Fluid system object: checks, operations, options and the character model together."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.fluid import creation, encounter, tracks, validation, view
from ecran.systems.fluid.checks import CHECKS
from ecran.systems.fluid.operations import OPERATIONS
from ecran.systems.fluid.options import CHECK_OPTIONS
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import SEED


class Fluid(System[FluidSheet]):
    id = "fluid"
    name = tr("Fluid", "Fluid")
    seed = SEED
    checks = CHECKS
    options = CHECK_OPTIONS
    operations = OPERATIONS
    character = FluidSheet
    # Creation: the 40 points (L29-101) and the Traits; pools and wounds start full or empty.
    creation_fields = ("kind", "player", "characteristics", "traits", "equipment", "notes")

    validate = staticmethod(validation.validate)
    new_character = staticmethod(creation.new_character)
    random_npc = staticmethod(creation.random_npc)
    npc_params = creation.NpcParams
    sections = staticmethod(view.sections)
    actions = staticmethod(view.actions)
    initiative = staticmethod(encounter.initiative)
    attacks = staticmethod(encounter.attacks)
    damage = staticmethod(encounter.damage)
    counter_damage = staticmethod(encounter.counter_damage)
    status = staticmethod(tracks.status)
    tracks = staticmethod(tracks.rows)


SYSTEM = Fluid()
