"""A fight's states: every sheet a fight has met, numbered, so numpy can hold a participant's
state over thousands of trials as one int. A state is the sheet's fight state
(`System.fight_state`: the part of the sheet a fight reads and changes), so sheets that fight
alike share one number, and a sheet a blow puts out of the fight, on which the round end can
change nothing more, is its status alone."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from ecran.dice import Distribution, Roller, TooManyPaths, enumerate_outcomes
from ecran.rules import CharacterSheet, EcranError, System, Text
from ecran.rules.memo import KeptBy
from ecran.rules.validated import validated

#: The states one fight may add to its game's (`FightStates`).
MAX_STATES = 20_000
#: A game's tables start afresh, when a fight begins, past this many states (a bound on memory;
#: every fight has room for MAX_STATES new ones).
TABLES_KEEP = MAX_STATES // 2

UP, OUT, DEAD = 0, 1, 2
#: A sheet's `System.status` as the simulator's books hold it (an int, for numpy).
STATUS_CODE = {"up": UP, "out": OUT, "dead": DEAD}

#: The key of the one state of all sheets out of a fight with the same status
#: (`FightStates.state`).
FOLDED = "\x00folded"

#: Entries the states' per-table memos keep before they start again (a bound on memory).
KEEP = 1 << 16
#: The dice sequences a fallen sheet's round end is walked over to learn whether it can change
#: the sheet (`FightStates.still`); past them, it is taken as able to.
STILL_PATHS = 1_000


@dataclass
class FightStates:
    """Every fight state seen so far (`System.fight_state`): a participant's state is its index
    here. Sheets that fight alike (the same fight state) share one index; the sheet kept is the
    first seen, which fights as any other of its state does. Also keeps what is learnt per
    state: each operation's next states, and what a check's results do."""

    system: System[Any]
    sheets: list[CharacterSheet] = field(default_factory=list)
    status: list[int] = field(default_factory=list)
    #: Per state: the round end can change nothing of it (`System.round_end` empty, or for a
    #: sheet out of the fight, leading back to its fight state whatever the dice). The
    #: simulator runs the round end of the others only.
    still: list[bool] = field(default_factory=list)
    index: dict[Hashable, int] = field(default_factory=dict)
    #: Each state's fight state as a string: the canonical order of the states an operation
    #: leads to, so a draw does not depend on the order states were found in.
    names: list[str] = field(default_factory=list)
    #: (state, operation, parameters) -> the states the operation leads that sheet to.
    transitions: dict[tuple[int, str, str], Distribution[int]] = field(default_factory=dict)
    #: A check's table -> (each walked result's group, each group's results): the results
    #: whose consequences read alike (`System.consequence_reads`).
    read_groups: KeptBy[tuple[list[int], list[Any]]] = field(default_factory=lambda: KeptBy(KEEP))
    #: (a check's table; group, what the consequences read of the sheets) -> what the
    #: group's results do, for a game that says what its consequences read of the sheets
    #: (`System.consequence_sheets`): every pair that shares the table and the answer shares it.
    table_does: KeptBy[int] = field(default_factory=lambda: KeptBy(KEEP))

    def state(self, sheet: CharacterSheet, fold: bool = False) -> int:
        """The sheet's state. With `fold` (a sheet a blow led to), a sheet out of the fight on
        which the round end can change nothing (`still`) is its status alone: out or dead, a
        participant never acts again and no one attacks it (the fight's convention), so
        nothing reads the rest of it; a survival test's every result (Fluid: coma days, hours
        unconscious) is then one state, not one each. A dying one (Organique's first-aid
        clock, L637-640) keeps its sheet: its round end counts the clock down."""
        key = self.system.fight_state(sheet)
        found = self.index.get(key)
        if found is None:
            status = self.system.status(sheet)
            still = self._still(sheet, key, status)
            if fold and status != "up" and still:
                found = self.index.get((FOLDED, status))
                if found is None:
                    found = self._new(sheet, (FOLDED, status), status, still)
                self.index[key] = found
            else:
                found = self._new(sheet, key, status, still)
        return found

    def _still(self, sheet: CharacterSheet, key: Hashable, status: str) -> bool:
        """Whether the round end can change nothing of the sheet: none written, or, for a sheet
        out of the fight, every dice sequence of its operations leads back to `key`. A fighter
        still up with a round end is never still (its exertion is run each round)."""
        if any(o.rounds is not None and o.lifts for o in sheet.ongoing):
            return False  # its turns lift a condition (a knock-out's unconsciousness ends)
        steps = self.system.round_end(sheet)
        if not steps:
            return True
        if status == "up":
            return False
        system = self.system

        def stays(dice: Any) -> bool:
            after = sheet
            for step in steps:
                op = system.operation(step.operation)
                after = op.run(after, validated(op.params, step.params), dice).worn
            return system.fight_state(after) == key

        if not stays(Roller(0)):  # one way it moves is enough (a haemorrhage's retest)
            return False
        try:
            return enumerate_outcomes(stays, max_paths=STILL_PATHS).outcomes() == [True]
        except TooManyPaths:
            return False

    def _new(self, sheet: CharacterSheet, key: Hashable, status: str, still: bool) -> int:
        if len(self.sheets) >= MAX_STATES + TABLES_KEEP:  # MAX_STATES for this fight at least
            raise EcranError(
                Text(
                    fr="trop d'états différents dans ce combat pour le simuler",
                    en="too many different states in this fight to simulate it",
                )
            )
        found = self.index[key] = len(self.sheets)
        self.sheets.append(sheet)
        self.status.append(STATUS_CODE[status])
        self.still.append(still)
        self.names.append(key if isinstance(key, str) else repr(key))
        return found
