"""Headers that keep a table's links and pages to the site itself, and logs without tokens.

A member's link carries its token in the address (`?token=`) until it is opened
(`ecran.web.sessions` then keeps it in a cookie): `Referrer-Policy: no-referrer` keeps it from
other sites, the access log writes it redacted, and an invite in a path too. The CSP allows
only the site's own scripts and styles (every page's scripts are files under /static; the only
inline styles are `style` attributes, the odds bars' widths, which `style-src-attr` allows); no
framing (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), no MIME sniffing.

Over TLS (the request's scheme is https: served so, or behind a proxy uvicorn trusts with
`--forwarded-allow-ips`, which passes on `X-Forwarded-Proto`), every cookie the site sets is
`Secure`, so a browser never sends it over plain HTTP.

The interactive API documentation (`/api/docs`) is under the same CSP: Swagger UI is vendored
and started from a file (`ecran.web.swagger`).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from ecran.web.asgi import HttpMiddleware, Message, Receive, Scope, Send

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
)


class SecurityHeaders(HttpMiddleware):
    """Adds the headers above to every HTTP response (errors and refusals included)."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        extra = [*HEADERS, (b"content-security-policy", CSP.encode())]
        names = {name for name, _ in extra}

        tls = scope.get("scheme") == "https"

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                if tls:
                    kept = [_secure(k, v) for k, v in kept]
                message["headers"] = kept + extra
            await send(message)

        await self.app(scope, receive, with_headers)


def _secure(name: bytes, value: bytes) -> tuple[bytes, bytes]:
    """A `Set-Cookie` header made `Secure` (other headers as they are)."""
    if name.lower() != b"set-cookie":
        return name, value
    attributes = {part.strip().lower() for part in value.split(b";")[1:]}
    return name, value if b"secure" in attributes else value + b"; Secure"


# -- logs ---------------------------------------------------------------------------------------

_TOKEN = re.compile(r"((?:^|[?&;])token=)[^&;#\s\"]*", re.IGNORECASE)
#: An invite in a path: `/join/<invite>`, `/api/tables/invites/<invite>/join`.
_INVITE = re.compile(r"(/join/|/invites/)[^/?&;#\s\"]+")
REDACTED = "…"


def redact(text: str) -> str:
    """`/tables/x?token=abc&lang=fr` -> `/tables/x?token=…&lang=fr`; `/join/abc` ->
    `/join/…`."""
    text = _TOKEN.sub(lambda m: m.group(1) + REDACTED, text)
    return _INVITE.sub(lambda m: m.group(1) + REDACTED, text)


class RedactTokens(logging.Filter):
    """Rewrites a record's message and arguments without any `token=` value. uvicorn's access
    log passes the path with its query string as an argument."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redacted(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: _redacted(value) for key, value in record.args.items()}
        return True


def _redacted(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


#: The loggers a request's address reaches: uvicorn's access and error logs.
LOGGERS = ("uvicorn.access", "uvicorn.error")


def redact_logs() -> None:
    """Install the filter once per logger (create_app may run many times in a process)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
