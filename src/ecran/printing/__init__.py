"""Printable character sheets (HTML, PDF) and the sheet's JSON exchange format.

A presentation layer above `ecran.systems` and below the web and the CLI: it reads a sheet only
through the System contract, so a sixth system prints without a change here.
"""

from ecran.printing.exchange import (
    SheetRejected,
    export_sheet_json,
    import_sheet_json,
    parse_sheet_json,
    sheet_json_schema,
)
from ecran.printing.html import render_sheet_html
from ecran.printing.pdf import render_sheet_document, render_sheet_pdf

__all__ = [
    "SheetRejected",
    "export_sheet_json",
    "import_sheet_json",
    "parse_sheet_json",
    "render_sheet_document",
    "render_sheet_html",
    "render_sheet_pdf",
    "sheet_json_schema",
]
