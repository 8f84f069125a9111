"""Two real workers (`ecran serve` processes) on one database and one Redis, on SQLite and on
PostgreSQL: what one commits reaches the other's clients, in order, once, redacted per member; a
client resumes exactly on either worker, also after its own worker is killed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis

from ecran.web.live.bridge import CHANNEL
from web.live.workers_support import (
    Table,
    Worker,
    closed,
    member_socket,
    new_table,
    start_worker,
    workers,
)

SEED = 8_675_309_123_457  # distinctive: its digits must not appear where the roll is hidden


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('shared') / 'ecran.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture(scope="module")
def pair(
    database: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[Worker]]:
    with workers(database, redis_url, tmp_path_factory.mktemp("workers")) as started:
        yield started


@pytest.fixture
def table(pair: list[Worker]) -> Table:
    return new_table(pair[0])


def test_a_roll_posted_on_one_worker_reaches_a_client_of_the_other(
    pair: list[Worker], table: Table
) -> None:
    a, b = pair
    with member_socket(table.socket_url(b, table.alice, table.last_seq(a))) as alice:
        seq = table.roll(a, table.gm, seed=1)
        assert alice.until_seq(seq) == [seq]
        assert alice.events[-1]["kind"] == "roll" and alice.events[-1]["actor_id"] == table.gm.id
        posted = [table.roll(a if n % 2 else b, table.gm, seed=n) for n in range(6)]
        assert alice.until_seq(posted[-1]) == posted  # both workers' rolls, in order, once
        assert alice.nothing_more() == []


def test_a_hidden_roll_from_another_worker_stays_hidden(pair: list[Worker], table: Table) -> None:
    a, b = pair
    with member_socket(table.socket_url(b, table.alice, table.last_seq(a))) as alice:
        seq = table.roll(a, table.gm, seed=SEED, visibility="gm")
        alice.until_seq(seq)
    [hidden] = alice.events
    assert hidden["kind"] == "hidden" and hidden["payload"] == {"secret": "roll"}  # who, not what
    assert not any(str(SEED) in raw for raw in alice.raw)


def test_a_client_that_reconnects_to_the_other_worker_resumes_exactly(
    pair: list[Worker], table: Table
) -> None:
    a, b = pair
    with member_socket(table.socket_url(a, table.alice)) as first:
        table.roll(b, table.gm, seed=1)
        first.until_seq(table.roll(a, table.gm, seed=2))
    seen = first.events
    away = [table.roll(a if n % 2 else b, table.gm, seed=n) for n in range(4)]
    with member_socket(table.socket_url(b, table.alice, seen[-1]["seq"])) as second:
        assert second.seqs() == away  # the backlog: exactly what she missed
        second.until_seq(table.roll(a, table.gm, seed=9))  # then live again, from A
        everything = [e["seq"] for e in seen + second.events]
        assert everything == list(range(1, table.last_seq(a) + 1))
        assert second.resume(1) == list(range(2, table.last_seq(a) + 1))  # asked again: all


def test_writers_on_both_workers_give_clients_on_both_the_whole_log_in_order(
    pair: list[Worker], table: Table
) -> None:
    a, b = pair
    start = table.last_seq(a)
    with (
        member_socket(table.socket_url(a, table.gm, start)) as on_a,
        member_socket(table.socket_url(b, table.alice, start)) as on_b,
    ):

        def rolls(worker: Worker) -> None:
            for n in range(8):
                table.roll(worker, table.gm, seed=n)

        threads = [threading.Thread(target=rolls, args=(w,)) for w in (a, b, a, b)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        last = table.last_seq(a)
        assert last == start + 32
        expected = list(range(start + 1, last + 1))
        assert on_a.until_seq(last) == expected
        assert on_b.until_seq(last) == expected
        assert on_a.nothing_more() == [] and on_b.nothing_more() == []


def test_the_clients_of_a_killed_worker_resume_exactly_on_another(
    pair: list[Worker], table: Table, database: str, redis_url: str, tmp_path: Path
) -> None:
    a, b = pair
    doomed = start_worker("C", database, redis_url, tmp_path)
    try:
        with member_socket(table.socket_url(doomed, table.alice)) as alice:
            alice.until_seq(table.roll(a, table.gm, seed=1))
            doomed.kill()
            assert closed(alice)
    finally:
        doomed.stop()
    away = [table.roll(a, table.gm, seed=n) for n in range(3)]
    with member_socket(table.socket_url(b, table.alice, alice.seqs()[-1])) as back:
        assert back.seqs() == away
        back.until_seq(table.roll(a, table.gm, seed=7))
    assert alice.seqs() + back.seqs() == list(range(1, table.last_seq(a) + 1))


def test_strangers_on_the_channel_are_ignored(
    pair: list[Worker], table: Table, redis_url: str
) -> None:
    a, b = pair
    noise = ["not json", "[1]", '{"w": "x", "t": "' + table.id + '", "s": -1}', "x" * 5000]
    noise.append('{"w": "x", "t": "' + table.id + '", "s": 99999}')  # a seq not in the log
    # A closure of a link that works (hers, the table's): checked, not obeyed.
    for member in (table.alice.id, None):
        noise.append(json.dumps({"w": "x", "t": table.id, "k": "closed", "m": member}))
    with member_socket(table.socket_url(b, table.alice, table.last_seq(a))) as alice:
        client = redis.Redis.from_url(redis_url)
        try:
            for message in noise:
                client.publish(CHANNEL, message)
        finally:
            client.close()
        seq = table.roll(a, table.gm, seed=3)
        assert alice.until_seq(seq) == [seq]
        assert alice.nothing_more() == []


def test_presence_counts_who_is_connected_to_either_worker(
    pair: list[Worker], table: Table
) -> None:
    a, b = pair
    start = table.last_seq(a)
    with member_socket(table.socket_url(a, table.gm, start) + "&presence=1") as gm:
        gm.presence_until({table.gm.id})
        with member_socket(table.socket_url(b, table.alice, start)):
            both = sorted([table.gm.id, table.alice.id])
            assert gm.presence_until(set(both)) == both  # said by A of a socket on B
            for worker in pair:
                assert table.call(worker, "GET", "/presence").json() == both
        gm.presence_until({table.gm.id})  # she left B: A says so
        assert table.call(b, "GET", "/presence").json() == [table.gm.id]


def test_a_worker_started_later_learns_who_is_connected_elsewhere(
    pair: list[Worker], table: Table, database: str, redis_url: str, tmp_path: Path
) -> None:
    a, b = pair
    start = table.last_seq(a)
    with member_socket(table.socket_url(b, table.alice, start)):
        late = start_worker("D", database, redis_url, tmp_path)
        try:
            with member_socket(table.socket_url(late, table.gm, start) + "&presence=1") as gm:
                both = sorted([table.gm.id, table.alice.id])
                assert gm.presence_until(set(both)) == both
        finally:
            late.stop()


@pytest.mark.parametrize("how", ["revoke", "renew"])
def test_a_stopped_link_closes_its_sockets_on_the_other_worker(
    pair: list[Worker], table: Table, how: str
) -> None:
    a, b = pair
    start = table.last_seq(a)
    with (
        member_socket(table.socket_url(b, table.alice, start)) as alice,
        member_socket(table.socket_url(b, table.gm, start)) as gm,
    ):
        method = "DELETE" if how == "revoke" else "POST"
        stopped = table.call(a, method, f"/members/{table.alice.id}/link")
        assert stopped.status_code == 200, stopped.text
        code, frames = alice.until_closed()
        assert code == 4404
        assert frames[-1] == {"type": "error", "detail": "lien invalide ou expiré"}
        seq = table.roll(a, table.gm, seed=5)
        assert gm.until_seq(seq)[-1] == seq  # the GM's socket on B lives on


def test_a_deleted_table_closes_its_sockets_on_the_other_worker(
    pair: list[Worker], table: Table
) -> None:
    a, b = pair
    with member_socket(table.socket_url(b, table.alice, table.last_seq(a))) as alice:
        deleted = table.call(a, "DELETE", "", confirm="Jeudi soir")
        assert deleted.status_code == 204, deleted.text
        assert alice.until_closed()[0] == 4404


def test_health_names_the_database_and_redis(pair: list[Worker]) -> None:
    for worker in pair:
        health = httpx.get(worker.http + "/healthz", timeout=10)
        assert health.status_code == 200
        assert health.json() == {"status": "ok", "database": "ok", "redis": "ok"}


def test_serve_with_workers_runs_them_and_refuses_a_process_alone_beside(
    redis_url: str, tmp_path: Path
) -> None:
    database = f"sqlite:///{tmp_path / 'ecran.sqlite3'}"
    with workers(database, redis_url, tmp_path, names="W", extra=["--workers", "2"]) as [served]:
        table = new_table(served)
        with member_socket(table.socket_url(served, table.alice)) as alice:
            seq = table.roll(served, table.gm, seed=1)
            assert alice.until_seq(seq) == [seq]
        env = {**os.environ, "ECRAN_DATABASE_URL": database}
        env.pop("ECRAN_REDIS_URL", None)
        alone = subprocess.run(
            [sys.executable, "-m", "ecran.cli.app", "serve", "--port", "1"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert alone.returncode == 2
    [line] = alone.stderr.splitlines()
    assert "déjà servie" in line


def test_board_changes_on_one_worker_reach_the_other_as_each_member_may_see_them(
    pair: list[Worker], table: Table
) -> None:
    a, b = pair

    def gm(on: Worker, path: str, body: dict[str, object]) -> dict[str, object]:
        made = httpx.post(
            f"{on.http}/api/tables/{table.id}{path}",
            json=body,
            headers={"Authorization": f"Bearer {table.gm.token}"},
            timeout=10,
        )
        assert made.status_code in (200, 201), made.text
        return dict(made.json())

    with member_socket(table.socket_url(b, table.alice, table.last_seq(a))) as alice:
        scene = gm(a, "/scenes", {"name": "Crypte", "width": 700, "height": 700, "show": True})
        sid = scene["scene"]["id"]  # type: ignore[index]
        gm(a, f"/scenes/{sid}/tokens", {"name": "Espion", "x": 35, "y": 35, "hidden": True})
        gm(b, f"/scenes/{sid}/tokens", {"name": "Garde", "x": 105, "y": 35})
        gm(a, f"/scenes/{sid}/fog", {"reveal": [[0, 0, 700, 700]]})
        alice.until_seq(table.last_seq(a))
    assert "Espion" not in "".join(alice.raw)
    shown = [c for e in alice.events if e["kind"] == "board" for c in e["payload"]["changes"]]
    assert shown[-1]["op"] == "scene" and [t["name"] for t in shown[-1]["tokens"]] == ["Garde"]
