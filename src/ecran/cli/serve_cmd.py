"""`ecran serve`: the web table, in one process or in N workers sharing live events through Redis.

Before serving, the database is migrated once and held for this process (`store.claim_serving`;
a SQLite file already at the migrations' head is checked and held without SQLAlchemy):
alone without `ECRAN_REDIS_URL` (a second process on the same database is refused with one line,
exit 2, since its players would never hear this one's events), shared with other Redis workers
otherwise. `--workers N` > 1 needs `ECRAN_REDIS_URL` (checked by a ping) and a database other
processes can open (PostgreSQL, or a SQLite file; not an in-memory one). The hold lasts as long
as the command runs; uvicorn's worker processes are its children.

uvicorn is given the WebSocket message bound (`ECRAN_MAX_WS_MESSAGE`, as `ws_max_size`: it never
buffers a bigger frame) and, behind a reverse proxy, `--forwarded-allow-ips` (the proxy's
address: uvicorn then trusts its `X-Forwarded-For`/`-Proto`, so rate limits count the real
clients and redirects keep https).
"""

from __future__ import annotations

import signal
from typing import TYPE_CHECKING, Any

import typer

from ecran.cli.words import _

if TYPE_CHECKING:
    from ecran.store.serving import Claim

#: Beyond this many workers on one machine, memory and database connections run out first.
WORKERS_MAX = 64
#: The TCP ports one can listen on (0, "any free port", would leave the links unknown).
PORT_MIN, PORT_MAX = 1, 65535


def variables_help() -> str:
    """The help's list of every environment variable (`ecran.settings`: name, default, bounds,
    meaning) in the reader's language, kept as lines (click's `\\b`)."""
    from ecran.settings import UNSET, rows

    lines = ["\b", _("Environment variables (docs/settings.md):")]
    for variable, _kind, default, bounds, meaning in rows():
        bounded = _("{variable} (default {default}; {bounds}): {meaning}")
        wording = bounded if bounds else _("{variable} (default {default}): {meaning}")
        if default == UNSET:  # not "(default (unset))"
            wording = _("{variable} (no default): {meaning}")
        line = wording.format(
            variable=variable,
            default=_(default),  # "(none)"; a number or a language is the same in both
            bounds=bounds,
            meaning=_(meaning),
        )
        lines.append("  " + line)
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    @app.command(epilog=variables_help())
    def serve(
        host: str = typer.Option("127.0.0.1", metavar="ADDRESS", help="address to listen on"),
        port: int = typer.Option(8000, metavar="INT", help="port"),
        workers: int = typer.Option(
            1, metavar="INT", help="worker processes (more than 1 needs ECRAN_REDIS_URL)"
        ),
        forwarded_allow_ips: str | None = typer.Option(
            None,
            metavar="ADDRESSES",
            help="the reverse proxy's addresses, comma-separated, whose X-Forwarded-* headers "
            "are trusted (* for any)",
        ),
    ) -> None:
        """Start the web table (FastAPI) on http://HOST:PORT."""
        _check_address(host, port)
        import uvicorn

        from ecran.settings import get_settings
        from ecran.store.head import resolve_url

        url = resolve_url()
        redis_url = get_settings().redis_url
        held = _held_at_head(url, redis_url, workers)
        if held is None:
            from ecran.store import claim_serving

            _check(url, redis_url, workers)
            _migrate(url)
            held = claim_serving(url, shared=redis_url is not None)
        options = uvicorn_options(host, port, forwarded_allow_ips)
        _exit_on_sigterm()
        try:
            if workers == 1:
                from ecran.web.app import create_served_app

                uvicorn.run(create_served_app(), **options)
            else:  # each worker process builds its own app from the same environment
                app = "ecran.web.app:create_served_app"
                _supervise(uvicorn.Config(app, factory=True, workers=workers, **options))
        finally:
            held.release()


def _held_at_head(url: str, redis_url: str | None, workers: int) -> Claim | None:
    """The usual start, one process without Redis on a SQLite file already migrated: checked
    and held with the standard library alone (`ecran.store.head`), so SQLAlchemy loads after
    the first answer. None for any other start, which `_check` and `_migrate` then take."""
    from ecran.store.head import at_head, plain_sqlite_file

    file = plain_sqlite_file(url)
    if workers != 1 or redis_url is not None or file is None or not at_head(file):
        return None
    from ecran.store.serving import claim

    return claim(url, shared=False)


def _supervise(config: Any) -> None:
    """Run the workers as `uvicorn.run` does, under a supervisor that stops as soon as it is
    told to: uvicorn's notes a signal and acts on it at its next look, every half second (a
    restart's stop took 1.0-1.2 s, 0.43 s of it before SIGTERM was heard)."""
    from uvicorn.supervisors import Multiprocess

    class Prompt(Multiprocess):
        def __init__(self, config: Any, sockets: list[Any]) -> None:
            super().__init__(config, sockets)
            for sig in (signal.SIGINT, signal.SIGTERM):
                signal.signal(sig, self._heard)

        def _heard(self, sig: int, _frame: Any) -> None:
            self.signal_queue.append(sig)
            self.should_exit.set()  # uvicorn's own answer to both, at once

    Prompt(config, sockets=[config.bind_socket()]).run()


def _exit_on_sigterm() -> None:
    """SIGTERM ends the command as Ctrl-C does: uvicorn shuts the server down (the app's
    lifespan ends its work processes), then raises the signal again to the handler it found,
    this one, so the `finally` below releases the database (no `.serving` file left) instead of
    the process dying on the spot."""

    def stop(signum: int, _frame: Any) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)


def uvicorn_options(host: str, port: int, forwarded_allow_ips: str | None) -> dict[str, Any]:
    """What every uvicorn process is started with: the address, the WebSocket message bound
    (uvicorn refuses a bigger frame before buffering it; the app's own bound is the same), no
    per-message compression, and the proxy to trust (None: uvicorn's default,
    `FORWARDED_ALLOW_IPS` or 127.0.0.1)."""
    from ecran.web.limits import Limits

    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "ws_max_size": Limits.from_env().max_message,
        "proxy_headers": True,
        # WebSocket frames go uncompressed: per-message deflate keeps a compressor per socket,
        # so one event cost ~140 µs of zlib for each of a table's sockets (the bulk of a
        # worker's fan-out in bench/bench_workers.py), and the same text could not be shared.
        "ws_per_message_deflate": False,
    }
    if forwarded_allow_ips is not None:
        options["forwarded_allow_ips"] = forwarded_allow_ips
    return options


def _check_address(host: str, port: int) -> None:
    """Refuse, in one line and before anything starts, an address no server can listen on: a
    port out of 1-65535, a host empty or with a space or a control character."""
    from ecran.rules import EcranError, Text
    from ecran.rules.refusals import given_said

    if not PORT_MIN <= port <= PORT_MAX:
        raise EcranError(
            Text(
                fr=f"--port : entre {PORT_MIN} et {PORT_MAX} ({port})",
                en=f"--port: between {PORT_MIN} and {PORT_MAX} ({port})",
            )
        )
    if not host or not host.isprintable() or any(c.isspace() for c in host):
        raise EcranError(
            Text(
                fr="--host : adresse invalide (vide, espace ou caractère de contrôle) "
                f"({given_said(host, 'fr')})",
                en="--host: invalid address (empty, a space or a control character) "
                f"({given_said(host, 'en')})",
            )
        )


def _check(url: str, redis_url: str | None, workers: int) -> None:
    """Refuse, in one line, what could not share live events."""
    from ecran.rules import EcranError, Text
    from ecran.store import shareable
    from ecran.store.db import parse_url

    parse_url(url)  # a database address SQLAlchemy cannot read: one line, before anything
    if not 1 <= workers <= WORKERS_MAX:
        raise EcranError(
            Text(
                fr=f"--workers : entre 1 et {WORKERS_MAX} ({workers})",
                en=f"--workers: between 1 and {WORKERS_MAX} ({workers})",
            )
        )
    if workers > 1 and redis_url is None:
        raise EcranError(
            Text(
                fr="--workers supérieur à 1 demande ECRAN_REDIS_URL (les workers partagent "
                "les événements en direct par Redis)",
                en="--workers above 1 needs ECRAN_REDIS_URL (the workers share live events "
                "through Redis)",
            )
        )
    if workers > 1 and not shareable(url):
        raise EcranError(
            Text(
                fr="--workers supérieur à 1 demande une base que plusieurs processus peuvent "
                "ouvrir (PostgreSQL ou un fichier SQLite), pas une base en mémoire",
                en="--workers above 1 needs a database several processes can open "
                "(PostgreSQL or a SQLite file), not an in-memory one",
            )
        )
    if redis_url is not None:
        from ecran.web.live.bridge import check_reachable

        try:
            check_reachable(redis_url)
        except Exception as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise EcranError(
                Text(
                    fr=f"Redis injoignable (ECRAN_REDIS_URL) : {reason}",
                    en=f"Redis is unreachable (ECRAN_REDIS_URL): {reason}",
                )
            ) from None


def _migrate(url: str) -> None:
    """Bring the schema up to date once, before any worker starts."""
    from sqlalchemy.exc import SQLAlchemyError

    from ecran.store import open_engine, unreachable

    try:
        open_engine(url).dispose()  # the schema alone: the ORM loads after the first answer
    except SQLAlchemyError as exc:
        raise unreachable(url, exc) from None
