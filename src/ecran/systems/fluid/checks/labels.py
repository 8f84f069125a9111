"""Bilingual labels of the `Resolution.details` keys of Fluid's checks, in the game's own terms.

Keys are grouped by the piece of code that writes them (the rolled die, the margins, the plan of
an action, the two sides of an opposed roll), so a check's labels are the union of the groups its
`resolve` uses and each label is written once.
"""

from __future__ import annotations

from ecran.rules import Text, tr

#: `dice.DieRoll.details` plus the score it makes (`common.scored`, `Side.roll`), L250, L360-424.
DIE: dict[str, Text] = {
    "base_die": tr("Dé de base", "Base die"),
    "other_dice": tr("Autres dés (avantage/désavantage)", "Other dice (advantage/disadvantage)"),
    "die": tr("Dé retenu", "Die kept"),
    "explosion": tr("Dé explosif", "Exploding die"),
    "rerolls": tr("Relances de l'explosion", "Explosion rerolls"),
    "score": tr("Score", "Score"),
}

#: `common.margin`: Marge de Réussite / Marge d'Échec (L352-358).
MARGINS: dict[str, Text] = {
    "mr": tr("MR (marge de réussite)", "MR (margin of success)"),
    "me": tr("ME (marge d'échec)", "ME (margin of failure)"),
}

#: What an action's or a spell's sources of advantage come to before the dice (L604-622).
PLAN: dict[str, Text] = {
    "net_advantages": tr("Avantages nets", "Net advantages"),
    "dice": tr("Pris en dés", "Taken as dice"),
    "points": tr("Pris en points", "Taken as points"),
}

ACTION: dict[str, Text] = {
    **DIE,
    **MARGINS,
    **PLAN,
    "characteristic": tr("Caractéristique", "Characteristic"),
    "traits_counted": tr("Traits comptés", "Traits counted"),
    "res_cost": tr("Coût en RES (Traits multiples)", "RES cost (multiple Traits)"),
    "time_rank": tr("Rang de temps", "Time rank"),
    "time": tr("Temps nécessaire", "Time taken"),
    "time_en": tr("Temps nécessaire (anglais)", "Time taken (English)"),
}

TEST: dict[str, Text] = {
    **DIE,
    **MARGINS,
    "net_dice": tr("Dés nets (avantages − désavantages)", "Net dice (advantages − disadvantages)"),
}

#: The work of both sides of an opposed roll (`Side.roll`), L932-938.
SIDES: dict[str, Text] = {
    "you": tr("Vous", "You"),
    "opponent": tr("Adversaire", "Opponent"),
}

DIFFERENCE: dict[str, Text] = {**SIDES, "difference": tr("Différence", "Difference")}

#: `opposed.exchange`: both scores, and the tied rounds when ties are rerolled.
EXCHANGE: dict[str, Text] = {
    **DIFFERENCE,
    "score": DIE["score"],
    "opponent_score": tr("Score adverse", "Opponent's score"),
    "tied_rounds": tr("Égalités relancées", "Ties rerolled"),
}

OPPOSED: dict[str, Text] = {**EXCHANGE, "margin": tr("Marge", "Margin")}

ATTACK: dict[str, Text] = {
    **DIFFERENCE,
    "damage": tr("Dégâts infligés", "Damage dealt"),
    "damage_taken": tr("Dégâts subis (riposte)", "Damage taken (counter)"),
    "res_lost": tr("RES perdue", "RES lost"),
    "wound": tr("Trait de blessure", "Wound Trait"),
    "survival_penalty": tr("Désavantages au test de survie", "Survival test disadvantages"),
    "destroyed": tr("Organe détruit", "Organ destroyed"),
    "location": tr("Localisation", "Hit location"),
}

VAMPIRISM: dict[str, Text] = {**EXCHANGE, "res_stolen": tr("RES volée", "RES stolen")}

CHASE: dict[str, Text] = {
    **OPPOSED,
    "margin": tr("Marge du gagnant", "Winner's margin"),
    "new_gap": tr("Nouvel écart", "New gap"),
}

VERBAL_JOUST: dict[str, Text] = {
    **EXCHANGE,
    "aura": tr("Aura restante", "Aura left"),
    "opponent_aura": tr("Aura adverse restante", "Opponent's Aura left"),
}

MASS_COMBAT: dict[str, Text] = {
    **SIDES,
    "casualties_inflicted": tr("Pertes infligées", "Casualties inflicted"),
    "casualties_suffered": tr("Pertes subies", "Casualties suffered"),
}

#: Survival test results (L1509-1529): the penalty read as days, hours or the next test's.
SURVIVAL: dict[str, Text] = {
    **DIE,
    "coma_days": tr("Jours de coma", "Days in a coma"),
    "unconscious_hours": tr("Heures d'inconscience", "Hours unconscious"),
    "next_penalty": tr("Malus du prochain test (hémorragie)", "Next test's penalty (bleeding)"),
}

#: Psychic damage (L1531-1545).
SHOCK: dict[str, Text] = {
    **DIE,
    "san_loss": tr("SAN perdue", "SAN lost"),
    "san": tr("SAN restante", "SAN left"),
    "trait": tr("Trait négatif (excédent)", "Negative Trait (excess)"),
}

MEDICINE: dict[str, Text] = DIE

#: Hit location (L1441-1457): the d10, the face after aiming, the two places of a 10.
HIT_LOCATION: dict[str, Text] = {
    "die": tr("Dé lancé", "Die rolled"),
    "face": tr("Face après visée", "Face after aiming"),
    "places": tr("Localisations", "Locations"),
}

#: Spells (L1746-1858).
SPELL: dict[str, Text] = {
    **DIE,
    **MARGINS,
    **PLAN,
    "spell_disadvantages": tr("Désavantages du sort", "Spell disadvantages"),
    "casting_time": tr("Temps d'incantation", "Casting time"),
    "casting_time_en": tr("Temps d'incantation (anglais)", "Casting time (English)"),
    "trait_res_cost": tr("Coût en RES des Traits", "RES cost of Traits"),
    "res_spent": tr("RES dépensée", "RES spent"),
    "duration_if_all_mr": tr("Durée si toute la MR y passe", "Duration if all MR goes to it"),
}
