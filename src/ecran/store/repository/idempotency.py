"""Writes sent with an `Idempotency-Key`: the key claimed before the write, the first event's
number recorded in the write's own transaction, the answer kept after it.

A claim is a row of `idempotency_keys` (table, key hash). A second request with the key finds
it: answered, it gets the first answer again; not yet, it is told the first is under way (or,
when the first stored its event and was cut off before answering, that it was stored). A claim
left by a request that stored nothing (refused, or its worker killed before its transaction
committed) is released, or taken over once `STALE_S` old, so a retry runs. Keys are kept
`KEEP_S` (a day), then deleted when their table's next key is claimed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ecran.store.models import IdempotencyRow
from ecran.store.repository.rows import now, utc
from ecran.store.repository.state import StoreState

#: A claim without an event this old is a request that died before storing: taken over.
STALE_S = 30
#: How long a key's answer is kept.
KEEP_S = 24 * 3600

#: The claim the current request's writes record their first event under (table, key hash).
_RECORDING: ContextVar[tuple[str, str] | None] = ContextVar("ecran_idempotency", default=None)


@dataclass(frozen=True)
class Claim:
    """A key already claimed: its first event's number and its answer, when there are."""

    seq: int | None
    status: int | None
    answer: str | None


@contextmanager
def recording(table_id: str, key_hash: str) -> Iterator[None]:
    """The writes of this block (this thread, or the threads it starts with its context)
    record their first event under this claim."""
    token = _RECORDING.set((table_id, key_hash))
    try:
        yield
    finally:
        _RECORDING.reset(token)


def record_event(s: Session, seq: int) -> None:
    """In the write's transaction: the claim being recorded gets its first event's number."""
    claim = _RECORDING.get()
    if claim is None:
        return
    table_id, key_hash = claim
    s.execute(
        update(IdempotencyRow)
        .where(IdempotencyRow.table_id == table_id, IdempotencyRow.key_hash == key_hash)
        .where(IdempotencyRow.seq.is_(None))
        .values(seq=seq)
    )


class Idempotency(StoreState):
    """Claiming keys and keeping their answers."""

    def claim_key(self, table_id: str, key_hash: str) -> Claim | None:
        """None: the key is this request's now. Else the claim found."""
        at = now()
        try:
            with self.transaction() as s:
                s.execute(
                    delete(IdempotencyRow).where(
                        IdempotencyRow.table_id == table_id,
                        IdempotencyRow.created_at < at - timedelta(seconds=KEEP_S),
                    )
                )
                s.add(IdempotencyRow(table_id=table_id, key_hash=key_hash, created_at=at))
            return None
        except IntegrityError:
            pass
        with self.transaction() as s:
            row = s.scalar(
                select(IdempotencyRow)
                .where(IdempotencyRow.table_id == table_id, IdempotencyRow.key_hash == key_hash)
                .with_for_update()
            )
            if row is None:  # released meanwhile: try again
                return Claim(None, None, None)
            stale = utc(row.created_at) < at - timedelta(seconds=STALE_S)
            if row.seq is None and row.status is None and stale:
                row.created_at = at  # its request died before storing anything: ours now
                return None
            return Claim(row.seq, row.status, row.answer)

    def answer_key(self, table_id: str, key_hash: str, status: int, answer: str | None) -> None:
        with self.transaction() as s:
            s.execute(
                update(IdempotencyRow)
                .where(IdempotencyRow.table_id == table_id, IdempotencyRow.key_hash == key_hash)
                .values(status=status, answer=answer)
            )

    def release_key(self, table_id: str, key_hash: str) -> None:
        """Forget a claim whose request stored nothing (a retry runs again)."""
        with self.transaction() as s:
            s.execute(
                delete(IdempotencyRow).where(
                    IdempotencyRow.table_id == table_id,
                    IdempotencyRow.key_hash == key_hash,
                    IdempotencyRow.seq.is_(None),
                )
            )
