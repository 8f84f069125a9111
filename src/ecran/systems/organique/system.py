"""The `organique` System: "Systèmes de règles organiques" (cyberpunk, Manhattan 2080)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ecran.rules import System, tr

if TYPE_CHECKING:
    from ecran.systems.organique.sheet import OrganiqueSheet  # noqa: F401 (the base's string)


class Organique(System["OrganiqueSheet"]):
    # `character`, the sheet's class: `sheet.SHEET`, imported on first use (start-up, #32)
    #: The book's round is a "tour" (L312-321 and 70 times; "round" twice, L510, L4166).
    round_word = tr("tour", "round")
    #: What a GM writes down for a new character (the seed has no creation procedure, reading
    #: §3.4); wounds, pain, afflictions, a hack in progress and the §9 readings start at their
    #: defaults. The END reserve is asked after END so it can be set to it (L305-310).
    creation_fields = (
        "kind",
        "player",
        "notes",
        "characteristics",
        "health",
        "endurance",
        "initiative_bonus",
        "load_kg",
        "skills",
        "combat_skills",
        "armour",
        "weapons",
        "character_class",
    )


SYSTEM = Organique()
