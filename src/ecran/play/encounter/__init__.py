"""Encounter commands: the GM drives, each step is one event carrying the encounter after it.
On their character's turn a player acts for it (attacks, ends the turn); the GM acts for anyone
(`rights.require_turn`), and the event credits whoever acted.

Initiative comes from `System.initiative(sheet, dice)`; where the system defines none (or the
participant has no sheet) the GM enters the value. Operations are the system's own (damage,
wounds...), applied to a character's sheet (a new version of the character) or to an NPC's sheet
kept in the encounter. The last steps can be undone, each undo being an event too."""

from __future__ import annotations

from ecran.play.dice_key import derived_seed
from ecran.play.encounter.access import owner_of
from ecran.play.encounter.attacks import SIDES, AttackOption, attack, attack_options
from ecran.play.encounter.conditions import (
    action_lost,
    add_condition,
    bearer_conditions,
    remove_condition,
    shifted,
)
from ecran.play.encounter.operations import apply_operation
from ecran.play.encounter.participants import (
    add_participant,
    create,
    remove_participant,
    set_hidden,
)
from ecran.play.encounter.step import NAME_MAX, ROUNDS_MAX
from ecran.play.encounter.summaries import SECRET_EFFECT, players_summary
from ecran.play.encounter.turns import (
    end,
    next_turn,
    reorder,
    roll_initiative,
    set_initiative,
    start,
)
from ecran.play.encounter.undo import undo

__all__ = [
    "NAME_MAX",
    "ROUNDS_MAX",
    "SECRET_EFFECT",
    "SIDES",
    "AttackOption",
    "action_lost",
    "add_condition",
    "add_participant",
    "apply_operation",
    "attack",
    "attack_options",
    "bearer_conditions",
    "create",
    "derived_seed",
    "end",
    "next_turn",
    "owner_of",
    "players_summary",
    "remove_condition",
    "remove_participant",
    "reorder",
    "roll_initiative",
    "set_hidden",
    "set_initiative",
    "shifted",
    "start",
    "undo",
]
