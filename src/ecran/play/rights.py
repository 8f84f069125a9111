"""Who may do what: the GM does everything; a player edits and rolls for their own characters."""

from __future__ import annotations

from ecran.play.errors import forbidden
from ecran.play.model import Member, StoredCharacter
from ecran.rules import Text


def require_gm(actor: Member, action: Text) -> None:
    if not actor.is_gm:
        raise forbidden(
            f"réservé au MJ : {action.fr}",
            f"only the GM may {action.en}",
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
