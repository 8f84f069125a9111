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
#: the batch's number: the report depends on the seed and the batches' sizes, never on how many
#: processes ran the batches, in what order, or on what the tables held before (warm or cold).
BATCH = 5_000
#: With `seconds`, a batch starts only if, at the pace of the batches before it, it ends within
#: this many times `seconds`: the tracker's looks have half the work budget (#32), and the pace
#: of cold batches overstates the next one's (its tables are fuller), so a look ends within
#: three quarters of the budget, not past it, and does not stop at a quarter of it.
OVERRUN = 1.5


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
    largest: int | None = None,
) -> EncounterReport:
    """Each side's chance to win, the rounds fights last, each participant's chance to end out
    of action or dead, over `trials` fights; with `seconds`, over the batches run within that
    time (at least one: `trials` in the report says how many; no batch starts that would end
    well past it, `OVERRUN`); with `margin`, over the batches run until the report's margin is
    that or less (the tracker's ±1 point, #32: a lopsided fight needs fewer fights than an
    even one), read after each batch in the batches' order from the tally alone: the same
    seed and margin give the same report. With `largest`, the batches grow from `batch` fights
    to that many (`batch_sizes`).

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
    sizes = batch_sizes(trials, batch, largest)
    if not can_fork(workers, len(sizes)):
        workers = 1
    tally = BatchTally.none(len(fight.sides), len(fight.start))
    helpers = kept_workers(workers - 1) if workers > 1 else []
    close_enough = False
    for first in range(0, len(sizes), workers):
        numbers = range(first, min(first + workers, len(sizes)))
        began = time.perf_counter()
        for one in _run_together(fight, data, seed, helpers, numbers, sizes):
            tally.add(one)
            # read after each batch in order, not each round: the same batches whatever the
            # number of workers (a helper's batch past the stop is left out)
            if margin is not None and tally.margin() <= margin:
                close_enough = True
                break
        if progress is not None:
            progress(tally.trials)
        if close_enough or _out_of_time(
            time.perf_counter() - start, began - start, seconds, sizes, numbers, workers
        ):
            break
    return encounter_report(fight, seed, tally, time.perf_counter() - start)


def _out_of_time(
    now: float, began: float, seconds: float | None, sizes: list[int], ran: range, workers: int
) -> bool:
    """Whether the batches after `ran` (begun at `began`, `now` seconds into the run) are not
    to start: `seconds` have passed, or the next ones, at the pace of `ran`'s, would end past
    OVERRUN times them (a growing batch must not carry a look past the work budget, #32)."""
    if seconds is None:
        return False
    coming = sizes[ran.stop : ran.stop + workers]
    pace = (now - began) / sum(sizes[k] for k in ran)
    return now > seconds or now + pace * max(coming, default=0) > OVERRUN * seconds


def batch_sizes(trials: int, first: int, largest: int | None = None) -> list[int]:
    """The batches of `trials` fights: each of `first` fights, or, up to `largest`, each as
    many as all before it (`first`, `first`, 2 × `first`, 4 × …). Growing batches serve the
    tracker (#32): its first batch is small, so a slow game's ends well within the time it
    has, and the later ones are large, because a batch pays numpy's fixed costs each round
    and each acting slot, and the rolled route takes every key fewer than
    `System.fight_roll_below` of a batch's trials ask, so a small batch tables nothing. The
    second is as small as the first: the first pays for the start's new keys, so its pace says
    little of the next one's (`OVERRUN`), the second's does. The sizes depend on the arguments
    alone: a batch number always has one size, so a later look replays the batches an earlier
    one ran (`replays`)."""
    sizes: list[int] = []
    size, done = first, 0
    while done < trials:
        sizes.append(min(size, trials - done))
        done += sizes[-1]
        if largest is not None:
            size = max(first, min(done, largest))
    return sizes


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
