"""The registry warmed in a background thread (the web server's start-up, #16): every system is
loaded, in id order, and requests asking for one system meanwhile always get it. A served app
begins that warm-up once its first answer is sent, and is ready only once it is done (#32)."""

from __future__ import annotations

import os
import subprocess
import sys

WARM_WHILE_ASKED = """
import threading
from ecran.engine import registry

ids = [i for i in registry.system_ids()]
found, failed = [], []

def ask():
    for _ in range(200):
        for system_id in ids:
            try:
                found.append(registry.get_system(system_id).id)
            except Exception as exc:
                failed.append(repr(exc))

askers = [threading.Thread(target=ask) for _ in range(3)]
for t in askers:
    t.start()
warm = threading.Thread(target=registry.all_systems)  # as the web server's warm-up thread
warm.start()
warm.join()
for t in askers:
    t.join()
print(failed[:3], list(registry.all_systems()) == sorted(ids), set(found) == set(ids))
"""

SERVED_APP = """
import sys, time
from fastapi.testclient import TestClient
from ecran.web import app as web_app
from ecran.web.app import create_app, create_served_app

started = []  # the warm-up threads the app started (its lifespan schedules `_warm_up`)
real_warm_up = web_app._warm_up
web_app._warm_up = lambda app: started.append(real_warm_up(app)) or started[-1]

with TestClient(create_app()) as client:
    client.get("/healthz")
print(bool(started), "ecran.systems.artemis" in sys.modules)
served = create_served_app()
assert served.state.warm_up_delay > 0  # the first answers come first
served.state.warm_up_delay = 0
with TestClient(served) as client:
    client.get("/healthz")  # the event loop runs the scheduled warm-up
    for _ in range(1000):  # a wait for the call to happen, not a timing
        if started:
            break
        time.sleep(0.01)
    assert len(started) == 1, f"the served app started {len(started)} warm-up(s), not one"
    started[0].join()
    print("ecran.systems.artemis" in sys.modules, client.get("/").status_code)
"""

READY_MEANS_WARM = """
import sys, time
from fastapi.testclient import TestClient
from ecran.engine import registry
from ecran.web.app import create_served_app

served = create_served_app()
served.state.warm_up_delay = 3600.0  # its timer never fires here: only its first answer
with TestClient(served) as client:
    print(client.get("/").status_code)
    deadline = time.monotonic() + 120
    while client.get("/readyz").status_code != 200:  # a wait for readiness, not a timing
        assert time.monotonic() < deadline, "never ready"
        time.sleep(0.02)
    state = served.state
    print(state.routes_included, registry._complete, getattr(state, "store", None) is not None)
"""


def _run(script: str) -> str:
    env = {**os.environ, "ECRAN_DATABASE_URL": "sqlite://"}  # never the user's database
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_warming_while_systems_are_asked_for_loses_none() -> None:
    assert _run(WARM_WHILE_ASKED) == "[] True True"


def test_the_served_app_warms_the_systems_and_a_plain_app_does_not() -> None:
    assert _run(SERVED_APP).splitlines() == ["False False", "True 200"]


def test_a_served_app_is_ready_once_warm_and_its_first_answer_begins_the_warm_up() -> None:
    """Ready means no request waits on a lazy start: the routes included, every system
    imported, the store (its ORM) open; and the warm-up needs no timer after a first answer."""
    assert _run(READY_MEANS_WARM).splitlines() == ["200", "True True True"]
