"""Link tokens at rest: the store keeps a hash of every member's and invite link's token, never
the token itself, so a copy of the database opens no table.

Why SHA-256 and not bcrypt/argon2: a token is 256 bits from the OS's CSPRNG
(`ecran.play.model.new_token`), not a password a person chose. A slow hash exists to make
guessing a low-entropy secret expensive; no amount of guessing finds a 256-bit one, so a fast
hash is as safe here, lets the lookup be one indexed equality (`WHERE token_hash = ?`, no scan
salting would force) and keeps every request's authentication cheap.

The GM sees the invite link on their page at any time, so the invite is also kept *sealed*
under the GM's own token: XORed with a keystream of HMAC-SHA256 keyed by the GM's token. The
store cannot open it (it holds only the GM token's hash); the GM's request, which carries the
token, can. The keystream's message includes the invite's hash, so no two invites share a pad.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

#: Length of `token_hash` (hex SHA-256) and an upper bound for a sealed invite's text.
HASH_LENGTH = 64
SEALED_LENGTH = 128


def token_hash(token: str) -> str:
    """The hex SHA-256 of a token: what the store keeps and looks up."""
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(stored: str, token: str) -> bool:
    """Whether `token` hashes to `stored`, compared in constant time: for a secret checked in
    Python (an unsealed invite against its stored hash). A lookup by hash in the database needs
    no second comparison after it (`ecran.store.repository.rows.by_token` says why)."""
    return hmac.compare_digest(stored.encode(), token_hash(token).encode())


def _keystream(key: str, invite_hash: str, length: int) -> bytes:
    """The invite's pad: its hash in the label, so no two invites share one."""
    return _stream(key, f"ecran invite seal|{invite_hash}", length)


def seal(invite: str, gm_token: str) -> str:
    """The invite token sealed under the GM's token (URL-safe base64 text)."""
    plain = invite.encode()
    pad = _keystream(gm_token, token_hash(invite), len(plain))
    return base64.urlsafe_b64encode(bytes(a ^ b for a, b in zip(plain, pad, strict=True))).decode()


def unseal(sealed: str, invite_hash: str, gm_token: str) -> str | None:
    """The invite token, if `gm_token` is the one it was sealed under (checked against the
    invite's stored hash); None otherwise."""
    try:
        data = base64.urlsafe_b64decode(sealed.encode())
    except ValueError:
        return None
    pad = _keystream(gm_token, invite_hash, len(data))
    try:
        invite = bytes(a ^ b for a, b in zip(data, pad, strict=True)).decode()
    except UnicodeDecodeError:
        return None
    return invite if same_hash(invite_hash, invite) else None


def _stream(key: str, label: str, length: int) -> bytes:
    """HMAC-SHA256 in counter mode, keyed by `key`: a keystream of `length` bytes."""
    blocks = bytearray()
    counter = 0
    while len(blocks) < length:
        message = f"{label}|{counter}".encode()
        blocks += hmac.new(key.encode(), message, hashlib.sha256).digest()
        counter += 1
    return bytes(blocks[:length])


def _xor(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).to_bytes(len(a), "big")


def seal_answer(plain: bytes, key: str, label: str) -> str:
    """An answer kept sealed under `key` (what only its client holds: an idempotency key and
    the member's token), with a MAC so a wrong key is told from a right one. `label` must
    differ for every answer sealed under one key (the key's hash does)."""
    body = bytes(
        a ^ b for a, b in zip(plain, _stream(key, "seal|" + label, len(plain)), strict=True)
    )
    mac = hmac.new(key.encode(), b"mac|" + label.encode() + b"|" + body, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac + body).decode()


def open_answer(sealed: str, key: str, label: str) -> bytes | None:
    """The answer `seal_answer` sealed, or None with another key."""
    try:
        data = base64.urlsafe_b64decode(sealed.encode())
    except ValueError:
        return None
    mac, body = data[:32], data[32:]
    expected = hmac.new(key.encode(), b"mac|" + label.encode() + b"|" + body, hashlib.sha256)
    if not hmac.compare_digest(mac, expected.digest()):
        return None
    return _xor(body, _stream(key, "seal|" + label, len(body)))
