"""The printable sheet as one self-contained HTML page (its CSS inlined): WeasyPrint turns it
into a PDF, and a browser can show or print it as it is."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from jinja2 import Environment, PackageLoader, select_autoescape

from ecran.printing.layout import printed_sheet
from ecran.rules import CharacterSheet, System


@cache
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("ecran.printing", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


@cache
def _css() -> str:
    return files("ecran.printing").joinpath("templates", "sheet.css").read_text(encoding="utf-8")


def render_sheet_html(system: System, sheet: CharacterSheet, lang: str = "fr") -> str:
    page = printed_sheet(system, sheet, lang)
    return _environment().get_template("sheet.html").render(sheet=page, css=_css())
