"""The printable sheet as one self-contained HTML page (its CSS inlined): WeasyPrint turns it
into a PDF, and a browser can show or print it as it is."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from jinja2 import Environment, PackageLoader, select_autoescape

from ecran.rules import CharacterSheet, System
from ecran.sheets.layout import PrintedSheet, printed_sheet


@dataclass(frozen=True)
class Page:
    """A4 and its margins, in millimetres: the CSS and the PDF's column packing share them."""

    width: float = 210
    height: float = 297
    top: float = 11
    bottom: float = 14
    side: float = 11
    gap: float = 5
    #: A page tall enough that measuring never breaks a page.
    measure_height: float = 5000

    @property
    def column(self) -> float:
        return (self.width - 2 * self.side - self.gap) / 2

    @property
    def content_height(self) -> float:
        return self.height - self.top - self.bottom


PAGE = Page()


@dataclass(frozen=True)
class Flow:
    """How the columns break: `screen` lets a browser balance them; `measure` lays every box in
    one tall column; `paged` breaks a column before each box id in `breaks`."""

    mode: Literal["screen", "measure", "paged"] = "screen"
    breaks: frozenset[str] = frozenset()
    rolls_new_page: bool = False
    #: The pages the packing expects (paged mode).
    pages: int = 1


@cache
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("ecran.sheets", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_sheet_html(
    system: System[Any], sheet: CharacterSheet, lang: str = "fr", rolls: bool | None = None
) -> str:
    """A screen scrolls: the roll grids are in unless `rolls=False`."""
    return render_printed(printed_sheet(system, sheet, lang, rolls is not False))


def render_printed(page: PrintedSheet, flow: Flow = Flow()) -> str:
    template = _environment().get_template("sheet.html")
    return template.render(sheet=page, flow=flow, page=PAGE)
