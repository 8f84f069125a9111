"""The `ecran` command: fixed commands from Typer, per-check commands generated from the rules.

Every user error ends here as one line on stderr and exit code 2; never a traceback.

Start-up is the cost of every command, so nothing is imported before a command needs it: the
root group knows each command's name and one-line help (`COMMANDS`) and imports the module that
builds it only when it is run or asked for its own help. `ecran --help` loads no system, no
pydantic model and no web code; `ecran odds artemis …` loads Artémis and nothing else.
"""

from __future__ import annotations

import importlib
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import click
from typer.core import TyperGroup

from ecran.cli import collector, names, words
from ecran.cli.collector import building
from ecran.cli.lang import current, reset, set_lang, set_typed
from ecran.cli.suggest import did_you_mean
from ecran.cli.words import _

#: The root help (a catalogue msgid, French by default like every line here).
HELP = "The GM's screen: rules, exact dice and a game table for five French role-playing games."

#: `-h` as well as `--help`, on every command (click hands it down to sub-contexts).
CONTEXT = {"help_option_names": ["-h", "--help"]}

LANG_HELP = "fr (default) or en; also ECRAN_LANG"

#: name -> (module that builds it, one-line help shown by `ecran --help`). The help here is the
#: command's own first line, so listing the commands imports none of them.
COMMANDS: dict[str, tuple[str, str]] = {
    "dice": (
        "ecran.cli.dice_cmd",
        "Roll dice notation or show its exact odds: 4d6kh3, 1d20+5, 6d10>=8, 3d6!, 1d4r1, d%.",
    ),
    "npc": ("ecran.cli.characters", "A random NPC that passes the system's validation."),
    "sheet": (
        "ecran.cli.characters",
        "Show a character sheet in the terminal (or print it), with the rules it breaks.",
    ),
    "serve": ("ecran.cli.serve_cmd", "Start the web table (FastAPI) on http://HOST:PORT."),
    "character": ("ecran.cli.characters", "Create and check character sheets (JSON)."),
    "odds": ("ecran.cli.checks", "Exact odds of every outcome of a check."),
    "roll": ("ecran.cli.checks", "Roll a check with seeded dice."),
    "odds-sheet": (
        "ecran.cli.sheet_odds_cmd",
        "Exact odds of every action of a character sheet, at every difficulty.",
    ),
    "op": (
        "ecran.cli.operations",
        "Apply a rules operation (wound, rest, spend...) to a sheet file.",
    ),
    "verify": (
        "ecran.cli.verify_cmd",
        "Check a table's dice from its export: commitments, seeds and dice.",
    ),
    "simulate": (
        "ecran.cli.simulate_cmd",
        "Simulate a check N times from its exact odds: the count of each outcome.",
    ),
    "encounter": (
        "ecran.cli.encounter_cmd",
        "Simulate a whole fight: each side's probability of winning.",
    ),
    "advise": (
        "ecran.cli.advise_cmd",
        "The player's choices for a roll (privilege, experience, aim...), ranked by exact odds.",
    ),
    "table": (
        "ecran.cli.table_cmd",
        "Export a whole table (JSON) or import one into this server's database.",
    ),
    "completion": (
        "ecran.cli.completion",
        "Shell completion: print the script for bash, zsh or fish.",
    ),
}


class EcranGroup(TyperGroup):
    """The root group: commands built on first use, listed from `COMMANDS` without importing."""

    def __init__(self, lang: str) -> None:
        super().__init__(
            name="ecran",
            help=_(HELP),
            no_args_is_help=True,
            context_settings=CONTEXT,
            params=[
                click.Option(["--lang", "--langue"], default=None, help=_(LANG_HELP)),
                _completion_option(
                    "install", "installer", _("Install completion for the current shell.")
                ),
                _completion_option(
                    "show",
                    "montrer",
                    _("Show completion for the current shell, to copy it or customize it."),
                ),
                click.Option(
                    ["-V", "--version"],
                    is_flag=True,
                    expose_value=False,
                    is_eager=True,
                    callback=_version,
                    help=_("Show the version and exit."),
                ),
            ],
            callback=_root,
        )
        self.lang = lang
        self._built: dict[str, click.Command] = {}

    def _main_shell_completion(
        self, ctx_args: Any, prog_name: str, complete_var: str | None = None
    ) -> None:
        """click's completion protocol (`bash_complete`…), the one its scripts speak; Typer's
        own (`complete_bash`) answers nothing to them."""
        click.Command._main_shell_completion(self, ctx_args, prog_name, complete_var)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The commands in the reader's language (`ecran.cli.names`)."""
        shown = names.commands()
        return [shown.shown(name, self.lang) for name in COMMANDS]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A command by its English or French name, accents typed or not."""
        name = cmd_name if cmd_name in COMMANDS else names.commands().english_of(cmd_name)
        if name is None:
            return None
        if name not in self._built:
            from ecran.cli.localize import localize

            with building():
                self._built[name] = built = _build(name, self.lang)
                localize(built, name)
        return self._built[name]

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[Any]:
        """Commands in the reader's language, else the other's (`ecran od<TAB>`)."""
        from click.shell_completion import CompletionItem

        found = super().shell_complete(ctx, incomplete)
        if found or incomplete.startswith("-"):
            return found
        every = names.commands().all_names()
        return [CompletionItem(n) for n in every if n.startswith(names.typed(incomplete))]

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None:
            hint = did_you_mean(args[0], names.commands().all_names())
            message = _("No such command {name!r}.").format(name=args[0])
            raise click.UsageError(f"{message} {hint}".strip(), ctx)
        return super().resolve_command(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The root help, drawn as Typer draws it (boxed panels) without loading Rich's Markdown
        and syntax highlighting: listing the commands is then as quick as importing Typer."""
        width = min(shutil.get_terminal_size().columns, 80)
        usage = _("Usage:")
        lines = ["", f" {usage} {ctx.command_path} {_('[OPTIONS] COMMAND [ARGS]...')}", ""]
        lines += [" " + line for line in textwrap.wrap(_(HELP), width - 2)] + [""]
        options = [
            (self._flag("--lang"), _("TEXT"), _(LANG_HELP)),
            (
                self._flag("--install-completion"),
                "",
                _("Install completion for the current shell."),
            ),
            (self._flag("--show-completion"), "", _("Show completion for the current shell.")),
            ("-V, --version", "", _("Show the version and exit.")),
            ("-h, --help", "", _("Show this message and exit.")),
        ]
        lines += _panel(_("Options"), [(f"{n:<20} {m}", h) for n, m, h in options], width)
        shown = names.commands()
        rows = [(shown.shown(n, self.lang), _(h)) for n, (_module, h) in COMMANDS.items()]
        lines += _panel(_("Commands"), rows, width)
        formatter.write("\n".join(lines) + "\n")

    def _flag(self, flag: str) -> str:
        """A root option as the reader's language names it."""
        return (names.flag_name(flag) or flag) if self.lang == "fr" else flag


def _panel(title: str, rows: list[tuple[str, str]], width: int) -> list[str]:
    """Rows of (name, help) in a rounded box titled `title`, help wrapped to the width."""
    name_width = max(len(name) for name, _ in rows) + 2
    inner = width - 4
    lines = [f"╭─ {title} " + "─" * (width - len(title) - 5) + "╮"]
    for name, text in rows:
        wrapped = textwrap.wrap(text, inner - name_width) or [""]
        for i, part in enumerate(wrapped):
            cell = (name if i == 0 else "").ljust(name_width) + part
            lines.append(f"│ {cell.ljust(inner)} │")
    lines.append("╰" + "─" * (width - 2) + "╯")
    return lines


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    click.echo(f"ecran {version('ecran')}")
    ctx.exit(0)


def _completion_option(action: str, french: str, help_text: str) -> click.Option:
    """`--<action>-completion [SHELL]`, also spelled in French (`--<french>-completion`)."""
    return click.Option(
        [f"--{action}-completion", f"--{french}-completion"],
        is_flag=False,
        flag_value="",
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_completion(action),
        help=help_text,
    )


def _completion(action: str) -> Callable[[click.Context, click.Parameter, Any], None]:
    """`--show-completion [SHELL]` prints the completion script; `--install-completion [SHELL]`
    adds it to the shell's start-up file (the shell from $SHELL when none is named)."""

    def run(ctx: click.Context, _param: click.Parameter, value: Any) -> None:
        if value is None or ctx.resilient_parsing:
            return
        from ecran.cli.completion import install, script, shell_of

        shell = shell_of(value)
        if action == "show":
            from ecran.cli.render import raw_echo

            raw_echo(script(shell))
        else:
            click.echo(install(shell))
        ctx.exit(0)

    return run


def _root(lang: str | None) -> None:
    if lang is not None:
        if lang not in ("fr", "en"):
            from ecran.rules import EcranError, Text

            raise EcranError(Text(fr="langue : fr ou en", en="language: fr or en"))
        set_lang(lang)


def _build(name: str, lang: str) -> click.Command:
    module: Any = importlib.import_module(COMMANDS[name][0])
    if name in ("odds", "roll"):
        built: click.Command = module.build(name, lang)
    elif name == "op" or hasattr(module, "build"):
        built = module.build(lang)
    else:  # a Typer-registered module: its commands, as click commands
        built = _typer_commands(module.register)[name]
    return built


def _typer_commands(register: Callable[[Any], None]) -> dict[str, click.Command]:
    import typer

    holder = typer.Typer(add_completion=False, rich_markup_mode=None)
    register(holder)
    command = typer.main.get_command(holder)
    commands = dict(command.commands) if isinstance(command, click.Group) else {}
    if not isinstance(command, click.Group):
        assert command.name is not None
        commands = {command.name: command}
    for built in commands.values():
        translate_help(built)
    return commands


def translate_help(command: click.Command) -> None:
    """A Typer-built command's help lines (English msgids) through the catalogue, and plain
    click formatting (whose words the catalogue translates too) instead of Typer's Rich panels."""
    if command.help:
        command.help = _(" ".join(command.help.split()))  # a docstring's lines as one msgid
    if command.short_help:
        command.short_help = _(" ".join(command.short_help.split()))
    if hasattr(command, "rich_markup_mode"):
        command.rich_markup_mode = None
    for param in command.params:
        text = getattr(param, "help", None)
        if isinstance(text, str) and text:
            setattr(param, "help", _(text))  # noqa: B010 (options and Typer's arguments alike)
        if param.metavar:
            param.metavar = _(param.metavar)
        elif isinstance(param, click.Option) and param.type is click.STRING:
            param.metavar = _("TEXT")
        elif isinstance(param, click.Option) and isinstance(param.type, click.Path):
            param.metavar = _("FILE")
    if isinstance(command, click.Group):
        command.subcommand_metavar = _("COMMAND [ARGS]...")
        for sub in command.commands.values():
            translate_help(sub)


def command(argv: list[str] | None = None) -> click.Group:
    lang = _lang_from_argv(sys.argv[1:] if argv is None else argv)
    set_lang(lang)  # the help lines are worded as the commands are built, before --lang is parsed
    return EcranGroup(lang)


def _lang_from_argv(argv: list[str]) -> str:
    if "--lang" in argv:
        i = argv.index("--lang")
        if i + 1 < len(argv) and argv[i + 1] in ("fr", "en"):
            return argv[i + 1]
    return current()


#: pydantic's plugins: none for the command line (README, "Start-up"); a user's value is kept.
PLUGINS_ENV = "PYDANTIC_DISABLE_PLUGINS"
PLUGIN_LOADER = "pydantic.plugin._loader"


def skip_pydantic_plugins() -> None:
    """No pydantic plugins in a command: ecran uses none, and looking for them costs every
    command that builds a model ~15 ms (pydantic imports `importlib.metadata`, and with it the
    `email` package, to read every installed package's entry points). With the variable at
    `__all__`, pydantic's loader answers "no plugins" without reading them; the loader module
    itself is then that one answer (`NoPluginLoader`), so `importlib.metadata` is not even
    imported."""
    os.environ.setdefault(PLUGINS_ENV, "__all__")
    installed = any(isinstance(f, NoPluginLoader) for f in sys.meta_path)
    if os.environ[PLUGINS_ENV] == "__all__" and PLUGIN_LOADER not in sys.modules and not installed:
        sys.meta_path.insert(0, NoPluginLoader())


class NoPluginLoader:
    """An import finder for pydantic's plugin loader alone: a module whose `get_plugins` finds
    none. Any other name asked of it loads pydantic's own module (a later pydantic that asks
    its loader for more stays correct)."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != PLUGIN_LOADER:
            return None
        from importlib.machinery import ModuleSpec

        return ModuleSpec(name, self)  # type: ignore[arg-type]  # a Loader by duck typing

    def create_module(self, spec: Any) -> None:
        return None  # the default module

    def exec_module(self, module: Any) -> None:
        def real(name: str) -> Any:
            if name.startswith("__"):  # the import system's questions (`__path__`)
                raise AttributeError(name)
            if self in sys.meta_path:
                sys.meta_path.remove(self)
            del sys.modules[PLUGIN_LOADER]
            return getattr(importlib.import_module(PLUGIN_LOADER), name)

        module.get_plugins = tuple
        module.__getattr__ = real


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the command, turning every user error into one line and exit 2. Called
    without `argv`, it is the `ecran` process itself: its start-up and exit keep the garbage
    collector off what lives until the process ends (`ecran.cli.collector`)."""
    if argv is None:
        collector.process()
    try:
        return _main(argv)
    finally:
        collector.leaving()


def _main(argv: list[str] | None) -> int:
    skip_pydantic_plugins()  # before pydantic loads (no command has yet)
    try:
        reset()
        words.install()
        args = typed_args(sys.argv[1:] if argv is None else argv)
        set_typed(args)
        if "_ECRAN_COMPLETE" in os.environ:  # a shell asks for completions: click's protocol
            from ecran.cli.completion import click_classes

            click_classes()
        # Without standalone mode, click (>= 8.2) returns an exit code instead of raising it.
        code = command(args).main(args=args, prog_name="ecran", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except click.exceptions.Exit as exc:
        return int(exc.exit_code or 0)
    except click.exceptions.NoArgsIsHelpError as exc:  # bare `ecran`, a group alone: its help
        click.echo(exc.ctx.get_help())
        return 0
    except SystemExit as exc:
        if _is_bad_setting(exc):
            _fail(exc.line)  # type: ignore[attr-defined]
        raise
    except click.exceptions.Abort:
        _fail(_("Aborted!"))
    except click.UsageError as exc:
        _fail(_one_line(exc.format_message()))
    except click.ClickException as exc:
        _fail(_one_line(exc.format_message()))
    except Exception as exc:
        if _is_user_error(exc):
            _fail(exc.command_line(current()))  # type: ignore[attr-defined]
        if _debugging():  # a bug of ours: one line, the trace on demand
            raise
        click.echo(
            f"ecran: internal error ({type(exc).__name__}: {exc}); ECRAN_DEBUG=1 shows more",
            err=True,
        )
        sys.exit(1)
    return 0


def typed_args(argv: list[str]) -> list[str]:
    """The arguments with each option as its name without accents or capitals
    (`--Compétence` is `--competence`, `ecran.cli.names.fold_option`), and `--langue` read as
    `--lang` (the root reads it before the commands are built)."""
    args = [names.fold_option(a) for a in argv]
    return ["--lang" if a == "--langue" else a for a in args]


def _is_bad_setting(exc: SystemExit) -> bool:
    """An environment variable's bad value (`ecran.settings.BadSetting`): one line, exit 2."""
    settings = sys.modules.get("ecran.settings")
    return settings is not None and isinstance(exc, settings.BadSetting)


def _debugging() -> bool:
    from ecran.settings import BadSetting, value

    try:
        return bool(value("debug"))
    except BadSetting:  # while reporting a bug: a wrong ECRAN_DEBUG is no trace
        return False


def _is_user_error(exc: Exception) -> bool:
    """An EcranError, without importing the rules when none was raised (none could be)."""
    errors = sys.modules.get("ecran.rules.errors")
    return errors is not None and isinstance(exc, errors.EcranError)


def _one_line(message: str) -> str:
    """Click's message on one line: its "Choose from:" lists a choice a line."""
    return " ".join(part.strip() for part in message.splitlines() if part.strip())


def _fail(message: str) -> None:
    line = message.splitlines()[0] if message else "error"
    if current() == "fr":
        from ecran.typography import typeset

        line = typeset(french_quotes(line), "fr")
    click.echo(f"ecran: {line}", err=True)
    sys.exit(2)


#: Click quotes the names it suggests as Python does ('--skill'); a French line quotes « --skill ».
_SUGGESTED = re.compile(r"'([^'\s]+)'")


#: What Click writes before the names it quotes as Python does: a missing or invalid
#: parameter's hint ('EXPR', '--skill'), once.
_HINTED = ("Argument manquant", "Option manquante", "Paramètre manquant", "Valeur invalide pour")


def french_quotes(line: str) -> str:
    """Click's quoted names in French quotation marks: every suggestion after "Vouliez-vous
    dire", and the parameter a missing or invalid value names (the first quote after its
    words); an apostrophe elsewhere may be the message's French (« l'option »)."""
    head, said, tail = line.partition("Vouliez-vous dire")
    if said:
        return head + said + _SUGGESTED.sub(r"« \1 »", tail)
    for lead in _HINTED:
        if line.startswith(lead):
            line = lead + _SUGGESTED.sub(r"« \1 »", line[len(lead) :], count=1)
    head, said, tail = line.partition("n'est pas parmi")
    return head + said + _SUGGESTED.sub(r"« \1 »", tail)


if __name__ == "__main__":
    sys.exit(main())
