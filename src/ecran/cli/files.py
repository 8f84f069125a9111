"""Reading a file the user names, bounded in size: one message for a missing, unreadable or
oversized file, and for JSON that is not JSON (in words, never the parser's)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ecran.rules import EcranError, Text
from ecran.rules.errors import load_json

if TYPE_CHECKING:
    from ecran.play.export import TableExport

#: A table export bigger than this is refused (a table of 100,000 rolls is about 60 MB).
EXPORT_MAX_BYTES = 200 * 1024 * 1024


def read_bounded(path: Path | str, limit: int) -> bytes:
    """The bytes of `path`, refused in one line past `limit` bytes or when it cannot be read."""
    file = Path(path)
    try:
        if file.stat().st_size > limit:
            raise too_big(path, limit)
        return file.read_bytes()
    except FileNotFoundError:
        raise EcranError(
            Text(fr=f"fichier introuvable : {path}", en=f"file not found: {path}")
        ) from None
    except OSError as exc:  # the system's reason is in its own words; the path says which file
        raise EcranError(
            Text(
                fr=f"lecture impossible de {path} : {exc.strerror}",
                en=f"cannot read {path}: {exc.strerror}",
            )
        ) from None


def too_big(path: Path | str, limit: int) -> EcranError:
    return EcranError(
        Text(
            fr=f"{path} : fichier trop gros (max {_megabytes(limit)} Mo)",
            en=f"{path}: file too big (max {_megabytes(limit)} MB)",
        )
    )


def read_json(path: Path | str, limit: int) -> Any:
    """`read_bounded`, parsed as JSON."""
    return parse_json(path, read_bounded(path, limit))


def parse_json(path: Path | str, raw: bytes) -> Any:
    """The bytes read from `path` as JSON, or one line saying where they are not (or that they
    nest too deeply)."""
    return load_json(raw, Text(fr=str(path), en=str(path)))


def read_table_export(path: Path | str) -> TableExport:
    """A table's export file (`ecran table import`, `ecran verify`): bounded, parsed and checked
    field by field by one reader, so both commands refuse a bad file with the same line."""
    from ecran.play.export import parse_export

    return parse_export(read_bounded(path, EXPORT_MAX_BYTES), str(path))


def _megabytes(limit: int) -> str:
    return f"{limit / 2**20:g}"
