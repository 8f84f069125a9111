"""A board change whose frame comes after the log's catch-up read its event still moves the
token (the third cause of the drag flake, caught by the drag test's diagnostics in a CI run:
Ana and Bruno saw the drop, the GM's page kept the passing move).

The table's page reads the log as HTML when a frame comes (`catchUp`), and that read may
already hold the next event, committed meanwhile; its frame, coming after, was dropped as "not
newer than the log", and with it the token's last move. The socket is proxied here
(`route_web_socket`) so that the next event's frame is held until that read is done.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from web.browser_board.board_play import api_scene, centre, new_game, open_board

pytestmark = pytest.mark.browser


def _event(message: Any) -> dict[str, Any] | None:
    try:
        frame = json.loads(message)
    except (TypeError, ValueError):
        return None
    if isinstance(frame, dict) and frame.get("type") == "event":
        found: dict[str, Any] = frame["event"]
        return found
    return None


def test_a_move_whose_frame_comes_after_the_logs_catch_up_still_moves_the_token(
    browser: Any, server: str
) -> None:
    game = new_game(server, "fluid")
    ids = api_scene(game, scale=1.0)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    held: list[str] = []
    holding = {"on": False}
    sockets: list[Any] = []

    def proxy(ws: Any) -> None:
        upstream = ws.connect_to_server()
        sockets.append(ws)

        def down(message: Any) -> None:
            if holding["on"]:
                held.append(message)
            else:
                ws.send(message)

        upstream.on_message(down)
        ws.on_message(lambda message: upstream.send(message))

    page.route_web_socket(re.compile(r"/ws/tables/"), proxy)
    gm = open_board(page, game.gm.link)
    gm.wait_for_function("id => !!window.ecranBoard.tokens[id]", arg=ids["Aube"])
    # The socket open and its first catch-up read done: a read still on its way when the moves
    # are made could hold the first event and not the second, and the first frame, no longer
    # newer than the log, would read nothing (the flake of a loaded run: the wait below timed out)
    gm.wait_for_function(
        "() => { const live = window.ecranLive;"
        " return !!live && !!live.socket && live.socket.readyState === 1 && !live.fetching; }"
    )

    holding["on"] = True
    scene = f"/scenes/{ids['scene']}/tokens"
    for name, (col, row) in (("Brute", (6, 1)), ("Aube", (4, 1))):  # two tokens: both logged now
        x, y = centre(col, row)
        moved = game.api(game.gm, "PATCH", f"{scene}/{ids[name]}", {"x": x, "y": y})
        assert moved.status_code == 200, moved.text
    deadline = 200  # the frames reach the proxy through Playwright's own loop: up to 10 s
    while sum(_event(m) is not None for m in held) < 2 and deadline:
        gm.wait_for_timeout(50)
        deadline -= 1
    events = [e for m in held if (e := _event(m)) is not None]
    assert len(events) >= 2, held
    first, second = events[0]["seq"], events[1]["seq"]

    # the first frame: the page moves Brute and reads the log, which holds the second event
    socket = sockets[-1]
    holding["on"] = False
    at = next(i for i, m in enumerate(held) if (e := _event(m)) and e["seq"] == first)
    for message in held[: at + 1]:
        socket.send(message)
    # that frame's catch-up reads nothing if a read came between the two moves (a frame of the
    # scene's making, late on a loaded machine): the log is read once more, as a reconnection
    # or a chat message does, so that the read holding the second event surely comes first
    gm.evaluate("() => window.ecranLive.catchUp()")
    gm.wait_for_function(
        "seq => Number(document.querySelector('[data-last-seq]').dataset.lastSeq) >= seq",
        arg=second,
    )
    # then the second frame, after the catch-up that read its event
    for message in held[at + 1 :]:
        socket.send(message)
    gm.wait_for_function(
        "([id, x]) => { const t = window.ecranBoard.tokens[id]; return !!t && t.x === x; }",
        arg=[ids["Aube"], centre(4, 1)[0]],
        timeout=10_000,
    )
