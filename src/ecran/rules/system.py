"""The System contract: one object per game, registered under its id.

A system is a set of checks (odds and rolls), a character sheet with its validation, creation
and NPC generator, the operations that change a sheet in play, and the named options. Everything
the CLI, the API and the web table show of a game comes from here.
"""

from __future__ import annotations

import copyreg
import functools
import inspect
import re
import sys
import unicodedata
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar, cast

from ecran.dice import DiceSource, Roller
from ecran.rules.budget import PointBudget
from ecran.rules.check import Check, Params
from ecran.rules.errors import EcranError, unknown
from ecran.rules.option import Option
from ecran.rules.outcome import Resolution
from ecran.rules.package import derive
from ecran.rules.text import DEFAULT_LANG, Source, Text

if TYPE_CHECKING:  # a sheet's models, its conditions and operations load where a sheet is read,
    # not for a check's odds (#32)
    from ecran.rules import ongoing
    from ecran.rules.operation import Consequence, Operation
    from ecran.rules.sheet import Action, CharacterSheet, SheetRow, SheetSection
    from ecran.rules.violation import RuleViolation

SheetT = TypeVar("SheetT", bound="CharacterSheet")
#: A combatant's state as the game's tracks read it (`System.status`): still fighting, out of
#: action (unconscious, out of combat, dying but alive), or dead.
Status = Literal["up", "out", "dead"]
STATUSES: tuple[Status, ...] = ("up", "out", "dead")
Named = TypeVar("Named", Check[Any], "Operation[Any, Any]")


def name_key(name: str) -> str:
    """A name as people may type it, folded: no case, no accents, `-` for any other run of
    characters (`Test_XP`, `test-xp` and `Test d'XP` fold alike where they match)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def rounds_said(word: Text, count: int, lang: str) -> str:
    """`count` rounds in `word`, agreed (French: 0 and 1 singular; English: 1 alone)."""
    plural = count > 1 if lang == "fr" else count != 1
    return f"{count} {word(lang)}{'s' if plural else ''}"


def _named(items: Sequence[Named], name: str) -> Named | None:
    """The item whose id is `name`, else whose id or French title folds as `name` does. The id
    wins over a title (a title that folds like another item's id never hides it)."""
    for item in items:
        if item.name == name:
            return item
    key = name_key(name)
    for item in items:
        if name_key(item.name) == key:
            return item
    for item in items:
        if name_key(item.title.fr) == key:
            return item
    return None


#: The hooks that take sheets: the base class checks their type once, so each system's hooks are
#: written against its own sheet class with no cast.
SHEET_HOOKS = (
    "validate",
    "sections",
    "actions",
    "initiative",
    "attacks",
    "chosen_attack",
    "damage",
    "counter_damage",
    "consequences",
    "consequence_sheets",
    "attack_reads",
    "round_end",
    "tracks",
    "status",
    "fight_state",
    "lifted",
)


def _sheet_actions(system: System[Any], answer: Any, sheet: Any) -> Any:
    import ecran.rules.ongoing as ongoing  # loaded with the sheet's models: a plain lookup

    return ongoing.sheet_actions(system, sheet, answer)


def _sheet_attacks(system: System[Any], answer: Any, attacker: Any, defender: Any) -> Any:
    import ecran.rules.ongoing as ongoing

    return ongoing.sheet_attacks(system, attacker, defender, answer)


def _with_section(system: System[Any], answer: Any, sheet: Any) -> Any:
    import ecran.rules.ongoing as ongoing

    return ongoing.with_section(system, sheet, answer)


def _state(system: System[Any], answer: Any, sheet: Any) -> Any:
    if not sheet.ongoing:
        return answer
    import ecran.rules.ongoing as ongoing

    return (answer, ongoing.state_key(sheet))


def _sheet_attack(system: System[Any], answer: Any, attacker: Any, defender: Any, _: int) -> Any:
    import ecran.rules.ongoing as ongoing

    return ongoing.sheet_attack(system, attacker, defender, answer)


def _state_read(system: System[Any], answer: Any, sheet: Any, side: str) -> Any:
    """`attack_reads`' answer as `fight_state`'s: with the sheet's conditions that act, but
    None (the whole state, nothing shared) stays None."""
    return answer if answer is None else _state(system, answer, sheet)


#: What the sheet's conditions that act do to a hook's answer (`ecran.rules.ongoing`), in
#: every game alike: the shifts on actions and attacks, a lost action, the fight state.
_ONGOING: dict[str, Any] = {
    "actions": _sheet_actions,
    "attacks": _sheet_attacks,
    # a game's own (the default reads `attacks`, whose answer already has them at work)
    "chosen_attack": _sheet_attack,
    "sections": _with_section,
    "fight_state": _state,
    # the conditions that act shift attacks on both sides (`ongoing.sheet_attacks`)
    "attack_reads": _state_read,
}


def _checked(hook: Any, name: str) -> Any:
    """`hook` (a method, or a staticmethod naming a rule module's function) with its sheet
    arguments checked against the system's own sheet class first, and its answer as the
    sheets' conditions that act leave it (`_ONGOING`)."""
    func = hook.__func__ if isinstance(hook, staticmethod) else hook
    pass_self = not isinstance(hook, staticmethod)
    after = _ONGOING.get(name)

    @functools.wraps(func)
    def checked(self: System[Any], *args: Any, **kwargs: Any) -> Any:
        own = self.character
        for value in args:
            # the system's own class itself first: pydantic's isinstance goes through its ABC
            # machinery, and the simulator calls these hooks once per blow (#32)
            if type(value) is not own and _is_sheet(value):
                self.own(value)
        for value in kwargs.values():
            if type(value) is not own and _is_sheet(value):
                self.own(value)
        answer = func(self, *args, **kwargs) if pass_self else func(*args, **kwargs)
        if after is None:
            return answer
        return after(self, answer, *args, *kwargs.values())

    return checked


#: Whether a type is a sheet's, by type: the simulator's hooks take a check's name, values, a
#: result beside their sheets once per blow, and pydantic's `isinstance` goes through its ABC
#: machinery each time (#32). The types met are few (a game's sheets, the hooks' arguments).
_SHEET_KIND: dict[type, bool] = {}


def _is_sheet(value: Any) -> bool:
    kind = type(value)
    found = _SHEET_KIND.get(kind)
    if found is None:
        import ecran.rules.sheet as sheet  # loaded with any sheet: a plain lookup then

        found = _SHEET_KIND[kind] = issubclass(kind, sheet.CharacterSheet)
    return found


def _inherited(cls: type, name: str) -> Any:
    """`cls`'s attribute `name` as its bases define it (the default a derived hook keeps)."""
    for base in cls.__mro__[1:]:
        if name in base.__dict__:
            return base.__dict__[name]
    raise AttributeError(name)


def _wrapped(name: str, function: Any) -> Any:
    """A game module's function as the method of its hook (its sheets checked where it takes
    some)."""
    hook = staticmethod(function)
    return _checked(hook, name) if name in SHEET_HOOKS else hook


class System(Generic[SheetT]):
    """One game. A subclass names its sheet class (`class Warp(System[WarpSheet])`, with
    `character = WarpSheet`) and writes its hooks against it; a sheet of another game handed to
    any hook is refused here with a one-line error, never an AttributeError deep in a rule.

    A game's class in `<package>.system` writes only what is its own: every hook and list it
    leaves out is found by name in the package's fixed modules on first use
    (`ecran.rules.package`: `validate` in `validation`, `sections` in `view`, `tracks` in
    `tracks`, `CHECKS` in `checks`…), else the default below applies."""

    id: ClassVar[str]
    name: ClassVar[Text]
    seed: ClassVar[str]
    checks: ClassVar[Sequence[Check[Any]]] = ()
    operations: ClassVar[Sequence[Operation[Any, Any]]] = ()
    options: ClassVar[Sequence[Option]] = ()
    character: ClassVar[type[CharacterSheet] | None] = None
    #: The sheet fields guided creation asks for (None: all of them). Play state such as current
    #: wounds is better left out: it starts at the model's defaults.
    creation_fields: ClassVar[Sequence[str] | None] = None
    #: The choices a random NPC takes (a level, a role…), a parameter model like a check's, so the
    #: CLI, the API and the forms offer them. Default: none.
    npc_params: ClassVar[type[Params]] = Params
    #: Where the book gives creation no points budget: said once in the wizard, with its lines
    #: (`validation.NO_BUDGET`). None: the game has budgets (`creation_budgets`) or says nothing.
    no_budget: ClassVar[Text | None] = None
    #: What the book calls a fight's round: "round" in WaRP, Fluid and Nephilim; Artémis and
    #: Organique say "tour" (their games override it).
    round_word: ClassVar[Text] = Text(fr="round", en="round")
    #: The fight simulator's rolled route (`engine.fight.rolled`): a blow's key asked by fewer
    #: trials than this, in one step of a batch, is rolled instead of tabled; 0: every key
    #: tabled. A speed setting, no rule: a game turns it on where it was measured to pay.
    fight_roll_below: ClassVar[int] = 0

    def rounds(self, count: int, lang: str) -> str:
        """`2 tours`, `1 round`, `0 tour`: a count of this game's rounds, agreed with it
        (French keeps 0 and 1 singular)."""
        return rounds_said(self.round_word, count, lang)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in SHEET_HOOKS:
            if name in cls.__dict__:
                setattr(cls, name, _checked(cls.__dict__[name], name))
        derive(cls, functools.partial(_inherited, cls), _wrapped)

    def own(self, sheet: CharacterSheet) -> SheetT:
        """The sheet as this system's own sheet class, or a one-line error."""
        model = self.sheet_model()
        if not isinstance(sheet, model):
            raise EcranError(
                Text(
                    fr=f"la feuille est pour « {sheet.system} », pas pour {self.id}",
                    en=f"the sheet is for '{sheet.system}', not {self.id}",
                )
            )
        return sheet

    # -- checks -------------------------------------------------------------------------------

    def __reduce__(self) -> str | tuple[Any, ...]:
        """A game travels to another process (a job of the work budget) as its package's
        `SYSTEM` where it is that one, else as its class and its attributes without the
        caches of what it looked up (underscored, some unpicklable)."""
        module = sys.modules.get(type(self).__module__)
        if module is not None and getattr(module, "SYSTEM", None) is self:
            return "SYSTEM"
        state = {k: v for k, v in vars(self).items() if not k.startswith("_")}
        return (copyreg.__newobj__, (type(self),), state)  # type: ignore[attr-defined]

    def check(self, name: str) -> Check[Any]:
        """The check named `name`: its id (`test_xp`), the id in kebab-case (`test-xp`), or
        its French title as the book names it (`test-d-experience`, any case or accents)."""
        found = self._found(self.checks, name)
        if found is None:
            raise unknown(
                Text(fr="test", en="check"),
                name,
                [c.name for c in self.checks],
                {c.name: c.title for c in self.checks},
            )
        return found

    def operation(self, name: str) -> Operation[Any, Any]:
        """The operation named `name`: its id, kebab-case or French title, as `check`."""
        found = self._found(self.operations, name)
        if found is None:
            allowed = [o.name for o in self.operations]
            titles = {o.name: o.title for o in self.operations}
            raise unknown(Text(fr="opération", en="operation"), name, allowed, titles)
        return found

    def _found(self, items: Sequence[Named], name: str) -> Named | None:
        """`_named`, kept per list and name (the encounter simulator asks the same check and
        operations for every pair and step it meets; a game's lazy list is walked once)."""
        kept: dict[tuple[int, str], tuple[Any, Any]] = self.__dict__.setdefault("_named", {})
        hit = kept.get((id(items), name))
        if hit is not None and hit[0] is items:
            found: Named | None = hit[1]
            return found
        found = _named(items, name)
        if found is not None:
            kept[(id(items), name)] = (items, found)
        return found

    def table_options(self) -> list[Option]:
        """The options a table fixes once for every roll (optional rules, readings, house
        rules). GM inputs are asked per roll or per sheet, never table-wide."""
        return [o for o in self.options if o.kind != "gm_input"]

    # -- characters ---------------------------------------------------------------------------

    def sheet_model(self) -> type[SheetT]:
        if self.character is None:
            raise EcranError(
                Text(
                    fr=f"le système {self.id} n'a pas de feuille de personnage",
                    en=f"system {self.id} has no character sheet",
                )
            )
        return cast(type[SheetT], self.character)

    def validate(self, sheet: SheetT) -> list[RuleViolation]:
        """Every rule of creation and play the sheet breaks; empty when the sheet is legal."""
        return []

    def creation_budgets(self, sheet: SheetT) -> list[PointBudget]:
        """The budgets the book gives creation, as the sheet spends them now (running: shown
        at every step of the wizard, kept or broken). Default: none; a game whose book gives
        none says so once in `no_budget`, with its lines."""
        return []

    def new_character(self, name: str) -> SheetT:
        """A starting sheet for the guided creation to fill in."""
        return self.sheet_model()(system=self.id, name=name)

    def draw_npc(self, roller: Roller, lang: str = DEFAULT_LANG, **choices: Any) -> SheetT:
        """`random_npc` for a reader of `lang`: the words the generator writes into the sheet
        (its name, "PNJ 12" or "NPC 12", its notes, its traits) in that language, when the
        game's generator takes a `lang` argument (the five games do); a generator written
        without one draws as before."""
        if "lang" in inspect.signature(self.random_npc).parameters:
            return self.random_npc(roller, lang=lang, **choices)
        return self.random_npc(roller, **choices)

    def random_npc(self, roller: Roller, **choices: Any) -> SheetT:
        """A random NPC that passes `validate`; `choices` are the fields of `npc_params`. A game
        may take `lang` too (keyword): the language to write the NPC's words in."""
        raise EcranError(
            Text(
                fr=f"le système {self.id} ne génère pas encore de PNJ",
                en=f"system {self.id} cannot generate NPCs yet",
            )
        )

    def sections(self, sheet: SheetT) -> list[SheetSection]:
        """The sheet as a person reads it. Default: one row per field."""
        from ecran.rules.sheet import SheetRow, SheetSection

        rows = [
            SheetRow(Text(fr=key, en=key), str(value))
            for key, value in sheet.model_dump().items()
            if key != "system"
        ]
        return [SheetSection(Text(fr="Personnage", en="Character"), rows)]

    def actions(self, sheet: SheetT) -> list[Action]:
        """Checks a player can roll from this sheet, prefilled with its values and penalties."""
        return []

    # -- combat -------------------------------------------------------------------------------

    def initiative(self, sheet: SheetT, dice: DiceSource) -> Resolution:
        """One combatant's initiative; the tracker acts in descending `total` order
        (a system whose rules order otherwise maps its result onto that). Ties: `details` may
        carry `"tie_break"`, a list of numbers compared in turn after the total, higher first."""
        raise EcranError(
            Text(
                fr=f"le système {self.id} ne définit pas l'initiative",
                en=f"system {self.id} defines no initiative",
            )
        )

    def attacks(self, attacker: SheetT, defender: SheetT) -> list[Action]:
        """The attacks `attacker` can make on `defender` in an encounter: each a check prefilled
        from both sheets (weapon, the defender's defence and armour, both sides' current
        penalties), so the tracker can show its exact odds before rolling. Default: none."""
        return []

    def chosen_attack(self, attacker: SheetT, defender: SheetT, choice: int) -> Action | None:
        """Attack number `choice` of `attacks` (the last where there are fewer), or None where
        there is none: what the encounter simulator asks for each new pair of states. Default:
        `attacks` whole, indexed. A game may build that one alone (Fluid: every blow leaves a
        new sheet, #32); a contract test holds it to `attacks`
        (tests/rules/test_chosen_attack.py)."""
        actions = self.attacks(attacker, defender)
        return actions[min(choice, len(actions) - 1)] if actions else None

    def damage(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        defender: SheetT,
    ) -> tuple[str, dict[str, Any]] | None:
        """What an attack's result does to the defender: the name and parameters of the
        operation that applies it to the defender's sheet (wounds, hit points...), or None when
        the attack does nothing. The tracker applies it, as one undoable step with the roll."""
        return None

    def counter_damage(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        attacker: SheetT,
    ) -> tuple[str, dict[str, Any]] | None:
        """What the same result does to the attacker, where the rules let a defence strike back
        (Fluid's counter, a lost verbal joust): an operation on the attacker's sheet, or None."""
        return None

    def consequences(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        attacker: SheetT,
        defender: SheetT,
    ) -> list[Consequence]:
        """Everything one attack's result does, to either side, in the order the tracker applies
        it (one undoable step with the roll): the defender's damage, what strikes back at the
        attacker, and what the attack costs its author where the rules say so (a privilege's
        fatigue, an all-out attack's price, a tackle that brings both down). Default: `damage`
        on the defender, then `counter_damage` on the attacker."""
        from ecran.rules.operation import Consequence

        found = []
        hurt = self.damage(check, params, result, defender)
        if hurt is not None:
            found.append(Consequence("defender", *hurt))
        back = self.counter_damage(check, params, result, attacker)
        if back is not None:
            found.append(Consequence("attacker", *back))
        return found

    def consequence_reads(self, check: str, result: Resolution) -> Hashable | None:
        """The part of an attack's result the game's `consequences` read (`damage` and
        `counter_damage` by default): two results of the same check, on the same parameters
        and sheets, whose parts are equal have the same consequences. The encounter simulator
        works the consequences out once per part, not once per result (a check's walk meets
        every total and die it can show, while a wound reads the outcome and perhaps a
        margin). Default: None, the whole result is read. A contract test holds every
        override to the game's own consequences (tests/rules/test_consequence_reads.py)."""
        return None

    def consequence_sheets(self, attacker: SheetT, defender: SheetT) -> Hashable | None:
        """What `consequences` read of the two sheets beyond the attack's parameters (which
        the attack prefilled from both): two pairs of sheets with equal answers have the same
        consequences for the same check, parameters and result. The encounter simulator works
        a result's consequences out once per answer, for every pair of states that asks the
        same parameters. Default: None, the whole sheets (nothing shared). A contract test
        holds every override to the game's consequences (tests/rules/test_consequence_reads.py)."""
        return None

    def attack_reads(self, sheet: SheetT, side: Literal["attacker", "defender"]) -> Hashable:
        """What `chosen_attack` and `consequence_sheets` read of a sheet on that side of an
        attack: two pairs of sheets whose attackers' answers are equal, and whose defenders'
        are, are offered the same attack for every choice (the same check and parameters, but
        those that only name its result, `Check.label_params`) and take the same
        consequences. The encounter simulator keys a pair's attack by the two answers, not by
        the two states (#32: Fluid's attacker reads neither its RES nor its condition). A
        sheet's conditions that act are added to any answer (`_ONGOING`).
        Default: None, the whole fight state (nothing shared). A contract test holds every
        override to `chosen_attack` (tests/rules/test_attack_reads.py)."""
        return None

    def round_end(self, sheet: SheetT) -> list[Consequence]:
        """What the end of a fight's round does to a participant, whatever its status: the
        operations the game's rules run on it each round (exertion, a dying character's clock,
        a condition counted down), in order; each consequence's side is the bearer itself. The
        encounter simulator runs it on every participant at each round's end, and on the fallen
        after the fight until it changes nothing more; a sheet out of the fight on which it can
        change nothing is folded to its status (`FightStates.state`). Default: nothing."""
        return []

    def round_tests(self, sheet: SheetT) -> list[Consequence]:
        """The tests the bearer's state calls for at each round's end (#30 item 5): each an
        operation on the bearer itself that rolls the game's own check and applies what the
        book says of its failure (Fluid's haemorrhage: a VOL test or coma, then the next
        survival test, L1501-1507; Nephilim's Incapacité and Épuisé: a test each round or coma,
        L88). The encounter tracker runs them for every participant when a round ends, asking
        again after each (one test may end the state that calls for the next). Default:
        nothing."""
        return []

    def round_changes(self, sheet: SheetT) -> list[Consequence]:
        """What else the end of a fight's round does to the bearer on the tracker and a sheet
        file, beyond its tests (`round_tests`): the game's own `round_end` where it is more
        than those tests (Organique's exertion, mortal wound and first-aid clock, L305-317,
        L630-640). Default: nothing (WaRP and Artémis have no round end; Fluid's and
        Nephilim's `round_end` are their round tests, never run twice)."""
        return []

    def round_steps(self, sheet: SheetT) -> list[Consequence]:
        """The operations a round's end runs on the bearer, in order: its tests
        (`round_tests`), then the game's own changes (`round_changes`). The tracker
        (`play.encounter.round_end`) and `ecran op SYSTEM round-end` ask it again after each
        step, running each operation once."""
        return [*self.round_tests(sheet), *self.round_changes(sheet)]

    def next_round_step(self, sheet: SheetT, done: Sequence[str]) -> Consequence | None:
        """The round's end's next step not run yet (`done`: the operations run), asked of the
        sheet as it stands now: one step may end the state that calls for the next."""
        return next((s for s in self.round_steps(sheet) if s.operation not in done), None)

    def turn_end(self, sheet: SheetT) -> SheetT | None:
        """The end of the bearer's turn for the conditions that act on its sheet
        (`ecran.rules.ongoing`): each one's rounds run down, and one that runs out is gone,
        with the game's own condition it lifts (`lifted`). None where nothing changes (no
        condition with a duration). The encounter simulator runs it after each turn."""
        if all(o.rounds is None for o in sheet.ongoing):
            return None
        import ecran.rules.ongoing as ongoing

        kept, ended = ongoing.counted_down(sheet.ongoing)
        return self.all_lifted(sheet.model_copy(update={"ongoing": kept}), ended)

    def all_lifted(self, sheet: SheetT, ended: Iterable[ongoing.Lifting]) -> SheetT:
        """`sheet` without the game's own conditions that the `ended` ones lift (`lifted`):
        a sheet file's turn end, and the tracker's (`play.encounter.turns`)."""
        for gone in ended:
            if gone.lifts is not None:
                sheet = self.lifted(sheet, gone.lifts)
        return sheet

    def lifted(self, sheet: SheetT, condition: str) -> SheetT:
        """`sheet` without the game's own condition `condition` (an `Ongoing.lifts` that ran
        out). Default: the sheet as it is (a game without conditions of its own)."""
        return sheet

    def tracks(self, sheet: SheetT) -> list[SheetRow]:
        """What combat changes on this sheet, as the encounter tracker shows it beside each
        participant (wounds, fatigue, hit points, reserves…). Default: nothing."""
        return []

    def status(self, sheet: SheetT) -> Status:
        """Whether the sheet's bearer still fights (`up`), is out of action (`out`) or dead
        (`dead`), read from the game's own tracks: what ends a fight for the encounter simulator
        and the tracker. Default: always `up` (a game without tracks never leaves a fight)."""
        return "up"

    def fight_state(self, sheet: SheetT) -> Hashable:
        """The part of the sheet a fight reads and changes: two sheets with the same fight
        state have the same status and round end, and standing (`status` up) are offered the
        same attacks with the same parameters, take the same consequences, have the same
        initiative, and the same operation leads them to sheets of the same fight state
        again. One out of the fight never acts nor is struck again (the simulator's
        convention): only its round end reads it, so a game may fold the rest. The encounter
        simulator keeps one state per fight state, so sheets that fight alike share every
        cached exchange. Default: the whole sheet (always exact); a game whose tracks hold
        more than a fight reads (marks past the last malus column, notes) folds them here,
        citing its lines (tests/rules/test_contract_fight_state.py)."""
        return sheet.model_dump_json()

    def sources(self) -> list[Source]:
        found: list[Source] = []
        for c in self.checks:
            found.extend(c.sources)
        for op in self.operations:
            found.extend(op.sources)
        found.extend(o.source for o in self.options)
        return found
