"""Benchmark: one table, 200 WebSocket clients across 2 workers sharing PostgreSQL and Redis.

Run: `.venv/bin/python bench/bench_workers.py [--clients 200] [--rolls 100] [--rate 5] [--sqlite]
[--spread]`. Not a test: it prints figures, it never fails on them.

It starts a throwaway PostgreSQL and redis-server (as the tests do, `tests/servers.py`) and two
`ecran serve` processes on one database and one Redis (two workers a proxy would balance across).
The GM posts rolls at `rate` per second, alternately on each worker; half the clients listen on
each. Meanwhile one client loads the GM's table page (200 members) in a loop and another sends
costly odds requests (`/api/dice?…&odds=true`, a new expression each time), each as fast as it
is answered, never waiting for a `Retry-After` (as an attacker would not), from a process of
their own (as from other machines: their client-side work does not delay the listeners' event
loop, which times the frames). By default both send
everything to the first live worker (A), which then carries all the side traffic: the worst
case. With `--spread` they alternate workers as the GM's POSTs do, as a reverse proxy in front
of the workers would spread them. Halfway through, one worker is killed with SIGKILL: its
clients reconnect to the other with `after=<last seq seen>`.

Before the run, worker A's CPU per request is measured alone, each kind in turn (robust on a
loaded machine, where the latencies are not): a roll (its POST and the fan-out to A's sockets),
a table page kept since the last event, a page rendered at a new event, a refused odds request.

Reported: latency from the start of each POST to each client's frame of that event (p50, p95,
p99, max; clients of the killed worker excluded for the events they missed while reconnecting,
which are reported apart), frames lost or duplicated per client (each client's log must be exactly
1..N), the page loads' and costly requests' statuses and times, how long each POST took to be
answered (its frames leave before its answer: the POST's own path is most of a frame's latency),
and the bench client's own cost: its CPU time and how late its event loop woke (a frame waits
that long before it is timed). Clients and servers share the machine's cores; the load average
is printed. `--profile` runs each worker under cProfile (files beside the logs); `--no-pages`,
`--no-costly` leave out the side clients.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
import servers

ROLL = {"check": "test", "params": {"skill": 3, "difficulty": 6}, "visibility": "public"}


@dataclass
class Address:
    """Where a worker listens (all the side clients' process knows of it)."""

    name: str
    port: int

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


@dataclass
class Worker(Address):
    process: subprocess.Popen[bytes]


@contextlib.contextmanager
def workers(database: str, redis: str, home: Path, profile: bool = False) -> Iterator[list[Worker]]:
    env = {**os.environ, "ECRAN_DATABASE_URL": database, "ECRAN_REDIS_URL": redis}
    started = []
    try:
        for name in "AB":
            port = servers.free_port()
            log = (home / f"{name}.log").open("wb")
            argv = [sys.executable, "-m", "ecran.cli.app", "serve", "--port", str(port)]
            if profile:  # cProfile of the event loop's thread, written when the worker stops
                argv[1:1] = ["-m", "cProfile", "-o", str(home / f"{name}.prof")]
            process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=env)
            started.append(Worker(name, port, process))
        for worker in started:
            deadline = time.monotonic() + 180  # a loaded machine starts slowly
            while True:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(worker.http + "/healthz", timeout=2).status_code == 200:
                        break
                if time.monotonic() > deadline or worker.process.poll() is not None:
                    raise SystemExit(
                        f"worker {worker.name} did not start ({worker.process.poll()}): see {home}"
                    )
                time.sleep(0.1)
        yield started
    finally:
        for worker in started:
            if worker.process.poll() is None:
                # uvicorn re-raises SIGTERM after its shutdown (no profile written); SIGINT
                # becomes KeyboardInterrupt, which cProfile outlives.
                worker.process.send_signal(signal.SIGINT if profile else signal.SIGTERM)
                worker.process.wait(timeout=15)


@dataclass
class Listener:
    token: str
    worker: int
    seqs: list[int] = field(default_factory=list)
    arrived: dict[int, float] = field(default_factory=dict)
    reconnected_at: float | None = None
    moved: bool = False
    socket: ClientConnection | None = None


@dataclass
class Run:
    table_id: str = ""
    gm_token: str = ""
    posted: dict[int, float] = field(default_factory=dict)
    #: Per committed roll: how long its POST took to answer 201 (ms).
    answered: list[float] = field(default_factory=list)
    #: How late the bench's own event loop woke from 10 ms sleeps (ms): the client's overhead.
    lag: list[float] = field(default_factory=list)
    #: The bench process's CPU seconds and wall seconds while the GM rolled.
    client_cpu: float = 0.0
    client_wall: float = 0.0
    #: Each worker's CPU seconds (user + system) spent while the GM rolled (B: until killed).
    worker_cpu: list[float] = field(default_factory=list)
    #: The machine's 1-minute load average, sampled every second of the run.
    load: list[float] = field(default_factory=list)
    killed_at: float | None = None
    #: The side clients' process's CPU seconds while the GM rolled and after.
    side_cpu: float = 0.0
    pages: list[tuple[int, float]] = field(default_factory=list)
    costly: list[tuple[int, float]] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)


async def listen(
    listener: Listener, pool: list[Worker], run: Run, alive: list[bool], ready: asyncio.Event
) -> None:
    after = 0
    first = True
    while not run.done.is_set():
        worker = pool[listener.worker]
        url = f"{worker.ws}/ws/tables/{run.table_id}?token={listener.token}&after={after}"
        try:
            async with connect(url, open_timeout=30, max_queue=None) as socket:
                listener.socket = socket
                if first:
                    await _until_synced(socket, listener)
                    ready.set()
                    first = False
                await _receive(socket, listener, run)
        except (ConnectionClosed, OSError, TimeoutError):
            pass
        if run.done.is_set():
            return
        # The worker is gone: reconnect to a live one, from the last event seen.
        listener.worker = next(i for i, up in enumerate(alive) if up)
        listener.moved = True
        listener.reconnected_at = time.perf_counter()
        after = listener.seqs[-1] if listener.seqs else 0


async def _until_synced(socket: ClientConnection, listener: Listener) -> None:
    while True:
        frame = json.loads(await socket.recv())
        if frame["type"] == "synced":
            return
        listener.seqs.append(frame["event"]["seq"])


async def _receive(socket: ClientConnection, listener: Listener, run: Run) -> None:
    async for text in socket:  # until the socket closes (its worker died, or the run is over)
        now = time.perf_counter()
        frame = json.loads(text)
        if frame["type"] == "event":
            seq = frame["event"]["seq"]
            listener.seqs.append(seq)
            listener.arrived.setdefault(seq, now)


async def gm(run: Run, pool: list[Worker], alive: list[bool], rolls: int, rate: float) -> None:
    async with httpx.AsyncClient(timeout=60) as http:
        start = time.perf_counter()
        for n in range(rolls):
            await asyncio.sleep(max(0.0, start + n / rate - time.perf_counter()))
            live = [w for w, up in zip(pool, alive, strict=True) if up]
            worker = live[n % len(live)]
            sent = time.perf_counter()
            try:
                made = await http.post(
                    f"{worker.http}/api/tables/{run.table_id}/rolls",
                    json={**ROLL, "seed": n},
                    headers={"Authorization": f"Bearer {run.gm_token}"},
                )
            except httpx.HTTPError as exc:  # its worker was killed mid-request
                print(f"  roll {n} on {worker.name}: {type(exc).__name__}")
                continue
            if made.status_code == 201:
                run.posted[made.json()["seq"]] = sent
                run.answered.append((time.perf_counter() - sent) * 1000)
            else:
                print(f"  roll {n} on {worker.name}: {made.status_code} {made.text[:100]}")


def _side_worker(pool: Sequence[Address], alive: Sequence[bool], n: int, spread: bool) -> Address:
    """The first live worker (A: all the side traffic on one), or with `spread` each in turn."""
    live = [w for w, up in zip(pool, alive, strict=True) if up]
    return live[n % len(live)] if spread else live[0]


async def page_loader(
    run: Run, pool: Sequence[Address], alive: Sequence[bool], spread: bool
) -> None:
    async with httpx.AsyncClient(timeout=60) as http:
        n = 0
        while not run.done.is_set():
            worker = _side_worker(pool, alive, n, spread)
            n += 1
            sent = time.perf_counter()
            with contextlib.suppress(httpx.HTTPError):
                got = await http.get(f"{worker.http}/tables/{run.table_id}?token={run.gm_token}")
                run.pages.append((got.status_code, time.perf_counter() - sent))


async def costly(run: Run, pool: Sequence[Address], alive: Sequence[bool], spread: bool) -> None:
    async with httpx.AsyncClient(timeout=120) as http:
        n = 0
        while not run.done.is_set():
            worker = _side_worker(pool, alive, n, spread)
            expr = f"{1000 + n}d6kh23"  # a new expression each time: no cache helps
            n += 1
            sent = time.perf_counter()
            with contextlib.suppress(httpx.HTTPError):
                got = await http.get(
                    f"{worker.http}/api/dice", params={"expr": expr, "odds": "true"}
                )
                run.costly.append((got.status_code, time.perf_counter() - sent))


def side_traffic(
    ports: list[int],
    table_id: str,
    gm_token: str,
    pages: bool,
    heavy: bool,
    spread: bool,
    alive: Any,
    stop: Any,
    results: Any,
) -> None:
    """The page loader and the costly client, in a process of their own as they would be on
    other machines: their own work (reading a GM's 0.5 MB page 50 times a second, hundreds of
    refusals a second) does not delay the listeners' event loop, so it is not counted in the
    frames' latency. `alive` (shared booleans) says which workers to use, `stop` ends them;
    their results go to `results`."""
    run = Run(table_id=table_id, gm_token=gm_token)
    pool = [Address(name, port) for name, port in zip("AB", ports, strict=True)]

    async def side() -> None:
        async def until_stopped() -> None:
            while not stop.is_set():
                await asyncio.sleep(0.05)
            run.done.set()

        tasks = [asyncio.create_task(until_stopped())]
        if pages:
            tasks.append(asyncio.create_task(page_loader(run, pool, alive, spread)))
        if heavy:
            tasks.append(asyncio.create_task(costly(run, pool, alive, spread)))
        await asyncio.gather(*tasks)

    asyncio.run(side())
    results.put((run.pages, run.costly))


async def lag_meter(run: Run) -> None:
    """How late this process's event loop wakes: a frame that arrived meanwhile waited as long
    in the bench client before it was timed (so the latencies include the client's overhead)."""
    while not run.done.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(0.01)
        run.lag.append((time.perf_counter() - asked - 0.01) * 1000)
        if len(run.lag) % 100 == 0:
            run.load.append(os.getloadavg()[0])


async def drive(
    pool: list[Worker],
    clients: int,
    rolls: int,
    rate: float,
    heavy: bool,
    pages: bool = True,
    spread: bool = False,
) -> tuple[Run, list[Listener], Costs]:
    run = Run()
    alive = [True] * len(pool)
    async with httpx.AsyncClient(timeout=60) as http:
        made = (
            await http.post(
                f"{pool[0].http}/api/tables",
                json={"name": "Banc", "system": "artemis", "options": {}, "gm_name": "MJ"},
            )
        ).json()
        run.table_id, run.gm_token = made["table"]["id"], made["gm_token"]
        listeners = []
        for i in range(clients):
            joined = await http.post(
                f"{pool[i % 2].http}/api/tables/invites/{made['invite_token']}/join",
                json={"display_name": f"Joueur {i}"},
            )
            listeners.append(Listener(joined.json()["token"], i % 2))
    readies = [asyncio.Event() for _ in listeners]
    tasks = [
        asyncio.create_task(listen(listener, pool, run, alive, ready))
        for listener, ready in zip(listeners, readies, strict=True)
    ]
    await asyncio.gather(*(ready.wait() for ready in readies))
    costs = await calibrate(run, pool[0])
    side = [asyncio.create_task(lag_meter(run))]
    spawn = multiprocessing.get_context("spawn")
    shared_alive, stop, results = spawn.Array("b", [1] * len(pool)), spawn.Event(), spawn.Queue()
    others = spawn.Process(
        target=side_traffic,
        args=(
            [w.port for w in pool],
            run.table_id,
            run.gm_token,
            pages,
            heavy,
            spread,
            shared_alive,
            stop,
            results,
        ),
    )
    side_before = 0.0
    if pages or heavy:
        others.start()
        side_before = _cpu_seconds_of(others.pid)
    cpu, wall = time.process_time(), time.perf_counter()
    workers_before = [_cpu_seconds(w) for w in pool]
    rolling = asyncio.create_task(gm(run, pool, alive, rolls, rate))
    await asyncio.sleep(rolls / rate / 2)
    alive[1] = shared_alive[1] = False  # the GM and the side clients leave B first, then B dies
    b_used = _cpu_seconds(pool[1]) - workers_before[1]
    pool[1].process.send_signal(signal.SIGKILL)
    run.killed_at = time.perf_counter()
    await rolling
    run.client_cpu, run.client_wall = time.process_time() - cpu, time.perf_counter() - wall
    run.worker_cpu = [_cpu_seconds(pool[0]) - workers_before[0], b_used]
    last = max(run.posted)
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline and any(
        not lst.seqs or lst.seqs[-1] < last for lst in listeners
    ):
        await asyncio.sleep(0.1)
    run.done.set()
    if others.is_alive():
        run.side_cpu = _cpu_seconds_of(others.pid) - side_before
        stop.set()
        run.pages, run.costly = await asyncio.to_thread(results.get, True, 60)
        others.join(10)
    for listener in listeners:
        if listener.socket is not None:
            await listener.socket.close()
    await asyncio.gather(*tasks, *side, return_exceptions=True)
    return run, listeners, costs


@dataclass
class Costs:
    """Worker A's CPU milliseconds per request of each kind, measured alone."""

    roll: float = 0.0
    page_kept: float = 0.0
    page_new: float = 0.0
    refused: float = 0.0
    refused_statuses: dict[int, int] = field(default_factory=dict)


async def calibrate(run: Run, worker: Worker, rolls: int = 15, pages: int = 40) -> Costs:
    """Each kind of request in turn on one worker, its CPU read from `/proc` around them."""
    costs = Costs()
    auth = {"Authorization": f"Bearer {run.gm_token}"}
    page = f"{worker.http}/tables/{run.table_id}?token={run.gm_token}"
    rolled = 0
    async with httpx.AsyncClient(timeout=60) as http:

        async def roll() -> None:
            nonlocal rolled
            rolled += 1
            body = {**ROLL, "seed": 10_000 + rolled}
            url = f"{worker.http}/api/tables/{run.table_id}/rolls"
            (await http.post(url, json=body, headers=auth)).raise_for_status()

        async def load_page() -> None:
            (await http.get(page)).raise_for_status()

        async def roll_then_page() -> None:
            await roll()
            await load_page()

        async def refused() -> None:
            expr = f"{900 + sum(costs.refused_statuses.values())}d6kh23"  # a new one each time
            got = await http.get(f"{worker.http}/api/dice", params={"expr": expr, "odds": "true"})
            statuses = costs.refused_statuses
            statuses[got.status_code] = statuses.get(got.status_code, 0) + 1

        async def cpu_ms(request: Callable[[], Awaitable[None]], times: int) -> float:
            before = _cpu_seconds(worker)
            for _ in range(times):
                await request()
            await asyncio.sleep(0.2)  # the fan-out after the last answer
            return (_cpu_seconds(worker) - before) * 1000 / times

        costs.roll = await cpu_ms(roll, rolls)
        await load_page()
        costs.page_kept = await cpu_ms(load_page, pages)
        costs.page_new = await cpu_ms(roll_then_page, rolls) - costs.roll
        for _ in range(40):  # the burst spent first: what an attacker's flood meets
            await refused()
        costs.refused_statuses.clear()
        costs.refused = await cpu_ms(refused, 500)
    return costs


def _cpu_seconds(worker: Worker) -> float:
    """The worker process's user + system CPU time so far (Linux `/proc`)."""
    return _cpu_seconds_of(worker.process.pid)


def _cpu_seconds_of(pid: int | None) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def report(
    run: Run, listeners: list[Listener], costs: Costs, clients: int, rolls: int, rate: float
) -> None:
    last = max(run.posted)
    exact = list(range(1, last + 1))
    bad = [lst for lst in listeners if lst.seqs != exact]
    lost = sum(len(set(exact) - set(lst.seqs)) for lst in listeners)
    duplicated = sum(len(lst.seqs) - len(set(lst.seqs)) for lst in listeners)
    steady, across = [], []
    for lst in listeners:
        for seq, sent in run.posted.items():
            if seq not in lst.arrived:
                continue
            ms = (lst.arrived[seq] - sent) * 1000
            missed = lst.moved and run.killed_at is not None and lst.reconnected_at is not None
            if missed and sent < lst.reconnected_at and lst.arrived[seq] >= lst.reconnected_at:
                across.append(ms)  # delivered by the resume after the kill
            else:
                steady.append(ms)
    moved = sum(lst.moved for lst in listeners)
    print(
        f"worker A's CPU per request, alone before the run: roll {costs.roll:.1f} ms (POST and "
        f"fan-out to its {clients // 2} sockets), table page kept {costs.page_kept:.2f} ms, "
        f"page at a new event {costs.page_new:.1f} ms, refused odds request "
        f"{costs.refused:.2f} ms (statuses {costs.refused_statuses})"
    )
    print(f"{clients} clients, {len(run.posted)} rolls at {rate}/s on 2 workers; B killed halfway")
    print(f"  POST → frame, {len(steady)} frames: {_quantiles(steady)}")
    if across:
        print(f"  frames resumed after the kill ({len(across)}): {_quantiles(across)}")
    print(f"  clients moved to A after the kill: {moved}; logs not exactly 1..{last}: {len(bad)}")
    print(f"  frames lost: {lost}, duplicated: {duplicated}")
    if run.worker_cpu:
        a, b = run.worker_cpu
        half = len(run.posted) / 2
        print(
            f"  workers' CPU while rolling: A {a:.1f} s ({a / len(run.posted) * 1000:.0f} ms per "
            f"roll), B until killed {b:.1f} s ({b / half * 1000:.0f} ms per roll); "
            "all their work: POSTs, fan-out, pages, odds"
        )
    if run.load:
        print(f"  load average during the run: {min(run.load):.1f}–{max(run.load):.1f}")
    print(f"  POST → 201: {_quantiles(run.answered)}")
    print(
        f"  bench client: {run.client_cpu:.1f} CPU s in {run.client_wall:.1f} s "
        f"({run.client_cpu / run.client_wall:.0%} of a core); its loop woke late by "
        f"{_quantiles(run.lag)}"
    )
    if run.side_cpu:
        print(
            f"  side clients' own process (pages, odds requests): {run.side_cpu:.1f} CPU s, "
            "on the same cores as the workers"
        )
    print(
        f"  table page loads: {len(run.pages)}, statuses {_statuses(run.pages)}, "
        f"{_quantiles([t * 1000 for _, t in run.pages])}"
    )
    print(
        f"  costly odds requests: {len(run.costly)}, statuses {_statuses(run.costly)}, "
        f"{_quantiles([t * 1000 for _, t in run.costly])}"
    )


def _quantiles(ms: list[float]) -> str:
    if len(ms) < 2:
        return "-"
    q = statistics.quantiles(ms, n=100)
    return f"p50 {q[49]:.0f} ms, p95 {q[94]:.0f} ms, p99 {q[98]:.0f} ms, max {max(ms):.0f} ms"


def _statuses(results: list[tuple[int, float]]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for status, _ in results:
        counts[status] = counts.get(status, 0) + 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--rolls", type=int, default=100)
    parser.add_argument("--rate", type=float, default=5.0)
    parser.add_argument("--sqlite", action="store_true", help="a SQLite file, not PostgreSQL")
    parser.add_argument("--profile", action="store_true", help="cProfile the workers")
    parser.add_argument("--no-pages", action="store_true", help="no table page loads")
    parser.add_argument("--no-costly", action="store_true", help="no costly odds requests")
    parser.add_argument(
        "--spread", action="store_true", help="the side clients alternate workers (a proxy's way)"
    )
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="ecran-bench-"))
    load_before = os.getloadavg()[0]
    with contextlib.ExitStack() as stack:
        redis = stack.enter_context(servers.redis())
        database = (
            f"sqlite:///{home / 'ecran.sqlite3'}"
            if args.sqlite
            else stack.enter_context(servers.postgres())
        )
        pool = stack.enter_context(workers(database, redis, home, args.profile))
        run, listeners, costs = asyncio.run(
            drive(
                pool,
                args.clients,
                args.rolls,
                args.rate,
                not args.no_costly,
                not args.no_pages,
                args.spread,
            )
        )
    print(f"database: {'SQLite' if args.sqlite else 'PostgreSQL'}; logs in {home}")
    load_after = os.getloadavg()[0]
    print(f"load average before/after: {load_before:.1f}/{load_after:.1f}, {os.cpu_count()} cores")
    side = [
        "no table pages" if args.no_pages else "table pages",
        "no costly odds requests" if args.no_costly else "costly odds requests",
    ]
    where = "alternating workers (--spread)" if args.spread else "all on worker A"
    print(f"  side traffic: {', '.join(side)}; {where}")
    report(run, listeners, costs, args.clients, args.rolls, args.rate)


if __name__ == "__main__":
    main()
