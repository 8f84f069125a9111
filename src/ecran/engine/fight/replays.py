"""A batch's tally kept for a replay (#32): a batch's fights depend on the encounter file, the
seed, the batch's number and size and the game's rolled-route threshold alone — never on what
the tables held, warm or cold, since the rolled route is chosen by the batch's own draws — so
the same batch asked again (a repeated `--seed` run, the web recomputing a fight nothing
changed) is answered from its tally, exactly. A new seed, or a new state, runs its fights."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from ecran.engine.fight.report import BatchTally
    from ecran.engine.fight.run import Fight

#: Batches kept per encounter file (the most recent; a tally is a few small arrays).
MAX_BATCHES = 256

_KEPT: WeakKeyDictionary[Fight, OrderedDict[tuple[int, ...], BatchTally]]
_KEPT = WeakKeyDictionary()


def replayed(fight: Fight, key: tuple[int, ...], run: Callable[[], BatchTally]) -> BatchTally:
    """The batch `key` names (seed, number, size and what else its draws read: `run_batch`)
    of this file: its kept tally, else `run()` kept. The tally returned is shared: read it,
    never change it."""
    kept = _KEPT.setdefault(fight, OrderedDict())
    found = kept.get(key)
    if found is None:
        found = kept[key] = run()
        while len(kept) > MAX_BATCHES:
            kept.popitem(last=False)
    return found


def forget_replays() -> None:
    """Drops every kept tally (the next run of a batch runs its fights)."""
    _KEPT.clear()
