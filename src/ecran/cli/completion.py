"""Shell completion for bash, zsh and fish, through click's own machinery.

`ecran completion SHELL` (or `ecran --show-completion [SHELL]`) prints the script;
`ecran --install-completion [SHELL]` writes it where the shell reads it. The shell then asks
`ecran` itself (`_ECRAN_COMPLETE=bash_complete`…) for commands, systems, checks, options and
choice values, in the reader's language (`ECRAN_LANG`).

The scripts and the answers are click's own classes on both sides: Typer's classes speak another
protocol (a script of one with the answers of the other inserted `plain,odds` or failed on
`COMP_WORDS`), so click's are put back before either is used.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from ecran.cli.words import _

SHELLS = ("bash", "zsh", "fish")
#: The environment variable the scripts set when they ask `ecran` for completions.
COMPLETE_VAR = "_ECRAN_COMPLETE"


def click_classes() -> None:
    """click's own completion classes for the three shells (undoing Typer's, if loaded)."""
    from click.shell_completion import (
        BashComplete,
        FishComplete,
        ZshComplete,
        add_completion_class,
    )

    for cls in (BashComplete, ZshComplete, FishComplete):
        add_completion_class(cls)


def shell_of(name: str) -> str:
    """The shell named, else the one in $SHELL; refused in one line when it is none of ours."""
    shell = name or Path(os.environ.get("SHELL", "")).name
    if shell not in SHELLS:
        from ecran.rules import refuse

        raise refuse(
            f"shell inconnu « {shell} » : bash, zsh ou fish",
            f"unknown shell '{shell}': bash, zsh or fish",
        )
    return shell


def script(shell: str) -> str:
    from click.shell_completion import get_completion_class

    from ecran.cli.app import command

    click_classes()
    completion = get_completion_class(shell)
    assert completion is not None  # click knows the three shells
    return completion(command([]), {}, "ecran", COMPLETE_VAR).source()


#: Where each shell reads a completion script, and the line its start-up file needs for it.
_TARGETS = {
    "bash": (".bash_completions/ecran.sh", ".bashrc", "source ~/.bash_completions/ecran.sh"),
    "zsh": (".zfunc/_ecran", ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit"),
    "fish": (".config/fish/completions/ecran.fish", "", ""),
}


def install(shell: str, home: Path | None = None) -> str:
    """Write the script where `shell` reads it (and the line that loads it, once, in its
    start-up file); the message saying where."""
    from ecran.cli.files import write_file

    base = home or Path.home()
    target, rc, line = _TARGETS[shell]
    path = base / target
    path.parent.mkdir(parents=True, exist_ok=True)
    write_file(path, script(shell) + "\n")
    if rc:
        startup = base / rc
        known = startup.read_text(encoding="utf-8") if startup.exists() else ""
        if line not in known:
            with startup.open("a", encoding="utf-8") as stream:
                stream.write(f"\n{line}\n")
    return _("{shell} completion installed in {path}; it works in a new shell.").format(
        shell=shell, path=path
    )


def build(lang: str) -> click.Command:
    def run(shell: str) -> None:
        from ecran.cli.render import raw_echo

        raw_echo(script(shell))  # a script, as it is

    return click.Command(
        "completion",
        callback=run,
        params=[click.Argument(["shell"], type=click.Choice(SHELLS), metavar="[bash|zsh|fish]")],
        help=_("Shell completion: print the script for bash, zsh or fish."),
    )
