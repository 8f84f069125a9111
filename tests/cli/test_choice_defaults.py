"""Issue #29, "French at the keyboard": where `--help` shows the default of a value one types (a
choice), it shows the name one types, as its choice list and the shell's completion give it
(`[par défaut : de-garde]` beside `[de-garde|chaque-de]`; `[default: kept-die]` beside
`[kept-die|each-die]`), never the choice's label (`dé gardé`, `kept die`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import click
import pytest

from ecran.cli.app import command
from ecran.cli.lang import set_lang
from language.finder import LANGS

#: The default as `option_help` writes it at the end of the help text.
DEFAULT = re.compile(r"\[(?:default: |par défaut[ \u00a0\u202f]: )([^\]]+)\]$")


def _commands(group: click.Command) -> Iterator[tuple[click.Context, click.Command]]:
    ctx = click.Context(group, info_name="ecran")
    yield ctx, group
    if isinstance(group, click.Group):
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from _commands(sub)


def _typed_choices(lang: str) -> Iterator[tuple[str, str, list[str]]]:
    """(option, its default as its help shows it, the names one types) for every option whose
    values the shell completes from a list (the choices), in every command."""
    set_lang(lang)
    for ctx, cmd in _commands(command([])):
        for param in cmd.params:
            if not isinstance(param, click.Option) or param._custom_shell_complete is None:
                continue
            found = DEFAULT.search(param.help or "")
            if found is None:
                continue
            names = [item.value for item in param.shell_complete(ctx, "")]
            yield f"{cmd.name} {param.opts[0]}", found[1], names


@pytest.mark.parametrize("lang", LANGS)
def test_a_choices_default_is_shown_as_it_is_typed(lang: str) -> None:
    seen = list(_typed_choices(lang))
    assert len(seen) > 20, seen  # the walk reaches the checks' choices
    wrong = {option: (default, names) for option, default, names in seen if default not in names}
    assert not wrong, wrong


def test_the_french_default_is_the_french_name() -> None:
    set_lang("fr")
    shown = {option: default for option, default, _ in _typed_choices("fr")}
    assert shown["test-xp --privilege-criticals"] == "de-garde", shown
