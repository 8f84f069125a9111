"""A character sheet away from the table: JSON exchange and printing.

- JSON exchange, `files.py`: a sheet as a file (export, all-or-nothing import, published schema).
- Printing: `layout.py` decides what a printed sheet shows in one language (with `rolls.py`, the
  grids of prefilled rolls, `tracks.py`, the boxes to tick, and `labels.py`, the frame's words);
  `html.py` lays it out as one HTML page, `pdf.py` as A4 pages (its columns packed by `pack.py`).

A layer above `ecran.engine` (it finds a file's system there) and below the store, the web and the
CLI: it reads a sheet only through the System contract, so a sixth system prints without a change
here.
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
