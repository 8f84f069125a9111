"""The PDF itself: bytes, pages, A4, and columns laid out as the packing planned.

WeasyPrint is the slow part, so each system's sheet is laid out once for the whole module."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from sheets_fixtures import REAL_SYSTEMS

from ecran.sheets.html import PAGE
from ecran.sheets.layout import printed_sheet


def pdf_module() -> Any:
    """`ecran.sheets.pdf`, imported when a test runs (WeasyPrint takes a second to import)."""
    from ecran.sheets import pdf

    return pdf


def a4_px() -> tuple[float, float]:
    return (210 * pdf_module().PX_PER_MM, 297 * pdf_module().PX_PER_MM)


@pytest.fixture(scope="module")
def documents(npcs) -> dict[str, Any]:
    """Every sheet with all its roll grids, the longest the packing has to place."""
    return {sid: pdf_module().render_sheet_document(*npcs[sid], rolls=True) for sid in REAL_SYSTEMS}


@pytest.mark.parametrize("system_id", REAL_SYSTEMS)
def test_every_system_npc_is_an_a4_pdf(documents, system_id: str):
    document = documents[system_id]
    assert 1 <= len(document.pages) <= 5
    for page in document.pages:
        assert (page.width, page.height) == pytest.approx(a4_px())
    pdf = document.write_pdf()
    assert pdf.startswith(b"%PDF-") and len(pdf) > 5_000
    assert pdf.rstrip().endswith(b"%%EOF")


def _placements(document: Any, prefix: str) -> list[tuple[int, int]]:
    """(page, column) of each box `prefix0, prefix1...` in the laid-out document."""
    middle = PAGE.width / 2 * pdf_module().PX_PER_MM
    found: dict[int, tuple[int, int]] = {}
    for number, page in enumerate(document.pages):
        for name, (left, *_rest) in page.anchors.items():
            if name.startswith(prefix) and name[len(prefix) :].isdigit():
                found.setdefault(int(name[len(prefix) :]), (number, int(left > middle)))
    return [found[index] for index in sorted(found)]


@pytest.mark.parametrize("system_id", REAL_SYSTEMS)
def test_boxes_fill_the_columns_in_reading_order(documents, npcs, system_id: str):
    """Column by column, page by page, no column skipped: the measured packing held (a box
    pushed past its planned column would shift every later box one column on)."""
    document = documents[system_id]
    printed = printed_sheet(*npcs[system_id])
    for prefix, boxes in (("s", printed.sections), ("r", printed.rolls)):
        places = _placements(document, prefix)
        assert len(places) == len(boxes)
        assert places == sorted(places)
        columns = [page * 2 + column for page, column in places]
        assert all(b - a <= 1 for a, b in pairwise(columns)), places


def test_a_short_sheet_uses_both_columns_of_one_page(documents):
    places = _placements(documents["warp"], "s")
    assert {column for _, column in places} == {0, 1}
    assert len(documents["warp"].pages) == 1


def test_english_pdf_and_violations_render(fake):
    sheet = fake.new_character("Ada").model_copy(update={"might": 5, "agility": 5})
    pdf = pdf_module().render_sheet_pdf(fake, sheet, "en")
    assert pdf.startswith(b"%PDF-")


def test_by_default_the_roll_grids_print_when_the_sheet_fits_two_pages(npcs, documents):
    """Nephilim's grids (every skill with every characteristic) would run to four pages: by
    default they stay out and the sheet takes two; a shorter sheet keeps its grids."""
    pdf = pdf_module()
    system, sheet = npcs["nephilim"]
    assert len(documents["nephilim"].pages) > pdf.DEFAULT_MAX_PAGES
    by_default = pdf.render_sheet_document(system, sheet)
    assert len(by_default.pages) <= pdf.DEFAULT_MAX_PAGES
    assert not any(name.startswith("r0") for page in by_default.pages for name in page.anchors)
    assert len(pdf.render_sheet_document(system, sheet, rolls=False).pages) == len(by_default.pages)
    warp = pdf.render_sheet_document(*npcs["warp"])
    assert any("r0" in page.anchors for page in warp.pages)
