"""Boxes into two columns, page after page, from their measured heights.

WeasyPrint balances columns of unbreakable boxes by laying the page out many times over
(seconds per sheet). The PDF is therefore laid out twice, quickly: once in one tall column to
measure every box, then with the column breaks chosen here, the columns filling in order.
Full pages fill column by column; the last page splits what is left into two even columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Packing:
    #: Indices of the boxes that start a new column.
    breaks: frozenset[int]
    #: The block moves to the next page (too little room left on the current one).
    new_page: bool
    #: Pages the block goes past, and where it ends on its last page (from the content top).
    pages: int
    end: float


def split_point(heights: Sequence[float]) -> int:
    """Index of the first box of the right column: reading order kept, the taller column as
    short as it can be. `len(heights)` (no right column) for a single box."""
    total = sum(heights)
    best_index, best_height = len(heights), total
    above = 0.0
    for index, height in enumerate(heights):
        if index > 0 and max(above, total - above) < best_height:
            best_index, best_height = index, max(above, total - above)
        above += height
    return best_index


def pack(heights: Sequence[float], start: float, page_height: float, head: float = 0.0) -> Packing:
    """Columns for boxes of `heights` whose block starts `start` below the top of a page.
    When the first box does not fit there, the block moves to the next page, where its
    heading takes `head` before the first box."""
    new_page = bool(heights) and start > head and heights[0] > page_height - start
    top = head if new_page else start
    breaks: set[int] = set()
    first, pages = 0, 0
    while True:
        rest = heights[first:]
        room = page_height - top
        split = split_point(rest)
        if max(sum(rest[:split]), sum(rest[split:]), 0.0) <= room:
            if 0 < split < len(rest):
                breaks.add(first + split)
            end = top + max(sum(rest[:split]), sum(rest[split:]), 0.0)
            return Packing(frozenset(breaks), new_page, pages, end)
        for _column in range(2):
            first += _fill(heights, first, room)
            if first < len(heights):
                breaks.add(first)
        if first >= len(heights):
            return Packing(frozenset(breaks), new_page, pages, page_height)
        pages, top = pages + 1, 0.0


def _fill(heights: Sequence[float], first: int, room: float) -> int:
    """How many boxes from `first` fill one column; at least one, so a box taller than a
    column still gets placed (it then breaks across columns)."""
    taken, used = 0, 0.0
    for height in heights[first:]:
        if taken and used + height > room:
            break
        taken, used = taken + 1, used + height
    return taken
