"""Rate limits on every write, in one place: per member link, per client address, and tighter
per address for what needs no link (creating or importing a table, joining, uploading).

Every route runs `limit_write` before its handler (`ecran.web.text.CheckedRoute`). A request
that writes (any POST, PUT, PATCH or DELETE but the few that only compute: a form's check, an
odds request, a sheet's preview) takes one hit from each limit that applies; the first one
exhausted refuses it with 429 and `Retry-After` (`TooManyWrites`, a `Busy`: a page says it in
French in the site's layout). The `limits` library counts (a moving window), in Redis when
`ECRAN_REDIS_URL` is set, so every worker shares the counts, else in this process. Redis down
or slow: the write goes on uncounted (a limit is no reason to refuse a game).

A link is counted by its token's hash, never the token itself. Settings (`ecran.settings`):
`ECRAN_WRITE_LIMITS`, `ECRAN_ADDRESS_WRITE_LIMITS`, `ECRAN_CREATE_LIMITS`, in the library's
notation (`10/second;120/minute`).
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
import time
from dataclasses import dataclass

from fastapi import FastAPI, Request
from limits import RateLimitItem, parse_many
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

from ecran.engine.budget import Busy
from ecran.rules import Text
from ecran.settings import BadSetting, env_name, get_settings

log = logging.getLogger(__name__)

_WRITES = {"POST", "PUT", "PATCH", "DELETE"}
#: POSTs that compute and store nothing: a form's check or preview, odds, a dice roll off the
#: table (rate limited by `ecran.web.limits` already).
_COMPUTES = re.compile(
    r"/(check|form|fields|odds|validate|sheet)$|^/api/(odds|roll|dice)/|^/dice/|^/systems/"
)
#: Writes that need no member's link: a table created or imported, a join, an upload.
_CREATES = re.compile(r"^(/api)?/tables(/import)?$|^/join/|^/api/tables/invites/.+/join$|/import$")
#: How long a count in Redis may take before the write goes on uncounted.
REDIS_TIMEOUT_S = 0.25


class TooManyWrites(Busy):
    """A write over one of its limits (429, `Retry-After`)."""

    def __init__(self, text: Text, retry_after: int) -> None:
        super().__init__(text)
        self.retry_after = retry_after


def too_many(seconds: int) -> TooManyWrites:
    return TooManyWrites(
        Text(
            fr=f"trop d'actions d'un coup : réessayez dans {seconds} s",
            en=f"too many actions at once: try again in {seconds} s",
        ),
        seconds,
    )


def _limits(name: str, written: str) -> list[RateLimitItem]:
    try:
        return parse_many(written)
    except ValueError:
        raise BadSetting(
            f"{env_name(name)}: expected limits such as 10/second;120/minute, got {written!r}"
        ) from None


@dataclass
class Rates:
    """The app's limits and where they are counted."""

    member: list[RateLimitItem]
    address: list[RateLimitItem]
    create: list[RateLimitItem]
    limiter: MovingWindowRateLimiter

    @classmethod
    def from_settings(cls, redis_url: str | None = None) -> Rates:
        settings = get_settings()
        url = redis_url or settings.redis_url
        if url:
            storage = storage_from_string(
                "async+" + url,
                implementation="redispy",
                socket_timeout=REDIS_TIMEOUT_S,
                socket_connect_timeout=REDIS_TIMEOUT_S,
                key_prefix="ecran-rates",
            )
        else:
            storage = storage_from_string("async+memory://")
        return cls(
            member=_limits("write_limits", settings.write_limits),
            address=_limits("address_write_limits", settings.address_write_limits),
            create=_limits("create_limits", settings.create_limits),
            limiter=MovingWindowRateLimiter(storage),
        )

    async def take(self, key: str, items: list[RateLimitItem]) -> int:
        """0 if a hit was counted under every item, else the seconds until one is free."""
        for item in items:
            try:
                if not await self.limiter.hit(item, key):
                    stats = await self.limiter.get_window_stats(item, key)
                    return max(1, math.ceil(stats.reset_time - time.time()))
            except Exception:  # Redis down or slow: uncounted, never refused for it
                log.warning("write limits not counted (%s)", key.split(":", 1)[0], exc_info=True)
                return 0
        return 0


def rates(app: FastAPI) -> Rates:
    found: Rates | None = getattr(app.state, "rates", None)
    if found is None:
        found = Rates.from_settings(getattr(app.state, "redis_url", None))
        app.state.rates = found
    return found


def counted(request: Request) -> bool:
    """Whether this request is a write the limits count."""
    return request.method in _WRITES and not _COMPUTES.search(request.url.path)


def _hashed(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:32]


async def limit_write(request: Request, token: str | None) -> None:
    """Count this request against its limits, or refuse it (`TooManyWrites`)."""
    if not counted(request):
        return
    found = rates(request.app)
    address = request.client.host if request.client else "?"
    path = request.url.path
    checks: list[tuple[str, list[RateLimitItem]]] = []
    if token:
        checks.append((f"member:{_hashed(token)}", found.member))
    checks.append((f"address:{address}", found.address))
    if _CREATES.search(path) or request.headers.get("content-type", "").startswith("multipart/"):
        checks.append((f"create:{address}", found.create))
    for key, items in checks:
        wait = await found.take(key, items)
        if wait:
            raise too_many(wait)
