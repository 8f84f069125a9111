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

A check or an operation the game splits in two (`Check.staged`, `Operation.staged`) is not
rolled whole: the value its dice make (Fluid: the score difference; a survival test's outcome)
is drawn for all the batch's trials at once from an exact law kept per `key` (what enters the
dice: few keys, where the sheets are many), then settled by the rule's own code, what each
value does kept per attack or per (state, operation) (`_settled`; `rolled_steps`). A staged
operation's law is made only for a key at least `LAW_FROM` of a call's trials ask: one law
(Fluid: a survival test's, ~1.5 ms) costs as much as ~50 tests rolled, and most keys are met
once or twice; fewer are run through the operation, as an operation with no stages is.

The route is chosen per key by how many of the batch's trials ask it at that moment (`rare`:
fewer than `roll_below(system)`; a staged law's key, fewer than `LAW_FROM`): a fact of the
batch's own draws, so a seed replays the same
fights whatever the tables held before (warm or cold) and however many processes ran the
batches. Frequent keys (every trial's first blows, a duel's few states) keep their cached
tables; the web's recomputations and a warm run find them filled.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from ecran.dice import Roller
from ecran.engine.fight.arrays import SPAN
from ecran.engine.fight.check_tables import result_key
from ecran.engine.fight.rolled_steps import MAX_SETTLED, TAIL, RolledSteps
from ecran.rules import Action, Check, Resolution, Staged, System
from ecran.rules.check import ENGINE_MADE
from ecran.rules.values import shared_fields_set

if TYPE_CHECKING:
    from ecran.engine.fight.game_tables import GameTables

#: Rolled pairs' attacks kept (`RolledRoute.attack`: numbers alone, ~200 bytes each), and
#: as many consequences by attack (a bound on memory: the models, a few KB each, are kept
#: apart, MAX_MODELS; the steps' bounds are `rolled_steps`').
MAX_ATTACKS = 1 << 14
#: Attack models kept by `Staged.settles` (`RolledRoute._settler`: values, a parsed model and
#: its stages, ~4 KB each; ~1,900 settles per 5,000 Fluid fights), and by number
#: (`RolledRoute.model`: an attack's own, asked again for a tail or a check not staged).
#: Measured on the benchmark's Fluid 4-against-4 (two runs of 5,000 fights in one process):
#: 512 by number parse no more than 4,096 did (8,799 in 8,771 attacks), with a peak of 150
#: MB instead of 170 (#32's target: 150).
MAX_MODELS = 1 << 11
MAX_OWN_MODELS = 1 << 9


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
    """What the rolled route keeps of a pair's attack, numbers alone (a pair keeps no mapping
    or model of its own: a bound on memory): its check and the action's check name, the
    number of its values' model (`RolledRoute.model`: pairs that ask equal values share one),
    the key its results' consequences are kept by (`shared`: the check, its model's number or
    its `Staged.settles`' number, what the consequences read of the sheets), its staged dice
    law's segment in `RolledRoute.dice` (-1: not staged, `resolve` is rolled whole), the
    shift added to a listed value drawn from it (`Staged.shift`) and the number of its
    `Staged.settles` (-1: none; `RolledRoute._settler`). No label."""

    check: Check[Any] | None
    name: str
    number: int
    key: int
    attacker: int
    defender: int
    shared: Hashable
    segment: int = -1
    shift: int = 0
    settles: int = -1


@dataclass(frozen=True, slots=True)
class Model:
    """An attack's values, their validated model (what `resolve` and the game's consequences
    read) and the check's two stages (`Check.staged`, None where it has none)."""

    values: dict[str, Any]
    params: Any
    staged: Staged | None


def _named(check: Check[Any], action: Action) -> dict[str, Any]:
    """An action's values without those that only name its result (`Check.label_params`):
    their defaults stand in, so every pair that differs only there shares one model, whichever
    pair came first, and the route reads of its results only what the consequences read
    (Fluid: one parse per attacker against any RES of a defender, #32)."""
    labels = check.label_params(action.params)
    if not labels:
        return action.params
    return {k: v for k, v in action.params.items() if k not in labels}


def _keyed(check: Check[Any], action: Action) -> tuple[dict[str, Any], Hashable]:
    """An action's values (`_named`) and their key: the check's name and the values' pairs
    (hashed, not their repr: a pair of states' new attack asks it, #32), their repr where a
    value is not hashable."""
    values = _named(check, action)
    pairs = tuple(values.items())
    try:
        hash(pairs)
    except TypeError:
        return values, (action.check, repr(pairs))
    return values, (action.check, pairs)


class RolledRoute(RolledSteps):
    """The rolled route over a game's tables: attacks rolled per trial, what their results do
    (the tables' `whats`, shared with the tabled route); its operations run per trial are
    `RolledSteps`'."""

    def __init__(self, tables: GameTables) -> None:
        super().__init__(tables)
        #: The threshold of `rare` keys: the game's, set again by each batch (`run_batch`).
        self.below = roll_below(tables.system)
        #: pair key -> its attack (a pair's attack costs the game's `attacks` and a parse).
        self._attacks: dict[int, RolledAttack] = {}
        #: Per side: state -> the number of its `System.attack_reads` (`_reads`), and each
        #: answer's number; (choice, the two numbers) -> the attack their pairs share.
        self._read_of: dict[str, dict[int, int]] = {"attacker": {}, "defender": {}}
        self._read_number: dict[Hashable, int] = {}
        self._by_reads: dict[tuple[int, int, int], RolledAttack] = {}
        #: (check name, values) -> the number of their `Model`, and number -> the model: the
        #: same for every pair that asks them (a roll reads its model with no validation,
        #: #32). A number names one model's values for ever (never given to other values), so
        #: what is kept by numbers (`shared`, `_settled`) stays right when the models are
        #: dropped (MAX_OWN_MODELS); a dropped one is parsed again from its pair (`model`).
        self._numbers: dict[Hashable, int] = {}
        self._model_of: dict[int, Model] = {}
        self._next = 0
        #: an attack's `shared` key -> (what the consequences read -> what the result does).
        self._whats: dict[Hashable, dict[Hashable, int]] = {}
        #: (an attack's `shared` key, a dice value) -> what it does, where settling it asked
        #: no more dice (kept: settling it again gives the same result).
        self._settled: dict[tuple[Hashable, int], int] = {}
        #: a settles number -> the model its attacks settle with (`_settler`).
        self._settlers: dict[int, Model] = {}
        #: a staged check's `Staged.settles` -> its number (`_settles_number`).
        self._settles_of: dict[Hashable, int] = {}
        self._next_settles = 0

    def attack(self, key: int) -> RolledAttack:
        """The attack of a pair key ((choice, attacker, defender) packed): made once per
        what the game's attacks read of the two sheets (`System.attack_reads`: pairs that
        read alike share one, made from the first of them) and kept (from the tabled route's
        action where that pair has one)."""
        found = self._attacks.get(key)
        if found is None:
            if len(self._attacks) >= MAX_ATTACKS:
                self._attacks.clear()
            alike = self._alike(key)
            found = self._by_reads.get(alike)
            if found is None:
                if len(self._by_reads) >= MAX_ATTACKS:
                    self._by_reads.clear()
                found = self._by_reads[alike] = self._kept(key)
            self._attacks[key] = found
        return found

    def _alike(self, key: int) -> tuple[int, int, int]:
        """A pair key as what its attack reads: (choice, the attacker's number, the
        defender's), numbered by `System.attack_reads` (a state whose answer is None is its
        own number, negative)."""
        choice, rest = divmod(key, SPAN * SPAN)
        attacker, defender = divmod(rest, SPAN)
        return choice, self._reads(attacker, "attacker"), self._reads(defender, "defender")

    def _reads(self, state: int, side: Literal["attacker", "defender"]) -> int:
        kept = self._read_of[side]
        found = kept.get(state)
        if found is None:
            if len(self._read_number) >= MAX_ATTACKS:  # renumbered: what they keyed goes too
                self._read_number.clear()
                self._by_reads.clear()
                for one in self._read_of.values():
                    one.clear()
            read = self.tables.system.attack_reads(self.tables.books.sheets[state], side)
            if read is None:
                found = -1 - state
            else:
                found = self._read_number.setdefault((side, read), len(self._read_number))
            kept[state] = found
        return found

    def _action(self, key: int) -> tuple[Action | None, int, int]:
        """A pair key's action (the game's `chosen_attack`), attacker and defender."""
        choice, rest = divmod(key, SPAN * SPAN)
        attacker, defender = divmod(rest, SPAN)
        at = self.tables.pairs.ids.get(key)
        if at is not None:
            return self.tables.attacks[at].action, attacker, defender
        sheets = self.tables.books.sheets
        system = self.tables.system
        return system.chosen_attack(sheets[attacker], sheets[defender], choice), attacker, defender

    def _kept(self, key: int) -> RolledAttack:
        action, a, d = self._action(key)
        if action is None:
            return RolledAttack(None, "", -1, key, a, d, key)
        check = self.tables.system.check(action.check)
        number, model = self._numbered(check, action)
        sheets = self.tables.books.sheets
        read = self.tables.system.consequence_sheets(sheets[a], sheets[d])
        staged = model.staged
        alike: Hashable = number
        settles = -1
        if staged is not None and staged.settles is not None:
            settles = self._settles_number(staged.settles)
            alike = ("settles", settles)
            if settles not in self._settlers:
                if len(self._settlers) >= MAX_MODELS:
                    self._settlers.clear()
                self._settlers[settles] = model
        shared = key if read is None else (action.check, alike, read)
        if staged is None:
            return RolledAttack(check, action.check, number, key, a, d, shared)
        segment = self._segment(("check", staged.key), staged.law)
        return RolledAttack(
            check, action.check, number, key, a, d, shared, segment, staged.shift, settles
        )

    def _settler(self, attack: RolledAttack) -> Model:
        """The model an attack's values are settled and their consequences worked out with:
        the first kept of its `Staged.settles` (every model of the same settles every value
        alike and its results do alike, the contract of `Staged.settles`: one per settles is
        kept, not one per values), else its own."""
        if attack.settles < 0:
            return self.model(attack)
        found = self._settlers.get(attack.settles)
        if found is None:
            if len(self._settlers) >= MAX_MODELS:
                self._settlers.clear()
            found = self._settlers[attack.settles] = self.model(attack)
        return found

    def _settles_number(self, settles: Hashable) -> int:
        """The number of a staged check's `Staged.settles`: attacks that settle alike share
        what each value does (`_settled`, `_whats`) whatever their dice. A number names one
        `settles` for ever (the numbers dropped when full, MAX_MODELS: what is kept by an old
        number stays right)."""
        found = self._settles_of.get(settles)
        if found is None:
            if len(self._settles_of) >= MAX_MODELS:
                self._settles_of.clear()
            found = self._settles_of[settles] = self._next_settles
            self._next_settles += 1
        return found

    def _numbered(self, check: Check[Any], action: Action) -> tuple[int, Model]:
        """The number and model of an action's values (`_named`), parsed once while kept."""
        values, model_key = _keyed(check, action)
        number = self._numbers.get(model_key)
        model = None if number is None else self._model_of.get(number)
        if number is None:
            number = self._next
            self._next += 1
        if model is None:
            model = self._keep(number, model_key, check, values)
        return number, model

    def _keep(
        self, number: int, model_key: Hashable, check: Check[Any], values: dict[str, Any]
    ) -> Model:
        """Values parsed, kept under `number` (the models dropped when full: what is kept by
        their numbers stays right, a number naming one model's values for ever)."""
        if len(self._model_of) >= MAX_OWN_MODELS:
            self._model_of.clear()
            self._numbers.clear()
        # validated here, not through the process's memo (`check.parse`): this route keeps its
        # own models, one copy of each is enough
        params = check.params.model_validate(values, context=ENGINE_MADE)
        params = shared_fields_set(params)
        model = self._model_of[number] = Model(values, params, check.staged(params))
        self._numbers[model_key] = number
        return model

    def model(self, attack: RolledAttack) -> Model:
        """The values, model and stages of a kept attack (parsed again from its pair where
        dropped meanwhile: the same values, kept under the same number)."""
        found = self._model_of.get(attack.number)
        if found is None:
            action, _, _ = self._action(attack.key)
            assert action is not None and attack.check is not None
            values, model_key = _keyed(attack.check, action)
            found = self._keep(attack.number, model_key, attack.check, values)
        return found

    def values(self, rng: np.random.Generator, attacks: list[RolledAttack]) -> Any:
        """One dice value per staged attack, drawn from its law for all at once, a listed one
        shifted by the attack's `shift` (TAIL: the law's tail was drawn; 0 for one not
        staged)."""
        segment = np.array([a.segment for a in attacks], dtype=np.int64)
        found = np.zeros(segment.size, dtype=np.int64)
        staged = segment >= 0
        if staged.any():
            drawn = self.dice.arrays()[4][self.dice.draw(rng, segment[staged])]
            shift = np.array([a.shift for a in attacks], dtype=np.int64)[staged]
            found[staged] = np.where(drawn == TAIL, TAIL, drawn + shift)
        return found

    def settle(self, attack: RolledAttack, value: int, dice: Roller) -> Resolution:
        """A staged attack's result from its drawn dice value (a tail drawn on `dice`, from
        the attack's own dice), settled as its `Staged.settles` settles (`_settler`)."""
        if value == TAIL:
            own = self.model(attack).staged
            assert own is not None
            value = own.tail(dice)
        staged = self._settler(attack).staged
        assert staged is not None
        return staged.settle(value, dice)

    def whats(self, rng: np.random.Generator, keys: Any) -> Any:
        """What each trial's attack does (an index into the tables' whats; -1: no attack): a
        staged check's dice value drawn for all trials at once (`values`), then settled, else
        its check rolled whole; more dice on one Roller seeded from the batch's generator,
        trial after trial."""
        dice = Roller(int(rng.integers(0, 2**63 - 1)))
        attacks = [self.attack(key) for key in keys.tolist()]
        drawn = self.values(rng, attacks).tolist()
        found = [
            self._one(attack, dice) if attack.segment < 0 else self._by_value(attack, value, dice)
            for attack, value in zip(attacks, drawn, strict=True)
        ]
        return np.array(found, dtype=np.int64)

    def _by_value(self, attack: RolledAttack, value: int, dice: Roller) -> int:
        """What a staged attack's drawn value does: kept per attack and value where settling
        it asks no more dice (most values: a hit location's d10 is the exception)."""
        key = (attack.shared, value)
        known = self._settled.get(key)
        if known is not None:
            return known
        dice.new_roll()
        what = self._what(attack, self.settle(attack, value, dice))
        if not dice.rolled:
            if len(self._settled) >= MAX_SETTLED:
                self._settled.clear()
            self._settled[key] = what
        return what

    def result(self, key: int, dice: Roller) -> Resolution | None:
        """A pair's attack rolled once: its check's whole result (dice work left out, as a
        table holds it), or None where the pair has no attack."""
        return self._rolled(self.attack(key), dice)

    def _rolled(self, attack: RolledAttack, dice: Roller) -> Resolution | None:
        check = attack.check
        if check is None:
            return None
        return check.summary(check.resolve(self.model(attack).params, dice))

    def _one(self, attack: RolledAttack, dice: Roller) -> int:
        result = self._rolled(attack, dice)
        return -1 if result is None else self._what(attack, result)

    def _what(self, attack: RolledAttack, result: Resolution) -> int:
        """What a pair's result does, kept per attack and part the consequences read."""
        system = self.tables.system
        part = system.consequence_reads(attack.name, result)
        read: Hashable = ("result", result_key(result)) if part is None else ("part", part)
        known = self._whats.get(attack.shared)
        if known is None:
            if len(self._whats) >= MAX_ATTACKS:
                self._whats.clear()
            known = self._whats[attack.shared] = {}
        what = known.get(read)
        if what is None:
            sheets = self.tables.books.sheets
            a, d = sheets[attack.attacker], sheets[attack.defender]
            values = self._settler(attack).values
            found = system.consequences(attack.name, values, result, a, d)
            what = known[read] = self.tables.what_of(found)
        return what
