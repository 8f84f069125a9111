"""Dice anyone can verify: a table's secret key, its public commitment, seeds derived from both.

The scheme is the commit-reveal of online games ("provably fair" dice):

- the table holds a secret key (32 random bytes from the OS's CSPRNG, written as 64 hex digits);
- before any roll under that key, the table publishes its commitment, the SHA-256 of the key's
  32 bytes (`commitment`), in the log;
- the seed of the roll numbered `seq` in the table's log is HMAC-SHA256(key, "ecran:roll:<seq>"),
  its first 8 bytes read big-endian with the top bit dropped (`seed_for`): a number in the
  `Roller`'s seed range, 0..2**63-1;
- the GM may reveal the key at any time (`reveal_key`); a new key and commitment start in the
  same event. With the revealed key anyone recomputes each roll's seed, then its dice.

Nothing is rolled at a table without a key in force: `table_seed` refuses (`NoDiceKey`) at a
table that has none — one created before verifiable dice, or imported from an export (which
never carries the key in force) — and the write path (`ecran.web.commands.execute`) then starts
one (`start_key`) and runs the command again, so the roll is numbered after the key's event.

The server cannot choose the dice after the commitment (the key is bound by its hash, the seed
by the key and the roll's number), and nobody can predict them before the reveal. The key is
never sent to anyone before its reveal: every view of an event or of the state drops it
(`public_payload`, `TableState.dice_key` is excluded from every dump).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from pydantic import Field

from ecran.dice.roller import MAX_SEED
from ecran.play.errors import Forbidden
from ecran.play.events import EventDraft
from ecran.play.model import Member, Record
from ecran.play.rights import require_gm
from ecran.rules import EcranError, Text, refuse

KEY_BYTES = 32
#: What the key signs for the roll numbered `seq` (the message of the HMAC).
MESSAGE = "ecran:roll:{seq}"


def new_key() -> str:
    return secrets.token_hex(KEY_BYTES)


def key_bytes(key: str) -> bytes:
    """The key's 32 bytes; a key that is not 64 hex digits is bad input (one line)."""
    try:
        raw = bytes.fromhex(key)
    except ValueError:
        raw = b""
    if len(raw) != KEY_BYTES:
        raise refuse(
            f"clé de dés invalide : {KEY_BYTES * 2} chiffres hexadécimaux attendus",
            f"invalid dice key: {KEY_BYTES * 2} hex digits expected",
        )
    return raw


def commitment(key: str) -> str:
    """The public commitment to a key: SHA-256 of its 32 bytes, in hex."""
    return hashlib.sha256(key_bytes(key)).hexdigest()


def derived_seed(seed: int | None, *parts: str) -> int | None:
    """A seed of its own for each roll of one table event drawn from the event's seed (`seed`):
    the first 8 bytes of SHA-256("<seed>:<part>:<part>..."), top bit dropped. A step that rolls
    for several participants (initiative), a message with several rolls: each gets its own, so
    the seed of one (a public character's) tells nothing of another's (a secret NPC's)."""
    if seed is None:
        return None
    digest = hashlib.sha256(":".join((str(seed), *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seed_for(key: str, seq: int) -> int:
    """The seed of the roll numbered `seq` at a table holding `key` (see the module's doc)."""
    message = MESSAGE.format(seq=seq).encode()
    digest = hmac.new(key_bytes(key), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


class Commitment(Record):
    """A key as everyone sees it before its reveal: its number at the table and its hash."""

    index: int
    commitment: str


class RevealedKey(Commitment):
    key: str


class DiceKey(Commitment):
    """The key in force at a table (in the state, never in any dump: `exclude`)."""

    since_seq: int
    key: str = Field(repr=False)


class DiceKeyChanged(Record):
    """The payload of a `dice_key` event (and of a table's creation, `TableCreated.dice`): the key
    revealed (if any), the commitment that starts, and the new key (`secret`, dropped from every
    view: `public_payload`)."""

    revealed: RevealedKey | None = None
    next: Commitment
    secret: str | None = None


def new_dice(index: int, revealed: RevealedKey | None = None) -> DiceKeyChanged:
    key = new_key()
    return DiceKeyChanged(
        revealed=revealed,
        next=Commitment(index=index, commitment=commitment(key)),
        secret=key,
    )


def in_force(change: DiceKeyChanged, seq: int) -> DiceKey | None:
    """The key a `dice_key` event (numbered `seq`) puts in force (None: its secret was dropped,
    as in an export)."""
    if change.secret is None:
        return None
    return DiceKey(
        index=change.next.index,
        commitment=change.next.commitment,
        since_seq=seq,
        key=change.secret,
    )


def public_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload holding a `DiceKeyChanged` (at its top or under `dice`) without its secret."""
    if "secret" in payload:
        return {k: v for k, v in payload.items() if k != "secret"}
    dice = payload.get("dice")
    if isinstance(dice, dict) and "secret" in dice:
        return {**payload, "dice": public_payload(dice)}
    return payload


class NoDiceKey(EcranError):
    """A roll asked at a table with no key in force (`table_seed`): the write path starts a key
    (`start_key`) and asks again; nothing is rolled with a fresh, unverifiable seed."""


class KeyInForce(EcranError):
    """A key asked to start at a table that has one (another request started it meanwhile)."""


def no_key() -> NoDiceKey:
    return NoDiceKey(
        Text(
            fr="aucune clé de dés en vigueur à cette table : elle doit en publier une avant de "
            "lancer les dés",
            en="no dice key in force at this table: it must publish one before rolling",
        )
    )


def reveal_key(current: DiceKey | None, actor: Member) -> EventDraft:
    """The GM reveals the key in force and a new key and commitment start. At a table without a
    key in force there is nothing to reveal (`NoDiceKey`): the write path starts one first, its
    number on from the log's last key (never one the log already published)."""
    require_gm(actor, Text(fr="révéler la clé des dés", en="reveal the dice key"))
    if current is None:
        raise no_key()
    return _change(current, actor)


def start_key(current: DiceKey | None, actor: Member, index: int = 1) -> EventDraft:
    """A table without a key in force gets one (any member's first roll starts it): a table
    created before verifiable dice, or one imported from an export (which never holds the key
    in force; its key numbers go on from `index`). Refused (`KeyInForce`) when a key is in
    force: only the GM ends one, by revealing it."""
    if current is not None:
        raise KeyInForce(
            Text(fr="une clé de dés est déjà en vigueur", en="a dice key is already in force")
        )
    return _change(None, actor, index)


def _change(current: DiceKey | None, actor: Member, first: int = 1) -> EventDraft:
    revealed = None
    if current is not None:
        revealed = RevealedKey(index=current.index, commitment=current.commitment, key=current.key)
    index = first if current is None else current.index + 1
    payload = new_dice(index, revealed).model_dump(mode="json")
    return EventDraft(kind="dice_key", actor_id=actor.id, payload=payload)


class PlayerSeed(Forbidden):
    """A player asked for a seed at a table (refused: 403 on the web)."""


class SeedChoice(Record):
    """The seed of one roll at a table and what it says about the dice."""

    seed: int | None
    commitment: Commitment | None = None
    gm_seed: bool = False


def table_seed(current: DiceKey | None, actor: Member, asked: int | None, seq: int) -> SeedChoice:
    """At a table only the server draws seeds: a player's seed is refused; a GM's is allowed and
    flagged (`gm_seed`); otherwise the seed of roll `seq` comes from the key in force. A table
    with no key in force rolls nothing (`NoDiceKey`: the write path starts one first)."""
    if asked is not None and not actor.is_gm:
        raise PlayerSeed(
            Text(
                fr="à une table, seul le serveur tire les dés : pas de graine pour un joueur",
                en="at a table only the server draws the dice: no seed for a player",
            )
        )
    if current is None:
        raise no_key()
    public = Commitment(index=current.index, commitment=current.commitment)
    if asked is not None:
        return SeedChoice(seed=asked, commitment=public, gm_seed=True)
    return SeedChoice(seed=seed_for(current.key, seq), commitment=public)
