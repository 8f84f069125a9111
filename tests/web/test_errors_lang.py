"""Errors in the visitor's language: a page that does not exist is a 404 page in the site's layout
(JSON under /api), an unknown system in the address is a 404, the browser's Accept-Language is
honoured until a choice is made, and people read sources by their book, never a seed file."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from html import unescape
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from fastapi.testclient import TestClient

from ecran.engine import all_systems
from ecran.rules.text import _BOOKS
from ecran.web import pages

TITLES = {"fr": "Page introuvable", "en": "Page not found"}


def _get_routes(routes: list[Any]) -> Iterator[str]:
    """Every GET path of the pages (routers included in routers, walked down)."""
    for route in routes:
        if "GET" in (getattr(route, "methods", None) or ()):
            yield route.path
        inner = getattr(route, "original_router", None) or getattr(route, "router", None)
        if inner is not None and inner is not route:
            yield from _get_routes(inner.routes)


@cache
def page_paths() -> list[str]:
    """Built when a test asks (building the pages' router at import slowed collection)."""
    return sorted(set(_get_routes(pages.router.routes)))


def assert_404_page(answer: httpx.Response, lang: str) -> None:
    """A 404 page inside the layout (header, language switcher, footer), in `lang`."""
    assert answer.status_code == 404, answer.text
    assert answer.headers["content-type"].startswith("text/html")
    html = answer.text
    assert f'<html lang="{lang}">' in html
    assert '<header class="top">' in html and '<footer class="foot">' in html
    assert f"<h1>{TITLES[lang]}</h1>" in unescape(html)
    assert 'class="error" role="alert"' in html
    assert '"detail"' not in html


def made_table(client: TestClient) -> tuple[str, str]:
    """A table made through the creation form: its id and the GM's token."""
    form = [("name", "La table"), ("system", "artemis"), ("gm_name", "Camille")]
    made = client.post(
        "/tables",
        content=urlencode(form),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    location = made.headers["location"]
    table_id = location.split("/tables/")[1].split("?")[0]
    token = made.cookies.get(f"ecran_{table_id}")  # the session the creation left
    assert token is not None
    return table_id, token


def test_the_pages_are_all_walked() -> None:
    assert "/systems/{system_id}/checks/{check_name}" in page_paths()
    assert "/tables/{table_id}/characters/{character_id}/edit" in page_paths()
    assert len(page_paths()) >= 20


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_page_route_answers_404_with_a_page_in_the_layout(
    app_client: TestClient, lang: str
) -> None:
    table_id, token = made_table(app_client)
    app_client.cookies.set("ecran_lang", lang)
    for path in page_paths():
        if "{" not in path:
            # an address under the page that no route answers
            assert_404_page(app_client.get(path.rstrip("/") + "/nowhere/at/all"), lang)
            continue
        # every name in the address unknown (a table link without its token is a dead link)
        unknown = re.sub(r"\{seq\}", "999999", path)
        unknown = re.sub(r"\{[a-z_]+\}", "nope", unknown)
        assert_404_page(app_client.get(unknown), lang)
        if "{table_id}" in path and path.count("{") > 1:
            # the GM's own table, with an unknown character, encounter or event
            inside = re.sub(r"\{seq\}", "999999", path).replace("{table_id}", table_id)
            inside = re.sub(r"\{[a-z_]+\}", "nope", inside)
            answer = app_client.get(inside, params={"token": token})
            assert_404_page(answer, lang)
            assert 'id="back-to-table"' in answer.text  # the seat is not lost


def test_the_404_page_speaks_the_visitors_language(client: TestClient) -> None:
    french = client.get("/nulle-part")
    assert_404_page(french, "fr")
    assert "Cette page n'existe pas." in unescape(french.text)
    english = client.get("/nowhere?lang=en")
    assert_404_page(english, "en")
    assert "This page does not exist." in english.text


def test_the_api_404_stays_json(client: TestClient) -> None:
    missing = client.get("/api/nowhere")
    assert missing.status_code == 404
    assert missing.json() == {"detail": "Cette page n'existe pas."}
    assert client.get("/api/nowhere?lang=en").json() == {"detail": "This page does not exist."}


def test_an_unknown_system_in_the_address_is_a_404(client: TestClient) -> None:
    known = ", ".join(sorted(all_systems()))
    page = client.get("/systems/nope/checks/d6")
    assert_404_page(page, "fr")
    assert f"système inconnu : « nope ». Possibles : {known}" in unescape(page.text)
    assert client.get("/systems/nope", follow_redirects=False).status_code == 404
    api = client.get("/api/systems/nope?lang=en")
    assert api.status_code == 404
    assert api.json() == {"detail": f"unknown system: 'nope'. Allowed: {known}"}
    assert client.get("/api/odds/nope/d6").status_code == 404
    assert client.post("/api/roll/nope/d6", json={"params": {}}).status_code == 404


def test_an_unknown_system_in_a_body_stays_a_422(app_client: TestClient) -> None:
    """The address exists; the value sent is what is wrong."""
    refused = app_client.post("/api/tables", json={"name": "T", "system": "nope"})
    assert refused.status_code == 422
    assert refused.json()["detail"].startswith("système inconnu : « nope »")


def test_a_feminine_name_agrees(client: TestClient) -> None:
    """'opération inconnue', not the administrative 'inconnu(e)'."""
    from ecran.rules import tr, unknown

    assert (
        unknown(tr("opération", "operation"), "x", ["a"])
        .message("fr")
        .startswith("opération inconnue : « x »")
    )
    assert "inconnu(e)" not in unescape(client.get("/systems/artemis/checks/nope").text)


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("en-GB,en;q=0.9", "en"),
        ("de-DE,de;q=0.9,en;q=0.8,fr;q=0.5", "en"),
        ("fr-CA,en;q=0.5", "fr"),
        ("de", "fr"),
        ("en;q=0", "fr"),
        ("", "fr"),
    ],
)
def test_accept_language_is_honoured_without_a_choice(
    client: TestClient, header: str, lang: str
) -> None:
    page = client.get("/", headers={"Accept-Language": header})
    assert f'<html lang="{lang}">' in page.text
    assert "ecran_lang" not in page.cookies  # the browser's wish is not a choice to remember
    assert "Accept-Language" in page.headers["vary"]


def test_an_explicit_choice_wins_over_accept_language(client: TestClient) -> None:
    english = {"Accept-Language": "en-US,en;q=0.9"}
    assert '<html lang="fr">' in client.get("/?lang=fr", headers=english).text
    # the choice is remembered: the cookie now wins over the browser
    assert '<html lang="fr">' in client.get("/", headers=english).text
    api = client.get("/api/odds/demo/nope", headers={"Accept-Language": "fr"})
    assert api.json()["detail"].startswith("test inconnu")


def test_api_errors_follow_accept_language(client: TestClient) -> None:
    answer = client.get("/api/odds/demo/nope", headers={"Accept-Language": "en"})
    assert answer.json()["detail"] == "unknown check: 'nope'. Allowed: d6"


def _visible(html: str) -> str:
    """What a person sees or hovers: text and attribute values people read (title, alt...)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    shown = re.findall(r'(?:title|alt|aria-label|placeholder)="([^"]*)"', html)
    return unescape(re.sub(r"<[^>]+>", " ", html) + " " + " ".join(shown))


def seed_files() -> set[str]:
    """Every seed file a system, a check or an option cites."""
    found = set(_BOOKS)
    for system in all_systems().values():
        found.add(system.seed)
        found.update(s.seed for c in system.checks for s in c.sources)
        found.update(o.source.seed for o in system.options)
    files = {f for f in found if "." in f}  # the demo system's "seed" is a word, not a file
    assert "000_98594f78af1b43da.txt" in files
    return files


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_seed_file_name_on_any_check_page(client: TestClient, lang: str) -> None:
    """Every check page of every system names its sources by book, never by file."""
    shown = 0
    files = seed_files()
    for system in all_systems().values():
        titles = [t(lang) for t in {_BOOKS.get(system.seed)} if t is not None]
        for check in system.checks:
            page = client.get(f"/systems/{system.id}/checks/{check.name}?lang={lang}")
            assert page.status_code == 200, (system.id, check.name)
            text = _visible(page.text)
            assert not [f for f in files if f in text], (system.id, check.name)
            if check.sources and titles:
                assert titles[0] in text, (system.id, check.name)
                shown += 1
    assert shown > 0


def test_the_json_keeps_the_file(client: TestClient) -> None:
    """Tools read the seed file and its lines; the label is beside it for people."""
    info = client.get("/api/systems/artemis").json()
    source = next(s for c in info["checks"] for s in c["sources"])
    assert re.fullmatch(r"\d{3}_[0-9a-f]{16}\.txt L\d+(-\d+)?( \(.*\))?", source["text"])
    assert source["label"]["fr"].startswith("Espace Artémis, l. ")
    option = next(o for o in info["options"])
    assert re.match(r"\S+ L\d+", option["source"]) and option["source"].split()[0] in seed_files()


def test_an_uploaded_sheet_that_is_not_json_is_explained(app_client: TestClient) -> None:
    table_id, token = made_table(app_client)
    files = {"file": ("sheet.json", b'{"name": "Julie",}', "application/json")}
    refused = app_client.post(
        f"/tables/{table_id}/characters/import",
        files=files,
        headers={"X-Ecran-Token": token},
        follow_redirects=False,
    )
    assert refused.status_code == 422
    text = unescape(refused.text)
    assert (
        "le fichier n'est pas du JSON valide, ligne 1, colonne 18 : "
        'un nom entre guillemets droits doubles ("nom") est attendu'
    ) in text
    assert "Expecting" not in text and "char " not in text


def test_a_character_page_names_its_sources_by_book(app_client: TestClient) -> None:
    """The sheet page (operations' sources, the rules' problems) shows books, not files."""
    table_id, token = made_table(app_client)
    npc = app_client.post(
        f"/tables/{table_id}/npc",
        content=urlencode([("token", token)]),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert npc.status_code == 303, npc.text
    page = app_client.get(npc.headers["location"])
    assert page.status_code == 200
    text = _visible(page.text)
    assert "Espace Artémis, l. " in text
    assert not [f for f in seed_files() if f in text]
