"""Reading a file the user names, bounded in size: one message for a missing, unreadable or
oversized file, and for JSON that is not JSON (in words, never the parser's). Writing one
(`write_file`): a missing folder, a folder, a refused permission are one line in the reader's
language, and the file is whole or untouched."""

from __future__ import annotations

import errno
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ecran.rules import EcranError, Text
from ecran.rules.errors import load_json

if TYPE_CHECKING:
    from ecran.play.export import TableExport

#: A table export bigger than this is refused (a table of 100,000 rolls is about 60 MB).
EXPORT_MAX_BYTES = 200 * 1024 * 1024


#: The file name that means standard input, as every Unix tool reads it.
STDIN = "-"

#: A sheet file bigger than this is refused (a sheet is a few kilobytes).
SHEET_MAX_BYTES = 4 * 1024 * 1024


def read_bounded(path: Path | str, limit: int) -> bytes:
    """The bytes of `path` (`-`: standard input), refused in one line past `limit` bytes or
    when it cannot be read."""
    if str(path) == STDIN:
        return read_stdin(limit)
    file = Path(path)
    try:
        if file.stat().st_size > limit:
            raise too_big(path, limit)
        return file.read_bytes()
    except FileNotFoundError:
        raise EcranError(
            Text(fr=f"fichier introuvable : {path}", en=f"file not found: {path}")
        ) from None
    except OSError as exc:
        raise cannot_read(path, exc) from None


def read_stdin(limit: int) -> bytes:
    """Standard input, at most `limit` bytes (one more is read to tell a bigger input)."""
    stream = getattr(sys.stdin, "buffer", None)
    try:
        data = stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 1).encode()
    except OSError as exc:
        raise cannot_read(STDIN, exc) from None
    if len(data) > limit:
        raise too_big(STDIN, limit)
    return data


def cannot_read(path: Path | str, exc: OSError) -> EcranError:
    reason = os_reason(exc)
    return EcranError(
        Text(
            fr=f"lecture impossible de {path} : {reason.fr}", en=f"cannot read {path}: {reason.en}"
        )
    )


def cannot_write(path: Path | str, reason: Text) -> EcranError:
    return EcranError(
        Text(
            fr=f"écriture impossible de {path} : {reason.fr}",
            en=f"cannot write {path}: {reason.en}",
        )
    )


_NOT_A_FOLDER = Text(fr="dossier introuvable", en="folder not found")
_A_FOLDER = Text(fr="c'est un dossier", en="it is a folder")
#: The system's reasons in the reader's words (its own are English whatever the language).
_REASONS = {
    errno.ENOENT: _NOT_A_FOLDER,
    errno.EISDIR: _A_FOLDER,
    errno.ENOTDIR: Text(
        fr="un élément du chemin n'est pas un dossier", en="a part of the path is not a folder"
    ),
    errno.EACCES: Text(fr="permission refusée", en="permission denied"),
    errno.EPERM: Text(fr="permission refusée", en="permission denied"),
    errno.EROFS: Text(fr="système de fichiers en lecture seule", en="read-only file system"),
    errno.ENOSPC: Text(fr="plus de place sur le disque", en="no space left on the device"),
    errno.EDQUOT: Text(fr="quota de disque dépassé", en="disk quota exceeded"),
    errno.ENAMETOOLONG: Text(fr="nom de fichier trop long", en="file name too long"),
}


def os_reason(exc: OSError) -> Text:
    """Why the system refused, in the reader's language."""
    known = _REASONS.get(exc.errno or 0)
    if known is not None:
        return known
    code = errno.errorcode.get(exc.errno or 0, "?")
    return Text(fr=f"erreur du système ({code})", en=f"{exc.strerror or 'system error'} ({code})")


def write_file(path: Path | str, content: bytes | str) -> None:
    """Write `content` to `path`, whole or not at all: into a new file beside it, then renamed
    over it. A missing folder (none is created), a folder, a refused permission: one line
    naming the path, nothing written. A device or a pipe (`/dev/stdout`) is written as is."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    target = Path(path)
    check_writable(path)
    try:
        if target.exists() and not target.is_file():  # a device, a pipe: nothing to replace
            with target.open("wb") as stream:
                stream.write(data)
            return
        real = target.resolve() if target.is_symlink() else target
        folder = real.parent
        mode = real.stat().st_mode & 0o7777 if real.exists() else _new_file_mode()
        made, temporary = tempfile.mkstemp(dir=folder, prefix=f".{real.name}.", suffix=".tmp")
        try:
            with os.fdopen(made, "wb") as stream:
                stream.write(data)
            os.chmod(temporary, mode)
            os.replace(temporary, real)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise cannot_write(path, os_reason(exc)) from None


def check_writable(path: Path | str) -> None:
    """Refuse in one line, before anything is written, a path that is a folder or whose folder
    is missing (several files written by one command: all of them or none)."""
    target = Path(path)
    try:
        if target.is_dir():
            raise cannot_write(path, _A_FOLDER)
        real = target.resolve() if target.is_symlink() else target
        if not real.parent.is_dir():
            missing = not real.parent.exists()
            raise cannot_write(path, _REASONS[errno.ENOENT if missing else errno.ENOTDIR])
    except OSError as exc:
        raise cannot_write(path, os_reason(exc)) from None


def _new_file_mode() -> int:
    """The mode a new file gets (0o666 less the umask), as `open` would give it."""
    umask: int = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def too_big(path: Path | str, limit: int) -> EcranError:
    return EcranError(
        Text(
            fr=f"{path} : fichier trop gros (max {_megabytes(limit)} Mo)",
            en=f"{path}: file too big (max {_megabytes(limit)} MB)",
        )
    )


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
