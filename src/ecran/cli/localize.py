"""The French names (`ecran.cli.names`) given to built click commands: a group finds a
sub-command by its English or French name, typed with accents or not, and lists it in the
reader's language; an option answers to its French name too, and `--help` and completion show
the names of the reader's language.

Click's classes are extended in place (a built object's class becomes a subclass of its own
with the mixin below), so Typer's, click's and ours are all treated alike.
"""

from __future__ import annotations

from typing import Any

import click
from click.shell_completion import CompletionItem

from ecran.cli.lang import current, was_typed
from ecran.cli.names import Aliases, flag_name, subcommand_names, typed

_CLASSES: dict[tuple[type, type], type] = {}


def _extend(obj: Any, mixin: type) -> None:
    """`obj`'s class, with `mixin` before it (once)."""
    cls = type(obj)
    if issubclass(cls, mixin):
        return
    key = (mixin, cls)
    if key not in _CLASSES:
        _CLASSES[key] = type(f"{mixin.__name__}{cls.__name__}", (mixin, cls), {})
    obj.__class__ = _CLASSES[key]


class FrenchOption(click.Option):
    """An option with French names: `--help` shows the reader's language's names, completion
    offers them."""

    french_opts: list[str]
    french_secondary: list[str]
    #: The names the option had before its French ones (a French name may be the same word:
    #: `--precise`, whose off switch is `--no-precise` in English, `--sans-precise` in French).
    english_opts: list[str]
    english_secondary: list[str]

    def shown_opts(self, lang: str) -> tuple[list[str], list[str]]:
        short = [o for o in self.opts if not o.startswith("--")]
        if lang == "fr":
            return short + self.french_opts, self.french_secondary or self.secondary_opts
        return short + self.english_opts, self.english_secondary

    def get_error_hint(self, ctx: click.Context | None) -> str:
        """A missing or invalid value names the option as the reader typed it, else as the
        `--help` of the reader's language lists it, not by all its names ('--trials' /
        '--essais')."""
        typed = [o for o in self.opts if was_typed(o)]
        shown = [o for o in self.shown_opts(current())[0] if o.startswith("--")]
        return " / ".join(f"'{name}'" for name in (typed or shown or self.opts)[:1])

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        saved = self.opts, self.secondary_opts
        self.opts, self.secondary_opts = self.shown_opts(current())
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts, self.secondary_opts = saved


def add_french(option: click.Option, name: str) -> None:
    """`--name` (and `--sans-name` for a flag with an off switch) as more names of `option`."""
    long = f"--{name}"
    if long in getattr(option, "french_opts", []):
        return
    if not hasattr(option, "english_opts"):
        option.english_opts = [o for o in option.opts if o.startswith("--")]  # type: ignore[attr-defined]
        option.english_secondary = list(option.secondary_opts)  # type: ignore[attr-defined]
    if long not in option.opts:
        option.opts.append(long)
    secondary = [f"--sans-{name}"] if option.secondary_opts else []
    option.secondary_opts.extend(s for s in secondary if s not in option.secondary_opts)
    _extend(option, FrenchOption)
    known = getattr(option, "french_opts", [])
    option.french_opts = [*known, long]  # type: ignore[attr-defined]
    french_secondary = getattr(option, "french_secondary", [])
    option.french_secondary = [*french_secondary, *secondary]  # type: ignore[attr-defined]


class LocalCommand(click.Command):
    """A command whose option completion offers the reader's language's names."""

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        found = super().shell_complete(ctx, incomplete)
        hidden: set[str] = set()
        for param in self.params:
            if isinstance(param, FrenchOption):
                shown, secondary = param.shown_opts(current())
                hidden.update(set(param.opts + param.secondary_opts) - set(shown + secondary))
        return [item for item in found if item.value not in hidden]


class AliasGroup(click.Group):
    """A group whose sub-commands answer to their French names (`french_names`) and to their
    names typed with accents or capitals; listed in the reader's language."""

    aliases: Aliases | None = None
    french: dict[str, str]

    def french_names(self, english: list[str]) -> dict[str, list[str]]:
        """English name -> its French names (the data's `subcommands` by default)."""
        french = getattr(self, "french", {})
        return {e: [french[e]] for e in english if e in french}

    def base_list(self, ctx: click.Context) -> list[str]:
        """The English names (a subclass's own listing; an extended group's original one)."""
        return super().list_commands(ctx)

    def base_command(self, ctx: click.Context, name: str) -> click.Command | None:
        """The sub-command by its English name (as `base_list`)."""
        return super().get_command(ctx, name)

    def _aliases(self, ctx: click.Context) -> Aliases:
        if self.aliases is None:
            english = self.base_list(ctx)
            self.aliases = Aliases(english, self.french_names(english))
        return self.aliases

    def list_commands(self, ctx: click.Context) -> list[str]:
        aliases = self._aliases(ctx)
        return [aliases.shown(name, current()) for name in aliases.english]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = self.base_command(ctx, cmd_name)  # the English name: nothing else walked
        english = cmd_name
        if found is None:
            english = self._aliases(ctx).english_of(cmd_name) or cmd_name
            found = self.base_command(ctx, english) if english != cmd_name else None
        if found is not None:
            localize(found, english)
        return found

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """The reader's names that start with what is typed, else the other language's."""
        found = super().shell_complete(ctx, incomplete)
        if found or incomplete.startswith("-"):
            return found
        names = self._aliases(ctx).all_names()
        return [CompletionItem(n) for n in names if n.startswith(typed(incomplete) or incomplete)]


def localize(command: click.Command, path: str) -> None:
    """French names for `command` (named `path` in its parent, English) and its options; a
    group's sub-commands get theirs when they are built."""
    if getattr(command, "_localized", False):
        return
    command._localized = True  # type: ignore[attr-defined]
    for param in command.params:
        if isinstance(param, click.Option) and not isinstance(param, FrenchOption):
            for opt in [o for o in param.opts if o.startswith("--")]:
                french = flag_name(opt)
                if french is not None:
                    add_french(param, french[2:])
    if isinstance(command, click.Group):
        _extend(command, AliasGroup)
        command.french = subcommand_names(path)  # type: ignore[attr-defined]
    else:
        _extend(command, LocalCommand)
