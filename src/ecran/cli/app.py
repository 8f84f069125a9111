"""The `ecran` command: fixed commands from Typer, per-check commands generated from the rules.

Every user error ends here as one line on stderr and exit code 2; never a traceback.
"""

from __future__ import annotations

import os
import sys

import click
import typer

from ecran.cli import characters, checks, dice_cmd, operations, serve_cmd
from ecran.cli.lang import current, reset, set_lang
from ecran.rules import EcranError, Text

app = typer.Typer(
    name="ecran",
    help="L'écran du MJ : règles, dés exacts et table de jeu pour cinq jeux de rôle français.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def root(
    lang: str = typer.Option(None, "--lang", help="fr (default) or en; also ECRAN_LANG"),
) -> None:
    if lang is not None:
        if lang not in ("fr", "en"):
            raise EcranError(Text(fr="langue : fr ou en", en="language: fr or en"))
        set_lang(lang)


dice_cmd.register(app)
characters.register(app)
serve_cmd.register(app)


def command() -> click.Group:
    group = typer.main.get_command(app)
    assert isinstance(group, click.Group)
    lang = _lang_from_argv(sys.argv)
    group.add_command(checks.build("odds", lang))
    group.add_command(checks.build("roll", lang))
    group.add_command(operations.build(lang))
    return group


def _lang_from_argv(argv: list[str]) -> str:
    if "--lang" in argv:
        i = argv.index("--lang")
        if i + 1 < len(argv) and argv[i + 1] in ("fr", "en"):
            return argv[i + 1]
    return current()


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the command, turning every user error into one line and exit 2."""
    reset()
    try:
        # Without standalone mode, click (>= 8.2) returns an exit code instead of raising it.
        code = command().main(args=argv, prog_name="ecran", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except EcranError as exc:
        _fail(exc.message(current()))
    except click.exceptions.Exit as exc:
        return int(exc.exit_code or 0)
    except click.exceptions.Abort:
        _fail("interrompu" if current() == "fr" else "aborted")
    except click.UsageError as exc:
        _fail(exc.format_message())
    except click.ClickException as exc:
        _fail(exc.format_message())
    except Exception as exc:  # a bug of ours: still one line for the user, the trace on demand
        if os.environ.get("ECRAN_DEBUG"):
            raise
        click.echo(
            f"ecran: internal error ({type(exc).__name__}: {exc}); ECRAN_DEBUG=1 shows more",
            err=True,
        )
        sys.exit(1)
    return 0


def _fail(message: str) -> None:
    click.echo(f"ecran: {message.splitlines()[0] if message else 'error'}", err=True)
    sys.exit(2)


if __name__ == "__main__":
    sys.exit(main())
