"""`ecran table export TABLE-ID [-o FILE]` and `ecran table import FILE`: a whole table out of
this server's database and into another's (backup, move), with no web server running.

The database is `--database URL`, else `ECRAN_DATABASE_URL`, else the default SQLite file (as
`ecran serve`). Whoever runs these commands holds the database, so they act as its operator: the
export is the table's GM's (`GET /api/tables/{id}/export` gives the same), and the importer
becomes the copy's GM. The import prints the copy's new links (the old ones do not open it);
bad input is one line and exit 2, and nothing is stored.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from ecran.cli.checks import json_command
from ecran.cli.file_name import FILE_NAME
from ecran.cli.files import read_table_export
from ecran.cli.render import echo_json, echo_typeset, working
from ecran.cli.words import _, ngettext
from ecran.rules import EcranError, Text
from ecran.rules.refusals import given_said

if TYPE_CHECKING:
    from ecran.play.export import ImportedTable
    from ecran.store import Store

HELP = "Export a whole table (JSON) or import one into this server's database."
#: Where the links point when `--url` is not given (`ecran serve`'s default address).
BASE_URL = "http://127.0.0.1:8000"


def _database() -> click.Option:
    return click.Option(
        ["--database"],
        metavar="URL",
        default=None,
        help=_("database URL (default: ECRAN_DATABASE_URL, else the local SQLite file)"),
    )


@contextmanager
def _store(database: str | None, create: bool) -> Iterator[Store]:
    """The database, or one line saying why not: an address SQLAlchemy cannot read, a SQLite
    file that is not there (`create` False: an export never makes an empty database), a server
    that does not answer. Its connections are closed on leaving."""
    from sqlalchemy.exc import SQLAlchemyError

    from ecran.store import open_store, resolve_url, unreachable

    try:
        store = open_store(database, create=create)
    except SQLAlchemyError as exc:
        raise unreachable(resolve_url(database), exc) from None
    try:
        yield store
    finally:
        store.engine.dispose()


#: A table's id inside what a GM pastes: the id itself, or their link (`…/tables/ID?token=…`).
_TABLE_ID = re.compile(r"(?:/tables/)?([0-9a-f]{32})\b")


def pasted_id(typed: str) -> str:
    """The table id in what was typed: spaces and capitals of a copy, or the whole link."""
    found = _TABLE_ID.search(typed.strip().lower())
    return found[1] if found else typed.strip()


def _export(table_id: str, output: str | None, database: str | None, as_json: bool) -> None:
    with _store(database, create=False) as store, working(_("Reading the table…")):
        made = store.export(pasted_id(table_id))
    text = made.model_dump_json(indent=1)
    if output is None:
        click.echo(text)
        return
    from ecran.cli.files import write_file

    write_file(output, text + "\n")
    if as_json:  # what was written, as one object (the export itself is in the file)
        echo_json(
            {"table": made.table.id, "name": made.table.name, "events": len(made.events)}
            | {"file": output}
        )
        return
    said = ngettext(
        "{table}: {count} event exported to {file}",
        "{table}: {count} events exported to {file}",
        len(made.events),
    ).format(table=made.table.name, count=len(made.events), file=output)
    echo_typeset(said, output, err=True)


def read_file(path: str) -> ImportedTable:
    """The export in `path`, checked whole (`ecran.play.export.read_export`)."""
    from ecran.play.export import read_export

    return read_export(read_table_export(path))


def base_url(url: str) -> str:
    """`--url` as the links' start, without its last `/`; refused in one line unless it is
    http(s)://HOST[:PORT][/PATH] (no space, no query, no fragment, no user)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        port_ok = parts.port is None or parts.port > 0  # out of 0-65535: ValueError
    except ValueError:
        parts, port_ok = None, False
    if (
        parts is None
        or not port_ok
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.username is not None
        or parts.query
        or parts.fragment
        or url.endswith(("?", "#"))
        or not url.isprintable()
        or any(c.isspace() for c in url)
    ):
        raise EcranError(
            Text(
                fr="--url : adresse invalide, http(s)://HÔTE[:PORT][/CHEMIN] attendu "
                f"({given_said(url, 'fr')})",
                en="--url: invalid address, expected http(s)://HOST[:PORT][/PATH] "
                f"({given_said(url, 'en')})",
            )
        )
    return url.rstrip("/")


def _import(file: str, database: str | None, url: str, as_json: bool) -> None:
    base = base_url(url)  # before anything is read or stored
    with working(_("Checking the export…")):
        imported = read_file(file)
    with _store(database, create=True) as store, working(_("Storing the table…")):
        made = store.import_table(imported)
    page = f"{base}/tables/{made.table.id}?token="
    names = {m.id: m.display_name for m in imported.members}
    players = {names[k]: page + t for k, t in made.tokens.items() if k != made.gm.id}
    if as_json:
        echo_json(
            {
                "table": made.table.model_dump(mode="json"),
                "gm_link": page + made.gm_token,
                "invite_link": f"{base}/join/{made.invite_token}",
                "members": players,
            }
        )
        return
    said = _("table '{name}' imported ({id}); you are its GM:")
    echo_typeset(said.format(name=made.table.name, id=made.table.id), made.table.id)
    click.echo(f"  {page + made.gm_token}")
    invite = f"{base}/join/{made.invite_token}"
    echo_typeset(_("invite: {link}").format(link=invite), invite)
    for name, link in players.items():
        echo_typeset("  " + _("{name}: {link}").format(name=name, link=link), link)


def build(lang: str) -> click.Group:
    group = click.Group(
        "table", help=_(HELP), no_args_is_help=True, subcommand_metavar=_("COMMAND [ARGS]...")
    )
    group.add_command(
        json_command(
            "export",
            _export,
            [
                click.Argument(["table_id"], metavar=_("TABLE-ID")),
                click.Option(
                    ["-o", "--output"],
                    metavar=_("FILE"),
                    type=FILE_NAME,
                    default=None,
                    help=_("write the export to FILE (default: the standard output)"),
                ),
                _database(),
            ],
            _("A whole table as its GM's JSON export: members, characters, encounters, log."),
        )
    )
    group.add_command(
        json_command(
            "import",
            _import,
            [
                click.Argument(["file"], metavar=_("FILE"), type=FILE_NAME),
                _database(),
                click.Option(
                    ["--url"],
                    metavar="URL",
                    default=BASE_URL,
                    show_default=True,
                    help=_("the server's address, for the new links"),
                ),
            ],
            _("Import a GM's table export as a new table: same log and state, new links."),
        )
    )
    return group
