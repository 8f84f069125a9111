"""Every `ECRAN_` environment variable, declared once: its type, bounds, default and meaning.

Near the bottom layer: it imports nothing from ecran but `ecran.record`, and nothing else in
ecran reads an `ECRAN_` variable from the environment (tests/test_layers.py holds it).
`Settings` is a frozen record (`ecran.record`, read by `dataclasses` as a dataclass), each field
with its bounds and help in its metadata, so importing this module costs nothing (`ecran
--help` loads no pydantic). The environment is read by pydantic-settings, from a
model built from those fields on first read: it loads asyncio, email and importlib.metadata,
which `ecran odds`, `ecran dice` and `ecran --help` never need, so the command line reads its
start-up variables (`ECRAN_LANG`, `ECRAN_DEBUG`) through `value()`, by the same declaration.

The settings are read afresh at each call (a read costs well under a millisecond, and the
callers read once per app, cache or process): tests that set a variable see it at once. A bad
value raises `BadSetting`, one line naming the variable (the command line exits 2 with it).
"""

from __future__ import annotations

import dataclasses
import os
import re
import typing
from dataclasses import field
from functools import cache
from typing import Any, Literal

from ecran.record import record

PREFIX = "ECRAN_"
#: How the table of variables writes a variable without a default.
UNSET = "(unset)"
MIB = 1024 * 1024
#: The words pydantic reads as a boolean (`value()` reads them alike without it).
TRUE, FALSE = ("1", "true", "t", "yes", "y", "on"), ("0", "false", "f", "no", "n", "off")


def _declared(default: Any, help: str, **bounds: float) -> Any:
    return field(default=default, metadata={"help": help, "bounds": bounds})


@record
class Settings:
    """The settings of one process; a field `name` is the variable `ECRAN_NAME`."""

    lang: Literal["fr", "en"] = _declared(
        "fr", "language of the command line: fr or en (--lang overrides it)"
    )
    debug: bool = _declared(False, "1: a bug of the command line shows its traceback")
    database_url: str | None = _declared(
        None,
        "SQLAlchemy URL of the database (default: SQLite in the user's application folder; "
        "postgresql+psycopg://… for PostgreSQL)",
    )
    redis_url: str | None = _declared(
        None,
        "Redis URL shared by several web workers for live events (needed by "
        "ecran serve --workers above 1)",
    )
    max_body: int = _declared(MIB, "largest HTTP request body, in bytes", gt=0)
    max_ws_message: int = _declared(64 * 1024, "largest WebSocket message, in bytes", gt=0)
    rate: float = _declared(
        2.0, "refill rate of a client's odds and dice requests (requests/s)", gt=0
    )
    rate_burst: int = _declared(30, "odds and dice requests a client may burst", gt=0)
    work_budget: float = _declared(
        1.0, "CPU-seconds one exact computation may use on the server", gt=0
    )
    work_processes: int = _declared(
        1, "worker processes of the server's full computing lane", gt=0, le=256
    )
    odds_cache_mb: float = _declared(
        64, "memory the shared odds cache may hold, in megabytes", gt=0
    )
    max_upload: int = _declared(
        10 * MIB,
        "largest image a GM may upload (a scene's map, a handout), in bytes (10 MiB at most)",
        gt=0,
        le=10 * MIB,
    )
    maps_cache_mb: float = _declared(
        96,
        "memory the maps decoded for the fog may hold in each web process, in megabytes "
        "(a map of 4096 pixels a side takes 48)",
        gt=0,
    )
    table_images_mb: float = _declared(
        100, "room the stored images of one table may take (after re-encoding), in MiB", gt=0
    )
    write_limits: str = _declared(
        "10/second;120/minute",
        "writes one member's link may make (rolls, chat, operations, every stored change), "
        "in the limits library's notation (N/second;M/minute); shared through ECRAN_REDIS_URL",
    )
    address_write_limits: str = _declared(
        "30/second;600/minute", "writes one client address may make, all links together"
    )
    create_limits: str = _declared(
        "10/minute;100/hour",
        "tables created or imported, joins and uploads one client address may make",
    )
    table_events_max: int = _declared(
        200_000, "events one table may store (then every write is refused)", gt=0
    )
    table_events_mb: float = _declared(
        100,
        "room the stored events of one table may take (their JSON), in MiB "
        "(then every write is refused)",
        gt=0,
    )


FIELDS: dict[str, dataclasses.Field[Any]] = {f.name: f for f in dataclasses.fields(Settings)}


class BadSetting(SystemExit):
    """A variable's value its declaration refuses: one line, `ECRAN_X: why, got 'value'`."""

    def __init__(self, line: str) -> None:
        super().__init__(line)
        self.line = line


def env_name(name: str) -> str:
    return PREFIX + name.upper()


NAMES: tuple[str, ...] = tuple(env_name(name) for name in FIELDS)
"""Every variable, in declaration order."""


def default(name: str) -> Any:
    return FIELDS[name].default


def annotation(name: str) -> Any:
    return typing.get_type_hints(Settings)[name]


def get_settings() -> Settings:
    """The settings from the environment, read now (pydantic-settings)."""
    from pydantic import ValidationError

    try:
        read = _from_environment()()
    except ValidationError as exc:
        error = exc.errors()[0]
        where = str(error["loc"][0]).upper() if error["loc"] else ""
        name = where if where.startswith(PREFIX) else env_name(where)
        raise BadSetting(f"{name}: {error['msg'].lower()}, got {error['input']!r}") from None
    return Settings(**read.model_dump())


def value(name: str) -> Any:
    """A choice, a yes/no or a plain number setting alone, read without loading pydantic (the
    command line's start-up path), as `get_settings` reads it: an empty variable is its
    default; a number past its bounds or written otherwise is read by `get_settings`."""
    written = os.environ.get(env_name(name), "")
    raw = written.strip()
    kind = annotation(name)
    if not raw:
        return default(name)
    if kind is bool and raw.lower() in TRUE + FALSE:
        return raw.lower() in TRUE
    if typing.get_origin(kind) is Literal and raw in typing.get_args(kind):
        return raw
    if kind is bool or typing.get_origin(kind) is Literal:
        expected = "a boolean" if kind is bool else " or ".join(map(repr, typing.get_args(kind)))
        raise BadSetting(f"{env_name(name)}: input should be {expected}, got {raw!r}")
    number = _plain_number(name, kind, written)
    return getattr(get_settings(), name) if number is None else number


#: The numbers `value` reads itself: plain decimal digits (anything else goes to pydantic).
_INTEGER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")
_WITHIN = {
    "gt": lambda x, b: x > b,
    "ge": lambda x, b: x >= b,
    "lt": lambda x, b: x < b,
    "le": lambda x, b: x <= b,
}


def _plain_number(name: str, kind: Any, raw: str) -> int | float | None:
    """A number setting written in plain digits and within its bounds, as pydantic reads it;
    None for anything else (then pydantic reads it, and refuses it with its own words)."""
    if kind is int and _INTEGER.fullmatch(raw):
        number: int | float = int(raw)
    elif kind is float and _DECIMAL.fullmatch(raw):
        number = float(raw)
    else:
        return None
    ok = all(_WITHIN[key](number, limit) for key, limit in bounds(name).items())
    return number if ok else None


@cache
def _from_environment() -> Any:
    """The pydantic-settings model of `Settings`' fields (built once, on first read)."""
    from pydantic import Field, create_model
    from pydantic_settings import BaseSettings, SettingsConfigDict

    class Environment(BaseSettings):
        model_config = SettingsConfigDict(
            env_prefix=PREFIX, env_ignore_empty=True, extra="ignore", allow_inf_nan=False
        )

    fields: Any = {
        name: (annotation(name), Field(f.default, description=help_text(name), **bounds(name)))
        for name, f in FIELDS.items()
    }
    return create_model("FromEnvironment", __base__=Environment, **fields)


def help_text(name: str) -> str:
    return str(FIELDS[name].metadata["help"])


def bounds(name: str) -> dict[str, Any]:
    return dict(FIELDS[name].metadata["bounds"])


def bounds_text(name: str) -> str:
    """The field's bounds in words (`> 0`, `> 0, ≤ 256`, `fr, en`), or empty."""
    signs = {"gt": ">", "ge": "≥", "lt": "<", "le": "≤"}
    parts = [f"{signs[key]} {limit}" for key, limit in bounds(name).items()]
    if typing.get_origin(annotation(name)) is Literal:
        parts.append(", ".join(typing.get_args(annotation(name))))
    return ", ".join(parts)


def type_name(name: str) -> str:
    kind = annotation(name)
    if typing.get_origin(kind) is Literal:
        return "choice"
    return {int: "integer", float: "number", bool: "boolean"}.get(kind, "text")


def default_text(name: str) -> str:
    chosen = default(name)
    if isinstance(chosen, bool):
        return "1" if chosen else "0"
    return UNSET if chosen is None else str(chosen)


def rows() -> list[tuple[str, str, str, str, str]]:
    """(variable, type, default, bounds, meaning) of every variable, in declaration order."""
    return [
        (env_name(name), type_name(name), default_text(name), bounds_text(name), help_text(name))
        for name in FIELDS
    ]


def markdown() -> str:
    """docs/settings.md, generated (a test holds the file equal to it)."""
    lines = [
        "# Settings",
        "",
        "Every environment variable ecran reads, declared once in `src/ecran/settings.py`",
        "(this page is generated from it: `python -c 'import ecran.settings as s; "
        'print(s.markdown(), end="")\' > docs/settings.md`). An empty variable is its default;',
        "a value out of its bounds stops the program with one line naming the variable.",
        "",
        "| Variable | Type | Default | Bounds | Meaning |",
        "|---|---|---|---|---|",
    ]
    lines += [f"| `{v}` | {t} | {d} | {b} | {m} |" for v, t, d, b, m in rows()]
    return "\n".join(lines) + "\n"
