"""Rendered HTML kept between requests: what a member's page shows changes only with an event.

A table's log is append-only and every change is an event, so a member's table page is a function
of the table's sequence number, the member (their view, their token in the links), the language
and the address asked for: rendered once, it is served again until the next event. The members
list changes less still (only when someone joins, is renamed or removed): it is kept by what it
shows. With 200 members a GM's page took ~30 ms of CPU to render, all of it holding the
interpreter while the worker's event loop waited to fan out frames.

Each cache keeps one text per view (a new version replaces the old one) and drops the least
recently used views past a bound in characters, so a server with many tables keeps its memory.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from threading import Lock
from typing import Any, Generic, TypeVar

from fastapi import FastAPI

T = TypeVar("T", str, bytes)

#: Characters of HTML each cache keeps (a GM's page with 200 members is ~0.5 M).
MAX_CHARS = 16_000_000


class Kept(Generic[T]):
    """Texts by view, each at one version; least recently used views dropped past `max_chars`
    (characters, or bytes for encoded pages)."""

    def __init__(self, max_chars: int = MAX_CHARS) -> None:
        self.max_chars = max_chars
        self._texts: OrderedDict[Hashable, tuple[Hashable, T]] = OrderedDict()
        self._chars = 0
        self._lock = Lock()

    def get(self, view: Hashable, version: Hashable) -> T | None:
        """The text of `view` kept at `version`, if any."""
        with self._lock:
            found = self._texts.get(view)
            if found is None or found[0] != version:
                return None
            self._texts.move_to_end(view)
            return found[1]

    def keep(self, view: Hashable, version: Hashable, text: T) -> None:
        """`text` is `view` at `version` (the view's older text is dropped)."""
        with self._lock:
            old = self._texts.pop(view, None)
            if old is not None:
                self._chars -= len(old[1])
            if len(text) > self.max_chars:
                return
            self._texts[view] = (version, text)
            self._chars += len(text)
            while self._chars > self.max_chars:
                _, (_, dropped) = self._texts.popitem(last=False)
                self._chars -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._texts.clear()
            self._chars = 0


_MAKING = Lock()


def kept(app: FastAPI, name: str) -> Kept[Any]:
    """The app's cache of this name (each app its own: tests run many apps in one process)."""
    caches: dict[str, Kept[Any]] | None = getattr(app.state, "kept", None)
    if caches is None:
        with _MAKING:
            caches = getattr(app.state, "kept", None)
            if caches is None:
                caches = app.state.kept = {}
    with _MAKING:
        return caches.setdefault(name, Kept())
