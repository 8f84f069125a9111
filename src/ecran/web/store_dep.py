"""The one `Store` of the running app, opened (and migrated) at start-up.

`ECRAN_DATABASE_URL` chooses the database; tests give each app its own SQLite file
(`app.state.database_url` before the first request, or `attach_store(app, url)`).
"""

from __future__ import annotations

import threading

from fastapi import FastAPI, Request

from ecran.store import Store, open_store

# Two first requests arriving together must not open (and migrate) the database twice.
_OPENING = threading.Lock()


def attach_store(app: FastAPI, url: str | None = None) -> Store:
    store = open_store(url)
    app.state.store = store
    return store


def app_store(app: FastAPI) -> Store:
    """The app's store, opened lazily on first use (from a request, the WebSocket or the hub)."""
    store: Store | None = getattr(app.state, "store", None)
    if store is not None:
        return store
    with _OPENING:
        store = getattr(app.state, "store", None)
        if store is None:
            store = attach_store(app, getattr(app.state, "database_url", None))
        return store


def get_store(request: Request) -> Store:
    """FastAPI dependency: the app's store."""
    return app_store(request.app)
