"""What the process keeps between simulations: each encounter file's `Fight` over its game's
tables (the web recomputes the same fight, a benchmark repeats it), and `forget_tables`, which
drops everything the simulator keeps."""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from ecran.collector import thaw
from ecran.engine.fight.check_tables import RESULTS, TABLED
from ecran.engine.fight.game_tables import KEPT_LOCK, TABLES
from ecran.engine.fight.replays import forget_replays
from ecran.engine.fight.run import Fight
from ecran.engine.fight.states import TABLES_KEEP
from ecran.rules import System

#: Encounters whose tables are kept between simulations: the most recent first out when full,
#: a bound on memory.
MAX_FIGHTS = 8
FIGHTS: OrderedDict[str, Fight] = OrderedDict()


def fight_of(data: Any, system: System[Any] | None = None) -> Fight:
    """The `Fight` of an encounter file, its tables as the last simulation of the same file
    left them (the draws do not depend on them: a warm run reports what a cold one does)."""
    key = json.dumps(data, sort_keys=True, default=str)
    with KEPT_LOCK:
        found = FIGHTS.get(key)
        if found is not None and found.tables is TABLES.get(found.system.id):
            FIGHTS.move_to_end(key)
            if len(found.tables.books.sheets) <= TABLES_KEEP:
                return found
    found = Fight(data, system)
    with KEPT_LOCK:
        FIGHTS[key] = found
        while len(FIGHTS) > MAX_FIGHTS:
            FIGHTS.popitem(last=False)
    return found


def forget_tables() -> None:
    """Drops every table the simulator keeps in this process (they fill again on demand)."""
    with KEPT_LOCK:
        FIGHTS.clear()
        TABLES.clear()
    RESULTS.clear()
    TABLED.clear()
    forget_replays()
    thaw()  # what the batches left frozen is garbage now, or will be
