"""Every optional rule, reading of an ambiguity (§9 of the reading) and GM input of the game,
declared once. Checks use them as fields; the sheet's `readings` hold the table-wide ones."""

from __future__ import annotations

from ecran.rules import Option, cite, tr
from ecran.systems.nephilim.rolls import SEED

DICE = Option(
    name="dice",
    default="D",
    label=tr("Dés", "Dice"),
    help=tr(
        "D = dé 0,1,2,2,3,4 (standard) ; d6_six_as_three = d6 ordinaire, 6 compté 3 (identique) ;"
        " d6 = 1d6−1d6, critiques à ±5 (plus héroïque) ; d4 = 1d4−1d4, critiques à ±3",
        "D = die 0,1,2,2,3,4 (standard); d6_six_as_three = ordinary d6, 6 read as 3 (same odds);"
        " d6 = 1d6−1d6, criticals at ±5 (more heroic); d4 = 1d4−1d4, criticals at ±3",
    ),
    source=cite(SEED, 457, 477),
    kind="optional_rule",
)

CRITICALS = Option(
    name="criticals",
    default="never_flips",
    label=tr("Lecture des critiques", "Reading of criticals"),
    help=tr(
        "never_flips (recommandé) : ±4 n'est critique que si ±3 aurait donné le même résultat ;"
        " literal : tout ±4 est critique sauf s'il était juste nécessaire",
        "never_flips (recommended): ±4 is critical only if ±3 would give the same result;"
        " literal: every ±4 is critical unless it was exactly needed",
    ),
    source=cite(SEED, 458, note="§9 A3"),
    kind="reading",
)

ROLL_NEEDED = Option(
    name="roll_needed",
    default=True,
    label=tr("Jet de dés nécessaire", "Dice roll needed"),
    help=tr(
        "Le MJ juge l'issue aléatoire ; sinon le résultat des dés compte pour 0 (pas de critique)",
        "The GM deems the outcome random; otherwise the dice count as 0 (no critical)",
    ),
    source=cite(SEED, 456),
    kind="gm_input",
)

WOUND_COUNT = Option(
    name="wound_malus_count",
    default="per_characteristic",
    label=tr("Malus de blessure sur caractéristique doublée", "Wound malus on a doubled score"),
    help=tr(
        "per_characteristic (recommandé) : le malus frappe le score de la caractéristique, donc"
        " deux fois quand elle compte double ; once : une fois par test",
        "per_characteristic (recommended): the malus hits the characteristic's score, so twice"
        " when it counts double; once: once per test",
    ),
    source=cite(SEED, 86, note="§9 A4, with L452, L455"),
    kind="reading",
)

WOUND_SET = Option(
    name="wound_characteristics",
    default="motor",
    label=tr("Caractéristiques frappées par les blessures", "Characteristics hit by wounds"),
    help=tr(
        "« Force et Agilité » : motor (recommandé) = Force, Coordination, Rapidité, Dextérité ;"
        " force_coordination = Force et Coordination",
        "'Force and Agilité': motor (recommended) = Force, Coordination, Rapidité, Dextérité;"
        " force_coordination = Force and Coordination",
    ),
    source=cite(SEED, 86, note="§9 A1"),
    kind="reading",
)

TRACK_BOXES = Option(
    name="track_boxes",
    default="pairs",
    label=tr("Cases des compteurs", "Track boxes"),
    help=tr(
        "pairs (recommandé) : états sur 0-1, 2-3, 4-5, 6-7, 8-9, 10 ; zero_alone : 0, 1-2, 3-4,"
        " 5-6, 7-8, 9-10",
        "pairs (recommended): states on 0-1, 2-3, 4-5, 6-7, 8-9, 10; zero_alone: 0, 1-2, 3-4,"
        " 5-6, 7-8, 9-10",
    ),
    source=cite(SEED, 74, 84, note="§9 A2"),
    kind="reading",
)

KA_TEST_ELEMENT = Option(
    name="ka_test_element",
    default="dominant",
    label=tr("Ka des tests de Ka", "Ka used for Ka tests"),
    help=tr(
        "dominant : le Ka-élément le plus élevé (Ka-Soleil pour un humain) ; ou un élément nommé",
        "dominant: the highest Ka-element (Ka-Soleil for a human); or a named element",
    ),
    source=cite(SEED, 88, note="§9 A11; also L630"),
    kind="gm_input",
)

LANGUAGE_PREREQUISITES = Option(
    name="language_prerequisites",
    default=True,
    label=tr("Prérequis des langues", "Language prerequisites"),
    help=tr(
        "Un nœud de langue C ou M demande le nœud parent (implicite, comme les compétences)",
        "A C or M language node needs its parent node (implied, like the skill tree)",
    ),
    source=cite(SEED, 114, 120),
    kind="reading",
)

STEP_BUDGET = Option(
    name="skill_step_budget",
    default=0,
    label=tr("Budget de pas de compétence", "Skill step budget"),
    help=tr(
        "Aucun budget de création dans le texte : nombre maximal de pas payés, 0 = libre",
        "The text gives no creation budget: maximum number of paid steps, 0 = unlimited",
    ),
    source=cite(SEED, 108, note="steps are paid; no budget given"),
    kind="house_rule",
)

SKILL_CHARACTERISTIC = Option(
    name="skill_characteristics",
    default={},
    label=tr("Caractéristique de chaque compétence", "Characteristic of each skill"),
    help=tr(
        "Le MJ choisit la caractéristique de chaque action (L455) : la caractéristique habituelle"
        " d'une compétence sur cette feuille ; sans choix, la feuille propose les dix",
        "The GM picks the characteristic of each action (L455): a skill's usual characteristic"
        " on this sheet; without a choice the sheet offers all ten",
    ),
    source=cite(SEED, 455),
    kind="gm_input",
)

OCCULT_SCORE = Option(
    name="occult_score",
    default="skill_plus_characteristic",
    label=tr("Score des jets occultes", "Score of occult rolls"),
    help=tr(
        "skill_plus_characteristic : règle générale L455, caractéristique au choix du MJ ;"
        " skill : compétence seule ; double_skill : compétence ×2",
        "skill_plus_characteristic: general rule L455, GM-chosen characteristic;"
        " skill: the skill alone; double_skill: skill × 2",
    ),
    source=cite(SEED, 560, note="§9 A8; also L576, L592"),
    kind="gm_input",
)

CONTRACT_SCALE = Option(
    name="contract_scale",
    default="normalized",
    label=tr("Échelle du jet de contrat", "Contract roll scale"),
    help=tr(
        "normalized (recommandé) : Ka normalisés des deux côtés ; absolute : Ka bruts",
        "normalized (recommended): normalized Ka on both sides; absolute: raw Ka scores",
    ),
    source=cite(SEED, 586, note="§9 A9"),
    kind="reading",
)

SIZAINES = Option(
    name="sizaines",
    default="six_hours",
    label=tr("« Sizaines d'heures »", "'Sizaines d'heures'"),
    help=tr(
        "six_hours (recommandé) : blocs de 6 heures ; tens_of_hours : dizaines d'heures",
        "six_hours (recommended): blocks of 6 hours; tens_of_hours: tens of hours",
    ),
    source=cite(SEED, 563, note="§9 A10"),
    kind="reading",
)

HALF_ROUNDING = Option(
    name="half_rounding",
    default="up",
    label=tr("Arrondi de x/2", "Rounding of x/2"),
    help=tr("up (recommandé) ou down", "up (recommended) or down"),
    source=cite(SEED, 579, note="§9 A29; L62 rounds up"),
    kind="reading",
)

STASIS_UNIT = Option(
    name="stasis_bonus_unit",
    default="roll",
    label=tr("Bonus de stase", "Stasis bonus"),
    help=tr(
        "roll (recommandé) : +1 au jet par point puisé ; absolute_ka : +1 Ka brut par point,"
        " score normalisé recalculé",
        "roll (recommended): +1 to the roll per point drawn; absolute_ka: +1 raw Ka per point,"
        " normalized score recomputed",
    ),
    source=cite(SEED, 630, note="§9 A12"),
    kind="reading",
)

CONJUNCTION = Option(
    name="conjunction_modifier",
    default=0,
    label=tr("Conjonction du même élément", "Conjunction of the same element"),
    help=tr(
        "Règle maison : bonus (ou malus si négatif) par conjonction (jour, signe) régie par le"
        " Ka-élément du jet ; le texte ne donne ni montant ni règle d'attribution (L600), 0 ="
        " le MJ fixe seulement la conjonction astrologique",
        "House rule: bonus (malus if negative) per conjunction (day, sign) ruled by the roll's"
        " Ka-element; the text gives no amount nor which element benefits (L600), 0 = the GM"
        " only sets the astrological conjunction",
    ),
    source=cite(SEED, 598, 623, note="§9 A13"),
    kind="house_rule",
)

PLEXUS = Option(
    name="plexus",
    default="none",
    label=tr("Plexus ou nexus", "Plexus or nexus"),
    help=tr(
        "Modificateur aléatoire en plus, au choix du MJ (dés ordinaires) : none, d6-d4,"
        " d8-d4 (puissant et stable), d8-d8 (puissant mais instable)",
        "Extra random modifier, GM's choice (ordinary dice): none, d6-d4,"
        " d8-d4 (powerful and stable), d8-d8 (powerful but unstable)",
    ),
    source=cite(SEED, 624, 626, note="§9 A16"),
    kind="gm_input",
)

SEGMENTS = Option(
    name="segments",
    default="from_highest_remaining",
    label=tr("Segments suivants", "Later segments"),
    help=tr(
        "from_highest_remaining (recommandé) : chaque segment part de la plus haute initiative"
        " restante ; fixed_windows : fenêtres fixes de 6",
        "from_highest_remaining (recommended): each segment starts at the highest remaining"
        " initiative; fixed_windows: fixed 6-wide windows",
    ),
    source=cite(SEED, 493, note="§9 A5"),
    kind="reading",
)

ANTICIPATION_TIE = Option(
    name="anticipation_tie",
    default="simultaneous",
    label=tr("Égalité d'Anticipation", "Anticipation tie"),
    help=tr(
        "simultaneous : déclarations simultanées ; roll_off : départage par +1D−1D",
        "simultaneous: simultaneous declarations; roll_off: settle with +1D−1D",
    ),
    source=cite(SEED, 493),
    kind="optional_rule",
)

ROUND_STRUCTURE = Option(
    name="round_structure",
    default="segments",
    label=tr("Découpage du round", "Round structure"),
    help=tr(
        "segments (règle) ; no_segments : Initiative + Anticipation, déclarations croissantes puis"
        " résolution ; declare_and_resolve : déclarer et résoudre par ordre décroissant",
        "segments (rule); no_segments: Initiative + Anticipation, ascending declarations then"
        " resolution; declare_and_resolve: declare and resolve in descending order",
    ),
    source=cite(SEED, 495),
    kind="optional_rule",
)

ARMOUR = Option(
    name="armour",
    default=0,
    label=tr("Armure (cases)", "Armour (boxes)"),
    help=tr(
        "Le texte n'a pas de règle d'armure : cases de blessure retirées à chaque coup, fixé par"
        " le MJ",
        "The text has no armour rule: wound boxes removed from each hit, set by the GM",
    ),
    source=cite(SEED, 541, note="heading only"),
    kind="house_rule",
)

MARGIN_WOUNDS = Option(
    name="margin_wounds",
    default=True,
    label=tr("Marge en blessures", "Margin as wounds"),
    help=tr(
        "Règle maison : un coup qui porte coche une case de blessure par point de marge (le"
        " texte n'a pas de dommages, L541 ; la marge mesure la qualité de la réussite, L458,"
        " L481), plus les cases de l'arme, moins l'armure ; non : les cases de l'arme seules",
        "House rule: a blow that lands checks one wound box per point of margin (the text has"
        " no damage, L541; the margin measures how well it succeeded, L458, L481), plus the"
        " weapon's boxes, minus armour; off: the weapon's boxes alone",
    ),
    source=cite(SEED, 541, note="heading only; margin L458, L481"),
    kind="house_rule",
)

WEAPON_BOXES = Option(
    name="weapon_boxes",
    default=0,
    label=tr("Dommages de l'arme (cases)", "Weapon damage (boxes)"),
    help=tr(
        "Cases de blessure ajoutées par l'arme à un coup qui porte : fixé par le MJ, le chapitre"
        " des dommages des armes est vide (L541)",
        "Wound boxes the weapon adds to a blow that lands: set by the GM, the chapter on weapon"
        " damage is empty (L541)",
    ),
    source=cite(SEED, 541, note="heading only"),
    kind="gm_input",
)

#: Options a table sets once for every sheet (stored in the sheet's `readings`).
TABLE_OPTIONS = (
    WOUND_SET,
    WOUND_COUNT,
    TRACK_BOXES,
    KA_TEST_ELEMENT,
    SKILL_CHARACTERISTIC,
    LANGUAGE_PREREQUISITES,
    STEP_BUDGET,
)

ALL = (
    DICE,
    CRITICALS,
    ROLL_NEEDED,
    *TABLE_OPTIONS,
    OCCULT_SCORE,
    CONTRACT_SCALE,
    SIZAINES,
    HALF_ROUNDING,
    STASIS_UNIT,
    CONJUNCTION,
    PLEXUS,
    SEGMENTS,
    ANTICIPATION_TIE,
    ROUND_STRUCTURE,
    ARMOUR,
    MARGIN_WOUNDS,
    WEAPON_BOXES,
)
