"""The rules data, parsed once: every TOML file ecran reads (a game's tables, the command line's
names) is kept parsed beside it, in `__pycache__/<file>.marshal`, as Python keeps a module's
bytecode; a later start reads that (a `marshal.loads`, a tenth of a millisecond) instead of
parsing the text again (`tomllib`, a few milliseconds a file: a check's odds read eight, #32).

The cache is written when bytecode is: at install (`python -m ecran.toml_cache`, beside
`compileall` in the Makefile) and on first read unless `PYTHONDONTWRITEBYTECODE` is set. It is
read only while the file is unchanged (its modification time and size, as a `.pyc` checks its
source), so an edited table is read afresh; a cache that cannot be read or written (a
read-only installation, another Python) is ignored, never an error. Values `marshal` cannot
hold (a TOML date) are never cached.

Layer-free (the standard library alone): the command line's names are read before `rules`
is imported.
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path
from typing import Any

#: Bumped when what a cache file holds changes: an older one is then read as stale.
FORMAT = 1


def cache_path(path: Path) -> Path:
    """Where `path`'s parsed copy is kept."""
    return path.parent / "__pycache__" / f"{path.name}.marshal"


def _key(path: Path) -> tuple[int, int, int, str]:
    found = path.stat()
    return (FORMAT, found.st_mtime_ns, found.st_size, sys.implementation.cache_tag or "")


def load(path: Path, write: bool | None = None) -> dict[str, Any]:
    """`path` parsed as TOML: from its cache while the file is unchanged, else parsed (and the
    cache written where `write`, by default where Python writes bytecode)."""
    key = _key(path)
    kept = _read(cache_path(path), key)
    if kept is not None:
        return kept
    parsed = _parse(path.read_text(encoding="utf-8"))
    if write is None:
        write = not sys.dont_write_bytecode
    if write:
        _write(cache_path(path), key, parsed)
    return parsed


def load_data(package: str, filename: str) -> dict[str, Any]:
    """`data/<filename>` of a package (e.g. "ecran.systems.warp"), parsed (`load`); a package
    that is no directory (a zip's) is parsed every time."""
    module = sys.modules.get(package)
    where = getattr(module, "__file__", None)
    if where is not None:  # a package on disk: its directory, without importlib.resources and
        found_here = Path(where).parent / "data" / filename  # its readers (~3 ms a start, #32)
        if found_here.is_file():
            return load(found_here)
        if found_here.parent.parent.is_dir():  # a package on disk without this file (a game
            raise FileNotFoundError(found_here)  # may leave one out): asked of no reader either
    from importlib import resources

    found = resources.files(package).joinpath("data", filename)
    if isinstance(found, Path):
        return load(found)
    return _parse(found.read_text(encoding="utf-8"))


def _parse(text: str) -> dict[str, Any]:
    import tomllib  # only where no parsed copy serves: a start with its caches imports no parser

    return tomllib.loads(text)


def _read(cached: Path, key: tuple[int, int, int, str]) -> dict[str, Any] | None:
    try:
        found = marshal.loads(cached.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(found, tuple) or len(found) != 2 or found[0] != key:
        return None
    data: dict[str, Any] = found[1]
    return data


def _write(cached: Path, key: tuple[int, int, int, str], parsed: dict[str, Any]) -> None:
    try:
        data = marshal.dumps((key, parsed))
    except ValueError:  # a value marshal cannot hold (a date): parsed every time
        return
    partial = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
    try:
        cached.parent.mkdir(exist_ok=True)
        partial.write_bytes(data)
        os.replace(partial, cached)  # another process reads the old file or the new, whole
    except OSError:  # a read-only installation: parsed every time
        partial.unlink(missing_ok=True)


def build(root: Path) -> int:
    """Writes the cache of every TOML file under `root` where it is missing or stale (install
    time); the number of files that have one then."""
    count = 0
    for path in sorted(root.rglob("*.toml")):
        load(path, write=True)
        count += cache_path(path).exists()
    return count


if __name__ == "__main__":
    build(Path(__file__).resolve().parent)
