"""The words printed around a sheet's own content (its frame), in French and English."""

from __future__ import annotations

from ecran.rules import Text, tr

SHEET = tr("Fiche de personnage", "Character sheet")
NAME = tr("Nom", "Name")
PLAYER = tr("Joueur", "Player")
KIND = tr("Type", "Kind")
KINDS = {"pc": tr("Personnage joueur", "Player character"), "npc": tr("PNJ", "NPC")}
VIOLATIONS = tr("Règles enfreintes", "Rules broken")
ROLLS = tr("Jets", "Rolls")
NOTES = tr("Notes", "Notes")
#: The footer names the book the rules come from (its title, never the seed file).
RULES_FROM = tr("Règles : {book}", "Rules: {book}")
PAGE = tr("page", "page")


def kind_label(kind: str) -> Text:
    return KINDS.get(kind, Text(fr=kind, en=kind))
