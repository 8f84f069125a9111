"""`ecran odds SYSTEM CHECK …` and `ecran roll SYSTEM CHECK …`, generated from the registry.

Each check's pydantic parameter model becomes click options: field names in kebab-case, booleans
as --name/--no-name. Values go to pydantic unconverted where possible, so the CLI and the API say
the same thing about the same bad value.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import click
from pydantic import BaseModel

from ecran.cli.collector import building
from ecran.cli.fields import choice_names, choices_of, kebab, option_help, union_choices
from ecran.cli.file_name import FILE_NAME
from ecran.cli.lang import current, was_typed
from ecran.cli.localize import AliasGroup, add_french
from ecran.cli.names import (
    english_value_names,
    item_names,
    listed_id,
    option_name,
    typed,
    value_names,
)
from ecran.cli.render import console, echo_json, odds_table, roll_table
from ecran.cli.suggest import unknown_name
from ecran.cli.words import _
from ecran.engine import get_system
from ecran.engine.records import OddsReport, RollRecord, odds_report, roll_record
from ecran.engine.registry import has_system, known_ids
from ecran.rules import Check, EcranError, FieldMeta, System
from ecran.rules.refusals import from_errors, named_choices
from ecran.rules.text import Text

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem
    from rich.table import Table

    from ecran.rules import Operation  # `ecran op`'s: a check's odds load no operation (#32)

#: What a check command answers: exact odds or one seeded roll.
Answer = TypeVar("Answer", OddsReport, RollRecord)


#: A first word that is dice notation (`4d6kh3`, `d20`, `2d6+3`), not a game's id.
_DICE = re.compile(r"^\d*d(\d+|%|F)", re.IGNORECASE)


class OneLineGroup(AliasGroup):
    """A group whose unknown sub-command is a one-line EcranError listing what is allowed and
    the closest names ("did you mean")."""

    def __init__(self, *args: Any, kind: Text, **kwargs: Any) -> None:
        kwargs.setdefault("subcommand_metavar", _("COMMAND [ARGS]..."))
        super().__init__(*args, **kwargs)
        self.kind = kind

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None:
            aliases = self._aliases(ctx)

            def shown(name: str, lang: str) -> str:  # a close name, as the reader's list has it
                return aliases.shown(aliases.english_of(name) or name, lang)

            every = aliases.all_names()
            raise unknown_name(self.kind, args[0], self.list_commands(ctx), every, shown)
        return super().resolve_command(ctx, args)


class SystemsGroup(OneLineGroup):
    """One sub-group per system, built when named: `ecran odds warp …` imports only warp."""

    def __init__(
        self, name: str, help: str, build_system: Callable[[System[Any]], click.Group | None]
    ) -> None:
        super().__init__(name, help=_(help), kind=Text(fr="système", en="system"))
        self.build_system = build_system
        self._built: dict[str, click.Group | None] = {}

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except EcranError as exc:
            if not args or not _DICE.match(args[0]):
                raise
            # `ecran roll 4d6kh3`: dice notation where a game was expected says where it goes
            hint = Text(
                fr=f" — pour lancer des dés : ecran dice {args[0]}",
                en=f" — to roll dice: ecran dice {args[0]}",
            )
            raise EcranError(Text(fr=exc.text.fr + hint.fr, en=exc.text.en + hint.en)) from None

    def base_list(self, ctx: click.Context) -> list[str]:
        return known_ids()

    def base_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if not has_system(name):
            return None
        if name not in self._built:  # click asks twice (resolve, then run): build once
            with building():
                self._built[name] = self.build_system(get_system(name))
        return self._built[name]


Item = TypeVar("Item", Check[Any], "Operation[Any, Any]")


class NamedGroup(OneLineGroup, Generic[Item]):
    """One system's checks or operations, listed in kebab-case (`test-xp`); a command is built
    when named, by its id, its kebab-case id or its French title (`System.check` finds it)."""

    def __init__(
        self,
        system: System[Any],
        lang: str,
        kind: Text,
        items: Sequence[Item],
        find: Callable[[str], Item],
        make: Callable[[Item], click.Command],
    ) -> None:
        super().__init__(system.id, help=system.name(lang), kind=kind)
        self.system_id = system.id
        self.table = "checks" if kind.en == "check" else "operations"
        self.items: Sequence[Item] = items
        self.find: Callable[[str], Item] = find
        self.make: Callable[[Item], click.Command] = make

    def base_list(self, ctx: click.Context) -> list[str]:
        return [kebab(item.name) for item in self.items]

    def french_names(self, english: list[str]) -> dict[str, list[str]]:
        """Each item's French names: the data's word, else its title (`ecran.cli.names`)."""
        return item_names(self.system_id, self.table, ((i.name, i.title.fr) for i in self.items))

    def base_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands:
            with building():
                try:
                    item = self.find(listed_id(self.system_id, self.table, name) or name)
                except EcranError:
                    return None
                self.commands[name] = self.make(item)
        return self.commands.get(name)


def checks_group(
    system: System[Any], lang: str, make: Callable[[str, Check[Any], str], click.Command]
) -> NamedGroup[Check[Any]]:
    def build(check: Check[Any]) -> click.Command:
        command = make(system.id, check, lang)
        command.name = kebab(check.name)
        return command

    def find(name: str) -> Check[Any]:
        """`System.check`, a kebab-case id (`test-xp`) first turned to its id where the game
        lists its ids (`ecran.systems.Listed`): the walk to it then stops at that check, and
        the checks after it are not imported."""
        ids = getattr(system.checks, "ids", ())
        snake = name.replace("-", "_")
        return system.check(snake if snake in ids else name)

    kind = Text(fr="test", en="check")
    return NamedGroup(system, lang, kind, system.checks, find, build)


def param_options(model: type[BaseModel], lang: str) -> list[click.Option]:
    """Click options for every field of a parameter model (checks, operations and NPC choices
    alike). A field's aliases (`FieldMeta.aliases`) are extra names of the same option, and its
    French name (`ecran.cli.names`) another. A choice is not checked here: the model reads it
    as people type it (`Feu` for `feu`) and refuses an unknown one with the API's own message."""
    flags = {name.replace("_", "-") for name in model.model_fields}
    french = french_flags(model, flags)
    options = []
    for name, info in model.model_fields.items():
        flag = name.replace("_", "-")
        meta = FieldMeta.of(name, info)
        others = [
            alias for alias in (a.replace("_", "-") for a in meta.aliases) if alias not in flags
        ]
        default = None if info.is_required() else info.default
        if info.annotation is bool:
            option = click.Option(
                [f"--{f}/--no-{f}" for f in (flag, *others)] + [name],
                default=default,
                help=option_help(name, info, lang),  # a flag on by default says so
            )
        elif choices := choices_of(info.annotation):
            words = {c: meta.choice_label(c).fr for c in choices}
            english = {c: meta.choice_label(c).en for c in choices}
            option = click.Option(
                [f"--{f}" for f in (flag, *others)] + [name],
                # listed here, checked by pydantic: the same bilingual message as the API
                metavar="[" + "|".join(choice_names(words, lang, english).values()) + "]",
                default=None,
                callback=_choice_id(words, english),
                shell_complete=_complete_choice(words, english),
                help=option_help(name, info, lang),
            )
        else:
            # a union's named choices, or a text's declared ones (WaRP's disease: « benigne »)
            listed = union_choices(info.annotation) or (
                list(meta.choice_labels) if info.annotation is str else []
            )
            named = {c: meta.choice_label(c).fr for c in listed}
            named_en = {c: meta.choice_label(c).en for c in listed}
            option = click.Option(
                [f"--{f}" for f in (flag, *others)] + [name],
                default=None,
                metavar=_metavar(info.annotation),
                help=option_help(name, info, lang),
                # a union's named choices typed in either language, its other values as typed
                callback=_choice_id(named, named_en) if named else None,
                shell_complete=_complete_choice(named, named_en) if named else None,
            )
        if name in french:
            add_french(option, french[name])
        elif info.annotation is bool and option_name(name, None) == flag:
            add_french(option, flag)  # the same word in French: only its off switch differs
        options.append(option)
    return options


def french_flags(model: type[BaseModel], flags: set[str]) -> dict[str, str]:
    """field -> its French option name, for the fields whose name is no other field's English
    or French name (two fields labelled "Malus" get none from their labels)."""
    names: dict[str, str] = {}
    for name, info in model.model_fields.items():
        meta = FieldMeta.of(name, info)
        found = option_name(name, meta.label.fr if meta.label_declared else None)
        if found is not None and found not in flags and found != kebab(name):
            names[name] = found
    counts = Counter(names.values())
    # a name the data gives (`difficulty` → `difficulte`) wins over a label's alike
    # (`opponent_difficulty`, labelled « Difficulté »), which is dropped
    listed = Counter(f for n, f in names.items() if option_name(n, None) is not None)
    return {
        name: french
        for name, french in names.items()
        if counts[french] == 1 or (listed[french] == 1 and option_name(name, None) == french)
    }


def _metavar(annotation: Any) -> str:
    """What an option's value is, in the reader's words: INT, NOMBRE (decimal), TEXTE, VALEUR."""
    names = {int: _("INT"), float: _("NUMBER"), str: _("TEXT")}
    return names.get(annotation, _("VALUE"))


def _choice_id(
    words: dict[str, str], english: dict[str, str] | None = None
) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """A choice typed as `--help` lists it, in either language and with accents or not, back to
    its id: `kept-die`, `de-garde`, `dé gardé` → `kept_die`, `cannot-miss` → `immanquable`;
    anything else goes to the model as typed (its refusal lists what is allowed)."""
    ids = {typed(c): c for c in words}
    ids.update((typed(name), c) for c, name in value_names(words).items())
    if english:
        ids.update((typed(n), c) for c, n in english_value_names(words, english).items())

    def to_id(_ctx: click.Context, _param: click.Parameter, value: Any) -> Any:
        return ids.get(typed(value), value) if isinstance(value, str) else value

    return to_id


def _complete_choice(
    words: dict[str, str], english: dict[str, str] | None = None
) -> Callable[[click.Context, click.Parameter, str], list[CompletionItem]]:
    """A choice's values for the shell, in the reader's language."""

    def complete(_ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        names = choice_names(words, current(), english).values()
        return [CompletionItem(n) for n in names if n.startswith(typed(incomplete))]

    return complete


def given(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def _odds_command(system_id: str, check: Check[Any], lang: str) -> click.Command:
    def answer(sheet: str | None, **values: Any) -> OddsReport:
        return odds_report(system_id, check.name, borne(system_id, check, values, sheet))

    return _check_command(check, lang, answer, odds_table, [sheet_option()])


def _roll_command(system_id: str, check: Check[Any], lang: str) -> click.Command:
    def answer(seed: int | None, sheet: str | None, **values: Any) -> RollRecord:
        return roll_record(system_id, check.name, borne(system_id, check, values, sheet), seed)

    return _check_command(check, lang, answer, roll_table, [seed_option(), sheet_option()])


def sheet_option() -> click.Option:
    option = click.Option(
        ["--sheet"],
        default=None,
        metavar=_("FILE.json"),
        type=FILE_NAME,
        help=_(
            "a sheet file: what weighs on its bearer weighs on the roll (blinded: 2 disadvantages)"
        ),
    )
    add_french(option, "feuille")
    return option


def borne(
    system_id: str, check: Check[Any], values: dict[str, Any], sheet_file: str | None
) -> dict[str, Any]:
    """The parameters typed, with the conditions that act on the sheet `sheet_file` on top
    (#30 item 5: those an operation wrote into it, `ecran op … -o`), said on standard error
    as the label says them (« Test [aveuglé : 2 désavantages] »)."""
    params = given(values)
    if sheet_file is None:
        return params
    from pathlib import Path

    from ecran.cli.characters import read_sheet
    from ecran.rules import Action
    from ecran.rules.ongoing import shifted

    system, sheet = read_sheet(Path(sheet_file), expected_system=system_id)
    params = {**check.from_sheet(system.own(sheet)), **params}
    action = shifted(system, Action(check.title, check.name, params), sheet.ongoing)
    if action.label != check.title:
        click.echo(action.label(current()), err=True)
    return action.params


def _check_command(
    check: Check[Any],
    lang: str,
    answer: Callable[..., Answer],
    table: Callable[[Answer, Check[Any], str], Table],
    extra: list[click.Parameter],
) -> click.Command:
    """One command per check: its parameters as options, the answer as JSON or as a table."""

    def run(as_json: bool, **values: Any) -> None:
        try:
            result = answer(**values)
        except EcranError as exc:
            raise as_flags(exc, check.params) from None
        if as_json:
            echo_json(result.model_dump())
        else:
            console().print(table(result, check, current()))

    return check_command(check, lang, run, extra)


def check_command(
    check: Check[Any], lang: str, run: Callable[..., None], extra: list[click.Parameter]
) -> click.Command:
    """The command of one check: its parameters as options, then `extra`, then `--json`."""
    params = [*param_options(check.params, lang), *extra]
    return json_command(check.name, run, params, check.description(lang))


def json_command(
    name: str, run: Callable[..., None], params: list[click.Parameter], help_text: str
) -> click.Command:
    """A command with `params` and, last as in every command, `--json`."""
    return click.Command(name, callback=run, params=[*params, json_flag()], help=help_text)


def flag(param: str) -> str:
    """A parameter as the command line names it: `--skill`, `--advantage-dice`."""
    return "--" + kebab(param)


def as_flags(exc: EcranError, model: type[Any]) -> EcranError:
    """A refusal of the check's parameters as the command line reader typed them: each field
    it is about (`field_errors`) named by its option (`--skill : nombre entier attendu`), not
    by its label. A refusal that names its fields by their labels only (`by_id` unset) is
    already in the reader's words."""
    if exc.by_id is None or not exc.field_errors or not model.model_fields:
        return exc
    french = french_flags(model, {kebab(name) for name in model.model_fields})
    options = {
        name: _option_said(name, french.get(name), FieldMeta.of(name, info).aliases)
        for name, info in model.model_fields.items()
    }
    named = [_named_as_typed(error, model) for error in exc.field_errors]
    flagged = EcranError(exc.text)
    flagged.by_id = from_errors(named, options).text
    return flagged


def _option_said(name: str, french: str | None, aliases: Sequence[str] = ()) -> Text:
    """An option as the reader typed it (`--target`, `--seuil`, an alias `--amount`), else as
    the `--help` of the reader's language lists it."""
    english, other = flag(name), f"--{french}" if french else flag(name)
    typed = [o for o in (english, other, *map(flag, aliases)) if was_typed(o)]
    if typed:
        return Text(fr=typed[0], en=typed[0])
    return Text(fr=other, en=english)


def _named_as_typed(error: Any, model: type[BaseModel]) -> Any:
    """A refused choice's error listing the choices by the names `--help` lists in each
    language (`« de-garde » ou « chaque-de »`, `'kept-die' or 'each-die'`)."""
    info = model.model_fields.get(error["loc"][0]) if error["loc"] else None
    if info is None:
        return error
    meta = FieldMeta.of(str(error["loc"][0]), info)
    ids = choices_of(info.annotation) or union_choices(info.annotation)
    words = {str(c): meta.choice_label(c).fr for c in ids}
    labels = {str(c): meta.choice_label(c).en for c in ids}
    french, english = choice_names(words, "fr"), choice_names(words, "en", labels)
    return named_choices(error, [Text(fr=french[c], en=english[c]) for c in words])


def json_flag() -> click.Option:
    return click.Option(["--json", "as_json"], is_flag=True, help=_("JSON output (fixed contract)"))


def seed_option() -> click.Option:
    return click.Option(
        ["--seed"], type=int, default=None, metavar=_("INT"), help=_("seed (replays the same dice)")
    )


def build(kind: str, lang: str) -> click.Group:
    """The `odds` or `roll` group: one sub-group per system, one command per check."""
    helps = {
        "odds": "Exact odds of every outcome of a check.",
        "roll": "Roll a check with seeded dice.",
    }
    make = _odds_command if kind == "odds" else _roll_command
    return systems_group(kind, helps[kind], lang, make)


def systems_group(
    name: str, help_text: str, lang: str, make: Callable[[str, Check[Any], str], click.Command]
) -> SystemsGroup:
    """A command group of one sub-group per system, one command per check (`make` builds it)."""

    def checks_of(system: System[Any]) -> click.Group:
        return checks_group(system, lang, make)

    return SystemsGroup(name, help_text, checks_of)


def check_of(system_id: str, check_name: str) -> Check[Any]:
    return get_system(system_id).check(check_name)


__all__ = ["EcranError", "build", "check_of"]
