""" "Did you mean …?" for a mistyped system, command, check or operation (difflib, as click does
for options). Only the standard library at import: the root group uses it before any rule loads."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
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
    close = close_names(name, allowed)
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
    kind: Text, name: str, allowed: Iterable[str], close_to: Iterable[str] = ()
) -> EcranError:
    """The rules' one-line refusal of an unknown name, with the closest allowed ones (among
    `close_to` too: a name of the other language is suggested as well)."""
    from ecran.rules import EcranError, Text, unknown

    names = list(allowed)
    every = list(dict.fromkeys([*names, *close_to]))
    refused = unknown(kind, name, names).text
    if not close_names(name, every):
        return EcranError(refused)
    fr, en = did_you_mean(name, every, "fr"), did_you_mean(name, every, "en")
    return EcranError(Text(fr=f"{refused.fr} — {fr}", en=f"{refused.en} — {en}"))
