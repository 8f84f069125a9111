"""Fluid's named options: the seed's optional rules and our readings of its ambiguities (§9 of
rules/fluid.md). Defaults are the recommended readings."""

from __future__ import annotations

from ecran.rules import Option, cite, tr
from ecran.systems.fluid.tables import SEED

NO_BASE_EXPLOSION = Option(
    "no_base_explosion",
    False,
    tr("Option 1 : pas de dé de base explosif", "Option 1: no exploding base die"),
    tr(
        "Seuls les doubles 10 (avantage) et doubles 1 (désavantage) explosent.",
        "Only double 10s (advantage) and double 1s (disadvantage) explode.",
    ),
    cite(SEED, 604, 614),
)
NO_DOUBLES = Option(
    "no_doubles",
    False,
    tr("Option 2 : pas de doubles 10", "Option 2: no double 10s"),
    tr(
        "Seul le dé de base explose : toujours 10 % d'exploit, 10 % de désastre.",
        "Only the base die explodes: always 10% feat, 10% disaster.",
    ),
    cite(SEED, 618, 622),
)
BINARY_RESULTS = Option(
    "binary_results",
    False,
    tr("Option : résultats binaires", "Option: binary results"),
    tr(
        "10 ou moins : échec ; 11 ou plus : réussite (sans rangs nuancés).",
        "10 or less: failure; 11 or more: success (no shaded ranks).",
    ),
    cite(SEED, 346, 350),
)
VARIABLE_DELAY = Option(
    "variable_delay",
    False,
    tr("Option : délai variable", "Option: variable delay"),
    tr(
        "Le rang décale le temps pris : majorée −1, critique −2, marginaux +1, échecs +2 à +4 "
        "(échec majoré +3 par interpolation).",
        "The rank shifts the time taken: major −1, critical −2, marginal +1, failures +2 to +4 "
        "(major failure +3, interpolated).",
    ),
    cite(SEED, 736, 750),
)
ME_REFERENCE = Option(
    "me_reference",
    11,
    tr("Référence de la marge d'échec", "Margin of failure reference"),
    tr(
        "ME = 11 − score (Tonki L1555, échec marginal magique L1820-1824) ; 10 = définition "
        "littérale L354-358.",
        "ME = 11 − score (Tonki L1555, magic marginal failure L1820-1824); 10 = the literal "
        "definition L354-358.",
    ),
    cite(SEED, 352, 358, note="A4; L1555, L1820-1824"),
    kind="reading",
)
MAJOR_SUCCESS_AS = Option(
    "major_success_as",
    "success",
    tr("Réussite majorée non listée", "Unlisted major success"),
    tr(
        "Les tables de survie et de magie omettent la réussite majorée : la traiter comme une "
        "réussite (recommandé) ou comme une critique.",
        "The survival and magic tables omit the major success: treat it as a success "
        "(recommended) or as a critical.",
    ),
    cite(SEED, 1501, 1529, note="A7; also L1808-1832"),
    kind="reading",
)
TIE_RULE = Option(
    "tie_rule",
    "stand_off",
    tr("Égalité en opposition", "Tie in an opposed roll"),
    tr(
        "Non précisé : personne n'agit (recommandé) ou on relance jusqu'à départager.",
        "Unstated: nobody acts (recommended) or reroll until someone wins.",
    ),
    cite(SEED, 932, 938, note="A8; also L999-1003"),
    kind="reading",
)
DEFENCELESS_BASELINE = Option(
    "defenceless_baseline",
    "ten",
    tr("Score d'une cible sans défense", "Score of a defenceless target"),
    tr(
        "La cible ne lance rien ; son score vaut 10 (dégâts = MR + arme − armure, recommandé), "
        "0, ou sa caractéristique sans dé.",
        "The target rolls nothing; its score counts as 10 (damage = MR + weapon − armour, "
        "recommended), 0, or its characteristic without a die.",
    ),
    cite(SEED, 1045, 1049, note="A9"),
    kind="reading",
)
INCLUDE_WEAPON_DAMAGE = Option(
    "include_weapon_damage",
    True,
    tr("Ajouter les dégâts de l'arme", "Add the weapon's damage"),
    tr(
        "La règle ajoute l'arme (L1351-1353) ; trois exemples l'oublient (E30, E32, E34).",
        "The rule adds the weapon (L1351-1353); three examples leave it out (E30, E32, E34).",
    ),
    cite(SEED, 1351, 1353, note="A3"),
    kind="reading",
)
EQUIPMENT_DIFFERENCE = Option(
    "equipment_difference",
    False,
    tr("Option : différence d'équipement", "Option: equipment difference"),
    tr(
        "Le camp le moins équipé (arme + armure + bouclier) gagne 1 avantage ; au MJ de juger "
        "si l'écart est notable.",
        "The lighter-equipped side (weapon + armour + shield) gets 1 advantage; the GM judges "
        "whether the gap is marked.",
    ),
    cite(SEED, 1419, 1423),
)
HIT_LOCATION = Option(
    "hit_location",
    False,
    tr("Option : localisation des dégâts", "Option: hit location"),
    tr(
        "Quand la RES est dépassée, 1D10 donne la partie du corps touchée.",
        "Once RES is exceeded, 1d10 gives the body part hit.",
    ),
    cite(SEED, 1441, 1457),
)
CHASE_MARGIN = Option(
    "chase_margin",
    "difference",
    tr("Marge d'une poursuite", "Chase margin"),
    tr(
        "« La marge de réussite du gagnant » : écart entre les deux scores (recommandé) ou "
        "MR du gagnant au-dessus de 10.",
        "'The winner's margin of success': the gap between both scores (recommended) or the "
        "winner's MR above 10.",
    ),
    cite(SEED, 1659, 1663, note="A26"),
    kind="reading",
)
AVERAGE_ROUNDING = Option(
    "average_rounding",
    "half_up",
    tr("Arrondi de la moyenne", "Rounding of the average"),
    tr(
        "Moyenne de plusieurs caractéristiques : arrondi au plus proche (recommandé) ou à "
        "l'inférieur.",
        "Average of several characteristics: round half up (recommended) or down.",
    ),
    cite(SEED, 320, 322, note="A12"),
    kind="reading",
)
DAILY_RECOVERY = Option(
    "daily_recovery",
    "one_in_total",
    tr("Récupération quotidienne", "Daily recovery"),
    tr(
        "1 point par jour au total, caractéristique ou blessure (recommandé), ou un de chaque.",
        "1 point a day in total, characteristic or wound (recommended), or one of each.",
    ),
    cite(SEED, 1569, 1573, note="A20"),
    kind="reading",
)
SURVIVAL_COMBINE = Option(
    "survival_combine",
    "max",
    tr("Plusieurs blessures critiques", "Several critical triggers"),
    tr(
        "Accumulation et blessure grave à la fois : le plus grand malus (recommandé) ou la somme.",
        "Accumulation and grave wound at once: the larger penalty (recommended) or the sum.",
    ),
    cite(SEED, 1463, 1493, note="A18"),
    kind="reading",
)

#: Every option above, each a field of some check or operation (the contract test holds us to
#: it; tests/systems/fluid checks that none is left out of this list).
CHECK_OPTIONS = (
    NO_BASE_EXPLOSION,
    NO_DOUBLES,
    BINARY_RESULTS,
    VARIABLE_DELAY,
    ME_REFERENCE,
    MAJOR_SUCCESS_AS,
    TIE_RULE,
    DEFENCELESS_BASELINE,
    INCLUDE_WEAPON_DAMAGE,
    EQUIPMENT_DIFFERENCE,
    HIT_LOCATION,
    CHASE_MARGIN,
    AVERAGE_ROUNDING,
    SURVIVAL_COMBINE,
    DAILY_RECOVERY,
)
