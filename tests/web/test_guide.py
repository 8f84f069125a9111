"""The guide (docs/guide): it builds without the network, the table serves it under /aide and
/help under its CSP, and every "?" link of the table lands on an anchor that exists."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from ecran.engine import system_ids
from ecran.web import guide
from ecran.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)
#: Anything a page would fetch from elsewhere: fonts, scripts, styles, pictures.
REMOTE = re.compile(
    r"""(?:src|href)=["']https?://(?!127\.0\.0\.1)[^"']+\.(?:js|css|woff2?|png|svg)"""
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`mkdocs build` as `make docs` runs it, into a folder of its own, with every proxy pointing
    nowhere: a build that reached for the network would fail."""
    folder = tmp_path_factory.mktemp("guide") / "site"
    nowhere = "http://127.0.0.1:9"
    env = os.environ | {
        "NO_MKDOCS_2_WARNING": "1",
        "http_proxy": nowhere,
        "https_proxy": nowhere,
        "HTTP_PROXY": nowhere,
        "HTTPS_PROXY": nowhere,
    }
    mkdocs = Path(sys.executable).with_name("mkdocs")
    done = subprocess.run(
        [str(mkdocs), "build", "--quiet", "--site-dir", str(folder)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return folder


def _app(guide_dir: Path) -> FastAPI:
    app = create_app()
    app.state.guide_dir = guide_dir
    return app


@pytest.fixture
def served(site: Path) -> Iterator[TestClient]:
    with TestClient(_app(site)) as client:
        yield client


def _targets() -> list[str]:
    """Every section a "?" link can name (a game's page for each game)."""
    found = []
    for target in guide.HELP.values():
        found += [target.format(system_id=s) for s in system_ids()] if "{" in target else [target]
    return found


def test_every_help_link_lands_on_an_existing_anchor(site: Path) -> None:
    for target in _targets():
        page, _, anchor = target.partition("#")
        html = site / page / "index.html"
        assert html.is_file(), f"{target}: no page {html}"
        if anchor:
            assert f'id="{anchor}"' in html.read_text(encoding="utf-8"), f"{target}: no anchor"


def _paths(routes: list[Any]) -> set[str]:
    """The paths of the pages' routes, through the routers FastAPI includes as they are."""
    found: set[str] = set()
    for route in routes:
        inner = getattr(route, "original_router", None)
        found |= _paths(inner.routes) if inner is not None else {getattr(route, "path", "")}
    return found


def test_every_help_entry_is_a_page_of_the_table() -> None:
    from ecran.web import pages

    paths = _paths(pages.router.routes)
    assert set(guide.HELP) <= paths, set(guide.HELP) - paths


def test_the_pages_carry_their_help_link(client: TestClient) -> None:
    for path, target in [
        ("/", "/aide/premiers-pas/#ouvrir-une-table"),
        ("/dice", "/aide/chances/#notation-des-des"),
        ("/systems/artemis/checks/test", "/aide/chances/#lire-les-barres"),
        ("/tables/new", "/aide/premiers-pas/#ouvrir-une-table"),
    ]:
        page = client.get(path)
        assert page.status_code == 200, path
        assert f'id="help-link" href="{target}"' in page.text, path


def test_the_built_pages_keep_to_the_csp_and_the_machine(site: Path) -> None:
    pages = list(site.rglob("*.html"))
    assert len(pages) >= 14
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for script in SCRIPT.finditer(text):
            inline = script["body"].strip() and "src=" not in script["attrs"]
            assert not inline or "application/json" in script["attrs"], f"{page}: inline script"
        assert not REMOTE.search(text), f"{page}: {REMOTE.search(text)}"
        assert "<style>" not in text, f"{page}: inline style element"


def test_the_table_serves_the_guide_under_aide_and_help(served: TestClient) -> None:
    first = served.get("/aide", follow_redirects=False)
    assert first.status_code in {301, 307, 308}
    home = served.get("/aide/")
    assert home.status_code == 200
    assert "Le guide d'ecran" in home.text
    assert "script-src 'self'" in home.headers["content-security-policy"]
    chances = served.get("/help/chances/")
    assert chances.status_code == 200 and "Chances de victoire" in chances.text
    assert served.get("/aide/search/search_index.json").status_code == 200
    assert served.get("/aide/openapi.json").json()["paths"]
    assert served.get("/aide/nulle-part/").status_code == 404


def test_a_guide_not_built_says_how_to_build_it(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path / "absent")) as client:
        page = client.get("/aide/")
    assert page.status_code == 404
    assert "make docs" in page.text and "pas encore construit" in page.text


@pytest.mark.browser
def test_a_reader_finds_the_chances_of_victory_by_searching_the_guide(site: Path) -> None:
    """In Chromium, under the table's CSP and with no network: /aide, the search box, "chances de
    victoire", and the result leads to the section; no CSP violation on the way."""
    from playwright.sync_api import expect

    from web.browser_support import chromium, serving

    with serving(_app(site)) as server, chromium() as browser:
        page = browser.new_page()
        refused: list[str] = []
        page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else 0)
        page.goto(server + "/aide")
        expect(page.locator("h1")).to_contain_text("Le guide d'ecran")
        page.locator("label.md-search__icon, .md-search__input").first.click()
        box = page.locator("input.md-search__input")
        # the search worker loads its index first; Material says so in the results' header
        expect(page.locator(".md-search-result__meta")).not_to_contain_text("Initialisation")
        box.press_sequentially("chances de victoire")
        results = page.locator(".md-search-result__item a")
        found = results.filter(has_text="Chances de victoire").first
        expect(found).to_have_attribute("href", re.compile(r"/aide/chances/"))
        found.click()
        expect(page.locator("#chances-de-victoire")).to_be_visible()
        page.goto(server + "/tables/new")
        page.locator("#help-link").click()
        expect(page.locator("#ouvrir-une-table")).to_be_attached()
        assert not refused, refused
