"""Artémis checks, one module per family: the skill test and the tests built on it (`core`),
action scenes (`combat`), the psy space (`psy`) and the rolls that are not tests (`misc`).

The list is `data/checks.toml`'s tables in order, each naming its module and class
(`ecran.systems.listed`): `ecran odds artemis test` imports `core`, not the action scenes with
their tracks (start-up, #16)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ecran.systems import listed

if TYPE_CHECKING:
    from ecran.rules import Check

    #: The same checks by name (made on first use: see `__getattr__`).
    BY_NAME: dict[str, Check[Any]]

CHECKS = listed(__name__)


def __getattr__(name: str) -> Any:
    """`BY_NAME`, the same checks by name (for the operations that roll one from a sheet),
    made on first use: it makes every check."""
    if name == "BY_NAME":
        by_name = {c.name: c for c in CHECKS}
        globals()["BY_NAME"] = by_name
        return by_name
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
