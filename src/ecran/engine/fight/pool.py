"""The worker pool of a long simulation: helper processes forked once, then kept, each running
the same share of the batches on its own copy of the tables (`BatchWorker`)."""

from __future__ import annotations

import multiprocessing
import threading
from typing import Any

from ecran.engine.fight.kept import fight_of
from ecran.engine.fight.report import BatchTally
from ecran.engine.fight.run import run_batch
from ecran.engine.lifeline import follow_parent
from ecran.rules import EcranError, Text

#: Processes for a long simulation: this machine's two cores.
WORKERS = 2
#: Below this many trials one process does it all (a second one's start costs more).
PARALLEL_FROM = 10_000

#: A batch to run: (encounter file, seed, batch number, fights, the rolled route's threshold:
#: the game's in the sending process, which a helper forked earlier may not have).
Job = tuple[Any, int, int, int, int]


def _batch_in_worker(data: Any, seed: int, number: int, n: int, below: int) -> BatchTally | Text:
    """`run_batch` in a helper process, on the tables it was forked with; a refusal comes back
    as its words (an EcranError does not pickle whole)."""
    try:
        fight = fight_of(data)
        with fight.lock:
            return run_batch(fight, seed, number, n, below)
    except EcranError as exc:
        return exc.text


def can_fork(workers: int, batches: int) -> bool:
    """Whether to fork helpers: more than one batch, and a fork is safe here (the main thread:
    never a web request's; an OS that forks)."""
    return (
        workers > 1
        and batches > 1
        and threading.current_thread() is threading.main_thread()
        and "fork" in multiprocessing.get_all_start_methods()
    )


def _serve(conn: Any) -> None:
    """A helper process: runs the batches it is sent, on its own tables, until told to stop
    or until the process that forked it ends (`follow_parent`: killed by a signal, it would
    never tell it to stop)."""
    follow_parent()
    while True:
        job = conn.recv()
        if job is None:
            return
        conn.send(_batch_in_worker(*job))


class BatchWorker:
    """A process forked once, then kept: it always runs the same share of the batches (those
    whose number leaves this remainder), so its tables are as warm as this process's."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("fork")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True)
        self.process.start()

    def send(self, job: Job) -> None:
        self.conn.send(job)

    def result(self) -> BatchTally | Text:
        found: BatchTally | Text = self.conn.recv()
        return found


#: The workers forked so far (`kept_workers`).
KEPT_WORKERS: list[BatchWorker] = []


def kept_workers(count: int) -> list[BatchWorker]:
    """`count` kept helper processes (a dead one is forked again)."""
    KEPT_WORKERS[:] = [w for w in KEPT_WORKERS if w.process.is_alive()]
    while len(KEPT_WORKERS) < count:
        KEPT_WORKERS.append(BatchWorker())
    return KEPT_WORKERS[:count]
