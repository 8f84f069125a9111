"""`ecran completion SHELL`: the completion script for bash, zsh or fish (click's own).

Install with e.g. `ecran completion bash >> ~/.bashrc` or
`ecran completion fish > ~/.config/fish/completions/ecran.fish`; the shell then asks
`ecran` itself (`_ECRAN_COMPLETE=complete_bash`…) for systems, commands, checks and options.
"""

from __future__ import annotations

import click

from ecran.cli.words import _

SHELLS = ("bash", "zsh", "fish")


def build(lang: str) -> click.Command:
    def run(shell: str) -> None:
        from click.shell_completion import get_completion_class
        from typer._completion_classes import completion_init

        from ecran.cli.app import command

        completion_init()  # the root group is Typer's: its scripts speak Typer's protocol
        completion = get_completion_class(shell)
        assert completion is not None  # the choice allows only the shells click knows
        click.echo(completion(command([]), {}, "ecran", "_ECRAN_COMPLETE").source())

    return click.Command(
        "completion",
        callback=run,
        params=[click.Argument(["shell"], type=click.Choice(SHELLS), metavar="[bash|zsh|fish]")],
        help=_("Shell completion: print the script for bash, zsh or fish."),
    )
