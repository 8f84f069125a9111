"""Importing a whole table from the new-table page (real headless Chromium): a large table's
log takes seconds to check and store, so the form says it is working while it waits, then the
GM lands on the copy."""

from __future__ import annotations

import json
from typing import Any

import pytest

from web.browser_support import TABLE_PAGE

pytestmark = pytest.mark.browser

#: Holds the form's submission in the page (a listener after the page's own), so what the form
#: shows while it waits can be read before the answer replaces the page.
HOLD = """() => {
  window.holdSubmit = true;
  document.addEventListener('submit', e => { if (window.holdSubmit) e.preventDefault(); });
}"""
SEND = (
    "() => { window.holdSubmit = false; document.querySelector('#import-table').requestSubmit(); }"
)


def _export() -> bytes:
    """A demo table of another server, as its GM exports it: a player and a few rolls."""
    from ecran.play import view_for, view_state
    from ecran.play.export import ExportedMember, export_table
    from ecran.play.rolls import roll
    from toy import LiveTable

    live = LiveTable("demo")
    alice = live.join("Alice")
    for target in (2, 4, 6):
        live.do(roll(live.now, alice, "d6", {"target": target}))
    members = [
        ExportedMember(id=m.id, role=m.role, display_name=m.display_name)
        for m in live.now.members.values()
    ]
    views = [view_for(e, live.gm) for e in live.events]
    made = export_table(
        live.now.table, live.gm.id, views, members=members, state=view_state(live.now, live.gm)
    )
    return json.dumps(made.model_dump(mode="json")).encode()


def test_the_import_form_shows_its_progress_then_lands_on_the_copy(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    gm = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    gm.goto(server + "/tables/new")
    busy = gm.locator("#import-table-busy")
    expect(busy).to_be_hidden()
    file = {"name": "jeudi.json", "mimeType": "application/json", "buffer": _export()}
    gm.set_input_files("#import-table-file", files=[file])
    gm.evaluate(HOLD)
    gm.click("#import-table-button")
    # while the server would check the log: the form says so, with a progress bar
    expect(busy).to_be_visible()
    expect(busy.locator("progress")).to_be_attached()
    expect(busy).to_contain_text("Importation de la table")
    expect(gm.locator("#import-table-button")).to_have_attribute("aria-disabled", "true")

    gm.evaluate(SEND)  # the button waits (aria-disabled): the form is sent as the page would
    gm.wait_for_url(TABLE_PAGE)
    expect(gm.locator("#members")).to_contain_text("Alice")
    gm.context.close()
