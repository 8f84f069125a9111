"""Issue 12's language test, the web site: for every system, in French and in English, every page
(index, each check's page with a roll and its odds, the odds fragment, the table, a new sheet's
form, a sheet's page and its edit form, an encounter with that character) reads in one language:
no word of the other language, no snake_case id, no Python repr, no seed file name.

The sheet's own values (its game's view, `SheetRow.value`) are the sheet rendering's words: on the
sheet page only, what `tests/sheets/language_leftovers.toml` lists for that game and language is
tolerated, as the printed sheet's test tolerates it (that list only shrinks)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import all_systems
from language.finder import LANGS, SYSTEMS, findings, visible
from language.known import expect
from web.table_pages.conftest import Seat, create

TABLE, GM = "Ma table", "Camille"
LEFTOVERS = tomllib.loads(
    (Path(__file__).parent.parent / "sheets" / "language_leftovers.toml").read_text("utf-8")
)


def leftovers(system_id: str, lang: str) -> set[str]:
    return set(LEFTOVERS.get(f"{system_id}-{lang}", {}).get("findings", []))


def _read(response: Any, lang: str, names: tuple[str, ...]) -> list[str]:
    assert response.status_code == 200, response.text[:300]
    return findings(visible(response.text), lang, (TABLE, GM, *names))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_check_page_reads_in_one_language(
    request: pytest.FixtureRequest, web: TestClient, system_id: str, lang: str
) -> None:
    """A check's page with its odds and a seeded roll, and the odds fragment htmx swaps in."""
    expect(request, f"web-checks-{system_id}-{lang}")
    failures: dict[str, list[str]] = {}
    pages = {"/": web.get("/", params={"lang": lang})}
    for check in all_systems()[system_id].checks:
        url = f"/systems/{system_id}/checks/{check.name}"
        pages[url] = web.get(url, params={"lang": lang, "seed": "1"})
        pages[url + "/odds"] = web.get(url + "/odds", params={"lang": lang})
    for url, response in pages.items():
        if found := _read(response, lang, ()):
            failures[url] = found
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_table_pages_read_in_one_language(
    request: pytest.FixtureRequest, web: TestClient, system_id: str, lang: str
) -> None:
    """The table, a new sheet's form, a random NPC's sheet page and edit form, an encounter."""
    expect(request, f"web-table-{system_id}-{lang}")
    gm, _invite = create(web, system_id, [("name", TABLE), ("gm_name", GM)])
    npc = all_systems()[system_id].random_npc(Roller(1), lang=lang)  # drawn in its reader's words
    made = web.post(
        f"/api/tables/{gm.table_id}/characters",
        json={"sheet": npc.model_dump(mode="json")},
        headers={"Authorization": f"Bearer {gm.token}"},
    )
    assert made.status_code == 201, made.text
    cid = made.json()["id"]
    encounter = gm.post("/encounters", [("name", "Embuscade")]).headers["location"]
    eid = encounter.split("/encounters/")[1].split("?")[0]
    added = gm.post(f"/encounters/{eid}/step", [("step", "add"), ("character_id", cid)], htmx=True)
    assert added.status_code == 200, added.text
    names = (npc.name, "Embuscade")
    pages = {
        "table": gm.get(lang=lang),
        "new sheet": gm.get("/characters/new", lang=lang),
        "edit sheet": gm.get(f"/characters/{cid}/edit", lang=lang),
        "encounter": gm.get(f"/encounters/{eid}", lang=lang),
    }
    failures = {k: found for k, r in pages.items() if (found := _read(r, lang, names))}
    sheet = _read(gm.get(f"/characters/{cid}", lang=lang), lang, names)
    if new := sorted(set(sheet) - leftovers(system_id, lang)):
        failures["sheet"] = new
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())


def test_a_seat_reads_its_pages_by_token(web: TestClient) -> None:
    """The helper's pages are the member's (a page without the token would be a 4xx, and the
    test above would read an error page)."""
    gm, _invite = create(web, "artemis", [("name", TABLE), ("gm_name", GM)])
    assert isinstance(gm, Seat)
    assert TABLE in gm.get(lang="fr").text
