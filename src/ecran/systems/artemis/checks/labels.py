"""Bilingual labels of the roll details the Artémis checks show (the game's own French terms).

One dict per family of keys, merged per kind of check at the bottom, so a key shared by several
checks (the die, the margin...) is worded once.
"""

from __future__ import annotations

from ecran.rules import Text, tr

#: What every skill test shows: `die_details` plus the zone reading of `ZoneCheck`.
ZONE: dict[str, Text] = {
    "die": tr("dé", "die"),
    "raw_dice": tr("dés lancés", "dice rolled"),
    "critical": tr("critique", "critical"),
    "difficulty": tr("difficulté", "difficulty"),
    "margin": tr("marge", "margin"),
    "zone": tr("zone", "zone"),
}

#: Forcing luck with an experience point (L29-39).
XP: dict[str, Text] = {
    "xp_spent": tr("point d'expérience dépensé", "experience point spent"),
    "first_total": tr("premier total", "first total"),
    "forced_die": tr("dé forcé", "forced die"),
    "forced_raw": tr("dés du forçage", "forcing dice"),
}

#: The opponent's side of a skill duel (L177-178).
OPPONENT: dict[str, Text] = {
    "opponent_die": tr("dé de l'adversaire", "opponent's die"),
    "opponent_raw_dice": tr("dés lancés par l'adversaire", "opponent's dice rolled"),
    "opponent_total": tr("total de l'adversaire", "opponent's total"),
}

NIFIMO: dict[str, Text] = {"track": tr("ligne du NIFIMO", "NIFIMO line")}

#: Attack against parry (L729-759).
ATTACK: dict[str, Text] = {
    "attack_total": tr("total d'attaque", "attack total"),
    "parry_die": tr("dé de parade", "parry die"),
    "parry_raw_dice": tr("dés lancés en parade", "parry dice rolled"),
    "parry_total": tr("total de parade", "parry total"),
}

#: The wound in three steps (L71-128, L701-725).
DAMAGE: dict[str, Text] = {
    "category": tr("catégorie de blessure", "wound category"),
    "state": tr("état", "state"),
    "cancelled": tr("blessures annulées", "wounds cancelled"),
    "marks": tr("marques", "marks"),
}

#: What a psy power costs, and who decides an uncertain one.
PSY: dict[str, Text] = {
    "cost": tr("coût en fatigue", "fatigue cost"),
    "attracted": tr("esprits attirés", "spirits attracted"),
    "house_rule": tr("règle maison", "house rule"),
    "gm": tr("MJ", "GM"),
}

NPC_SCORE: dict[str, Text] = {"dice": tr("dés", "dice")}

CRISIS: dict[str, Text] = {
    "rule": tr("règle optionnelle", "optional rule"),
    "threshold": tr("seuil (%)", "threshold (%)"),
}

# What each kind of check can put in `Resolution.details` (skill tests keep the zone keys).
ZONE_XP = ZONE | XP
ZONE_OPPONENT = ZONE | OPPONENT
ZONE_NIFIMO = ZONE | NIFIMO
ZONE_ATTACK = ZONE | ATTACK
ZONE_DAMAGE = ZONE | DAMAGE
ZONE_PSY = ZONE | PSY
