"""A game's fight tables: everything its fights have learnt (states, attacks per pair of
states, what results do, operations' next states), kept as lazily filled numpy tables shared
by every encounter file of the game (`GameTables`, `tables_of`)."""

from __future__ import annotations

import json
import threading
from collections.abc import Hashable
from typing import Any

import numpy as np

from ecran.engine.fight.arrays import SPAN, ArrayHashMap, FlatDistributions, GrowingArray
from ecran.engine.fight.check_tables import RESULTS, CheckTable, check_table
from ecran.engine.fight.exchange import Attack, step_walk
from ecran.engine.fight.rolled import RolledRoute
from ecran.engine.fight.states import TABLES_KEEP, UP, FightStates
from ecran.engine.simulate import Sampler
from ecran.rules import Consequence, Resolution, System
from ecran.rules.validated import values_key

#: Resumed results' consequences kept per pair (results with their dice in their details are
#: many: a bound on memory).
MAX_RESUMED = 4_096

#: A pair whose `System.consequence_sheets` was not asked yet (None is an answer: "all").
_UNREAD = object()


class GameTables:
    """The books and caches of one game's fights, shared by every encounter file of the game
    (the web's recomputation after a blow meets the states the last one reached).

    Everything a fight learns is a lazily filled table, read for all trials at once:
    - a *pair* (attacker's choice, attacker's state, defender's state): its attack, and the
      segment of its check's `CheckTable` (walked results, then frontier prefixes; pairs that
      ask the same parameters share one), or -1 where there is no attack;
    - `does[pair's offset + result]`: what a walked result does (an index into `whats`),
      worked out by the game's `consequences` the first time a trial draws it; a resumed
      result's is kept per pair and result (`resumed`);
    - a *what*: the consequences in order, each a side and an operation with its parameters;
    - a *step* (state, operation): the segment of the states that operation leads the sheet
      to (`steps`), walked over the operation's own dice;
    - a state's *round end*: the what its game's `System.round_end` runs on it, -1 where the
      round end can change nothing of it (`FightStates.still`).
    A trial's attack is then a few numpy lookups and draws; Python runs only for the entries
    not filled yet, for draws on a frontier (the check resumed) and for operations whose walk
    gave up (rolled trial by trial).
    """

    def __init__(self, system: System[Any]) -> None:
        self.system = system
        self.books = FightStates(system)
        self.initiatives: dict[int, Sampler[int] | None] = {}
        self.results = RESULTS
        #: One simulation at a time fills these tables (the web's request threads share them).
        self.lock = threading.Lock()
        # pairs
        self.pairs = ArrayHashMap()
        self.attacks: list[Attack] = []
        self.tabled: list[CheckTable | None] = []  # None: no attack
        #: Per pair: result key -> what, for resumed results the walk did not reach.
        self.resumed: list[dict[str, int]] = []
        # per pair, grown in place (rebuilding arrays from lists at every new pair was
        # quadratic over a cold run's thousands of pairs)
        self._pair_segment = GrowingArray()  # -1: no attack
        self._pair_does = GrowingArray()
        self._pair_count = GrowingArray()
        #: Per pair: what its consequences read of the two sheets, asked on first need.
        self._pair_read: list[Hashable] = []
        self.result_segments = FlatDistributions()
        self._segment_of: dict[tuple[Any, str], tuple[int, CheckTable]] = {}
        self.does = GrowingArray()
        # what results do
        self.whats: dict[str, int] = {}
        self._what_rows: list[list[tuple[int, int]]] = []
        self._what_arrays: tuple[Any, ...] = ()
        self.operations: dict[str, int] = {}
        #: (operation, `values_key` of its parameters) -> its number in `operations`: the
        #: same number without the parameters' JSON (the rolled route asks it once per new
        #: result of every new pair, #32).
        self._operation_of: dict[tuple[str, Hashable], int] = {}
        self.operation_list: list[tuple[str, dict[str, Any]]] = []
        # steps
        self.steps = ArrayHashMap()
        self.step_segments = FlatDistributions()
        #: Each step's segment in `step_segments`, -1 where it is rolled trial by trial.
        self.step_of = GrowingArray()
        self._status: Any = np.empty(0, dtype=np.int64)
        self._round_end: Any = np.empty(0, dtype=np.int64)
        self._turn_end: Any = np.empty(0, dtype=np.int64)
        #: Whether any state's turn end changes it (most fights: none, nothing to look up).
        self.turns_end = False
        #: Rare keys' attacks and operations, rolled trial by trial (`rolled`).
        self.rolled = RolledRoute(self)

    # -- filling the tables (Python, once per entry) -----------------------------------------

    def new_pair(self, key: int) -> None:
        choice, rest = divmod(key, SPAN * SPAN)
        attacker, defender = divmod(rest, SPAN)
        attack = Attack.of(self.books, attacker, defender, choice)
        segment, table = -1, None
        if attack.check is not None:
            ckey = (type(attack.check), attack.params.model_dump_json())
            found = self._segment_of.get(ckey)
            if found is None:
                table = check_table(attack.check, attack.params)
                values = list(range(len(table.weights)))
                index = self.result_segments.add(values, table.weights, table.denominator)
                found = self._segment_of[ckey] = (index, table)
            segment, table = found
        count = 0 if table is None else len(table.keys)
        self.pairs.add(key, len(self.attacks))
        self.attacks.append(attack)
        self.tabled.append(table)
        self.resumed.append({})
        self._pair_segment.append(segment)
        self._pair_does.append(self.does.extend(count))
        self._pair_count.append(count)
        self._pair_read.append(_UNREAD)

    def pair_table(self) -> tuple[Any, ...]:
        """(segment, offset in `does`, walked results) of each pair, by pair number (read
        after the pairs are added: a growing array is replaced by a bigger one)."""
        return self._pair_segment.data, self._pair_does.data, self._pair_count.data

    def work_out(self, pair: int, result: int) -> None:
        """What walked result number `result` of a pair's check does: the game's consequences,
        worked out once for every walked result of the pair that the consequences read alike
        (`System.consequence_reads`) and written for them all."""
        table = self.tabled[pair]
        attack = self.attacks[pair]
        assert table is not None and attack.action is not None
        group, members = self._read_groups(attack.action.check, table)
        g = group[result]
        read = self._pair_read[pair]
        if read is _UNREAD:  # once per pair: a pair's groups are worked out one by one
            sheets = self.books.sheets
            a, d = sheets[attack.attacker], sheets[attack.defender]
            read = self._pair_read[pair] = self.system.consequence_sheets(a, d)

        def work_out() -> int:
            return self._what(attack.consequences(table.seen[table.keys[result]]))

        shared = self.books.table_does
        what = work_out() if read is None else shared.get((table,), (g, read), work_out)
        self.does.data[int(self._pair_does.data[pair]) + members[g]] = what

    def _read_groups(self, check: str, table: CheckTable) -> tuple[list[int], list[Any]]:
        """Each walked result's group of a check's table, and each group's results (numpy
        indices): results whose `System.consequence_reads` are equal share a group. Once per
        table: pairs that share the table share its groups."""

        def grouped() -> tuple[list[int], list[Any]]:
            reads: dict[Hashable, int] = {}
            group: list[int] = []
            for i, key in enumerate(table.keys):
                part = self.system.consequence_reads(check, table.seen[key])
                group.append(reads.setdefault(("result", i) if part is None else part, len(reads)))
            members: list[list[int]] = [[] for _ in reads]
            for i, g in enumerate(group):
                members[g].append(i)
            return group, [np.array(m, dtype=np.int64) for m in members]

        return self.books.read_groups.get((table,), None, grouped)

    def resumed_what(self, pair: int, key: str, result: Resolution) -> int:
        """What a resumed result does: a walked result's entry if the walk reached it, else
        the game's consequences, kept per pair and result."""
        table = self.tabled[pair]
        assert table is not None
        at = table.index.get(key)
        if at is not None:
            where = int(self._pair_does.data[pair]) + at
            if self.does.data[where] < 0:
                self.work_out(pair, at)
            return int(self.does.data[where])
        attack = self.attacks[pair]
        assert attack.action is not None
        part = self.system.consequence_reads(attack.action.check, result)
        # kept by what the consequences read: results with their dice in their details are
        # many, the parts they read few
        known = self.resumed[pair]
        read = key if part is None else repr(part)
        what = known.get(read)
        if what is None:
            if len(known) >= MAX_RESUMED:
                known.clear()
            what = known[read] = self._what(attack.consequences(result))
        return what

    def what_of(self, found: list[Consequence]) -> int:
        """The number of what these consequences do (the rolled route's way in)."""
        return self._what(found)

    def _what(self, found: list[Consequence]) -> int:
        """The number of what these consequences do (each operation with its parameters)."""
        rows = []
        for c in found:
            quick = (c.operation, values_key(c.params))
            op = self._operation_of.get(quick)
            if op is None:
                op = self._operation_of[quick] = self._operation(c)
            rows.append((0 if c.side == "attacker" else 1, op))
        what_key = repr(rows)
        what = self.whats.get(what_key)
        if what is None:
            what = self.whats[what_key] = len(self._what_rows)
            self._what_rows.append(rows)
            self._what_arrays = ()
        return what

    def _operation(self, c: Consequence) -> int:
        """The number of an operation with its parameters, by their JSON (the same parameters
        in any order, one number)."""
        params = json.dumps(c.params, sort_keys=True, default=str)
        op_key = f"{c.operation}\n{params}"
        op = self.operations.get(op_key)
        if op is None:
            op = self.operations[op_key] = len(self.operation_list)
            self.operation_list.append((c.operation, c.params))
        return op

    def what_table(self) -> tuple[Any, ...]:
        """(number of consequences, side, operation) of each what, padded to the longest."""
        if not self._what_arrays:
            longest = max((len(r) for r in self._what_rows), default=0)
            count = np.array([len(r) for r in self._what_rows], dtype=np.int64)
            side = np.zeros((len(self._what_rows), max(longest, 1)), dtype=np.int64)
            op = np.zeros_like(side)
            for w, rows in enumerate(self._what_rows):
                for j, (s, o) in enumerate(rows):
                    side[w, j], op[w, j] = s, o
            self._what_arrays = (count, side, op)
        return self._what_arrays

    def new_step(self, key: int) -> None:
        state, op = divmod(key, SPAN)
        name, params = self.operation_list[op]
        dist = step_walk(self.books, state, name, params)
        if dist is None:
            segment = -1
        else:
            names = self.books.names
            order = sorted(dist.outcomes(), key=lambda s: names[s])
            weights = [dist.weight(s) for s in order]
            segment = self.step_segments.add(order, weights, dist.denominator)
        self.steps.add(key, self.step_of.append(segment))

    def status_table(self) -> Any:
        """Each state's status code, by state number: only the states new since the last
        call are read from the books (a cold run meets thousands, a few at a time)."""
        known = self._status.size
        if known < len(self.books.status):
            new = np.array(self.books.status[known:], dtype=np.int64)
            self._status = np.concatenate((self._status, new))
        return self._status

    def round_end_table(self) -> Any:
        """Each state's round end (a what), -1 where it can change nothing, by state number:
        only the states new since the last call are asked (`System.round_end`)."""
        known = self._round_end.size
        books = self.books
        if known < len(books.sheets):
            new = [
                -1 if books.still[s] else self._what(self.system.round_end(books.sheets[s]))
                for s in range(known, len(books.sheets))
            ]
            self._round_end = np.concatenate((self._round_end, np.array(new, dtype=np.int64)))
        return self._round_end

    def turn_end_table(self) -> Any:
        """Each state's state at the end of its bearer's turn (`System.turn_end`: its
        conditions run down), -1 where nothing changes, by state number; only the states new
        since the last call are asked. The end of a turn rolls nothing."""
        books = self.books
        while self._turn_end.size < len(books.sheets):  # a new state may be met on the way
            new = []
            for s in range(self._turn_end.size, len(books.sheets)):
                after = self.system.turn_end(books.sheets[s])
                new.append(-1 if after is None else books.state(after, fold=True))
            self.turns_end = self.turns_end or any(n >= 0 for n in new)
            self._turn_end = np.concatenate((self._turn_end, np.array(new, dtype=np.int64)))
        return self._turn_end

    def standing(self, states: Any) -> Any:
        return self.status_table()[states] == UP


#: Each game's tables, shared by its encounter files.
TABLES: dict[str, GameTables] = {}
#: Guards `TABLES` and the fights kept over them (`kept.FIGHTS`): web requests share them.
KEPT_LOCK = threading.Lock()


def tables_of(system: System[Any]) -> GameTables:
    """The game's shared tables, afresh when they hold more than TABLES_KEEP states."""
    with KEPT_LOCK:
        found = TABLES.get(system.id)
        if found is None or len(found.books.sheets) > TABLES_KEEP:
            found = TABLES[system.id] = GameTables(system)
        return found
