"""A sheet's PDF is printed by a worker process of its own, kept until the sheet changes, and a
full print queue is refused at once (measured before: 40 prints at once over five tables held
the server's interpreter, each waiting up to a minute)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecran.engine.budget import WorkBudget
from ecran.web import printing

from .conftest import create
from .test_table_pages import _form_of, _new_character


def test_a_sheet_is_printed_once_off_the_server_until_it_changes(web: TestClient) -> None:
    gm, _ = create(web, "warp")
    cid = _new_character(gm, "warp")
    done = printing.printer().accounting.computed
    first = gm.get(f"/characters/{cid}.pdf")
    assert first.status_code == 200 and first.content.startswith(b"%PDF")
    assert printing.printer().accounting.computed == done + 1  # by the printing worker
    again = gm.get(f"/characters/{cid}.pdf")
    assert again.content == first.content
    assert printing.printer().accounting.computed == done + 1  # from memory

    sheet = web.app.state.store.state(gm.table_id).characters[cid].sheet  # type: ignore[attr-defined]
    renamed = _form_of({**sheet, "name": "Zoé la Grande"}, "warp")
    saved = gm.post(f"/characters/{cid}", [*renamed, ("version", "1")])
    assert saved.status_code == 303, saved.text
    changed = gm.get(f"/characters/{cid}.pdf")
    assert changed.status_code == 200 and changed.content != first.content
    assert printing.printer().accounting.computed == done + 2


def test_a_full_print_queue_is_refused_at_once_while_pages_answer(
    web: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    tiny = WorkBudget(
        printing.PRINT_SECONDS,
        quick=printing.PRINT_SECONDS,
        per_client=1,
        holds=1,
        slot_wait=0.05,
    )
    monkeypatch.setattr(printing, "_printer", tiny)
    try:
        gm, _ = create(web, "fluid")
        sheets = [_new_character(gm, "fluid", name) for name in ("Ana", "Bruno", "Chloé")]

        def pdf(cid: str) -> Any:
            return gm.get(f"/characters/{cid}.pdf")

        with ThreadPoolExecutor(3) as pool:
            answers = list(pool.map(pdf, sheets))
            table = gm.get()  # the table's page, while the first sheet prints
        assert table.status_code == 200
        statuses = sorted(a.status_code for a in answers)
        assert statuses == [200, 429, 429], statuses
        for refused in (a for a in answers if a.status_code == 429):
            assert refused.headers["retry-after"] == str(printing.RETRY_AFTER)
            # a PDF opened in a tab: the browser asks again by itself, as the page says
            assert refused.headers["refresh"] == str(printing.RETRY_AFTER)
            assert "impression en attente" in refused.text
            assert "Traceback" not in refused.text
    finally:
        tiny.close()


def test_one_sheet_asked_at_once_by_many_is_printed_once(web: TestClient) -> None:
    gm, _ = create(web, "nephilim")
    cid = _new_character(gm, "nephilim", "Ysolde")
    done = printing.printer().accounting.computed
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: gm.get(f"/characters/{cid}.pdf"), range(4)))
    assert [a.status_code for a in answers] == [200] * 4
    assert len({a.content for a in answers}) == 1
    assert printing.printer().accounting.computed == done + 1
