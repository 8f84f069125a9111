"""The words of the Artémis checks, from data: each check's title and description
(data/checks.toml) and the bilingual labels of the roll details they show (data/details.toml,
one table per family of keys, merged per kind of check here, so a shared key is worded once)."""

from __future__ import annotations

from ecran.rules import Text
from ecran.rules.data import load_toml
from ecran.systems.artemis import tables
from ecran.systems.artemis.tables import PACKAGE

_CHECKS = load_toml(PACKAGE, "checks.toml")
_DETAILS = {
    family: {key: Text.model_validate(label) for key, label in keys.items()}
    for family, keys in load_toml(PACKAGE, "details.toml").items()
}


def words(name: str) -> tuple[Text, Text]:
    """The title and description of the check called `name`."""
    row = _CHECKS[name]
    return Text.model_validate(row["title"]), Text.model_validate(row["description"])


#: What every skill test shows: `die_details` plus the zone reading of `ZoneCheck`.
ZONE = _DETAILS["zone"]
NPC_SCORE = _DETAILS["npc_score"]
CRISIS = _DETAILS["crisis"]
#: The words of the named values details hold (a zone, a fatigue kind, a GM ruling).
VALUES = _DETAILS["detail_values"] | {
    c.id: Text(fr=c.fr, en=c.en)
    for c in tables.combat().category  # the wound states (L71-128)
}

# What each kind of check can put in `Resolution.details` (skill tests keep the zone keys).
ZONE_XP = ZONE | _DETAILS["xp"]
ZONE_OPPONENT = ZONE | _DETAILS["opponent"]
ZONE_NIFIMO = ZONE | _DETAILS["nifimo"]
ZONE_ATTACK = ZONE | _DETAILS["attack"]
ZONE_DAMAGE = ZONE | _DETAILS["damage"]
ZONE_PSY = ZONE | _DETAILS["psy"]
