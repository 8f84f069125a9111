"""The work budget: every exact computation a web request triggers gets at most one CPU-second.

Exact odds are pure Python over big integers: `1000d6kh23` or a large `warp.versus` pool cost
seconds, and while a thread of the server computes them every other table waits (the GIL). So a
request's exact computation runs *off* the server's process, in a small pool of worker
processes, under a CPU-time limit counted by the worker itself (`ITIMER_PROF`: user + system time
of that process, so a loaded machine never refuses a cheap computation). Above the limit the
answer is one line, "trop coûteux", naming the limit; the web maps it to 422. A worker that does
not answer within a generous wall-clock backstop (it cannot, e.g. stuck in one huge C-level
multiplication) is killed and replaced.

Two lanes, so that a costly request never makes a cheap one wait: every computation starts in
the *quick* lane, a worker of its own where it may use `QUICK_SECONDS` of CPU (most odds take a
few milliseconds); one that needs more is moved to the *full* lane, whose workers give it the
whole budget. A client has at most `QUICK_PER_CLIENT` computations in the quick lane and one in
the full lane at a time, and the full lane holds at most `WAITING_PER_PROCESS` computations per
worker: past any of these the request waits at most `SLOT_WAIT` seconds for a place (at most
`WAITERS_PER_CLIENT` of a client's at once), then is refused (`Busy`, HTTP 429 with
`Retry-After`), never queued behind minutes of work. So another client's cheap request waits at
most a few quick slices, whatever the costly ones do (measured before the lanes: one client's 8
costly requests made an Artémis test's odds at another table wait 7.4 s).

The budget is active where a request is served (`enforced()`, set by the web for each request,
with the client's address); the command line computes in its own process, without one. Nothing
here knows a game.

Configuration (read once, when the process first needs the pool):

- `ECRAN_WORK_BUDGET`: CPU-seconds one computation may use (default 1).
- `ECRAN_WORK_PROCESSES`: worker processes of the full lane (default 1: the server keeps the
  other core; the quick lane has one worker of its own).
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from threading import Condition, Lock
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # the pool's modules load when a pool starts (the CLI never needs one)
    from concurrent.futures import Future, ProcessPoolExecutor

from ecran.engine.lifeline import follow_parent
from ecran.record import record
from ecran.rules.errors import EcranError
from ecran.rules.numerals import number
from ecran.rules.text import Text
from ecran.rules.wording import agreed
from ecran.settings import default, env_name, get_settings

T = TypeVar("T")

DEFAULT_SECONDS = default("work_budget")
"""The issue's budget: one CPU-second per exact computation."""

BUDGET_ENV = env_name("work_budget")
PROCESSES_ENV = env_name("work_processes")

BACKSTOP_FACTOR = 20
"""Wall-clock seconds per budget second before a silent worker is killed: the CPU limit is the
rule; this only catches a worker that cannot notice it (queueing behind other jobs included)."""

BACKSTOP_MIN = 10.0

QUICK_SECONDS = 0.05
"""CPU-seconds a computation gets in the quick lane before it moves to the full lane."""

WAITING_PER_PROCESS = 4
"""Computations the full lane holds (running or waiting) per worker before it refuses more."""

QUICK_PER_CLIENT = 6
"""Computations of one client (an address: a club's players may share one) in the quick lane at
once; more at once are refused: one client's burst cannot fill the lane everyone's cheap odds
use for longer than this many quick slices."""

RETRY_AFTER = 1

SLOT_WAIT = 2.0
"""Seconds a computation waits for its client's place in a lane to free (players behind one
address share it, and a page may ask several odds at once) before it is refused."""

WAITERS_PER_CLIENT = 3
"""Computations of one client that may wait for a place at once; more are refused at once (a
waiting request holds one of the server's threads)."""
"""Seconds a client refused by a busy full lane is told to wait."""


class TooCostly(EcranError):
    """An exact computation over the work budget."""


class Busy(EcranError):
    """The full lane cannot take this computation now: the client already has one there, or
    the lane is full. Transient (HTTP 429 with `Retry-After`): never remembered as an answer."""

    retry_after = RETRY_AFTER


def busy() -> Busy:
    return Busy(
        try_again(
            "calcul exact en attente : le serveur calcule déjà les vôtres ou est occupé",
            "exact computation waiting: the server is already computing yours or is busy",
            RETRY_AFTER,
        )
    )


def try_again(fr: str, en: str, seconds: int) -> Text:
    """Why the server waits, and when to ask again (the `Retry-After` the answer carries)."""
    return Text(fr=f"{fr}, réessayez dans {seconds} s", en=f"{en}, try again in {seconds} s")


def too_costly(seconds: float) -> TooCostly:
    limit = number(seconds)  # "0,5" in French, "0.5" in English
    return TooCostly(
        Text(
            fr=f"calcul exact trop coûteux : au-delà de la limite de {limit.fr} s de calcul",
            en=f"exact computation too costly: over the limit of {limit.en} "
            f"{agreed(seconds, 'CPU-second', 'CPU-seconds', 'en')}",
        )
    )


# -- inside a worker process ----------------------------------------------------------------------


class _OverBudget(BaseException):
    """Raised by the CPU timer inside a worker; a BaseException so no `except Exception` of the
    computation swallows it."""


#: Whether the CPU timer fired during this worker's current computation. The timer's exception
#: lands in whatever code runs, and a library may catch it: pydantic-core turns it into a
#: `SchemaError` when it strikes a lazy model build, another could swallow it. The flag, not the
#: exception that comes out, says the computation went over its budget.
_fired = False


def _over_budget(signum: int, frame: Any) -> None:
    global _fired
    _fired = True
    raise _OverBudget


@record
class _Done:
    value: Any
    cpu: float


@record
class _Refused:
    cpu: float


@record
class _Failed:
    """An exception of the computation, in a form that survives the trip back."""

    error: BaseException | None
    text: Text | None
    cpu: float


def _portable(exc: BaseException, cpu: float) -> _Failed:
    import pickle  # in a worker, where multiprocessing loaded it: not at every start (#32)

    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        if isinstance(exc, EcranError):
            return _Failed(None, exc.text, cpu)
        fr, en = getattr(exc, "fr", None), getattr(exc, "en", None)
        if isinstance(fr, str) and isinstance(en, str):  # the dice notation's own errors
            return _Failed(None, Text(fr=fr, en=en), cpu)
        return _Failed(RuntimeError(f"{type(exc).__name__}: {exc}"), None, cpu)
    return _Failed(exc, None, cpu)


def _work(fn: Callable[..., Any], args: tuple[Any, ...], seconds: float) -> Any:
    """Run `fn(*args)` in this worker with at most `seconds` of its CPU time. Once the timer
    has fired, whatever comes out (its exception, another a library made of it, or a value
    computed past the interruption) is over budget. The timer fires once: it is disarmed before
    anything else is done with the outcome, so its exception cannot strike the handlers."""
    global _fired
    start = time.process_time()
    _fired = False
    signal.signal(signal.SIGPROF, _over_budget)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    value: Any = None
    try:
        try:
            value = fn(*args)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    except _OverBudget:
        pass  # `_fired` says so
    except Exception as exc:
        if not _fired:
            return _portable(exc, time.process_time() - start)
    cpu = time.process_time() - start
    # the timer strikes at the kernel's ticks of CPU time (4-10 ms): a job may end past its
    # budget unstruck, and is over it all the same (a 2 ms budget answered a 10 ms ladder)
    return _Refused(cpu) if _fired or cpu > seconds else _Done(value, cpu)


# -- in the server --------------------------------------------------------------------------------


@dataclass
class Accounting:
    """What the budget did, for tests and the benchmark: counts and CPU-seconds spent."""

    computed: int = 0
    refused: int = 0
    killed: int = 0
    cpu: float = 0.0
    #: Computations that outgrew the quick lane and went on in the full one.
    moved: int = 0
    #: Computations refused because the full lane could not take them (`Busy`).
    busy: int = 0


#: CPU-seconds a fresh worker may take to import what computations need (`_warmed`).
WARM_SECONDS = 30.0


def _warmed() -> int:
    """In a fresh worker: import every system (what a computation's first unpickling would
    otherwise import while a request waits); how many there are."""
    from ecran.engine.registry import all_systems

    return len(all_systems())


class _Lane:
    """A pool of worker processes, started on first use, killed whole when one is stuck."""

    def __init__(self, processes: int, on_kill: Callable[[], None]) -> None:
        self.processes = processes
        self._on_kill = on_kill
        self._pool: ProcessPoolExecutor | None = None
        self._lock = Lock()

    def submit(self, fn: Callable[..., Any], args: tuple[Any, ...], seconds: float) -> Future[Any]:
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool
        from multiprocessing import get_context

        with self._lock:
            if self._pool is None:
                # spawn: a clean interpreter, safe whatever threads the server runs
                self._pool = ProcessPoolExecutor(
                    self.processes, mp_context=get_context("spawn"), initializer=follow_parent
                )
            pool = self._pool
        try:
            return pool.submit(_work, fn, args, seconds)
        except BrokenProcessPool:
            self.kill()
            return self.submit(fn, args, seconds)

    def warm(self) -> None:
        """Start every worker now, each importing what computations need, and wait until all
        have answered once (a server is ready only then: its first odds wait for nothing)."""
        # submitted together, before any worker is up: the pool starts one worker per job
        jobs = [self.submit(_warmed, (), WARM_SECONDS) for _ in range(self.processes)]
        for job in jobs:
            job.result(timeout=WARM_SECONDS * BACKSTOP_FACTOR)

    def kill(self) -> None:
        """Stop every worker (a stuck one cannot be reached otherwise); the next call starts
        fresh ones."""
        with self._lock:
            pool, self._pool = self._pool, None
        self._on_kill()
        if pool is None:
            return
        for process in list(getattr(pool, "_processes", {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


class WorkBudget:
    """Computations in worker processes under a CPU-time limit, in two lanes (the module's
    docstring): `quick` CPU-seconds in a worker of its own, then the whole `seconds` in the
    full lane's `processes` workers, one computation per client at a time there."""

    def __init__(
        self,
        seconds: float = DEFAULT_SECONDS,
        processes: int = 1,
        quick: float = QUICK_SECONDS,
        *,
        per_client: int = 1,
        holds: int = WAITING_PER_PROCESS,
        slot_wait: float = SLOT_WAIT,
    ) -> None:
        """`per_client`: a client's computations in the full lane at once; `holds`: the full
        lane's computations (running or queued) per worker; `slot_wait`: seconds a computation
        waits for a place there before `Busy`. A `quick` of `seconds` or more: no quick lane."""
        if seconds <= 0 or processes < 1:
            raise ValueError("a work budget needs seconds > 0 and at least one process")
        self.seconds = seconds
        self.processes = processes
        self.quick = quick
        self.per_client = per_client
        self.holds = holds
        self.slot_wait = slot_wait
        self.accounting = Accounting()
        self._lock = Lock()
        self._quick = _Lane(1, self._killed)
        self._full = _Lane(processes, self._killed)
        self._freed = Condition(self._lock)
        self._waiting: dict[str, int] = {}
        self._in_quick: dict[str, int] = {}
        self._in_full: dict[str, int] = {}

    @classmethod
    def from_env(cls) -> WorkBudget:
        settings = get_settings()
        return cls(seconds=settings.work_budget, processes=settings.work_processes)

    @property
    def backstop(self) -> float:
        return max(BACKSTOP_MIN, BACKSTOP_FACTOR * self.seconds)

    def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` computed in a worker within the budget; `TooCostly` above it, `Busy` when
        the full lane cannot take it now. `fn` and its arguments travel by pickle (module-level
        functions, a check's bound method)."""
        if self.quick < self.seconds:
            with self._slot(self._in_quick, QUICK_PER_CLIENT, None):
                outcome = self._outcome(self._quick, fn, args, self.quick)
            if not isinstance(outcome, _Refused):
                value: T = self._settle(outcome)
                return value
            with self._lock:
                self.accounting.cpu += outcome.cpu
                self.accounting.moved += 1
        with self._slot(self._in_full, self.per_client, self.holds * self.processes):
            outcome = self._outcome(self._full, fn, args, self.seconds)
        value = self._settle(outcome)
        return value

    def _outcome(
        self, lane: _Lane, fn: Callable[..., Any], args: tuple[Any, ...], seconds: float
    ) -> Any:
        from concurrent.futures import TimeoutError as FutureTimeout
        from concurrent.futures.process import BrokenProcessPool

        future = lane.submit(fn, args, seconds)
        try:
            return future.result(timeout=self.backstop)
        except (FutureTimeout, BrokenProcessPool):
            lane.kill()
            raise too_costly(self.seconds) from None

    @contextmanager
    def _slot(self, lane: dict[str, int], per_client: int, whole: int | None) -> Iterator[None]:
        """A place in a lane (its count per client) for the active client: past `per_client` of
        theirs or `whole` in all, it waits for one to free (`SLOT_WAIT`), else `Busy`."""
        client = _CLIENT.get()
        deadline = time.monotonic() + self.slot_wait
        with self._freed:
            while (whole is not None and sum(lane.values()) >= whole) or lane.get(
                client, 0
            ) >= per_client:
                left = deadline - time.monotonic()
                if left <= 0 or self._waiting.get(client, 0) >= WAITERS_PER_CLIENT:
                    self.accounting.busy += 1
                    raise busy()
                self._waiting[client] = self._waiting.get(client, 0) + 1
                self._freed.wait(left)
                self._waiting[client] -= 1
            lane[client] = lane.get(client, 0) + 1
        try:
            yield
        finally:
            with self._freed:
                taken = lane.pop(client) - 1
                if taken:
                    lane[client] = taken
                self._freed.notify_all()

    def _settle(self, outcome: Any) -> Any:
        with self._lock:
            self.accounting.cpu += outcome.cpu
            if isinstance(outcome, _Refused):
                self.accounting.refused += 1
            else:
                self.accounting.computed += 1
        if isinstance(outcome, _Refused):
            raise too_costly(self.seconds)
        if isinstance(outcome, _Failed):
            if outcome.text is not None:
                raise EcranError(outcome.text)
            assert outcome.error is not None
            raise outcome.error
        return outcome.value

    def _killed(self) -> None:
        with self._lock:
            self.accounting.killed += 1

    def warm(self) -> None:
        """Start both lanes' workers now (`_Lane.warm`)."""
        self._quick.warm()
        self._full.warm()

    def close(self) -> None:
        """End both lanes' workers, together (each takes ~0.15 s to end its interpreter; one
        after the other made a served process's stop that much longer)."""
        from threading import Thread

        quick = Thread(target=self._quick.close, name="ecran-work-quick-close")
        quick.start()
        self._full.close()
        quick.join()


_process_budget: WorkBudget | None = None
_process_lock = Lock()


def process_budget() -> WorkBudget:
    """The process's budget, configured from the environment on first use."""
    global _process_budget
    with _process_lock:
        if _process_budget is None:
            _process_budget = WorkBudget.from_env()
        return _process_budget


_ACTIVE: ContextVar[WorkBudget | None] = ContextVar("ecran_work_budget", default=None)
#: Who asks (the web's client address): one computation of theirs at a time in the full lane.
_CLIENT: ContextVar[str] = ContextVar("ecran_work_client", default="")


def active() -> WorkBudget | None:
    """The budget enforced where the caller runs (a web request), or None (the CLI)."""
    return _ACTIVE.get()


@contextmanager
def enforced(budget: WorkBudget | None = None, client: str = "") -> Iterator[WorkBudget]:
    """Every exact computation under this block runs within `budget` (the process's one by
    default), asked by `client`."""
    chosen = budget or process_budget()
    token, asker = _ACTIVE.set(chosen), _CLIENT.set(client)
    try:
        yield chosen
    finally:
        _CLIENT.reset(asker)
        _ACTIVE.reset(token)


def within_budget(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` under the active budget, or directly when none is enforced."""
    budget = active()
    return fn(*args) if budget is None else budget.run(fn, *args)
