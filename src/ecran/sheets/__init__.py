"""Printable character sheets (HTML, PDF) and the sheet's JSON exchange format.

A presentation layer above `ecran.systems` and below the web and the CLI: it reads a sheet only
through the System contract, so a sixth system prints without a change here.
"""

from typing import Any

from ecran.sheets.files import (
    SheetRejected,
    export_sheet_json,
    import_sheet_json,
    parse_sheet_json,
    sheet_from_data,
    sheet_json_schema,
)


def __getattr__(name: str) -> Any:
    # WeasyPrint (over a second) and Jinja2 load only when a sheet is printed, so that reading
    # and validating sheets stays quick for the command line.
    if name in ("render_sheet_pdf", "render_sheet_document"):
        from ecran.sheets import pdf

        return getattr(pdf, name)
    if name == "render_sheet_html":
        from ecran.sheets import html

        return html.render_sheet_html
    raise AttributeError(name)


__all__ = [
    "SheetRejected",
    "export_sheet_json",
    "import_sheet_json",
    "parse_sheet_json",
    "render_sheet_document",
    "render_sheet_html",
    "render_sheet_pdf",
    "sheet_from_data",
    "sheet_json_schema",
]
