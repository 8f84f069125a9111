"""Player-facing labels for the keys checks put in `Resolution.details`.

Every check reports one or more `TestRoll`s (`TestRoll.as_details`, optionally prefixed by whose
roll it is), so the labels of a roll are built once here and the checks combine them.
"""

from __future__ import annotations

from ecran.rules import Text, tr
from ecran.systems.organique.tables import COMBAT

#: The keys of one `TestRoll.as_details()`: the game's own terms (MR/ME, L60-61, L92-94).
_ROLL = {
    "die": ("dé (1D20)", "die (1d20)"),
    "total": ("total", "total"),
    "difficulty": ("difficulté", "difficulty"),
    "margin": ("marge (MR / ME)", "margin (success / failure)"),
    "automatic": ("20 ou 1 naturel (chance)", "natural 20 or 1 (luck)"),
}


def roll_labels(prefix: str = "", whose: Text | None = None) -> dict[str, Text]:
    """Labels for `TestRoll.as_details(prefix)`; `whose` names the roller of a prefixed roll."""
    if whose is None:
        return {f"{prefix}{key}": tr(fr, en) for key, (fr, en) in _ROLL.items()}
    return {
        f"{prefix}{key}": tr(f"{fr} ({whose.fr})", f"{en} ({whose.en})")
        for key, (fr, en) in _ROLL.items()
    }


ROLL = roll_labels()

CHARACTERISTIC = {"characteristic": tr("caractéristique retenue", "characteristic used")}

TWO_CHARACTERISTICS = {**ROLL, **CHARACTERISTIC}

#: Attack details name each situation modifier applied (checks/situation.py); the data
#: tables already hold their bilingual names, so the labels come from there.
_SITUATION_KEYS = (
    "aim",
    "all_out",
    "split",
    "burst",
    "two_weapons",
    "called_shot",
    "simultaneous",
    "target_prone",
    "improvised",
)
_SITUATION_ROW = {"target_prone": "prone"}
SITUATION = {
    key: COMBAT.modifier_named(_SITUATION_ROW.get(key, key)).label for key in _SITUATION_KEYS
}

ATTACK = {**ROLL, **roll_labels("defender_", tr("défenseur", "defender")), **SITUATION}

STUN = {**ROLL, "short_by": tr("manque face à la MR", "short of the MR by")}

FALL = {
    "die": ROLL["die"],
    "avoided": tr("points de choc évités", "blunt points avoided"),
    "damage_c": tr("dommages de choc (c) subis", "blunt damage (c) taken"),
}

SKILL = {
    **ROLL,
    "level": tr("niveau de compétence", "skill level"),
    "skill_bonus": tr("bonus de compétence", "skill bonus"),
    "time_multiplier": tr("multiplicateur de temps (livre)", "time multiplier (book)"),
}

SAVE = {
    **ROLL,
    **CHARACTERISTIC,
    "suffering_penalty": tr("malus de souffrance", "suffering penalty"),
}

OPPOSED = {**ROLL, **roll_labels("opponent_", tr("adversaire", "opponent"))}

DEPENDENCE = {
    **roll_labels("physical_", tr("physique", "physical")),
    **roll_labels("psychological_", tr("psychologique", "psychological")),
}

PRELIMINARY = {**ROLL, "d100": tr("1D100 (table des préliminaires)", "1d100 (preliminaries table)")}

DETECTION = {
    "d100": tr("1D100 (surveillance)", "1d100 (surveillance)"),
    "admin_present": tr("administrateur présent", "administrator present"),
    **roll_labels("admin_", tr("administrateur", "administrator")),
    **roll_labels("hacker_", tr("hacker", "hacker")),
}

ENCRYPT = {**ROLL, "strength": tr("force du cryptage", "encryption strength")}

MANIPULATION = {
    **ROLL,
    "margin_at_target": tr("MR à la cible (−3 par mètre)", "MR at the target (−3 per metre)"),
    **roll_labels("notice_", tr("remarquer l'intrusion", "notice the intrusion")),
    **roll_labels("resist_", tr("résister", "resist")),
}

PERCEPTION = {**ROLL, "penalty": tr("malus (distance, foule)", "penalty (distance, crowd)")}
