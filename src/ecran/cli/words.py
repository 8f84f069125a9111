"""The command line's own words, in the reader's language: a gettext catalogue (English msgids,
French translations in `locale/fr/LC_MESSAGES/ecran-cli.po`, compiled to `.mo`).

Click and Typer word their help and errors with `gettext.gettext` ("Usage:", "Show this message
and exit.", "No such command…"); `install` points them at this catalogue, so their words follow
`--lang`/`ECRAN_LANG` as ours do. Only the standard library loads here: `ecran --help` stays fast.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ecran.cli.lang import current

if TYPE_CHECKING:  # only the standard library loads here at run time
    from click.formatting import HelpFormatter

#: Where the compiled catalogues are (one per language; English is the msgids themselves).
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "ecran-cli"

#: Click's and Typer's modules that word things through gettext (`_` and `ngettext` globals).
_WORDING_MODULES = (
    "click.core",
    "click.decorators",
    "click.exceptions",
    "click.formatting",
    "click.parser",
    "click.types",
    "click.termui",
    "click.shell_completion",
    "typer.core",
)


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str) -> str:
    """`message` (English, the msgid) in the reader's language."""
    return catalogue(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return catalogue(current()).ngettext(singular, plural, n)


def install() -> None:
    """Click's and Typer's own words through this catalogue (their modules bind gettext's
    functions at import, so the module globals are what is replaced)."""
    for name in _WORDING_MODULES:
        module = sys.modules.get(name)
        if module is None:
            continue
        if hasattr(module, "_"):
            setattr(module, "_", _)  # noqa: B010 (a module global, not an attribute we own)
        if hasattr(module, "ngettext"):
            setattr(module, "ngettext", ngettext)  # noqa: B010
    formatting = sys.modules.get("click.formatting")
    if formatting is not None:
        formatting.HelpFormatter.write_heading = _write_heading
        wrap = getattr(formatting, "wrap_text")  # noqa: B009 (click's, replaced once below)
        if not getattr(wrap, "typeset", False):
            setattr(formatting, "wrap_text", _typeset_wrap(wrap))  # noqa: B010
            formatting.HelpFormatter.getvalue = _typeset_help(formatting.HelpFormatter.getvalue)


def _write_heading(self: HelpFormatter, heading: str) -> None:
    """Click's section heading ("Options:") with the reader's typography: French puts a space
    before the colon ("Options :"), as the catalogue's "Usage :" does."""
    colon = " :" if current() == "fr" else ":"
    self.write(f"{'':>{self.current_indent}}{heading}{colon}\n")


def _typeset_wrap(wrap: Callable[..., str]) -> Callable[..., str]:
    """Click's wrapping of a help text, the text first typeset in the reader's language
    (`ecran.typography`): the wrap then never cuts at the no-break space before a mark
    (Python's textwrap breaks at ASCII whitespace only)."""

    def wrapped(text: str, *args: Any, **kwargs: Any) -> str:
        if current() == "fr":
            from ecran.typography import typeset

            text = typeset(text, "fr")
        return wrap(text, *args, **kwargs)

    wrapped.typeset = True  # type: ignore[attr-defined]
    return wrapped


def _typeset_help(getvalue: Callable[[HelpFormatter], str]) -> Callable[[HelpFormatter], str]:
    """The whole help page typeset (its headings, its usage line), once wrapped."""

    def typeset_value(self: HelpFormatter) -> str:
        text = getvalue(self)
        if current() != "fr":
            return text
        from ecran.typography import typeset

        return typeset(text, "fr")

    return typeset_value
