"""The board's client in real headless Chromium, on a phone (390 x 844), against a small server
that wires the pure board (`ecran.play.board`) the way phase 2 will: the view per member, the
masked image, moves checked and snapped, the distance. Under the site's CSP.

What it shows: the player's page receives only their token and the visible one (never the
secret NPC); dragging their token sends at most a few moves a second and the drop; an arrow key
moves a focused token one square; a live frame adds a token; the page does not overflow.
"""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from PIL import Image

from ecran.play.board import events as ev
from ecran.play.board.geometry import token_distance
from ecran.play.board.image import accept, masked
from ecran.play.board.model import Board, Grid, Rect, Scene, Token
from ecran.play.board.movement import Step, move
from ecran.play.board.visibility import Viewer, scene_view
from ecran.play.errors import Forbidden
from ecran.web.app import STATIC
from ecran.web.security import CSP
from web.browser_support import chromium, serving, shoot

pytestmark = [pytest.mark.browser]

VIEWERS = {
    "gm-token": Viewer("gm", is_gm=True),
    "ana-token": Viewer("ana", characters=frozenset({"c-ana"})),
}
SECRET_RGB = (250, 10, 10)

PAGE = """<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/vendor/leaflet/leaflet.css">
<link rel="stylesheet" href="/static/board.css">
<script src="/static/vendor/leaflet/leaflet.js" defer></script>
<script src="/static/board.js" defer></script></head>
<body><main><h1>Table</h1>
<div id="board" data-table="t1" data-csrf="{token}" data-scene="s1" data-gm="{gm}">
<div class="board-tools"></div><p class="board-status" role="status" aria-live="polite"></p>
<div class="board-map"></div></div></main></body></html>"""


class Server:
    """The board of one table, and the requests it got (to count the moves)."""

    def __init__(self) -> None:
        picture = Image.new("RGB", (700, 700), (40, 160, 40))
        picture.paste(SECRET_RGB, (350, 0, 700, 700))  # the east half: the lair
        out = io.BytesIO()
        picture.save(out, format="PNG")
        self.image = accept(out.getvalue(), encoding="PNG").data
        grid = Grid(size=70, unit_per_square=1.5)
        b = ev.fold(
            Board(),
            ev.SceneCreated(
                scene=Scene(
                    id="s1", name="Crypte", width=700, height=700, grid=grid, image_id="img"
                )
            ),
        )
        for t in (
            Token(id="ana", scene_id="s1", character_id="c-ana", name="Ana", x=105, y=105),
            Token(id="guard", scene_id="s1", participant_id="p2", name="Garde", x=245, y=105),
            Token(
                id="ghoul",
                scene_id="s1",
                participant_id="p3",
                name="Goule",
                x=175,
                y=175,
                hidden=True,
            ),
            Token(id="lurker", scene_id="s1", participant_id="p4", name="Rôdeur", x=525, y=525),
        ):
            b = ev.fold(b, ev.TokenPlaced(token=t))
        b = ev.fold(b, ev.FogRevealed(scene_id="s1", regions=(Rect(x=0, y=0, w=349, h=700),)))
        self.board = ev.fold(b, ev.SceneShown(scene_id="s1"))
        self.moves: list[tuple[float, dict[str, Any]]] = []
        #: Seconds a move's answer takes once the move is made (a loaded server's).
        self.answer_delay = 0.0

    def viewer(self, request: Request) -> Viewer:
        found = VIEWERS.get(request.headers.get("X-CSRF-Token", ""))
        if found is None:
            raise HTTPException(401)
        return found

    def app(self) -> FastAPI:
        app = FastAPI()
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

        @app.middleware("http")
        async def csp(request: Request, call_next: Any) -> Response:
            response: Response = await call_next(request)
            response.headers["Content-Security-Policy"] = CSP
            return response

        @app.get("/board/{token}")
        def page(token: str) -> HTMLResponse:
            gm = "true" if VIEWERS[token].is_gm else "false"
            return HTMLResponse(PAGE.replace("{token}", token).replace("{gm}", gm))

        @app.get("/api/tables/t1/scenes/s1")
        def scene(request: Request) -> dict[str, Any]:
            return scene_view(self.board.scenes["s1"], self.viewer(request))

        @app.get("/api/tables/t1/scenes/s1/image")
        def picture(request: Request) -> Response:
            viewer = self.viewer(request)
            fog = () if viewer.is_gm else self.board.scenes["s1"].fog
            data = self.image if viewer.is_gm else masked(self.image, fog, encoding="PNG").data
            return Response(data, media_type="image/png", headers={"Cache-Control": "private"})

        @app.patch("/api/tables/t1/scenes/s1/tokens/{tid}")
        async def patch(tid: str, request: Request) -> JSONResponse:
            body = json.loads(await request.body())
            self.moves.append((time.monotonic(), body))
            state = self.board.scenes["s1"]
            try:
                step = Step(body["x"], body["y"])
                done = move(state, state.tokens[tid], self.viewer(request), step)
            except Forbidden as exc:
                return JSONResponse({"detail": exc.message()}, status_code=403)
            self.board = ev.fold(self.board, ev.TokenMoved(token_id=tid, x=done.x, y=done.y))
            token = self.board.scenes["s1"].tokens[tid]
            await asyncio.sleep(self.answer_delay)
            return JSONResponse(
                {"token": {"id": tid, "x": token.x, "y": token.y, "name": token.name, "mine": True}}
            )

        @app.get("/api/tables/t1/scenes/s1/distance")
        def distance(request: Request) -> dict[str, Any]:
            tokens = self.board.scenes["s1"].tokens
            a, b = tokens[request.query_params["from"]], tokens[request.query_params["to"]]
            return {
                "distance": token_distance(self.board.scenes["s1"].scene.grid, a, b),
                "unit": "m",
            }

        return app


def _until(page: Any, done: Callable[[], bool], seconds: float = 15.0) -> bool:
    """Whether `done()` holds within `seconds`, the page's loop running meanwhile."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(50)
    return True


def _drag(page: Any, token: str, right: int) -> None:
    """A token dragged `right` screen pixels by the mouse, in ten moves, and dropped."""
    box = page.locator(f"[data-token='{token}']").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x + step * right / 10, y)
    page.mouse.up()


@pytest.fixture(scope="module")
def table() -> Iterator[tuple[Server, str]]:
    server = Server()
    with serving(server.app()) as url:
        yield server, url


def test_a_player_on_a_phone(table: tuple[Server, str]) -> None:
    from playwright.sync_api import expect

    server, url = table
    with chromium() as browser:
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(url + "/board/ana-token")
        tokens = page.locator(".board-token")
        expect(tokens).to_have_count(2)
        labels = sorted(t.get_attribute("aria-label") or "" for t in tokens.all())
        assert labels == ["Ana, le vôtre, déplaçable", "Garde"]
        assert "Goule" not in page.content() and "Rôdeur" not in page.content()
        # the image the player got is masked: not a pixel of the lair
        shown = page.evaluate(
            "() => fetch('/api/tables/t1/scenes/s1/image',"
            " {headers: {'X-CSRF-Token': 'ana-token'}})"
            ".then(r => r.arrayBuffer()).then(b => Array.from(new Uint8Array(b)))"
        )
        colours = (
            Image.open(io.BytesIO(bytes(shown))).convert("RGB").getcolors(maxcolors=100_000) or []
        )
        assert SECRET_RGB not in {c for _n, c in colours}
        expect(page.locator(".board-image")).to_have_count(1)

        # drag Ana's token with the mouse: a few moves a second, the drop always sent
        ana = page.locator("[data-token='ana']")
        box = ana.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        started = time.monotonic()
        for step in range(1, 31):
            page.mouse.move(x + step * 2, y + step)
            page.wait_for_timeout(20)
        page.mouse.up()
        elapsed = time.monotonic() - started
        page.wait_for_function(
            "() => !document.querySelector('.board-status').textContent.includes('refus')"
        )
        # the server's answer, however long a loaded machine takes (a fixed 400 ms was not
        # enough in one fresh-clone CI run: "no move sent")
        assert _until(page, lambda: bool(server.moves)), "no move sent"
        assert _until(page, lambda: server.board.scenes["s1"].tokens["ana"].x > 105), "no drop"
        assert len(server.moves) <= 4 * elapsed + 2
        moved = server.board.scenes["s1"].tokens["ana"]
        assert (moved.x - 35) % 70 == 0 and (moved.y - 35) % 70 == 0  # snapped
        assert moved.x > 105

        # the arrow key moves the focused token one square
        before = server.board.scenes["s1"].tokens["ana"].y
        page.locator("[data-token='ana']").focus()
        page.keyboard.press("ArrowDown")
        assert _until(page, lambda: server.board.scenes["s1"].tokens["ana"].y == before + 70)

        # a live frame: the GM revealed the ghoul
        page.evaluate(
            "() => window.ecranBoard.applyFrame({type: 'board', changes: [{op: 'token',"
            " scene_id: 's1', token: {id: 'ghoul', x: 175, y: 175, name: 'Goule', mine: false}}]})"
        )
        expect(page.locator(".board-token")).to_have_count(3)

        # the measure tool between two tokens asks the server
        page.get_by_role("button", name="Mesurer").click()
        page.locator("[data-token='guard']").click()
        page.locator("[data-token='ghoul']").click()
        expect(page.locator(".board-status")).to_contain_text("Distance : ")

        overflow = page.evaluate("() => document.documentElement.scrollWidth")
        assert overflow <= 390
        shoot(page, "board-phone")
        assert not [p for p in problems if "Content Security Policy" in p or "Error" in p], problems
        context.close()


def test_a_token_is_still_from_the_moment_it_appears() -> None:
    """The scene opens where it is: no pan or zoom from the map's blank view moves a token
    after it appeared, so a finger put on it at once drags it (CI's "no move sent": the
    phone test read the token's place while the map still panned, and pressed beside it)."""
    server = Server()
    with serving(server.app()) as url, chromium() as browser:
        page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        page = page.new_page()
        page.goto(url + "/board/ana-token")
        # the token's box read on the frame it appears, then after any animation would be over
        box = page.evaluate(
            "() => new Promise(done => { const look = () => {"
            " const t = document.querySelector(\"[data-token='ana']\");"
            " if (t) { const r = t.getBoundingClientRect(); done([r.x, r.y]); }"
            " else { requestAnimationFrame(look); } }; look(); })"
        )
        page.wait_for_timeout(600)
        later = page.evaluate(
            "() => { const r = document.querySelector(\"[data-token='ana']\")"
            ".getBoundingClientRect(); return [r.x, r.y]; }"
        )
        assert box == later
        _drag(page, "ana", 70)
        assert _until(page, lambda: bool(server.moves)), "no move sent"


def test_an_arrow_key_steps_from_where_the_last_move_put_the_token() -> None:
    """An arrow key pressed while a move is on its way (a drop just made, the key pressed
    again) steps one square from where that move put the token: on a loaded server (CI's
    phone test) the step was worked out from the place before the drop, and went back."""
    server = Server()
    server.answer_delay = 0.8
    with serving(server.app()) as url, chromium() as browser:
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.goto(url + "/board/ana-token")
        _drag(page, "ana", 70)
        # the drop made (after the drag's passing move): its answer is still on its way
        assert _until(page, lambda: server.board.scenes["s1"].tokens["ana"].x > 105), "no drop"
        dropped = server.board.scenes["s1"].tokens["ana"]
        made = len(server.moves)
        page.locator("[data-token='ana']").focus()
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        assert _until(page, lambda: len(server.moves) >= made + 2), "the arrow keys sent nothing"
        page.wait_for_timeout(100)
        moved = server.board.scenes["s1"].tokens["ana"]
        assert (moved.x, moved.y) == (dropped.x, dropped.y + 140)
