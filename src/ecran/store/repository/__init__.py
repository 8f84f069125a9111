"""The repository the web calls: tables and members, `execute` (a play command run in one
transaction that takes the table's next sequence number, appends the event, and updates
characters and encounters beside it; an error anywhere stores nothing), and reads. No application
command lives here: the commands are `ecran.play`'s, run through the web's `commands.execute`.

A member is identified by the token of their link (`authenticate`) and every read of the log goes
through `ecran.play.view_for` for that member. Tokens are stored hashed (`ecran.store.tokens`):
a token is returned only when it is issued (a table's creation, a join, a renewal)."""

from __future__ import annotations

from ecran.store.images import Images
from ecran.store.repository.idempotency import Idempotency
from ecran.store.repository.log import PAGE_MAX, LogReads
from ecran.store.repository.members import Members
from ecran.store.repository.records import Access, Command, CreatedTable, ImportedSeats, LogPage
from ecran.store.repository.state import FOLD_MAX, FOLDED_TABLES
from ecran.store.repository.transfer import Transfer


class Store(Members, LogReads, Transfer, Images, Idempotency):
    """The repository. It keeps each table's last state in memory (`_folded`), keyed by the
    sequence number it is at: the log is append-only, so the state at seq N never changes. A
    write reads the table's committed `last_seq` under the table's lock and uses the kept
    state only when it is at that seq (advanced by folding the events after it when another
    process wrote them); any doubt reads the state whole from the database."""


__all__ = [
    "FOLDED_TABLES",
    "FOLD_MAX",
    "PAGE_MAX",
    "Access",
    "Command",
    "CreatedTable",
    "ImportedSeats",
    "LogPage",
    "Store",
]
