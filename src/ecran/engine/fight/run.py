"""The run: one encounter file's fights over many trials at once (`Fight`), a round at a time,
each participant in initiative order attacking the first standing opponent, then every
participant's round end (`System.round_end`), every draw from the game's tables
(`GameTables`); after the fight, the fallen's round ends until they change nothing more (no
first aid: a dying participant's clock runs out); and one batch of fights added up
(`run_batch`)."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from ecran.collector import collector_paused
from ecran.dice import Roller
from ecran.engine.fight.arrays import SPAN
from ecran.engine.fight.check_tables import Results
from ecran.engine.fight.encounter_file import load_encounter
from ecran.engine.fight.exchange import initiative_sampler, unknown_attack
from ecran.engine.fight.game_tables import tables_of
from ecran.engine.fight.replays import replayed
from ecran.engine.fight.report import BatchTally
from ecran.engine.fight.rolled import rare, roll_below
from ecran.engine.fight.states import DEAD, OUT, FightStates
from ecran.rules import System
from ecran.rules.validated import validated

#: The rounds the fallen's round ends run after a fight at most (`Fight.aftermath`): past
#: them, one still dying is counted out, not dead (a bound on time; Organique's first-aid
#: clock, INC + END rounds, ends well within it).
AFTER_ROUNDS = 500


class Fight:
    """One encounter file: its participants, sides and choices, over its game's `GameTables`."""

    def __init__(self, data: Any, system: System[Any] | None = None) -> None:
        self.spec, self.system, sheets = load_encounter(data, system)
        self.tables = tables_of(self.system)
        with self.tables.lock:
            self.start = [self.books.state(s) for s in sheets]
        self.sides = sorted({p.side for p in self.spec.participants}, key=self._side_order)
        self.side_of = np.array([self.sides.index(p.side) for p in self.spec.participants])
        self.choice_of = np.array([p.attack for p in self.spec.participants], dtype=np.int64)
        self._check_choices()

    def _check_choices(self) -> None:
        """Each participant's chosen attack (the file's `attack`) is one it has against every
        opponent at the start: one past the list is refused, never taken for the last."""
        people = self.spec.participants
        for i, p in enumerate(people):
            if p.attack == 0:  # the first, or none where nothing is offered
                continue
            for j, other in enumerate(people):
                if other.side != p.side:
                    # as it attacks once its conditions end (a lost action offers none)
                    a, d = self.books.sheets[self.start[i]], self.books.sheets[self.start[j]]
                    offered = self.system.attacks(a.model_copy(update={"ongoing": []}), d)
                    if p.attack >= len(offered):
                        raise unknown_attack(p.name, other.name, p.attack, len(offered))

    @property
    def books(self) -> FightStates:
        return self.tables.books

    @property
    def results(self) -> dict[tuple[Any, str], Results]:
        return self.tables.results

    @property
    def lock(self) -> threading.Lock:
        return self.tables.lock

    def status_table(self) -> Any:
        return self.tables.status_table()

    def standing(self, states: Any) -> Any:
        return self.tables.standing(states)

    def _side_order(self, side: str) -> int:
        return next(i for i, p in enumerate(self.spec.participants) if p.side == side)

    # -- the fight over trials (numpy) ----------------------------------------------------------

    def order(self, rng: np.random.Generator, n: int) -> Any:
        """Each trial's acting order: initiative rolled once, highest first, ties at random."""
        count = len(self.start)
        score = np.zeros((n, count), dtype=np.float64)
        for i, state in enumerate(self.start):
            if state not in self.tables.initiatives:
                self.tables.initiatives[state] = initiative_sampler(self.books, state)
            sampler = self.tables.initiatives[state]
            if sampler is not None:
                values = np.array(sampler.outcomes, dtype=np.float64)
                score[:, i] = values[sampler.draw(rng, n)]
        score += rng.random((n, count)) * 0.5  # a tie-break below one point
        return np.argsort(-score, axis=1, kind="stable")

    def run(self, rng: np.random.Generator, n: int) -> tuple[Any, Any, Any]:
        """`n` fights: final states (n × participants), the winning side (-1: none standing,
        -2: undecided) and the round each ended in."""
        count = len(self.start)
        states = np.tile(np.array(self.start, dtype=np.int64), (n, 1))
        order = self.order(rng, n)
        winner = np.full(n, -2, dtype=np.int64)
        ended = np.zeros(n, dtype=np.int64)
        live = np.arange(n)  # the trials still running
        for round_ in range(1, self.spec.max_rounds + 1):
            for slot in range(count):
                self._act(rng, states, live, order[live, slot])
                self._turn_end(states, live, order[live, slot])
                live = self._settle(states, live, winner, ended, round_)
                if not live.size:
                    return states, winner, ended
            self._round_end(rng, states, live, self.tables.round_end_table()[states[live]] >= 0)
            live = self._settle(states, live, winner, ended, round_)
            if not live.size:
                break
        return states, winner, ended

    def aftermath(self, rng: np.random.Generator, states: Any) -> Any:
        """The trials' states once the fallen's round ends have run to their end (at most
        AFTER_ROUNDS): no one gives first aid (the simulator's convention), so a participant
        left dying dies when its clock runs out (Organique L637-640). The standing are left
        as the fight left them (no more exertion)."""
        after = states.copy()
        rows = np.arange(after.shape[0])
        for _ in range(AFTER_ROUNDS):
            moving = self.tables.round_end_table()[after[rows]] >= 0
            moving &= ~self.standing(after[rows])
            keep = moving.any(axis=1)
            rows, moving = rows[keep], moving[keep]
            if not rows.size:
                break
            self._round_end(rng, after, rows, moving)
        return after

    def _round_end(self, rng: np.random.Generator, states: Any, rows: Any, moving: Any) -> None:
        """Each trial's round end (`System.round_end`) for the participants `moving` marks
        (rows × participants), one participant after another, in the file's order."""
        table = self.tables.round_end_table()
        for c in range(moving.shape[1]):
            at = rows[moving[:, c]]
            if at.size:
                who = np.full(at.size, c, dtype=np.int64)
                self._carry(rng, states, at, who, who, table[states[at, c]])

    def _turn_end(self, states: Any, live: Any, actor: Any) -> None:
        """The end of each live trial's actor's turn: the conditions that act on its sheet
        run down (`System.turn_end`), whether it acted or lost its action."""
        table = self.tables.turn_end_table()
        if not self.tables.turns_end:
            return
        after = table[states[live, actor]]
        moves = after >= 0
        if moves.any():
            states[live[moves], actor[moves]] = after[moves]

    def _act(self, rng: np.random.Generator, states: Any, live: Any, actor: Any) -> None:
        """Each live trial's acting participant, if standing, attacks the first standing
        opponent in the file's order."""
        found = self._attackers(states[live], live, actor)
        if found is None:
            return
        idx, who, whom, keys = found
        rolled = self.tables.rolled
        few = rare(keys, rolled.below)
        if few.any():  # rare pairs: rolled through the check's resolve (`rolled`)
            what = rolled.whats(rng, keys[few])
            some = what >= 0
            self._carry(rng, states, idx[few][some], who[few][some], whom[few][some], what[some])
            many = ~few
            idx, who, whom, keys = idx[many], who[many], whom[many], keys[many]
        self._tabled(rng, states, idx, who, whom, keys)

    def _tabled(
        self, rng: np.random.Generator, states: Any, idx: Any, who: Any, whom: Any, keys: Any
    ) -> None:
        """The attacks of frequent pairs, drawn from their check tables."""
        pair = self.tables.pairs.find_or_add(keys, self.tables.new_pair)
        segment, does_at, walked = self.tables.pair_table()
        seg = segment[pair]
        attacks = seg >= 0
        idx, who, whom = idx[attacks], who[attacks], whom[attacks]
        pair, seg = pair[attacks], seg[attacks]
        if idx.size == 0:
            return
        offset = self.tables.result_segments.arrays()[0]
        result = self.tables.result_segments.draw(rng, seg) - offset[seg]
        what = np.empty(idx.size, dtype=np.int64)
        reached = result < walked[pair]
        what[reached] = self._walked_what(pair[reached], result[reached], does_at)
        left = ~reached
        if left.any():
            what[left] = self._resume(rng, pair[left], result[left] - walked[pair[left]])
        self._carry(rng, states, idx, who, whom, what)

    def _attackers(self, here: Any, live: Any, actor: Any) -> tuple[Any, ...] | None:
        """The trials whose actor stands and has a standing opponent: (trial, attacker,
        defender, the pair's key), or None where there is none."""
        up = self.standing(here)
        rows = np.arange(live.size)
        candidates = up & (self.side_of[None, :] != self.side_of[actor][:, None])
        acts = up[rows, actor] & candidates.any(axis=1)
        at = np.nonzero(acts)[0]
        if at.size == 0:
            return None
        idx, who = live[at], actor[at]
        whom = np.argmax(candidates[at], axis=1)
        keys = (self.choice_of[who] * SPAN + here[at, who]) * SPAN + here[at, whom]
        return idx, who, whom, keys

    def _walked_what(self, pair: Any, result: Any, does_at: Any) -> Any:
        """What each walked result drawn does (worked out the first time it is drawn)."""
        at = does_at[pair] + result
        what = self.tables.does.data[at]
        if (what < 0).any():
            _, first = np.unique(at[what < 0], return_index=True)
            missing = np.nonzero(what < 0)[0][first]
            for p, r in zip(pair[missing].tolist(), result[missing].tolist(), strict=True):
                self.tables.work_out(p, r)
            what = self.tables.does.data[at]
        return what

    def _resume(self, rng: np.random.Generator, pair: Any, entry: Any) -> Any:
        """What each result drawn on the frontier does: the check resumed from its prefix on
        one Roller seeded from the batch's generator, trial after trial in order (each trial's
        dice after its prefix are fresh, so the law is exact; the seed replays them)."""
        dice = Roller(int(rng.integers(0, 2**63 - 1)))
        tables = self.tables
        what = []
        for p, e in zip(pair.tolist(), entry.tolist(), strict=True):
            table = tables.tabled[p]
            assert table is not None
            key, result = table.resume(e, dice)
            what.append(tables.resumed_what(p, key, result))
        return np.array(what, dtype=np.int64)

    def _carry(
        self, rng: np.random.Generator, states: Any, idx: Any, who: Any, whom: Any, what: Any
    ) -> None:
        """Each trial's consequences, in order, each by its operation's exact next states for
        the sheet the previous ones left."""
        count, side, op = self.tables.what_table()
        length = count[what]
        for j in range(side.shape[1]):
            m = length > j
            if not m.any():
                return
            rows, w = idx[m], what[m]
            col = np.where(side[w, j] == 0, who[m], whom[m])
            current = states[rows, col]
            keys = current * SPAN + op[w, j]
            few = rare(keys, self.tables.rolled.below)
            if few.any():  # rare steps: the operation run on the trial's sheet (`rolled`)
                states[rows[few], col[few]] = self.tables.rolled.steps(rng, keys[few])
                rows, col, keys = rows[~few], col[~few], keys[~few]
            step = self.tables.steps.find_or_add(keys, self.tables.new_step)
            seg = self.tables.step_of.data[step]
            rolled = seg < 0
            if rolled.any():
                self._roll_steps(rng, states, rows[rolled], col[rolled], keys[rolled])
                rows, col, seg = rows[~rolled], col[~rolled], seg[~rolled]
            values = self.tables.step_segments.arrays()[4]
            states[rows, col] = values[self.tables.step_segments.draw(rng, seg)]

    def _roll_steps(
        self, rng: np.random.Generator, states: Any, rows: Any, col: Any, keys: Any
    ) -> None:
        """Operations whose dice cannot be walked: run on each trial's own seeded Roller."""
        seeds = rng.integers(0, 2**31, size=rows.size)
        for row, c, key, seed in zip(
            rows.tolist(), col.tolist(), keys.tolist(), seeds.tolist(), strict=True
        ):
            state, op_index = divmod(key, SPAN)
            name, params = self.tables.operation_list[op_index]
            op = self.system.operation(name)
            after = op.run(self.books.sheets[state], validated(op.params, params), Roller(seed))
            states[row, c] = self.books.state(after.worn, fold=True)

    def _settle(self, states: Any, live: Any, winner: Any, ended: Any, round_: int) -> Any:
        """Ends the live trials where at most one side stands; returns those still live."""
        up = self.standing(states[live])
        sides_up = np.zeros((live.size, len(self.sides)), dtype=bool)
        for s in range(len(self.sides)):
            sides_up[:, s] = (up & (self.side_of == s)[None, :]).any(axis=1)
        alive = sides_up.sum(axis=1)
        done = alive <= 1
        if not done.any():
            return live
        finished = live[done]
        winner[finished] = np.where(alive[done] == 1, np.argmax(sides_up[done], axis=1), -1)
        ended[finished] = round_
        return live[~done]


def run_batch(fight: Fight, seed: int, number: int, n: int, below: int | None = None) -> BatchTally:
    """Batch `number` of `n` fights, on its own generator (seed, number); a batch already run
    for this file is its kept tally (`replays`). `below`, the rolled route's threshold (default
    the game's, `roll_below`), is an input of the batch as its seed is: a helper process forked
    before the game's was changed (a test's, a benchmark's) is sent it, and runs the batch as
    this process does (#32)."""
    if below is None:
        below = roll_below(fight.system)
    key = (seed, number, n, below)
    return replayed(fight, key, lambda: _run_batch(fight, seed, number, n, below))


def _run_batch(fight: Fight, seed: int, number: int, n: int, below: int) -> BatchTally:
    fight.tables.rolled.below = below  # under the tables' lock: the batch's own threshold
    rng = np.random.default_rng([seed, number])
    with collector_paused():
        states, winner, ended = fight.run(rng, n)
    status = fight.status_table()[states]
    after = fight.aftermath(rng, states)
    dead = (fight.status_table()[after] == DEAD).sum(axis=0)
    wins = np.array(
        [int((winner == s).sum()) for s in range(len(fight.sides))]
        + [int((winner == -1).sum()), int((winner == -2).sum())],
        dtype=np.int64,
    )
    values, counts = np.unique(ended[winner != -2], return_counts=True)
    rounds = dict(zip(values.tolist(), counts.tolist(), strict=True))
    return BatchTally(wins, (status >= OUT).sum(axis=0), dead, rounds, n)
