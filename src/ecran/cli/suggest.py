""" "Did you mean …?" for a mistyped system, command, check or operation (difflib, as click does
for options). Only the standard library at import: the root group uses it before any rule loads."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ecran.cli.lang import current
from ecran.cli.words import catalogue

if TYPE_CHECKING:
    from ecran.rules import EcranError, Text


def close_names(name: str, allowed: Iterable[str]) -> list[str]:
    """The allowed names close to `name`, closest first (`test_xp`, `testxp` → `test-xp`)."""
    names = list(allowed)
    folded = {n.replace("_", "-").lower(): n for n in names}
    wanted = name.replace("_", "-").lower()
    return [folded[n] for n in difflib.get_close_matches(wanted, folded, n=3, cutoff=0.6)]


def did_you_mean(name: str, allowed: Iterable[str], lang: str | None = None) -> str:
    """The hint to append to a refusal, empty when nothing is close."""
    return _hint(close_names(name, allowed), lang)


def _hint(close: list[str], lang: str | None) -> str:
    if not close:
        return ""
    return (
        catalogue(lang or current())
        .ngettext(
            "Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", len(close)
        )
        .format(possibility=close[0], possibilities=", ".join(close))
    )


def unknown_name(
    kind: Text,
    name: str,
    allowed: Iterable[str],
    close_to: Iterable[str] = (),
    shown: Callable[[str, str], str] | None = None,
) -> EcranError:
    """The rules' one-line refusal of an unknown name, with the closest allowed ones (among
    `close_to` too: a name typed close to the other language's is found as well); `shown(name,
    lang)` is the reader's name of an item, so that one item is not suggested in both."""
    from ecran.rules import EcranError, Text, unknown

    names = list(allowed)
    every = list(dict.fromkeys([*names, *close_to]))
    refused = unknown(kind, name, names).text
    close = close_names(name, every)
    if not close:
        return EcranError(refused)

    def hint(lang: str) -> str:
        """Each close item once: its other language's name is left out when the reader's name
        of it is close too; a name close to the other language's alone is kept (typed so)."""

        def kept(close_name: str) -> bool:
            mine = shown(close_name, lang) if shown is not None else close_name
            return mine == close_name or mine not in close

        return _hint([c for c in close if kept(c)], lang)

    return EcranError(Text(fr=f"{refused.fr} — {hint('fr')}", en=f"{refused.en} — {hint('en')}"))
