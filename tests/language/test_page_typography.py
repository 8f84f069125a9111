"""Issue 29's one typographic pass, on the pages: the templates' own words (their gettext
strings) are typeset as the rules' words are (`ecran.typography`), so a French page has a
narrow no-break space before : ; ! ? and inside « », and the checker (`typography.faults`)
finds nothing on any page of any game: the home page, each check's page with its odds, the
table, a new sheet's form, a sheet and its edit form, an encounter."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecran.engine import all_systems
from ecran.typography import faults
from ecran.web.render import environment
from language.finder import SYSTEMS, visible
from language.known import expect
from web.table_pages.conftest import with_encounter


def _faults(response: Any) -> list[str]:
    assert response.status_code == 200, response.text[:300]
    return faults(visible(response.text))


def test_the_templates_gettext_is_typeset() -> None:
    """`_` and `ngettext` in a template give the catalogue's words through `typeset`, before
    their placeholders are filled; English is left as its catalogue says."""
    plural = 'ngettext("%(num)s rule broken", "%(num)s rules broken", 2)'
    french = environment("fr").from_string('{{ _("Confirm: archive") }}|{{ ' + plural + " }}")
    confirm, fights = french.render().split("|")
    assert confirm == "Confirmer\u202f: archiver" and not faults(confirm)
    assert fights == "2 règles enfreintes"
    english = environment("en").from_string('{{ _("Confirm: archive") }}').render()
    assert english == "Confirm: archive"


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_french_page_passes_the_typography_checker(
    request: pytest.FixtureRequest, web: TestClient, system_id: str
) -> None:
    expect(request, f"page-typography-{system_id}")
    failures: dict[str, list[str]] = {}
    pages = {"/": web.get("/", params={"lang": "fr"})}
    for check in all_systems()[system_id].checks:
        url = f"/systems/{system_id}/checks/{check.name}"
        pages[url] = web.get(url, params={"lang": "fr", "seed": "1"})
    gm, eid, cid = with_encounter(web, system_id)
    pages |= {
        "table": gm.get(lang="fr"),
        "new sheet": gm.get("/characters/new", lang="fr"),
        "sheet": gm.get(f"/characters/{cid}", lang="fr"),
        "edit sheet": gm.get(f"/characters/{cid}/edit", lang="fr"),
        "encounter": gm.get(f"/encounters/{eid}", lang="fr"),
    }
    for url, response in pages.items():
        if found := _faults(response):
            failures[url] = sorted(set(found))
    assert not failures, "\n".join(f"{k}: {v}" for k, v in failures.items())


def test_a_rank_is_written_as_each_language_writes_it() -> None:
    """One writer of ranks for the tracker's banner (« vous agissez en 2ᵉ ») and a refusal's
    place (« 1ʳᵉ ligne »): French superscripts agreeing in gender, English suffixes with the
    teens apart."""
    from ecran.typography import ordinal

    assert [ordinal(n, "fr") for n in (1, 2, 11)] == ["1ᵉʳ", "2ᵉ", "11ᵉ"]
    assert ordinal(1, "fr", feminine=True) == "1ʳᵉ"
    assert [ordinal(n, "en") for n in (1, 2, 3, 4, 11, 12, 13, 21, 112)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "112th",
    ]
