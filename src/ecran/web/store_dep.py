"""The one `Store` of the running app, opened (and migrated) at start-up.

`ECRAN_DATABASE_URL` chooses the database; tests give each app its own SQLite file.
"""

from __future__ import annotations

from fastapi import FastAPI, Request

from ecran.store import Store, open_store


def attach_store(app: FastAPI, url: str | None = None) -> Store:
    store = open_store(url)
    app.state.store = store
    return store


def get_store(request: Request) -> Store:
    """FastAPI dependency: the app's store (opened lazily on first use)."""
    store: Store | None = getattr(request.app.state, "store", None)
    if store is None:
        store = attach_store(request.app, getattr(request.app.state, "database_url", None))
    return store
