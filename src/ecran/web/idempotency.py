"""`Idempotency-Key` on every POST that writes: a retried request gets the first answer and
stores nothing twice, whichever worker it reaches (the claims are rows of the database,
`ecran.store.repository.idempotency`).

A POST the write limits count (`ecran.web.rates.counted`) carrying the header (or, from a plain
form, the `idempotency_key` field the pages' script adds) claims its key for its table and
member before its handler runs. The first answer below 500 is kept, sealed under the key and
the member's token (it may carry a link's token: the database alone cannot read it), and given
again, with `Idempotent-Replayed: true`, to every retry within a day. A retry while the first is
under way is a 409 with `Retry-After: 1`; a first that stored its event but was cut off before
answering leaves a 409 saying so. A request refused or failed without storing anything
releases its key. A key is at most `KEY_MAX` printable ASCII characters.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable

from fastapi import Request, Response
from fastapi.concurrency import run_in_threadpool

from ecran.rules import EcranError, Text
from ecran.store import Store
from ecran.store.repository.idempotency import Claim, recording
from ecran.store.tokens import open_answer, seal_answer
from ecran.web.deps import app_store
from ecran.web.errors import Repeated

HEADER = "idempotency-key"
FIELD = "idempotency_key"
KEY_MAX = 200
#: An answer larger than this is not kept (a retry is told the write was stored).
ANSWER_MAX = 512 * 1024
#: Headers not kept with an answer (recomputed, or meaningless on a replay).
_DROPPED = {b"content-length", b"date", b"server"}

Handler = Callable[[Request], Awaitable[Response]]


async def the_key(request: Request) -> str | None:
    key = request.headers.get(HEADER)
    if key is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        given = (await request.form()).get(FIELD)
        key = given if isinstance(given, str) and given else None
    if key is None:
        return None
    if not (0 < len(key) <= KEY_MAX and key.isascii() and key.isprintable()):
        raise EcranError(
            Text(
                fr=f"Idempotency-Key : de 1 à {KEY_MAX} caractères ASCII imprimables",
                en=f"Idempotency-Key: 1 to {KEY_MAX} printable ASCII characters",
            )
        )
    return key


async def idempotent(request: Request, handler: Handler, token: str | None) -> Response:
    """The handler's answer, or the first answer to this key."""
    key = await the_key(request) if request.method == "POST" else None
    if key is None:
        return await handler(request)
    table_id = request.path_params.get("table_id", "")
    secret = f"{key}|{token or ''}"
    key_hash = hashlib.sha256(f"{table_id}|{secret}".encode()).hexdigest()
    store = app_store(request.app)
    found = await run_in_threadpool(store.claim_key, table_id, key_hash)
    if found is not None:
        return _replay(found, secret, key_hash)
    try:
        with recording(table_id, key_hash):
            response = await handler(request)
    except BaseException:
        await run_in_threadpool(store.release_key, table_id, key_hash)
        raise
    await run_in_threadpool(_keep, store, table_id, key_hash, secret, response)
    return response


def _keep(store: Store, table_id: str, key_hash: str, secret: str, response: Response) -> None:
    body = getattr(response, "body", None)
    if response.status_code >= 500 or not isinstance(body, bytes) or len(body) > ANSWER_MAX:
        store.release_key(table_id, key_hash)  # kept only if it stored something
        return
    headers = [
        [k.decode("latin-1"), v.decode("latin-1")]
        for k, v in response.raw_headers
        if k.lower() not in _DROPPED
    ]
    plain = json.dumps({"headers": headers, "body": body.decode("latin-1")}).encode()
    store.answer_key(table_id, key_hash, response.status_code, seal_answer(plain, secret, key_hash))


def _replay(found: Claim, secret: str, key_hash: str) -> Response:
    if found.status is not None and found.answer is not None:
        plain = open_answer(found.answer, secret, key_hash)
        if plain is not None:
            kept = json.loads(plain)
            replayed = Response(kept["body"].encode("latin-1"), found.status)
            replayed.raw_headers = [
                *[(k.encode("latin-1"), v.encode("latin-1")) for k, v in kept["headers"]],
                (b"content-length", str(len(replayed.body)).encode()),
                (b"idempotent-replayed", b"true"),
            ]
            return replayed
    if found.seq is not None:
        raise Repeated(
            Text(
                fr=f"requête déjà faite avec cette Idempotency-Key : enregistrée (événement "
                f"n° {found.seq})",
                en=f"request already made with this Idempotency-Key: stored (event #{found.seq})",
            )
        )
    raise Repeated(
        Text(
            fr="requête en cours avec cette Idempotency-Key : réessayez dans 1 s",
            en="request under way with this Idempotency-Key: try again in 1 s",
        ),
        retry_after=1,
    )
