"""The printable sheet as PDF bytes (WeasyPrint, fonts from the system: DejaVu on Debian)."""

from __future__ import annotations

from typing import Any, cast

import weasyprint

from ecran.printing.html import render_sheet_html
from ecran.rules import CharacterSheet, System


def render_sheet_document(system: System, sheet: CharacterSheet, lang: str = "fr") -> Any:
    """WeasyPrint's laid-out document (its `.pages` say how many pages the sheet takes)."""
    return weasyprint.HTML(string=render_sheet_html(system, sheet, lang)).render()


def render_sheet_pdf(system: System, sheet: CharacterSheet, lang: str = "fr") -> bytes:
    return cast(bytes, render_sheet_document(system, sheet, lang).write_pdf())
