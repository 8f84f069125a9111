"""`make docs-pictures`: the guide's screenshots, played by Debian's Chromium on a scripted scene.

Usage: .venv/bin/python docs/guide_pictures.py docs/guide/images

A fresh server (its own SQLite file) in a thread; a GM creates a WaRP table, rolls, sets a fight
up (Ana against a random Brute) and a player joins from a phone. Every picture the guide's pages
show is taken here, never by hand, so a change in the pages shows in the next build. The server
and browser helpers are the browser tests' own (tests/web/browser_support.py).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from ecran.web.app import create_app  # noqa: E402
from web.browser_support import (  # noqa: E402
    ana_against_brute,
    chromium,
    create_table,
    join_table,
    page_table,
    page_token,
    serving,
    table_api,
)

DESKTOP = {"viewport": {"width": 1200, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def shot(page: Any, folder: Path, name: str) -> None:
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(folder / f"{name}.png"))
    print(f"{name}.png")


def scene(server: str, browser: Any, folder: Path) -> None:
    desk = browser.new_context(**DESKTOP).new_page()
    desk.goto(server + "/")
    shot(desk, folder, "accueil-ordinateur")
    desk.goto(server + "/systems/artemis/checks/test?skill=5&difficulty=7")
    shot(desk, folder, "test-ordinateur")

    create_table(desk, server, "warp", "Jeudi soir", gm="Camille")
    table, token = page_table(desk), page_token(desk)
    invite = desk.locator("#link-invite").input_value()
    for seed_free_roll in ({"check": "roll", "params": {"dice": 3, "difficulty": 11}},) * 3:
        assert table_api(desk, server, "/rolls", seed_free_roll).ok
    phone = browser.new_context(**PHONE).new_page()
    join_table(phone, invite, "Alice")
    desk.goto(f"{server}/tables/{table}?token={token}")
    shot(desk, folder, "table-mj-ordinateur")
    shot(phone, folder, "table-joueur-telephone")

    encounter = ana_against_brute(desk, server, "warp", (12, 5))
    desk.goto(f"{server}/tables/{table}/encounters/{encounter}?token={token}")
    desk.locator("#victory-odds").wait_for()
    shot(desk, folder, "rencontre-ordinateur")
    desk.goto(f"{server}/tables/{table}/characters/wizard?token={token}")
    shot(desk, folder, "assistant-ordinateur")
    desk.goto(f"{server}/tables/{table}/fairness?token={token}")
    shot(desk, folder, "equite-ordinateur")


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        app = create_app()
        app.state.database_url = f"sqlite:///{Path(scratch) / 'ecran.sqlite3'}"
        with serving(app) as server, chromium() as browser:
            scene(server, browser, folder)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "docs" / "guide" / "images"))
