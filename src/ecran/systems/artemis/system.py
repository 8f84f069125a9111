"""The Espace Artémis system: what is the game's own (its sheet and creation fields);
the base finds its checks, operations and hooks in the package's modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecran.rules import System, tr

if TYPE_CHECKING:
    from ecran.systems.artemis.sheet import ArtemisSheet  # noqa: F401 (the base's string)


class Artemis(System["ArtemisSheet"]):
    # `character`, the sheet's class: `sheet.SHEET`, imported on first use (start-up, #32)
    #: The book's round is a "tour" (L131, L195, L201; "round" never appears).
    round_word = tr("tour", "round")
    # What the sheet's identity and skills pages hold (L385-685); NIFIMO, XP and the mental
    # balance are play state and start empty.
    creation_fields = (
        "kind",
        "player",
        "career_main",
        "career_secondary",
        "description",
        "origin",
        "protector",
        "family",
        "advantage",
        "disadvantage",
        "power",
        "relations",
        "characteristics",
        "levels",
        "scores",
        "custom_skills",
        "weapons",
        "armour",
        "pressurised",
        "equipment",
        "other_equipment",
        "milieux",
        "notes",
    )


SYSTEM = Artemis()
