"""The printable sheet as PDF bytes (WeasyPrint, fonts from the system: DejaVu on Debian).

Laid out twice: once to measure every box in one tall column, once with the column breaks
`pack` chooses from those measures (see pack.py for why).

By default the grids of prefilled rolls are printed when the whole sheet still fits
`DEFAULT_MAX_PAGES` pages, and left out otherwise (Nephilim's grids of every skill with every
characteristic would run to four pages): `rolls=True` prints them whatever their length,
`rolls=False` never.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any, cast

import weasyprint

from ecran.rules import CharacterSheet, System
from ecran.sheets.html import PAGE, Flow, render_printed
from ecran.sheets.layout import PrintedSheet, printed_sheet
from ecran.sheets.pack import pack

PX_PER_MM = 96 / 25.4
#: A sheet printed by default takes at most this many pages (sheet and rolls on both sides
#: of one leaf); past it, the roll grids stay out unless asked for.
DEFAULT_MAX_PAGES = 2
#: Room kept free at the foot of each column for what measuring cannot see (rounding, margins
#: kept after a forced break).
SLACK_MM = 2.0

Anchors = Mapping[str, tuple[float, float, float, float]]


def render_sheet_document(
    system: System[Any], sheet: CharacterSheet, lang: str = "fr", rolls: bool | None = None
) -> Any:
    """WeasyPrint's laid-out document (its `.pages` say how many pages the sheet takes).
    `rolls=None`: the roll grids when the sheet fits `DEFAULT_MAX_PAGES` pages with them."""
    page = printed_sheet(system, sheet, lang, rolls is not False)
    measured = _layout(page, Flow(mode="measure")).pages[0].anchors
    flow = paged_flow(page, measured)
    if rolls is None and page.rolls and flow.pages > DEFAULT_MAX_PAGES:
        page = printed_sheet(system, sheet, lang, rolls=False)
        measured = _layout(page, Flow(mode="measure")).pages[0].anchors
        flow = paged_flow(page, measured)
    return _layout(page, flow)


def render_sheet_pdf(
    system: System[Any], sheet: CharacterSheet, lang: str = "fr", rolls: bool | None = None
) -> bytes:
    return cast(bytes, render_sheet_document(system, sheet, lang, rolls).write_pdf())


def _layout(page: PrintedSheet, flow: Flow) -> Any:
    return weasyprint.HTML(string=render_printed(page, flow)).render()


def paged_flow(page: PrintedSheet, anchors: Anchors) -> Flow:
    """Column breaks for the sections, then for the rolls after them, from measured boxes."""
    height = (PAGE.content_height - SLACK_MM) * PX_PER_MM

    def top(name: str) -> float:
        return anchors[name][1] - PAGE.top * PX_PER_MM

    sections = pack(_heights(anchors, "s", len(page.sections), "sections-end"), top("s0"), height)
    breaks = {f"s{i}" for i in sections.breaks}
    rolls_new_page = False
    pages, end, block_end = 1 + sections.pages, sections.end, "sections-end"
    if page.rolls:
        heights = _heights(anchors, "r", len(page.rolls), "rolls-end")
        after_sections = sections.end + top("r0") - top("sections-end")
        rolls = pack(heights, after_sections, height, head=top("r0") - top("rolls-title"))
        breaks |= {f"r{i}" for i in rolls.breaks}
        rolls_new_page = rolls.new_page
        pages += int(rolls.new_page) + rolls.pages
        end, block_end = rolls.end, "rolls-end"
    # The notes box closes the sheet: a page more when it does not fit below the last block.
    pages += int(end + top("sheet-end") - top(block_end) > height)
    return Flow(mode="paged", breaks=frozenset(breaks), rolls_new_page=rolls_new_page, pages=pages)


def _heights(anchors: Anchors, prefix: str, count: int, end: str) -> list[float]:
    """Each box's height with the gap to the next: the distance between their tops."""
    tops = [anchors[f"{prefix}{i}"][1] for i in range(count)] + [anchors[end][1]]
    return [below - above for above, below in pairwise(tops)]
