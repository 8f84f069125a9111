"""The rolled route's operations (`RolledSteps`, the base of `rolled.RolledRoute`): a
(state, operation) key's next state drawn from a staged operation's exact law kept per key
(`Operation.staged`: Fluid's survival test), or the game's operation run on the state's sheet
trial by trial, where making the key's exact table would cost more than the trials that use it
(#32). The dice laws of staged checks and operations are kept here, one segment per key, for
both sides of the route. Why and when a key is rolled: `rolled`'s docstring."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ecran.dice import Roller
from ecran.engine.fight.arrays import SPAN, FlatDistributions
from ecran.rules import DiceLaw, StagedChange
from ecran.rules.validated import validated

if TYPE_CHECKING:
    from ecran.engine.fight.game_tables import GameTables

#: (state, operation) keys' ways and fixed next states kept (`RolledSteps._step`, `_run`): a
#: bound on memory.
MAX_STEPS = 1 << 14
#: What staged changes read kept numbered (`RolledRoute._stage_number`: each a sheet's fight
#: state, ~1 KB).
MAX_STAGES = 1 << 13
#: Settled dice values kept (`RolledRoute._settled`): a bound on memory.
MAX_SETTLED = 1 << 15
#: A staged dice law's tail as a drawn value (no difference of dice reaches it).
TAIL = -(1 << 62)
#: The trials of one `steps` call that must ask a staged operation's key (`StagedChange.key`)
#: for its law to be made and drawn; fewer are run through the operation (`_run`). Measured
#: on the benchmark's Fluid 4-against-4 (5,000 cold fights, one process: 788 survival keys,
#: 37,974 draws): at 3, 232 laws made and 4,430 tests rolled instead of 788 and none.
LAW_FROM = 3


@dataclass(frozen=True, slots=True)
class _Stage:
    """A staged operation on one state (`Operation.staged`): its dice law's key and maker
    (the law made once per key, and only for a key a call asks often enough, `LAW_FROM`),
    the state each value drawn led to (the change a new value makes is asked of the operation
    again: a kept change would keep its sheets alive), the number of what its settling reads
    (`StagedChange.reads` with its key: stages of other states that read alike share what
    each value reaches, `RolledRoute._by_stage`; -1: none) and its value rolled on dice
    (`StagedChange.roll`, None: the operation is run instead where no law is made)."""

    key: Hashable
    law: Callable[[], DiceLaw]
    reached: dict[int, int]
    shared: int = -1
    roll: Callable[[Roller], int] | None = None


_UNKNOWN = object()


class RolledSteps:
    """The rolled route's operations over a game's tables (`GameTables`), and the staged dice
    laws both its attacks and its operations draw from (`dice`)."""

    def __init__(self, tables: GameTables) -> None:
        self.tables = tables
        #: (state, operation) key -> the state it leads to, for operations that asked no die
        #: (kept: running one again would give the same state and draw nothing).
        self._fixed: dict[int, int] = {}
        #: (state, operation) key -> its way (`_step`): a state, its stages, None (run).
        self._steps: dict[int, _Stage | int | None] = {}
        #: A staged change's (key, reads) -> its number (`_stage_number`), and (number, value)
        #: -> the state it reaches: what settling a value does, shared by the states whose
        #: stages read alike (Fluid: the sheets a wound leaves alike, whatever the wound).
        self._stage_numbers: dict[Hashable, int] = {}
        self._next_stage = 0
        self._by_stage: dict[tuple[int, int], int] = {}
        #: operation index -> (the operation, its parameters validated).
        self._ops: dict[int, tuple[Any, Any]] = {}
        #: The staged checks' dice laws, one segment per `Staged.key` (few: the sides' dice,
        #: not their sheets), drawn for all of a batch's rolled attacks at once; a value
        #: past a law's listed ones is its tail (TAIL).
        self.dice = FlatDistributions()
        self._dice_of: dict[Hashable, int] = {}

    def _segment(self, key: Hashable, make: Callable[[], DiceLaw]) -> int:
        """The segment of a staged check's or operation's dice law in `dice`, made once per
        key (`Staged.key`, `StagedChange.key`)."""
        found = self._dice_of.get(key)
        if found is None:
            law = make()
            values = [*law.values, TAIL] if law.tail else list(law.values)
            weights = [*law.weights, law.tail] if law.tail else list(law.weights)
            found = self._dice_of[key] = self.dice.add(values, weights, law.denominator)
        return found

    def steps(self, rng: np.random.Generator, keys: Any) -> Any:
        """The state each (state, operation) key leads to: a staged operation's value drawn
        from its exact law for all trials at once, then the state that value leads to (kept
        per key and value); else the game's operation run on the state's sheet, one Roller
        seeded from the batch's generator, trial after trial: an operation with no stages,
        and a staged one whose law's key fewer than `LAW_FROM` of these trials ask (counted
        here, from the batch's own draws: never from the laws made before)."""
        dice = Roller(int(rng.integers(0, 2**63 - 1)))
        listed = keys.tolist()
        # the stages of the keys new in this call, kept for it alone (`_settled_step`)
        fresh: dict[int, StagedChange[Any]] = {}
        entries = [self._step(key, fresh) for key in listed]
        asked: dict[Hashable, int] = {}
        for entry in entries:
            if type(entry) is _Stage:
                asked[entry.key] = asked.get(entry.key, 0) + 1
        segment = np.array(
            [
                self._segment(("step", e.key), e.law)
                if type(e) is _Stage and asked[e.key] >= LAW_FROM
                else -1
                for e in entries
            ],
            dtype=np.int64,
        )
        drawn = np.zeros(segment.size, dtype=np.int64)
        staged = segment >= 0
        if staged.any():
            drawn[staged] = self.dice.arrays()[4][self.dice.draw(rng, segment[staged])]
        found = []
        for key, entry, at, value in zip(
            listed, entries, segment.tolist(), drawn.tolist(), strict=True
        ):
            if type(entry) is int:
                found.append(entry)
            elif type(entry) is _Stage and (at >= 0 or entry.roll is not None):
                if at < 0:  # no law made: the value rolled as the operation rolls it
                    assert entry.roll is not None
                    value = entry.roll(dice)
                found.append(self._reached(key, entry, value, fresh))
            else:
                found.append(self._run(key, dice))
        return np.array(found, dtype=np.int64)

    def _reached(
        self, key: int, entry: _Stage, value: int, fresh: dict[int, StagedChange[Any]]
    ) -> int:
        """The state a staged key's value leads to: kept per key and value, and per what the
        stages read and value where they say it (`_by_stage`), settled on a miss."""
        reached = entry.reached.get(value)
        if reached is not None:
            return reached
        alike = (entry.shared, value)
        if entry.shared >= 0:
            reached = self._by_stage.get(alike)
        if reached is None:
            reached = self._settled_step(key, value, fresh.get(key))
            if entry.shared >= 0:
                if len(self._by_stage) >= MAX_SETTLED:
                    self._by_stage.clear()
                self._by_stage[alike] = reached
        entry.reached[value] = reached
        return reached

    def _stage_number(self, stages: StagedChange[Any]) -> int:
        """The number of a staged change's key and `reads` (-1 where it reads the whole
        sheet); a number names one for ever (the numbers dropped when full, MAX_STAGES: what
        is kept by an old number stays right)."""
        if stages.reads is None:
            return -1
        alike = (stages.key, stages.reads)
        found = self._stage_numbers.get(alike)
        if found is None:
            if len(self._stage_numbers) >= MAX_STAGES:
                self._stage_numbers.clear()
            found = self._stage_numbers[alike] = self._next_stage
            self._next_stage += 1
        return found

    def _settled_step(self, key: int, value: int, stages: StagedChange[Any] | None) -> int:
        """The state a staged operation's drawn value leads a key's sheet to (`stages`: the
        operation's, where this call made them; else asked again)."""
        state, op_index = divmod(key, SPAN)
        if stages is None:
            op, params = self._operation(op_index)
            stages = op.staged(self.tables.books.sheets[state], params)
            assert stages is not None
        return self.tables.books.state(stages.settle(value).worn, fold=True)

    def _step(self, key: int, fresh: dict[int, StagedChange[Any]]) -> _Stage | int | None:
        """A (state, operation) key's way: its state where it is certain (a law of one value,
        `StagedChange.certain`), its stages (`Operation.staged`: their law not made yet, the
        stages themselves kept in `fresh` for the call), or None (the operation is run trial
        by trial). Kept per key."""
        known = self._steps.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        if len(self._steps) >= MAX_STEPS:
            self._steps.clear()
        state, op_index = divmod(key, SPAN)
        op, params = self._operation(op_index)
        sheet = self.tables.books.sheets[state]
        stages = op.staged(sheet, params)
        found: _Stage | int | None = None
        if stages is not None:
            if stages.key == StagedChange.CERTAIN:
                after = stages.settle(0).worn
                found = state if after is sheet else self.tables.books.state(after, fold=True)
            else:
                number = self._stage_number(stages)
                found = _Stage(stages.key, stages.law, {}, number, stages.roll)
                fresh[key] = stages
        self._steps[key] = found
        return found

    def _run(self, key: int, dice: Roller) -> int:
        """An operation with no stages run on the key's sheet (kept where it asked no die)."""
        fixed = self._fixed
        known = fixed.get(key)
        if known is not None:
            return known
        state, op_index = divmod(key, SPAN)
        op, params = self._operation(op_index)
        books = self.tables.books
        sheet = books.sheets[state]
        dice.new_roll()
        after = op.run(sheet, params, dice).worn
        reached = state if after is sheet else books.state(after, fold=True)
        if not dice.rolled:  # no die asked: the same state every time, the dice untouched
            if len(fixed) >= MAX_STEPS:
                fixed.clear()
            fixed[key] = reached
        return reached

    def _operation(self, index: int) -> tuple[Any, Any]:
        found = self._ops.get(index)
        if found is None:
            name, params = self.tables.operation_list[index]
            op = self.tables.system.operation(name)
            found = self._ops[index] = (op, validated(op.params, params))
        return found
