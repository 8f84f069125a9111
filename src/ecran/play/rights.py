"""Who may do what: the GM does everything; a player edits and rolls for their own characters,
and in an encounter acts for their own character on its turn (the GM acts for anyone)."""

from __future__ import annotations

from ecran.play.errors import forbidden
from ecran.play.model import Member, StoredCharacter
from ecran.play.tracker import Encounter, Participant
from ecran.rules import Text
from ecran.rules.wording import de


def require_gm(actor: Member, action: Text) -> None:
    if not actor.is_gm:
        raise forbidden(
            f"réservé au MJ : {action.fr}",
            f"only the GM may {action.en}",
        )


#: What an archived table still accepts: reopening it and managing its links.
ARCHIVE_ALLOWS = ("table_archived", "invite_renewed", "link_renewed")


def require_open(archived: bool, kind: str) -> None:
    """An archived table is read-only: its log and sheets are read, nothing else is written."""
    if archived and kind not in ARCHIVE_ALLOWS:
        raise forbidden(
            "table archivée : lecture seule (le MJ peut la rouvrir)",
            "archived table: read-only (the GM may reopen it)",
        )


def can_edit(actor: Member, character: StoredCharacter) -> bool:
    return actor.is_gm or character.owner_id == actor.id


def require_edit(actor: Member, character: StoredCharacter) -> None:
    if not can_edit(actor, character):
        raise forbidden(
            f"{actor.display_name} ne peut modifier que ses propres personnages",
            f"{actor.display_name} may only edit their own characters",
        )


def can_see_character(viewer: Member, character: StoredCharacter) -> bool:
    return viewer.is_gm or not character.secret


def plays(actor: Member, participant: Participant, owner_id: str | None) -> bool:
    """Is `participant` the character of `actor` (`owner_id`: its character's owner, None for
    an NPC of the encounter)?"""
    return participant.character_id is not None and owner_id == actor.id


def is_turn_of(actor: Member, enc: Encounter, owner_id: str | None) -> bool:
    """Is it the turn of `actor`'s character (the active participant is theirs)?"""
    if actor.is_gm or not enc.started or enc.ended or enc.current is None:
        return False
    return plays(actor, enc.participants[enc.current], owner_id)


def require_turn(
    actor: Member, enc: Encounter, participant: Participant, owner_id: str | None
) -> None:
    """The GM acts for anyone at any time; a player acts for their own character, on its turn
    only (the active participant of a started encounter)."""
    if actor.is_gm:
        return
    if participant.character_id is None:
        raise forbidden(
            f"seul le MJ fait agir {participant.name}",
            f"only the GM acts for {participant.name}",
        )
    if owner_id != actor.id:
        raise forbidden(
            f"seuls le joueur {de(participant.name)} et le MJ agissent pour ce personnage",
            f"only {participant.name}'s player and the GM act for this character",
        )
    if not enc.started or enc.ended or enc.current != participant.id:
        now = enc.participants[enc.current].name if enc.current in enc.participants else None
        raise forbidden(
            f"ce n'est pas le tour {de(participant.name)}"
            + (f" (au tour {de(now)})" if now else ""),
            f"it is not {participant.name}'s turn" + (f" ({now}'s turn)" if now else ""),
        )
