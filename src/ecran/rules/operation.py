"""Operations: the changes of state the rules define (take a wound, rest, spend a point...).

An operation reads a sheet and parameters, may roll dice, and returns a new sheet: sheets are
never changed in place, so the event log can store before and after and an encounter can undo.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, Literal, TypeVar, cast, get_type_hints

from pydantic import BaseModel, ValidationError

from ecran.dice import DiceSource
from ecran.record import record
from ecran.rules.ongoing import worn
from ecran.rules.outcome import DiceLaw, Resolution
from ecran.rules.refusals import from_validation
from ecran.rules.sheet import CharacterSheet
from ecran.rules.text import Source, Text

S = TypeVar("S", bound=CharacterSheet)
P = TypeVar("P", bound=BaseModel)


@record
class PutCondition:
    """A condition a change puts on its bearer in an encounter (a lost action, unconscious for N
    rounds, stunned): the tracker shows it and counts its rounds down. `rounds` None: until the
    GM removes it."""

    label: Text
    rounds: int | None = None
    #: What it does to its bearer's rolls: parameter -> shift, added where a check takes that
    #: parameter ("aveuglé : 2 désavantages": `(("disadvantage_dice", 2),)`).
    effect: tuple[tuple[str, int], ...] = ()
    #: What it does to the rolls of those facing the bearer (their check's parameter that
    #: describes the bearer: `(("opponent_disadvantage_dice", 2),)`).
    facing: tuple[tuple[str, int], ...] = ()
    #: False: the bearer loses its actions while it lasts (a stun's lost action).
    acts: bool = True
    #: False: the bearer loses its reactions too (a stun short by more than 10).
    reacts: bool = True
    #: The game's own sheet condition it ends when it runs out (`System.lifted`).
    lifts: str | None = None
    #: The French label of the bearer's condition it takes the place of (Fluid's second coma
    #: of a round's end, L1509-1510: one coma, the later waking), None: it is added.
    replaces: str | None = None


@record
class Change(Generic[S]):
    sheet: S
    summary: Text
    resolution: Resolution | None = None
    #: Conditions the change puts on the sheet's bearer when it happens in an encounter.
    conditions: tuple[PutCondition, ...] = ()

    @property
    def worn(self) -> S:
        """The changed sheet with the conditions that act put on it (`ecran.rules.ongoing`),
        where no encounter tracker keeps them: a sheet file, the simulator's states."""
        return cast(S, worn(self.sheet, self.conditions))


@record
class Consequence:
    """One thing an attack's result does: the operation (by name, with its parameters) the
    tracker applies to one side's sheet."""

    side: Literal["attacker", "defender"]
    operation: str
    params: dict[str, Any]


@record
class StagedChange(Generic[S]):
    """An operation split in two (`Operation.staged`): the value its dice make, whose exact law
    (`law`, integer values, made on demand, no tail) depends on `key` alone, then the change
    each value makes (`settle`). An operation that asks no die of a sheet gives `certain`: its
    key `CERTAIN` tells a simulator it has one change, no law to make.

    Optional, for a simulator that meets the same stages on many sheets (#32): `reads`, what
    `settle` reads of the sheet besides the value (None: all of it): two stages with equal
    `key` and equal `reads` settle every value to sheets of the same fight state, their
    conditions worn (a wound's survival test reads the wounded sheet's fight state, not how
    the wound came); `roll`, the value drawn on dice by the rule's own procedure (its law is
    `law`'s), for a key too rare to make its law."""

    #: The key of a law of one value, 0 (`certain`).
    CERTAIN: ClassVar[Hashable] = ("certain",)

    key: Hashable
    law: Callable[[], DiceLaw]
    settle: Callable[[int], Change[S]]
    reads: Hashable | None = None
    roll: Callable[[DiceSource], int] | None = None

    @classmethod
    def certain(cls, change: Change[S]) -> StagedChange[S]:
        """The stages of an operation that asks no die of this sheet: `change`, whatever the
        value (its law the one value 0)."""
        return cls(cls.CERTAIN, _one_value, lambda value: change)


def _one_value() -> DiceLaw:
    return DiceLaw([0], [1], 0, 1)


class Operation(ABC, Generic[S, P]):
    name: ClassVar[str]
    title: ClassVar[Text]
    params: ClassVar[type[BaseModel]]
    sources: ClassVar[Sequence[Source]]
    #: Parameters the law's contract test (tests/rules/test_operation_law.py) holds `law` to
    #: the walk of `apply` with, on the game's random NPCs: a law needs at least one, each
    #: with dice a walk can finish.
    law_examples: ClassVar[Sequence[Mapping[str, Any]]] = ()

    @abstractmethod
    def apply(self, sheet: S, params: P, dice: DiceSource) -> Change[S]:
        """Return the changed sheet; raise EcranError when the rules forbid the change."""

    def law(self, sheet: S, params: P) -> Sequence[tuple[S, Fraction]] | None:
        """The exact law of the sheet `apply` leads to over its dice, where the game writes it
        cheaper than a walk of `apply` (a check's odds read once, not `apply` replayed for
        every dice sequence): each sheet `apply` can give with its probability, adding up to 1.
        The encounter simulator's steps take it. Default None: `apply` is walked. A game's
        test holds each law to the walk of `apply`."""
        return None

    def staged(self, sheet: S, params: P) -> StagedChange[S] | None:
        """The operation as two stages, for the encounter simulator (#32): one draw from an
        exact law keyed by what enters its dice (`StagedChange.key`: a survival test's
        characteristic and penalty, not the sheet), then the change that value makes
        (`settle`, the same for the same value). The same pieces as `law` (a contract test
        holds them equal). Default None: the simulator runs `apply` or walks it."""
        return None

    def run(self, sheet: S, params: P, dice: DiceSource) -> Change[S]:
        """`apply` for a user: a change that would leave a sheet its own model refuses (a value
        past a field's bound) is that one-line EcranError, never a traceback; nothing changes."""
        try:
            return self.apply(sheet, params, dice)
        except ValidationError as exc:
            raise from_validation(exc, type(sheet)) from None


Rule = Callable[[S, P, DiceSource], Change[S]]
#: A rule that rolls nothing: the declarer passes it no dice.
Fixed = Callable[[S, P], Change[S]]
#: An operation's `law`: the sheets its rule leads to, with their probabilities, or None.
Law = Callable[[S, P], Sequence[tuple[S, Fraction]] | None]
#: An operation's `staged`: its two stages, or None.
StagedRule = Callable[[S, P], StagedChange[S] | None]


class OperationDeclarer:
    """Declares a game's operations from plain functions, each the rule itself:

        operation = OperationDeclarer(load_titles(PACKAGE, "operations.toml"))

        @operation("stabilise", seed(284, 311))
        def stabilise(sheet: ArtemisSheet, params: NoParams) -> Change[ArtemisSheet]:
            \"\"\"Stabilised wounds stop worsening (L284-311).\"\"\"

    The name is the operation's id; its title (what people read) comes from the game's data; the
    parameter model is the annotation of the function's `params`; the sources sit beside the rule.
    A rule that rolls takes the dice as its third argument, `dice: DiceSource`; one that rolls
    nothing takes only the sheet and the parameters.
    """

    def __init__(self, titles: Mapping[str, Text]) -> None:
        self._titles = titles

    def __call__(
        self,
        name: str,
        *sources: Source,
        law: Law[Any, Any] | None = None,
        law_examples: Sequence[Mapping[str, Any]] = (),
        staged: StagedRule[Any, Any] | None = None,
    ) -> Callable[[Rule[S, P] | Fixed[S, P]], Operation[S, P]]:
        """`law`: the operation's `Operation.law`, where the game writes one, with the
        parameters its contract test tries (`Operation.law_examples`); `staged`, its
        `Operation.staged`."""
        title = self._titles[name]

        def declare(rule: Rule[S, P] | Fixed[S, P]) -> Operation[S, P]:
            params = get_type_hints(rule)["params"]
            attributes = {
                "name": name,
                "title": title,
                "params": params,
                "sources": sources,
                "apply": _applying(rule),
                "__doc__": rule.__doc__,
                "__module__": rule.__module__,
                "__qualname__": rule.__qualname__,
            }
            if law is not None:
                attributes["law"] = lambda self, sheet, values: law(sheet, values)
                attributes["law_examples"] = tuple(law_examples)
            if staged is not None:
                attributes["staged"] = lambda self, sheet, values: staged(sheet, values)
            kind = cast(type[Operation[S, P]], type(rule.__name__, (Operation,), attributes))
            return kind()

        return declare


def _applying(rule: Rule[S, P] | Fixed[S, P]) -> Callable[..., Change[S]]:
    """The `apply` method of a declared rule: the dice passed on to a rule that takes them."""
    if len(inspect.signature(rule).parameters) == 3:
        rolls = cast(Rule[S, P], rule)
        return lambda self, sheet, values, dice: rolls(sheet, values, dice)
    fixed = cast(Fixed[S, P], rule)
    return lambda self, sheet, values, dice: fixed(sheet, values)
