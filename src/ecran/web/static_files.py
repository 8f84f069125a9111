"""The static files under addresses that name their content: a page names each asset with its
digest (`static_url`: `/static/ecran.css?v=…`), and the browser keeps such an answer for a year
(`Cache-Control: public, max-age=31536000, immutable`), so a page load asks for none of its
stylesheets and scripts again until one changes, which gives it a new address. An address
without `v` (a stylesheet's relative images, an older page) is asked again each time
(`no-cache`: a 304 while unchanged). Measured on a scene test's three browsers: 72 of its 268
requests were these assets asked again, each through every middleware."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from threading import Lock
from typing import Any
from urllib.parse import parse_qs

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

STATIC = Path(__file__).parent / "static"
#: What a versioned address's answer says: kept a year, never asked again.
IMMUTABLE = "public, max-age=31536000, immutable"

#: path -> (its modification time, its address): a file edited while the server runs (`make
#: run` during development) gets its new address at the next page.
_addresses: dict[str, tuple[int, str]] = {}
_lock = Lock()


def static_url(path: str) -> str:
    """The address of the static file `path` (relative to `static/`), naming its content."""
    mtime = (STATIC / path).stat().st_mtime_ns
    with _lock:
        kept = _addresses.get(path)
    if kept is not None and kept[0] == mtime:
        return kept[1]
    digest = hashlib.blake2b((STATIC / path).read_bytes(), digest_size=6).hexdigest()
    address = f"/static/{path}?v={digest}"
    with _lock:
        _addresses[path] = (mtime, address)
    return address


class VersionedStaticFiles(StaticFiles):
    """`StaticFiles` telling the browser how long it may keep an answer: a year under a
    versioned address, else ask again (`IMMUTABLE`, `no-cache`)."""

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = IMMUTABLE if _versioned(scope) else "no-cache"
        return response


def _versioned(scope: Scope) -> bool:
    query: Any = scope.get("query_string", b"")
    return "v" in parse_qs(query.decode("latin-1"))
