"""Shared by the browser tests: Debian's Chromium, a live server, screenshots on demand.

Set ECRAN_SCREENSHOTS=DIR to save screenshots there (not committed).
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
import uvicorn
from fastapi import FastAPI

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Playwright's waits: generous, CI runs two browsers and the server on two cores.
EXPECT_TIMEOUT_MS = 15_000
MISSING = "browser test not run: /usr/bin/chromium is missing (make test installs it)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """uvicorn in a thread on a free loopback port, for the duration of the block."""
    port = free_port()
    # An idle keep-alive connection is closed after `timeout_keep_alive` (uvicorn: 5 s); a
    # browser sends again a request that meets the close, Playwright's API requests do not
    # (ECONNRESET, seen on a loaded machine): no connection of a test's is closed for idling.
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", timeout_keep_alive=600
    )
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright; a missing browser fails the test with the reason
    (a skipped test is a test not run)."""
    if not CHROMIUM.exists():
        pytest.fail(MISSING)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield FrenchBrowser(browser)
        finally:
            browser.close()


class FrenchBrowser:
    """The browser of a French player: every new context asks for French (`Accept-Language`,
    which the site honours when no language was chosen), unless a test names another locale."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("locale", "fr-FR")
        return self._browser.new_context(**options)

    def new_page(self, **options: Any) -> Any:
        options.setdefault("locale", "fr-FR")
        return self._browser.new_page(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


#: Counts the tracker's step answers the page's scripts were handed (each after its `load`
#: handlers, htmx's swap among them, ran).
COUNT_STEP_ANSWERS = """
window.ecranAnswers = 0;
(function (open) {
  XMLHttpRequest.prototype.open = function (method, url) {
    if (/\\/step(\\?|$)/.test(String(url))) {
      this.addEventListener("loadend", function () { window.ecranAnswers += 1; });
    }
    return open.apply(this, arguments);
  };
})(XMLHttpRequest.prototype.open);
"""


def htmx_settled(page: Any, scope: str = "#encounter") -> None:
    """htmx has processed what it swapped into `scope` (it marks new content `.htmx-added` until
    then) and nothing of it is loading: a click now is heard by htmx. A click on a form htmx has
    not bound yet posts it natively (the page leaves the fragment); one on what a reload still
    in flight replaces is lost with it."""
    from playwright.sync_api import expect

    expect(page.locator(f"{scope} .htmx-added")).to_have_count(0)
    expect(page.locator(f"{scope} .htmx-request")).to_have_count(0)


def shoot(page: Any, name: str) -> None:
    folder = os.environ.get("ECRAN_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def offered_odds(page: Any, panel: str) -> list[list[str]]:
    """The probabilities of the odds chips of every attack offered in `panel` (a CSS selector),
    read in one snapshot of the page: a live refresh of the encounter (a player arriving)
    re-renders the panel, and reading option by option could straddle two renderings. Waits
    until the panel is there and every option shows its odds."""
    script = """panel => {
        const p = document.querySelector(panel);
        if (!p) return null;
        const rows = [...p.querySelectorAll('.attack-option')].map(
            o => [...o.querySelectorAll('.odds-chip')].map(c => c.dataset.probability));
        return rows.length && rows.every(r => r.length) ? rows : null;
    }"""
    return page.wait_for_function(script, arg=panel).json_value()  # type: ignore[no-any-return]


#: Where creating or joining a table lands: the table's page at its clean address (the member's
#: token is in the session cookie, `ecran.web.sessions`).
TABLE_PAGE = re.compile(r"/tables/[0-9a-f]+(\?lang=\w+)?$")
#: Where saving a character lands: its sheet, at its clean address.
CHARACTER_PAGE = re.compile(r"/characters/[0-9a-f]+(\?lang=\w+)?$")


def create_table(page: Any, server: str, system: str, name: str, gm: str = "Camille") -> Any:
    """`page` creates a table of `system` through the new-table form; it lands on the table as
    its GM."""
    from playwright.sync_api import expect

    from ecran.engine import get_system

    page.goto(server + "/tables/new")
    page.fill("#table-name", name)
    page.fill("#gm-name", gm)
    page.select_option("#table-system", system)
    # the system's options come in by htmx: submitting before would send the last system's
    if get_system(system).options:
        expect(page.locator(f"#options-{system}")).to_be_attached()
    else:
        expect(page.locator("#table-options details.options")).to_have_count(0)
    page.click("#create-table")
    page.wait_for_url(TABLE_PAGE)
    return page


def join_table(page: Any, invite: str, name: str) -> Any:
    """`page` joins through the invite link as `name`; it lands on the table as a player."""
    page.goto(invite)
    page.fill("#display-name", name)
    page.click("#join-button")
    page.wait_for_url(TABLE_PAGE)
    return page


def page_token(page: Any) -> str:
    """The token of the member a table page shows: its session cookie (HttpOnly, so read from
    the browser's context, as no script of the page can)."""
    name = f"ecran_{page_table(page)}"
    found = [c["value"] for c in page.context.cookies() if c["name"] == name]
    assert found, f"no session cookie {name} in this browser"
    return str(found[0])


def invite_link(page: Any) -> str:
    """The invite link on the GM's table page: the links come when asked for (no page carries
    a token until then)."""
    page.locator("#show-links").click()
    return str(page.locator("#link-invite").input_value())


def page_query(page: Any) -> str:
    """The query of the page's address (`lang=fr`; never a token now), or empty."""
    return str(urlparse(page.url).query)


def page_table(page: Any) -> str:
    """The table id in a table page's address (`/tables/{id}…`)."""
    return str(urlparse(page.url).path.split("/")[2])


def table_api(page: Any, server: str, path: str, body: Any) -> Any:
    """A POST to the JSON API of the page's table, as the page's member (setting a scene up
    without clicking through it)."""
    return page.request.post(
        f"{server}/api/tables/{page_table(page)}{path}",
        data=body,
        headers={"Authorization": f"Bearer {page_token(page)}"},
    )


def ana_against_brute(page: Any, server: str, system: str, initiatives: tuple[int, int]) -> str:
    """Through the API of the page's table: Ana (a character, the system's random NPC of seed
    11, p1) against Brute (a random NPC of seed 12, p2) with these initiatives, started; the
    encounter's id."""
    from ecran.dice import Roller
    from ecran.engine import get_system

    sheet = get_system(system).random_npc(Roller(11)).model_dump(mode="json")
    made = table_api(page, server, "/characters", {"sheet": {**sheet, "name": "Ana"}})
    assert made.status == 201, made.text()
    created = table_api(page, server, "/encounters", {"name": "Ruelle"})
    eid = str(created.json()["payload"]["encounter_id"])
    ana, brute = initiatives
    for body in (
        {"character_id": made.json()["id"], "initiative": ana},
        {"random_npc": True, "seed": 12, "name": "Brute", "initiative": brute},
    ):
        added = table_api(page, server, f"/encounters/{eid}/participants", body)
        assert added.status == 201, added.text()
    assert table_api(page, server, f"/encounters/{eid}/start", {}).ok
    return eid


class HeldAnswers:
    """The answers of the requests a route matches, fetched from the server at once and held
    back from the page until `release`: the server did the work, the page has not heard it.
    The route's handler holds an answer once its fetch returns, which the page's own events
    may outrun: `wait` waits for it (Playwright has no waiter for a handler)."""

    def __init__(self, page: Any, pattern: str) -> None:
        self.page = page
        self.pattern = pattern
        self.held: list[tuple[Any, Any]] = []
        page.route(pattern, self._hold)

    def _hold(self, route: Any) -> None:
        self.held.append((route, route.fetch()))

    def wait(self, count: int = 1) -> None:
        for _ in range(400):
            if len(self.held) >= count:
                return
            self.page.wait_for_timeout(25)
        raise AssertionError(f"{count} answer(s) awaited on {self.pattern}, {len(self.held)} held")

    def release(self) -> None:
        """Every answer held so far reaches the page; the route then lets the next ones
        through."""
        for route, answer in self.held:
            route.fulfill(response=answer)
        self.page.unroute(self.pattern)


class Traffic:
    """What a page sent and heard (requests, answers, failures, console errors), each with its
    time since the record began: a test that waits for something the page never showed says,
    in its failure, what the page did meanwhile (a flake is then read, not guessed)."""

    def __init__(self, page: Any) -> None:
        self._start = time.monotonic()
        self.lines: list[str] = []
        page.on("request", lambda r: self.note(f"→ {r.method} {_path(r.url)}"))
        page.on("response", lambda r: self.note(f"← {r.status} {r.request.method} {_path(r.url)}"))
        page.on("requestfailed", lambda r: self.note(f"✗ {r.method} {_path(r.url)} {r.failure}"))
        page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.note(f"console: {message.text}")

    def note(self, line: str) -> None:
        self.lines.append(f"{time.monotonic() - self._start:7.3f} s {line}")

    def __str__(self) -> str:
        return "\n".join(self.lines)


def _path(url: str) -> str:
    parsed = urlparse(url)
    return parsed.path + (f"?{parsed.query[:80]}" if parsed.query else "")
