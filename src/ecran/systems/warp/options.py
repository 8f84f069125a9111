"""Every optional rule of WaRP and every reading of an ambiguity (rules/warp.md §9), declared once.

Each is a field of the checks it changes (so it shows in `--help` and the web form) and is listed in
`System.options`. Defaults are the recommended readings; optional rules are off by default because
the GM chooses them (L1777-1782).
"""

from __future__ import annotations

from ecran.rules import Option, tr
from ecran.systems.warp.common import src

OPEN_ENDED = Option(
    "open_ended",
    False,
    tr("Jets ouverts", "Open-ended rolls"),
    tr(
        "Si tous les dés gardés font 6, lancez un d6 de plus et ajoutez-le, encore sur un 6",
        "When every kept die shows 6, add one more d6, again while it shows 6",
    ),
    src(1853, 1885),
)
FUMBLES = Option(
    "fumbles",
    False,
    tr("Échecs critiques", "Critical failures"),
    tr(
        "Si tous les dés gardés font 1 : échec automatique et catastrophe",
        "When every kept die shows 1: automatic failure and a catastrophe",
    ),
    src(1784, 1851),
)
UNSTOPPABLE_SIX = Option(
    "unstoppable_six",
    False,
    tr("Le six imparable", "Unstoppable six"),
    tr(
        "Un jet raté qui garde au moins un 6 obtient un succès limité (nature fixée par le MJ)",
        "A roll that does not succeed but keeps a 6 gets a limited success (GM decides what)",
    ),
    src(1887, 1935),
)
MULTIPLE_EXPERIENCE = Option(
    "multiple_experience_dice",
    False,
    tr("Dés d'expérience multiples", "Multiple experience dice"),
    tr(
        "Plus d'un dé d'expérience par jet, un par justification acceptée par le MJ",
        "More than one experience die per roll, one per justification the GM accepts",
    ),
    src(1020, 1036),
)
MULTI_ACTION_REPLACES = Option(
    "multi_action_dice_replace_penalty",
    True,
    tr(
        "Actions multiples : « un dé de moins » remplace le dé de pénalité",
        "Multiple actions: 'one die fewer' replaces the penalty die",
    ),
    tr(
        "Avec 2 actions supplémentaires ou plus, les dés en moins remplacent le dé de pénalité "
        "(sinon ils s'y ajoutent)",
        "With 2 or more extra actions the lost dice replace the penalty die (else both apply)",
    ),
    src(1937, 1958, "§9.9"),
    kind="reading",
)
RESTRICTED_TRAITS = Option(
    "restricted_traits",
    False,
    tr("Traits restreints", "Restricted traits"),
    tr(
        "Traits peu utiles au danger (art oratoire, cuisine…) notés 6/4 (ou 4/2 si techniques)",
        "Traits of marginal use in danger (oratory, cooking…) rated 6/4 (4/2 when technical)",
    ),
    src(655, 709),
)
UNKNOWN_TRAITS = Option(
    "unknown_traits",
    False,
    tr("Traits inconnus", "Unknown traits"),
    tr(
        "Des traits (ou la motivation) restent indéfinis, révélés plus tard par le MJ",
        "Some traits (or the motivation) stay undefined, revealed later by the GM",
    ),
    src(349, 383),
)
DESPERATE_DEFENCE = Option(
    "desperate_defence",
    False,
    tr("Défense désespérée", "Desperate defence"),
    tr(
        "Le défenseur renonce à attaquer ce round : un dé bonus sur chaque défense",
        "The defender gives up attacking this round: a bonus die on every defence",
    ),
    src(3896, 3905),
)
ALTERNATIVE_DAMAGE = Option(
    "alternative_damage",
    False,
    tr("Dégâts alternatifs", "Alternative damage"),
    tr(
        "Dégâts = autant de d6 que le facteur de dégâts, doublés si attaque ≥ 2 × défense",
        "Damage = as many d6 as the damage factor, doubled if attack >= 2 x defence",
    ),
    src(3907, 3934),
)
SERIOUS_WOUNDS = Option(
    "serious_wounds_rule",
    False,
    tr("Blessures graves", "Serious wounds"),
    tr(
        "Une blessure de 20 points ou plus en un coup est grave",
        "A wound of 20 points or more in one hit is serious",
    ),
    src(3936, 4009),
)
HALF_RANGE_DIE = Option(
    "half_range_die",
    False,
    tr("Demi-dés de distance", "Half dice for range"),
    tr(
        "Le dernier dé de distance devient un dé bonus (cible juste au-delà d'une limite)",
        "The last range die becomes a bonus die (target just past a range limit)",
    ),
    src(2801, 2819),
)
COVER_DICE = Option(
    "cover_dice",
    1,
    tr("Dés de couvert", "Cover dice"),
    tr(
        "Dés de défense pour une cible à couvert (valeur perdue à l'OCR ; +1 d'après L2805-2811)",
        "Defence dice for a target behind cover (value lost in the OCR; +1 per L2805-2811)",
    ),
    src(2679, 2811, "§9.1"),
    kind="reading",
)
ATTACKER_MOVING_DICE = Option(
    "attacker_moving_dice",
    1,
    tr("Dés si le tireur bouge", "Dice when the attacker moves"),
    tr(
        "Dés de défense quand le tireur est en mouvement (valeur perdue à l'OCR)",
        "Defence dice when the attacker is moving (value lost in the OCR)",
    ),
    src(2679, 2727, "§9.1"),
    kind="reading",
)
DARKNESS_DICE = Option(
    "darkness_dice",
    1,
    tr("Dés d'obscurité", "Darkness dice"),
    tr(
        "Dés de défense pour l'obscurité, le brouillard… (valeur perdue à l'OCR)",
        "Defence dice for darkness, fog… (value lost in the OCR)",
    ),
    src(2679, 2727, "§9.1"),
    kind="reading",
)
ROUND_HALF_UP = Option(
    "round_half_up",
    True,
    tr("Divisions arrondies au plus proche", "Divisions round to nearest"),
    tr(
        "Divisions des dégâts (fusil, perforantes, gilet) au plus proche, ,5 vers le haut ; "
        "sinon vers le bas",
        "Damage divisions (shotgun, AP, bulletproof) round to nearest, .5 up; else down",
    ),
    src(3195, 3197, "§9.8"),
    kind="reading",
)
IRON_SKIN_AS_ARMOUR = Option(
    "iron_skin_as_normal_armour",
    True,
    tr("Peau de fer = armure normale", "Iron skin = normal armour"),
    tr(
        "La peau de fer est réduite contre les armes à feu comme une armure normale",
        "Iron skin is reduced against firearms like normal armour",
    ),
    src(5666, 5668, "§9.27"),
    kind="reading",
)
HOLLOW_ONE_NO_EFFECT = Option(
    "hollow_point_one_no_effect",
    True,
    tr("Pointe creuse : un 1 reste sans effet", "Hollow point: a 1 still has no effect"),
    tr(
        "Un jet de 1 du pare-balles reste sans effet (sinon il divise par 2)",
        "A bulletproof roll of 1 still has no effect (else it divides by 2)",
    ),
    src(3094, 4479, "§9.28"),
    kind="reading",
)
TASER_COUNTS = Option(
    "taser_damage_counts",
    True,
    tr("Dégâts de taser comptés", "Taser damage counts"),
    tr(
        "Les dégâts temporaires comptent pour les seuils (moitié, 0, −max)",
        "Temporary damage counts toward the thresholds (half, 0, -max)",
    ),
    src(2405, 2408, "§9.29"),
    kind="reading",
)
STONE_GRIP_CASTING_ROLL = Option(
    "stone_grip_casting_roll",
    False,
    tr("Emprise de la pierre : jet d'incantation", "Stone Grip: casting roll"),
    tr(
        "Résister au jet d'incantation du lanceur au lieu du niveau du sort",
        "Resist the caster's casting roll instead of the spell level",
    ),
    src(6198, 6204, "§9.13"),
    kind="reading",
)
SPELL_AT_LEAST = Option(
    "spell_learning_at_least_level",
    True,
    tr("Apprentissage : au moins le niveau", "Learning: at least the level"),
    tr(
        "Le jet d'apprentissage réussit s'il atteint le niveau (sinon il doit le dépasser)",
        "The learning roll succeeds when it reaches the level (else it must exceed it)",
    ),
    src(5966, 5968, "§9.14"),
    kind="reading",
)
PSI_NULL = Option(
    "psi_null",
    False,
    tr("Psi-nul", "Psi-null"),
    tr(
        "Au premier essai, le MJ lance 1d6 en secret : sur 1, jamais de pouvoirs",
        "On the first attempt the GM secretly rolls 1d6: on a 1, never any powers",
    ),
    src(4977, 4999),
)
HEALED_IS_RECOVERY_BASE = Option(
    "healed_level_is_recovery_base",
    True,
    tr("Soins : base de récupération", "Healing sets the recovery base"),
    tr(
        "Les PV regagnés par soins fixent la base de la prochaine récupération",
        "HP regained by healing set the base of the next recovery",
    ),
    src(3505, 3515, "§9.30"),
    kind="reading",
)

RELATED_TRAITS = Option(
    "related_traits",
    False,
    tr("Traits connexes", "Related traits"),
    tr(
        "Un trait qui s'applique mal donne 2 dés + 1 dé bonus (trait à 3) ou 3 dés (trait à 4+)",
        "A loosely fitting trait gives 2 dice + 1 bonus die (trait 3) or 3 dice (trait 4+)",
    ),
    src(1960, 1989),
)
HP_INCREASE_FIXED = Option(
    "hp_increase_fixed",
    7,
    tr("Gain fixe de PV", "Fixed HP gain"),
    tr(
        "PV gagnés quand le trait de PV gagne un dé, au lieu de 2d6 (texte perdu ; 7 par dé)",
        "HP gained when the HP trait gains a die, instead of 2d6 (text lost; 7 per die)",
    ),
    src(4860, 4888, "§9.18"),
    kind="reading",
)

# Per-shot GM inputs: fields of the ranged attack, labelled as the GM's, never table settings
# (a table pinning them would fix one shot's numbers for the whole campaign), so not in
# ALL_OPTIONS.
GM_RANGE_DICE = Option(
    "range_dice",
    None,
    tr("Dés de distance (MJ)", "Range dice (GM)"),
    tr(
        "Remplace la table des portées : requis pour la fronde et la hache de jet, dont la "
        "ligne est perdue à l'OCR ; au choix du MJ pour une arme de portée propre (1 = bout "
        "portant … 5 = très longue)",
        "Overrides the range table: required for the sling and the throwing axe, whose row is "
        "lost in the OCR; at the GM's choice for a weapon with its own range (1 = point blank "
        "... 5 = very long)",
    ),
    src(2739, 2827, "§9.2"),
    kind="gm_input",
)
ROUNDS_LOADED = Option(
    "rounds_loaded",
    None,
    tr("Balles au chargeur (MJ)", "Rounds in the magazine (GM)"),
    tr(
        "Le livre ne donne pas la taille des chargeurs : le MJ tient le compte. Une rafale "
        "longue exige au moins 10 balles ; vide = non suivi",
        "The book gives no magazine sizes: the GM keeps the count. A long burst needs at "
        "least 10 rounds; empty = not tracked",
    ),
    src(4253, 4257),
    kind="gm_input",
)

ALL_OPTIONS: tuple[Option, ...] = (
    OPEN_ENDED,
    FUMBLES,
    UNSTOPPABLE_SIX,
    MULTIPLE_EXPERIENCE,
    MULTI_ACTION_REPLACES,
    RESTRICTED_TRAITS,
    UNKNOWN_TRAITS,
    DESPERATE_DEFENCE,
    ALTERNATIVE_DAMAGE,
    SERIOUS_WOUNDS,
    HALF_RANGE_DIE,
    COVER_DICE,
    ATTACKER_MOVING_DICE,
    DARKNESS_DICE,
    ROUND_HALF_UP,
    IRON_SKIN_AS_ARMOUR,
    HOLLOW_ONE_NO_EFFECT,
    TASER_COUNTS,
    STONE_GRIP_CASTING_ROLL,
    SPELL_AT_LEAST,
    PSI_NULL,
    HEALED_IS_RECOVERY_BASE,
    RELATED_TRAITS,
    HP_INCREASE_FIXED,
)
