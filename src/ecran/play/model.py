"""The records of live play: a table, its members and its stored characters."""

from __future__ import annotations

import secrets
import uuid
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ecran.rules.text import Text

Role = Literal["gm", "player"]
ROLES: tuple[Role, ...] = ("gm", "player")

#: Who sees a roll: everyone; the GMs (and the roller); the GMs but not the roller; the roller.
#: A chat whisper to a player is `whisper`: the GMs, its author and its addressees.
Visibility = Literal["public", "gm", "blind", "self", "whisper"]
#: The visibilities a roll may be given (a whisper is a message's, with its addressees).
VISIBILITIES: tuple[Visibility, ...] = ("public", "gm", "blind", "self")
#: Each visibility in words (the roll panel's list, the log, a refusal).
VISIBILITY_LABELS: dict[str, Text] = {
    "public": Text(fr="public", en="public"),
    "gm": Text(fr="MJ seulement", en="GM only"),
    "blind": Text(fr="à l'aveugle (le MJ seul voit le résultat)", en="blind (only the GM sees it)"),
    "self": Text(fr="pour moi seul", en="only me"),
    "whisper": Text(fr="chuchoté", en="whispered"),
}


BIGINT = 2**63 - 1
"""The store keeps sequence numbers, versions and counts as BIGINT: a record read from outside
(an imported table) is refused beyond it rather than failing in the database."""

#: A sequence number, a version, a count: what the store can hold.
Count = Annotated[int, Field(ge=0, le=BIGINT)]
#: What a condition adds to one parameter of a check (`tracker.Condition.effect`), and the most
#: parameters one condition shifts.
Shift = Annotated[int, Field(ge=-100, le=100)]
SHIFTS_MAX = 16
#: A signed number a GM may type (an initiative): what the store can hold.
Signed = Annotated[int, Field(ge=-BIGINT, le=BIGINT)]


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TableInfo(Record):
    """A table (campaign): one game system and the values its options take at this table."""

    id: str
    name: str
    system_id: str
    options: dict[str, Any] = {}


class Member(Record):
    """A person at a table. Its token (the secret in its link) is never part of a record or an
    event: only the store keeps it."""

    id: str
    role: Role
    display_name: str

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"


class StoredCharacter(Record):
    """A system's sheet as JSON, owned by a member. `version` grows by one at every save: a save
    made from an older version is refused (optimistic concurrency)."""

    id: str
    owner_id: str
    sheet: dict[str, Any]
    version: Count = 1
    #: Hidden from players (a GM's NPC); only a GM-owned character can be secret.
    secret: bool = False
    deleted: bool = False

    @property
    def name(self) -> str:
        return str(self.sheet.get("name", ""))


def new_id() -> str:
    return uuid.uuid4().hex


def new_token() -> str:
    """An unguessable link secret: 256 bits from the OS's CSPRNG, URL-safe."""
    return secrets.token_urlsafe(32)
