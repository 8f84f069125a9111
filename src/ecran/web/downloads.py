"""A JSON file to download (a sheet, a table's export, an encounter's fight file): the body
and a file name people can keep, from the thing's own name."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from fastapi.responses import JSONResponse


def file_name(name: str, fallback: str) -> str:
    """`name` as a portable file name (ASCII letters, digits, `-` and `_`), or `fallback`."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9_-]+", "-", plain).strip("-") or fallback


def json_file(data: Any, name: str, fallback: str) -> JSONResponse:
    disposition = f'attachment; filename="{file_name(name, fallback)}.json"'
    return JSONResponse(data, headers={"Content-Disposition": disposition})
