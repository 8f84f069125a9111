"""The state of one table at a point of its log: what folding its events up to `last_seq` gives."""

from __future__ import annotations

from pydantic import Field

from ecran.play.board.model import Board
from ecran.play.dice_key import DiceKey
from ecran.play.errors import not_found
from ecran.play.model import Member, Record, StoredCharacter, TableInfo
from ecran.play.tracker import EncounterState
from ecran.rules import Text


class TableState(Record):
    table: TableInfo
    members: dict[str, Member] = {}
    characters: dict[str, StoredCharacter] = {}
    encounters: dict[str, EncounterState] = {}
    last_seq: int = 0
    #: Archived by the GM: read-only (nothing but reopening it is accepted).
    archived: bool = False
    #: The dice key in force (None at a table created before verifiable dice, until its first
    #: roll). Secret: excluded from every dump, so no answer or page can carry it.
    dice_key: DiceKey | None = Field(default=None, exclude=True)
    #: The scene board folded from the log's `board` events. Never dumped: a member reads it
    #: only through `ecran.play.board.visibility` (`view_state` empties it for a player).
    board: Board = Field(default=Board(), exclude=True)

    def member(self, member_id: str) -> Member:
        if member_id not in self.members:
            raise not_found(Text(fr="membre", en="member"), member_id)
        return self.members[member_id]

    def character(self, character_id: str) -> StoredCharacter:
        found = self.characters.get(character_id)
        if found is None or found.deleted:
            raise not_found(Text(fr="personnage", en="character"), character_id)
        return found

    def encounter(self, encounter_id: str) -> EncounterState:
        if encounter_id not in self.encounters:
            raise not_found(Text(fr="rencontre", en="encounter"), encounter_id)
        return self.encounters[encounter_id]
