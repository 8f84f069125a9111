"""The board's browser tests' helpers: a table of a game set up through the API (a GM, Ana and
Bruno, their characters Aube and Boris, an encounter where it is Aube's turn, with a visible NPC
Brute and a secret NPC Ombre), the GM's clicks on the board page, and what a player's browser
received (every WebSocket frame, every API answer) to look for what must never reach them.

The members' links and tokens come from the API's answers: nothing is read from a page's
address (a link may carry its token in a cookie one day).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from typing import Any

import httpx
from PIL import Image

from ecran.dice import Roller
from ecran.engine import get_system

#: The map: 1400 x 1000 px, squares of 100 px; its west half is ground, its east half the lair
#: (SECRET red) that the fog keeps from the players.
WIDTH, HEIGHT, SQUARE = 1400, 1000, 100
GROUND = (40, 160, 60)
SECRET = (250, 10, 10)
REVEALED = (0, 0, 700, 1000)


def map_png() -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), GROUND)
    image.paste(SECRET, (700, 0, WIDTH, HEIGHT))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def colours(data: bytes) -> set[tuple[int, int, int]]:
    found = Image.open(io.BytesIO(data)).convert("RGB").getcolors(maxcolors=1_000_000) or []
    return {c for _n, c in found}


def near(found: set[tuple[int, int, int]], colour: tuple[int, int, int], by: int = 40) -> bool:
    """Whether a colour within `by` of `colour` (per channel) is among `found` (the image is
    re-encoded, maybe lossily)."""
    return any(all(abs(a - b) <= by for a, b in zip(c, colour, strict=True)) for c in found)


def centre(col: int, row: int) -> tuple[float, float]:
    return (col * SQUARE + SQUARE / 2, row * SQUARE + SQUARE / 2)


@dataclass
class Seat:
    name: str
    member_id: str
    token: str
    link: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@dataclass
class Game:
    server: str
    system: str
    table: str
    gm: Seat
    ana: Seat
    bruno: Seat
    characters: dict[str, str] = field(default_factory=dict)
    participants: dict[str, str] = field(default_factory=dict)

    def api(self, who: Seat, method: str, path: str, body: Any = None) -> httpx.Response:
        url = f"{self.server}/api/tables/{self.table}{path}"
        return httpx.request(method, url, headers=who.auth, json=body, timeout=60)


def _joined(server: str, invite: str, name: str) -> Seat:
    made = httpx.post(
        f"{server}/api/tables/invites/{invite}/join", json={"display_name": name}, timeout=60
    )
    assert made.status_code == 201, made.text
    body = made.json()
    return Seat(name, body["member"]["id"], body["token"], body["link"])


def new_game(
    server: str, system: str, seeds: tuple[int, int] = (1, 2), rolled: bool = False
) -> Game:
    """The table, its members, Aube (Ana's) and Boris (Bruno's), and the encounter Ruelle with
    Brute (visible) and Ombre (secret), started on Aube's turn (`rolled`: the initiatives
    rolled by the table's dice instead, whose details carry a game's move allowance)."""
    made = httpx.post(
        f"{server}/api/tables",
        json={"name": f"Plateau {system}", "system": system, "gm_name": "Camille"},
        timeout=60,
    )
    assert made.status_code == 201, made.text
    body = made.json()
    gm = Seat("Camille", body["gm"]["id"], body["gm_token"], body["gm_link"])
    game = Game(
        server,
        system,
        body["table"]["id"],
        gm,
        _joined(server, body["invite_token"], "Ana"),
        _joined(server, body["invite_token"], "Bruno"),
    )
    rules = get_system(system)
    for who, name, seed in ((game.ana, "Aube", seeds[0]), (game.bruno, "Boris", seeds[1])):
        sheet = rules.random_npc(Roller(seed)).model_dump(mode="json")
        saved = game.api(who, "POST", "/characters", {"sheet": {**sheet, "name": name}})
        assert saved.status_code == 201, saved.text
        game.characters[name] = saved.json()["id"]
    created = game.api(gm, "POST", "/encounters", {"name": "Ruelle"})
    eid = str(created.json()["payload"]["encounter_id"])
    for body_ in (
        {"character_id": game.characters["Aube"], "initiative": 20},
        {"character_id": game.characters["Boris"], "initiative": 15},
        {"random_npc": True, "seed": 12, "name": "Brute", "secret": False, "initiative": 10},
        {"random_npc": True, "seed": 13, "name": "Ombre", "secret": True, "initiative": 5},
    ):
        if rolled:
            body_.pop("initiative")
        added = game.api(gm, "POST", f"/encounters/{eid}/participants", body_)
        assert added.status_code == 201, added.text
    if rolled:
        done = game.api(gm, "POST", f"/encounters/{eid}/initiative", {})
        assert done.status_code == 200, done.text
    assert game.api(gm, "POST", f"/encounters/{eid}/start", {}).status_code == 200
    held = game.api(gm, "GET", f"/encounters/{eid}").json()
    game.participants = {p["name"]: p["id"] for p in held["participants"].values()}
    return game


# -- the board page ------------------------------------------------------------------------------

SCREEN = """([x, y]) => {
    const b = window.ecranBoard;
    const box = b.map.getContainer().getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
        b.map.getContainer().scrollIntoView({block: 'center'});
    }
    const p = b.map.latLngToContainerPoint(L.latLng(-y, x));
    const r = b.map.getContainer().getBoundingClientRect();
    return [r.left + p.x, r.top + p.y];
}"""


def screen(page: Any, x: float, y: float) -> tuple[float, float]:
    """Where the scene's pixel (x, y) is on the page's screen, once the map stands still (a
    pan or zoom animation under way would move it under the mouse)."""
    found = page.evaluate(SCREEN, [x, y])
    for _ in range(50):
        page.wait_for_timeout(60)
        again = page.evaluate(SCREEN, [x, y])
        if again == found:
            break
        found = again
    return float(found[0]), float(found[1])


def open_board(page: Any, link: str) -> Any:
    """The member's table page, then its link to the board."""
    from playwright.sync_api import expect

    page.goto(link)
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.click("#to-board")
    expect(page.locator("#board-page")).to_be_visible()
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.wait_for_function("() => window.ecranBoard && window.ecranBoardPage")
    return page


def create_scene(page: Any, name: str, scale: float) -> str:
    """The GM uploads the map as a new scene (100 px squares, `scale` metres each) and shows it
    to the players; the scene's id."""
    from playwright.sync_api import expect

    page.fill("#scene-name", name)
    file = {"name": "carte.png", "mimeType": "image/png", "buffer": map_png()}
    page.set_input_files("#scene-image", files=[file])
    page.fill("#scene-grid", str(SQUARE))
    page.fill("#scene-scale", str(scale))
    page.click("#scene-create")
    page.wait_for_function(
        "n => window.ecranBoard.scene && window.ecranBoard.scene.name === n", arg=name
    )
    expect(page.locator(".board-image")).to_have_count(1)
    page.click("#scene-show")
    expect(page.locator("#scene-pick option:checked")).to_contain_text("★")
    return str(page.evaluate("() => window.ecranBoard.sceneId"))


def place(page: Any, name: str, col: int, row: int, hidden: bool = False) -> str:
    """The GM places `name` (a character or an encounter's NPC) on the square; its token id."""
    value = page.evaluate(
        """n => [...document.querySelectorAll('#token-who option')]
            .find(o => o.textContent.trim().startsWith(n)).value""",
        name,
    )
    page.select_option("#token-who", value)
    page.set_checked("#token-hidden", hidden)
    page.click("#token-place")
    x, y = screen(page, *centre(col, row))
    page.mouse.click(x, y)
    found = page.wait_for_function(
        """n => Object.values(window.ecranBoard.tokens).find(t => t.name === n)""", arg=name
    )
    token = found.json_value()
    assert token["hidden"] is hidden
    assert (token["x"], token["y"]) == centre(col, row), token
    return str(token["id"])


def reveal(page: Any, box: tuple[int, int, int, int]) -> None:
    """The GM reveals a rectangle typed in pixels."""
    for name, value in zip("xywh", box, strict=True):
        page.fill(f"#fog-{name}", str(value))
    before = page.evaluate("() => window.ecranBoard.revealedKey")
    page.click("#fog-reveal-rect")
    page.wait_for_function("k => window.ecranBoard.revealedKey !== k", arg=before)


def token_at(page: Any, token_id: str) -> tuple[float, float] | None:
    found = page.evaluate(
        "id => { const t = window.ecranBoard.tokens[id]; return t && [t.x, t.y]; }", token_id
    )
    return None if found is None else (float(found[0]), float(found[1]))


def drag(page: Any, start: tuple[float, float], end: tuple[float, float], steps: int = 12) -> None:
    """A mouse drag on the board from one scene pixel to another."""
    x0, y0 = screen(page, *start)
    x1, y1 = screen(page, *end)
    page.mouse.move(x0, y0)
    page.mouse.down()
    for step in range(1, steps + 1):
        page.mouse.move(x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps)
        page.wait_for_timeout(30)
    page.mouse.up()


ODDS = """check => {
    if (document.querySelector('#attack-result[aria-busy]')) return null;
    const blocks = [...document.querySelectorAll(
        `#attack-result .attack-board[data-check="${check}"]`)];
    const read = blocks.map(block => {
        const rows = [...block.querySelectorAll('tr[data-outcome]')]
            .map(r => r.dataset.outcome + '=' + r.dataset.probability);
        const error = block.querySelector('.attack-odds .error');
        return rows.length ? rows.join(' ') : (error ? 'refused: ' + error.textContent : '');
    });
    const settled = blocks.every(b => b.dataset.state !== 'pending');
    return settled && read.some(r => r && !r.startsWith('refused')) ? read : null;
}"""


def odds(page: Any, check: str) -> list[str]:
    """The exact odds the attack panel shows for each action of `check` (or why it has none),
    once nothing is being asked again and one at least has odds."""
    return page.wait_for_function(ODDS, arg=check).json_value()  # type: ignore[no-any-return]


def board_params(page: Any, check: str) -> dict[str, str]:
    """The positional parameters the panel shows for `check`: name → the board's words."""
    found = page.evaluate(
        """check => {
            const block = document.querySelector(
                `#attack-result .attack-board[data-check="${check}"]`);
            if (!block) return {};
            return Object.fromEntries([...block.querySelectorAll('.board-param')]
                .filter(p => p.querySelector('.from-board'))
                .map(p => [p.dataset.param, p.querySelector('.from-board').textContent]));
        }""",
        check,
    )
    return dict(found)


# -- what a player's browser received -------------------------------------------------------------


@dataclass
class Received:
    """Every WebSocket frame and every API answer one page received."""

    frames: list[str] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)

    def listen(self, page: Any) -> Any:
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        page.on("response", self._answer)
        return page

    def _frame(self, payload: Any) -> None:
        self.frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        )

    def _answer(self, response: Any) -> None:
        if "/api/" in response.url or "/events" in response.url:
            self.answers.append(response)

    def texts(self) -> list[str]:
        found = list(self.frames)
        for response in self.answers:
            try:
                body = response.body()
            except Exception:
                continue
            if response.header_value("content-type") and "image" in (
                response.header_value("content-type") or ""
            ):
                continue
            found.append(body.decode("utf-8", "replace"))
        return found


def never_sent(texts: list[str], *secrets: str) -> None:
    for text in texts:
        for secret in secrets:
            assert secret not in text, f"{secret!r} reached a player: {text[:300]}"


def player_sweep(game: Game, who: Seat, scene_id: str) -> list[str]:
    """Everything the board's API answers `who` (as JSON texts), and the image's bytes."""
    paths = [
        "/scenes",
        f"/scenes/{scene_id}",
        "/board",
        "/handouts",
        "/state",
        "/events",
    ]
    texts = []
    for path in paths:
        answer = game.api(who, "GET", path)
        assert answer.status_code == 200, (path, answer.text)
        texts.append(json.dumps(answer.json(), ensure_ascii=False))
    return texts


def player_image(game: Game, who: Seat, scene_id: str) -> bytes:
    answer = game.api(who, "GET", f"/scenes/{scene_id}/image")
    assert answer.status_code == 200, answer.text
    return answer.content


def api_scene(game: Game, scale: float = 1.0) -> dict[str, str]:
    """The GM's scene set up through the API (the map, shown, the west half revealed) with Aube,
    Boris, Brute and the hidden Ombre on it: their token ids by name, and the scene's as
    `scene`."""
    made = httpx.post(
        f"{game.server}/api/tables/{game.table}/scenes",
        headers=game.gm.auth,
        data={"name": "Crypte", "grid_size": str(SQUARE), "unit_per_square": str(scale),
              "show": "true"},
        files={"image": ("carte.png", map_png(), "image/png")},
        timeout=60,
    )  # fmt: skip
    assert made.status_code == 201, made.text
    sid = made.json()["scene"]["id"]
    ids = {"scene": sid}
    places = {"Aube": (1, 1), "Boris": (5, 2), "Brute": (5, 1), "Ombre": (2, 7)}
    for name, (col, row) in places.items():
        x, y = centre(col, row)
        body: dict[str, Any] = {"x": x, "y": y, "hidden": name == "Ombre"}
        if name in game.characters:
            body["character_id"] = game.characters[name]
        else:
            body["participant_id"] = game.participants[name]
        placed = game.api(game.gm, "POST", f"/scenes/{sid}/tokens", body)
        assert placed.status_code == 201, placed.text
        ids[name] = placed.json()["token"]["id"]
    fog = game.api(game.gm, "POST", f"/scenes/{sid}/fog", {"reveal": [list(REVEALED)]})
    assert fog.status_code == 200, fog.text
    return ids


def gm_token_at(game: Game, scene_id: str, token_id: str) -> tuple[float, float]:
    seen = game.api(game.gm, "GET", f"/scenes/{scene_id}").json()
    found = next(t for t in seen["tokens"] if t["id"] == token_id)
    return (float(found["x"]), float(found["y"]))


BOARD_STATE = """id => {
    const b = window.ecranBoard, m = b.markers[id];
    const at = m ? m.getLatLng() : null;
    return {token: b.tokens[id] || null, pending: b.pending[id] || null,
            sending: Object.keys(b.sending || {}), clock: b.clock, touched: b.touched[id] || 0,
            marker: at ? [at.lng, -at.lat] : null, centre: b.map.getCenter(), zoom: b.map.getZoom(),
            status: b.status ? b.status.textContent : null};
}"""


def moved_to(pages: dict[str, Any], token: str, x: float, mover: Received) -> None:
    """Every page's board puts `token` at scene abscissa `x`; if one does not, the failure
    says what each page holds and what the mover sent and heard of the token (a load-only
    failure can then be read from one run)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    waiting = "([id, x]) => { const t = window.ecranBoard.tokens[id]; return t && t.x === x; }"
    try:
        for page in pages.values():
            page.wait_for_function(waiting, arg=[token, x])
    except PlaywrightTimeout:
        states = {who: page.evaluate(BOARD_STATE, token) for who, page in pages.items()}
        heard = [f for f in mover.frames if token in f]
        sent = [
            (r.request.method, r.url, r.status, r.request.post_data)
            for r in mover.answers
            if token in r.url
        ]
        raise AssertionError(
            f"{token} not at x={x}: states {json.dumps(states)}; the mover sent {sent}; "
            f"heard {heard}"
        ) from None
