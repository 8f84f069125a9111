"""`simulate_encounter`: an encounter file's fights, many times over, in batches (here and in
the worker pool), added up into the report (`ecran encounter simulate`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ecran.engine.fight.kept import fight_of
from ecran.engine.fight.pool import PARALLEL_FROM, WORKERS, BatchWorker, can_fork, kept_workers
from ecran.engine.fight.report import BatchTally, EncounterReport, encounter_report
from ecran.engine.fight.rolled import roll_below
from ecran.engine.fight.run import Fight, run_batch
from ecran.engine.simulate import check_trials, generator
from ecran.rules import EcranError, System, Text

#: Trials per batch. Each batch draws from its own generator, seeded from the user's seed and
#: the batch's number: the report depends on the seed and the batch size, never on how many
#: processes ran the batches, in what order, or on what the tables held before (warm or cold).
BATCH = 5_000


def simulate_encounter(
    data: Any,
    trials: int,
    seed: int | None = None,
    progress: Callable[[int], None] | None = None,
    batch: int = BATCH,
    seconds: float | None = None,
    workers: int | None = None,
    system: System[Any] | None = None,
    margin: float | None = None,
) -> EncounterReport:
    """Each side's chance to win, the rounds fights last, each participant's chance to end out
    of action or dead, over `trials` fights; with `seconds`, over the batches run within that
    time (at least one: `trials` in the report says how many); with `margin`, over the batches
    run until the report's margin is that or less (the tracker's ±1 point, #32: a lopsided
    fight needs fewer fights than an even one), read after each batch in the batches' order
    from the tally alone: the same seed and margin give the same report.

    The batches run in `workers` processes (default: two from PARALLEL_FROM trials on): this
    process runs every `workers`-th batch, kept helper processes (forked on first use) the
    others, each always the same share, so its tables are warm when this process's are. The
    report is the same whatever the number."""
    check_trials(trials)
    seed, _ = generator(seed)
    start = time.perf_counter()
    fight = fight_of(data, system)
    if workers is None:
        workers = WORKERS if trials >= PARALLEL_FROM else 1
    sizes = [min(batch, trials - done) for done in range(0, trials, batch)]
    if not can_fork(workers, len(sizes)):
        workers = 1
    tally = BatchTally.none(len(fight.sides), len(fight.start))
    helpers = kept_workers(workers - 1) if workers > 1 else []
    close_enough = False
    for first in range(0, len(sizes), workers):
        numbers = range(first, min(first + workers, len(sizes)))
        for one in _run_together(fight, data, seed, helpers, numbers, sizes):
            tally.add(one)
            # read after each batch in order, not each round: the same batches whatever the
            # number of workers (a helper's batch past the stop is left out)
            if margin is not None and tally.margin() <= margin:
                close_enough = True
                break
        if progress is not None:
            progress(tally.trials)
        if close_enough or (seconds is not None and time.perf_counter() - start > seconds):
            break
    return encounter_report(fight, seed, tally, time.perf_counter() - start)


def _run_together(
    fight: Fight,
    data: Any,
    seed: int,
    helpers: list[BatchWorker],
    numbers: range,
    sizes: list[int],
) -> list[BatchTally]:
    """The batches `numbers`: the first here, the others one per helper, at the same time."""
    sent = list(zip(helpers, numbers[1:], strict=False))
    # the game's threshold as this process has it now: a helper's copy is its fork's (#32)
    below = roll_below(fight.system)
    for helper, k in sent:
        helper.send((data, seed, k, sizes[k], below))
    try:
        with fight.lock:
            mine = run_batch(fight, seed, numbers[0], sizes[numbers[0]], below)
    finally:  # the helpers' answers are read even then: none is left for the next call
        found = [helper.result() for helper, _ in sent]
    tallies = [mine]
    for one in found:
        if isinstance(one, Text):
            raise EcranError(one)
        tallies.append(one)
    return tallies
