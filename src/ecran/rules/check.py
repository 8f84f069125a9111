"""A check: a named test of the rules, with a parameter model, exact odds and a seeded roll.

Most checks write their procedure once, `resolve(params, dice)`, against a `DiceSource`. Rolling
passes a seeded `Roller`; odds walk every dice sequence of the same procedure,
so the two agree by construction. A check whose dice space is too large to walk (big pools, open
explosions) overrides `distribution` with an analytic computation and is then held to its roll by
a statistical test.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, ValidationInfo, model_validator

from ecran.dice import DiceSource, Distribution, Roller, enumerate_outcomes
from ecran.rules.data import CheckWords
from ecran.rules.field import accept_people_input
from ecran.rules.outcome import Outcome, Resolution, ResultLaw, Staged
from ecran.rules.sizes import check_numbers, check_sizes
from ecran.rules.text import Source, Text
from ecran.rules.validated import validated

if TYPE_CHECKING:  # a check's odds build no sheet model (#32): `from_sheet` is given one
    from ecran.rules.sheet import CharacterSheet

P = TypeVar("P", bound=BaseModel)
T = TypeVar("T")

#: The parameter a difficulty ladder runs over (`Check.ladder`).
DIFFICULTY = "difficulty"

Recall = Callable[[Hashable, Callable[[], Any]], Any]
"""`recall(key, make)`: what `make()` returns, remembered under `key` by the caller's cache (a
sheet's odds, the web), so a sub-distribution several actions share is computed once."""


def no_recall(key: Hashable, make: Callable[[], T]) -> T:
    """The `Recall` of a caller that keeps nothing: compute every time."""
    return make()


#: pydantic's validation context for values a game's own rule made from validated sheets (its
#: `chosen_attack`'s, in the encounter simulator): not people's input, so neither their sizes
#: nor their words are read again; the model's own fields and validators still judge them.
#: Those reads were 70 % of a new Fluid attack's validation (#32).
ENGINE_MADE: dict[str, bool] = {"engine_made": True}


class Params(BaseModel):
    """Base of every check's parameter model: unknown parameters are refused. A parameter is also
    accepted under its aliases, and a named choice in any case, with or without accents, or by
    its people's word (`Feu`, `feu`, `Fire` for `feu`). Parameters are bounded in size and
    every number within ±`sizes.NUMBER_MAX` (`ecran.rules.sizes`)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _people_input(cls, data: Any, info: ValidationInfo) -> Any:
        if info.context is ENGINE_MADE:
            return data
        check_sizes(cls.__name__, data)
        if not isinstance(data, dict):
            return data
        return accept_people_input(cls, data)

    @model_validator(mode="after")
    def _numbers_bounded(self, info: ValidationInfo) -> Self:
        if info.context is not ENGINE_MADE:
            check_numbers(self)
        return self


#: The parameters of a check or an operation that needs nothing (but the sheet). A comment, not
#: a docstring: the JSON Schemas of the games' forms stay as they were (no description).
class NoParams(Params):
    pass


class Check(ABC, Generic[P]):
    name: ClassVar[str]
    title: ClassVar[Text]
    description: ClassVar[Text]
    params: ClassVar[type[BaseModel]]
    outcomes: ClassVar[Sequence[Outcome]]
    sources: ClassVar[Sequence[Source]]
    #: A typical set of parameters: prefills forms, documents the check, drives contract tests.
    example: ClassVar[dict[str, Any]] = {}
    #: Bilingual labels of the keys of `Resolution.details`, for pages and sheets.
    detail_labels: ClassVar[dict[str, Text]] = {}
    #: Only for a check that overrides `distribution`: parameters whose dice the walk cannot
    #: cover (it raises TooManyPaths), the reason the override exists. A contract test holds it.
    beyond_walk: ClassVar[dict[str, Any] | None] = None
    #: The game's words for its checks (`CheckWords.load(package)`), set once on a game's base
    #: check class: a check whose `name` is there takes its title, description, detail labels
    #: and (where the data lists them) its outcomes' words from it.
    words: ClassVar[CheckWords | None] = None
    #: People's words for the named values a check's details hold (`zone = "failure"`), from
    #: the `[detail_values]` group of the game's `data/details.toml`.
    value_labels: ClassVar[dict[str, Text]] = {}
    #: Keys of `Resolution.details` that only show the dice (faces rolled, kept, rerolled): no
    #: consequence reads them, so a result law leaves them out and the encounter simulator
    #: counts two results that differ only there as one.
    work_details: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A check class writes neither its `params` (its base's type argument:
        `class Medicine(FluidCheck[PenaltyParams])`) nor, where its game's data names its
        class, its `name` (`data/checks.toml`: `[medicine] class = "health.Medicine"`)."""
        super().__init_subclass__(**kwargs)
        given = params_argument(cls)
        if "params" not in cls.__dict__ and given is not None:
            cls.params = given
        if "name" not in cls.__dict__ and cls.words is not None:
            named = cls.words.name_of(cls)
            if named is not None:
                cls.name = named
        name = cls.__dict__.get("name")
        if cls.words is not None and "value_labels" not in cls.__dict__:
            cls.value_labels = {**cls.value_labels, **cls.words.groups.get("detail_values", {})}
        if cls.words is None or not isinstance(name, str) or name not in cls.words:
            return
        row = cls.words.checks[name]
        cls.title, cls.description = row.title, row.description
        if row.details:
            cls.detail_labels = cls.words.detail_labels(name)
        if row.outcome:
            cls.outcomes = tuple(Outcome(o.id, o.label, o.help) for o in row.outcome)

    @abstractmethod
    def resolve(self, params: P, dice: DiceSource) -> Resolution:
        """The rule itself: ask for dice, return the outcome, the total and the work shown."""

    def from_sheet(self, sheet: CharacterSheet) -> dict[str, Any]:
        """What a sheet fixes of this check's parameters whatever the action (`odds --sheet`:
        what is typed wins), given this game's sheet (`System.own`). None by default: a
        sheet's actions give the rest."""
        return {}

    def distribution(self, params: P) -> Distribution[str]:
        """Exact probability of each outcome name. Default: walk every dice sequence."""
        return enumerate_outcomes(lambda dice: self.resolve(params, dice).outcome)

    def ladder(
        self, params: P, difficulties: Sequence[int], recall: Recall = no_recall
    ) -> list[Distribution[str]]:
        """The distribution at each of `difficulties`: `params` with its `difficulty` replaced
        (each within the parameter's bounds: the caller takes them from there). This is what a
        sheet shows before a player chooses how hard to try.

        Default: the whole `distribution` at each difficulty. A check whose dice do not depend
        on the difficulty overrides it to walk its dice once and read every rung from that law,
        sharing through `recall` what other actions ask too (two skills at the same score); a
        test holds every override equal to this default."""
        return [self.distribution(at_difficulty(params, d)) for d in difficulties]

    def result_law(self, params: P) -> ResultLaw | None:
        """The exact law of `resolve`'s whole result, dice work left out (`summary`), where
        walking `resolve` cannot reach it: a pool whose sequences are too many, an open
        explosion. The encounter simulator draws a fight's attacks from it. Written from the
        same exact pieces as `distribution` (its outcome law is `distribution`'s, a contract
        test holds it), and held to `resolve`'s rolls by a statistical test. Default: None,
        `resolve` is walked."""
        return None

    def staged(self, params: P) -> Staged | None:
        """The check as two stages, for the encounter simulator (#32): the number its dice make,
        drawn from an exact law keyed by what enters the dice (`Staged.key`: the parameters
        that only relabel or settle a result are not in it), then the check's own `settle` of
        that number. The same law as `result_law` (a contract test holds them equal). Default:
        None, the simulator draws `result_law` or rolls `resolve`."""
        return None

    def label_params(self, values: Mapping[str, Any]) -> frozenset[str]:
        """The parameters that only name the result of these values (as an action holds them,
        unparsed): they change neither the dice nor what the game's consequences read of a
        result (`System.consequence_reads`), only which of the outcomes those consequences
        read alike is named (Fluid: a blow that floors the defender is "down", else "hit")
        and details no consequence reads; nor do the consequences read them from the values.
        The encounter simulator's rolled route keys and parses an attack's values without
        them, their defaults standing in (#32). A contract test holds each answer to the check's
        result law (tests/rules/test_label_params.py). Default: none."""
        return frozenset()

    def summary(self, result: Resolution) -> Resolution:
        """`result` without the details that only show its dice (`work_details`)."""
        if not self.work_details or not self.work_details & result.details.keys():
            return result
        kept = {k: v for k, v in result.details.items() if k not in self.work_details}
        return Resolution(result.outcome, result.total, kept)

    def roll(self, params: P, roller: Roller) -> Resolution:
        return self.resolve(params, roller)

    # -- helpers for the layers above ---------------------------------------------------------

    def parse(self, values: dict[str, Any]) -> P:
        """The parameters validated, once per values (`validated`): the model returned may be
        shared with another caller, so it is read, never changed (`model_copy(update=...)`)."""
        return validated(self.params, values)  # type: ignore[return-value]

    def outcome_names(self) -> list[str]:
        return [o.name for o in self.outcomes]

    def outcome(self, name: str) -> Outcome:
        for o in self.outcomes:
            if o.name == name:
                return o
        raise KeyError(name)


def params_argument(cls: type) -> type[BaseModel] | None:
    """The parameter model a class names as its generic base's argument (`Check[TestParams]`,
    `FluidCheck[PenaltyParams]`), or None where it names none (a TypeVar, no argument)."""
    for base in cls.__dict__.get("__orig_bases__", ()):
        for argument in get_args(base):
            if isinstance(argument, type) and issubclass(argument, BaseModel):
                return argument
    return None


def at_difficulty(params: P, difficulty: int) -> P:
    """`params` at another difficulty. Not validated again: a ladder's difficulties come from
    the parameter's own bounds, and no check's validator reads the difficulty (a contract test
    holds it: every rung equals the parsed parameters)."""
    return params.model_copy(update={DIFFICULTY: difficulty})
