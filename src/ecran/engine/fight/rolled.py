"""The rolled route: an attack, or an operation, rolled through the game's own procedure on a
seeded `Roller`, trial by trial, where building its exact table would cost more than the
trials that use it (#32).

A table (`GameTables`: a pair's check table, a step's next states) pays once per key: the
game's `result_law` over every difference, every result's consequences, an operation's exact
law. One new law costs as much as ~100 rolled blows; a fight whose every blow leaves a new
sheet (Fluid: RES and wounds) meets thousands of keys that one or two trials ever reach. Those
are rolled instead: the attack's check `resolve`d on fresh dice, its result's consequences
(kept per pair and per part the consequences read), each operation `run` on the sheet. Both
routes are exact in law (a test holds them to the check's `odds` and to each other).

The route is chosen per key by how many of the batch's trials ask it at that moment (`rare`:
fewer than `roll_below(system)`): a fact of the batch's own draws, so a seed replays the same
fights whatever the tables held before (warm or cold) and however many processes ran the
batches. Frequent keys (every trial's first blows, a duel's few states) keep their cached
tables; the web's recomputations and a warm run find them filled.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ecran.dice import Roller
from ecran.engine.fight.arrays import SPAN
from ecran.engine.fight.check_tables import result_key
from ecran.engine.fight.exchange import Attack
from ecran.rules import Check, Resolution, System
from ecran.rules.validated import validated, values_key

if TYPE_CHECKING:
    from ecran.engine.fight.game_tables import GameTables

#: Rolled pairs whose attack is kept (`RolledRoute.attack`), with their models: a bound on
#: memory (Fluid, 5,000 fights in one process: traced peak 182 -> 132 MB at 8,192 against
#: 65,536, CPU alike within the noise).
MAX_KEPT = 1 << 13


def roll_below(system: System[Any]) -> int:
    """The game's threshold (`System.fight_roll_below`: its measurement is the game's)."""
    return system.fight_roll_below


def rare(keys: Any, below: int) -> Any:
    """Which rows' keys fewer than `below` rows share (a boolean mask)."""
    if below <= 0 or keys.size == 0:
        return np.zeros(keys.size, dtype=bool)
    _, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    found: Any = counts[inverse] < below
    return found


@dataclass(frozen=True, slots=True)
class RolledAttack:
    """What the rolled route keeps of a pair's attack: its check, the action's check name,
    values and their validated model (what `resolve` and the game's consequences read; pairs
    that ask equal values share one values mapping and one model: `RolledRoute._models`), and
    the key its results' consequences are kept by (`shared`). No label."""

    check: Check[Any] | None
    name: str
    values: dict[str, Any]
    params: Any
    attacker: int
    defender: int
    shared: Hashable


class RolledRoute:
    """The rolled route over a game's tables: attacks rolled per trial, what their results do
    (the tables' `whats`, shared with the tabled route), operations run per trial."""

    def __init__(self, tables: GameTables) -> None:
        self.tables = tables
        self.below = roll_below(tables.system)
        #: pair key -> its attack (a pair's attack costs the game's `attacks` and a parse).
        self._attacks: dict[int, RolledAttack] = {}
        #: (check name, values) -> (a number, the values, their model), the same for every
        #: pair that asks them (a pair keeps no mapping or model of its own: a bound on memory;
        #: a roll reads its model with no validation, #32).
        self._models: dict[Hashable, tuple[int, dict[str, Any], Any]] = {}
        #: an attack's `shared` key -> (what the consequences read -> what the result does).
        self._whats: dict[Hashable, dict[Hashable, int]] = {}
        #: (state, operation) key -> the state it leads to, for operations that asked no die
        #: (kept: running one again would give the same state and draw nothing).
        self._fixed: dict[int, int] = {}
        #: operation index -> (the operation, its parameters validated).
        self._ops: dict[int, tuple[Any, Any]] = {}

    def attack(self, key: int) -> RolledAttack:
        """The attack of a pair key ((choice, attacker, defender) packed): made once and
        kept (the tabled route's where that pair has one)."""
        found = self._attacks.get(key)
        if found is None:
            if len(self._attacks) >= MAX_KEPT:
                self._attacks.clear()
                self._models.clear()
                self._whats.clear()
            at = self.tables.pairs.ids.get(key)
            if at is None:
                choice, rest = divmod(key, SPAN * SPAN)
                attacker, defender = divmod(rest, SPAN)
                made = Attack.of(self.tables.books, attacker, defender, choice)
            else:
                made = self.tables.attacks[at]
            found = self._attacks[key] = self._kept(key, made)
        return found

    def _kept(self, key: int, attack: Attack) -> RolledAttack:
        a, d = attack.attacker, attack.defender
        if attack.action is None or attack.check is None:
            return RolledAttack(None, "", {}, None, a, d, key)
        name = attack.action.check
        model_key = (name, values_key(attack.action.params))
        known = self._models.get(model_key)
        if known is None:
            known = (len(self._models), attack.action.params, attack.params)
            self._models[model_key] = known
        same, values, params = known
        sheets = self.tables.books.sheets
        read = self.tables.system.consequence_sheets(sheets[a], sheets[d])
        shared = key if read is None else (name, same, read)
        return RolledAttack(attack.check, name, values, params, a, d, shared)

    def whats(self, rng: np.random.Generator, keys: Any) -> Any:
        """What each trial's attack does (an index into the tables' whats; -1: no attack), its
        check rolled on one Roller seeded from the batch's generator, trial after trial."""
        dice = Roller(int(rng.integers(0, 2**63 - 1)))
        found = [self._one(key, dice) for key in keys.tolist()]
        return np.array(found, dtype=np.int64)

    def result(self, key: int, dice: Roller) -> Resolution | None:
        """A pair's attack rolled once: its check's whole result (dice work left out, as a
        table holds it), or None where the pair has no attack."""
        attack = self.attack(key)
        check = attack.check
        if check is None:
            return None
        return check.summary(check.resolve(attack.params, dice))

    def _one(self, key: int, dice: Roller) -> int:
        result = self.result(key, dice)
        if result is None:
            return -1
        attack = self.attack(key)
        system = self.tables.system
        part = system.consequence_reads(attack.name, result)
        read: Hashable = ("result", result_key(result)) if part is None else ("part", part)
        known = self._whats.setdefault(attack.shared, {})
        what = known.get(read)
        if what is None:
            sheets = self.tables.books.sheets
            a, d = sheets[attack.attacker], sheets[attack.defender]
            found = system.consequences(attack.name, attack.values, result, a, d)
            what = known[read] = self.tables.what_of(found)
        return what

    def steps(self, rng: np.random.Generator, keys: Any) -> Any:
        """The state each (state, operation) key leads to: the game's operation run on the
        state's sheet, one Roller seeded from the batch's generator, trial after trial."""
        dice = Roller(int(rng.integers(0, 2**63 - 1)))
        books = self.tables.books
        found = []
        fixed = self._fixed
        for key in keys.tolist():
            known = fixed.get(key)
            if known is not None:
                found.append(known)
                continue
            state, op_index = divmod(key, SPAN)
            op, params = self._operation(op_index)
            sheet = books.sheets[state]
            dice.new_roll()
            after = op.run(sheet, params, dice).worn
            reached = state if after is sheet else books.state(after, fold=True)
            if not dice.rolled:  # no die asked: the same state every time, the dice untouched
                if len(fixed) >= MAX_KEPT:
                    fixed.clear()
                fixed[key] = reached
            found.append(reached)
        return np.array(found, dtype=np.int64)

    def _operation(self, index: int) -> tuple[Any, Any]:
        found = self._ops.get(index)
        if found is None:
            name, params = self.tables.operation_list[index]
            op = self.tables.system.operation(name)
            found = self._ops[index] = (op, validated(op.params, params))
        return found
