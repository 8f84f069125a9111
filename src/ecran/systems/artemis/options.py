"""Every optional rule, reading of an ambiguity (rules/artemis.md §9.1) and house rule of Artémis.

Defaults are the recommended readings. Each option is a field of the checks it affects (and of the
sheet for the NIFIMO scale, which the seed leaves to the table).
"""

from __future__ import annotations

from ecran.rules import Option, tr
from ecran.systems.artemis.tables import seed, site

PRIVILEGE_CRITICALS = Option(
    name="privilege_criticals",
    default="kept_die",
    label=tr("Critiques et privilège", "Criticals with the privilege"),
    help=tr(
        "kept_die : garder le meilleur dé brut puis confirmer le critique sur ce dé ; "
        "each_die : confirmer chaque dé puis garder la meilleure valeur",
        "kept_die: keep the better raw die, then confirm a critical on it; "
        "each_die: confirm each die, then keep the better value",
    ),
    source=seed(46, 53, "A3"),
    kind="reading",
)

ATTACK_RESOLUTION = Option(
    name="attack_resolution",
    default="duel",
    label=tr("Résolution de l'attaque", "Attack resolution"),
    help=tr(
        "duel : attaque + dé contre parade + dé, la parade lue en zones face à l'attaque (site) ; "
        "static_parry : attaque + dé contre le score de parade comme difficulté",
        "duel: attack + die against parry + die, the parry read in zones against the attack "
        "(website); static_parry: attack + die against the parry score as difficulty",
    ),
    source=seed(756, 759, "A7; site 0106070401"),
    kind="reading",
)

CANCEL_ORDER = Option(
    name="cancel_order",
    default="serious_first",
    label=tr("Blessures annulées d'abord", "Wounds cancelled first"),
    help=tr(
        "serious_first : le test de Résistance annule d'abord les blessures graves (exemple "
        "L722-724) ; light_first : d'abord les légères",
        "serious_first: the Résistance test cancels serious wounds first (example L722-724); "
        "light_first: light ones first",
    ),
    source=seed(121, 128, "A4; example L714-725"),
    kind="reading",
)

FLOOR_ON_SCRATCH = Option(
    name="floor_on_scratch",
    default=False,
    label=tr("Blessure légère minimale sur Égratigné", "Minimum light wound on Scratched"),
    help=tr(
        "si vrai, la blessure légère qui reste toujours s'applique aussi quand la protection "
        "ramène le coup à Égratigné (« pas de blessures »)",
        "if true, the light wound that always remains also applies when protection brings the "
        "blow down to Scratched ('no wounds')",
    ),
    source=seed(101, 128, "A6"),
    kind="reading",
)

STACK_CATEGORIES = Option(
    name="stack_categories",
    default=True,
    label=tr("Cumul des +1 catégorie", "+1 category effects stack"),
    help=tr(
        "si vrai, les effets « +1 catégorie » (attaque totale, tête, cible sans défense) se "
        "cumulent, plafonnés à Détruit ; sinon un seul compte",
        "if true, '+1 category' effects (all-out attack, head, defenceless target) add up, "
        "capped at Destroyed; otherwise only one counts",
    ),
    source=seed(173, 187),
    kind="reading",
)

DEFENCELESS_UNCERTAINTY = Option(
    name="defenceless_uncertainty_hits",
    default=True,
    label=tr("Cible sans défense : l'incertitude touche", "Defenceless target: uncertainty hits"),
    help=tr(
        "si vrai, un test de Bagarre en zone d'incertitude touche la cible sans défense (elle ne "
        "peut forcer aucune parade)",
        "if true, a Bagarre test in the uncertainty zone hits the defenceless target (it cannot "
        "force a parry)",
    ),
    source=seed(183, 187, "A18"),
    kind="reading",
)

PSY_UNCERTAINTY = Option(
    name="psy_uncertainty",
    default="gm",
    label=tr("Incertitude en Métamorphose/Invocation", "Uncertainty in Metamorphosis/Invocation"),
    help=tr(
        "gm : le MJ tranche et l'empathe peut réessayer (site) ; force : règle maison, échec sauf "
        "si l'empathe paie une fatigue légère de plus",
        "gm: the GM decides and the empath may retry (website); force: house rule, failure unless "
        "the empath pays one more light fatigue",
    ),
    source=seed(263, 297, "A8; site 0105030001"),
    kind="reading",
)

COUNT_ARPENTEUR = Option(
    name="count_arpenteur",
    default=False,
    label=tr("Compter l'arpenteur", "Count the arpenteur"),
    help=tr(
        "si vrai, l'arpenteur qui lance le test de Voyage compte lui-même comme empathe (+1)",
        "if true, the arpenteur rolling the Voyage test counts himself as an empath (+1)",
    ),
    source=seed(237, 249, "A20; site 0108050201"),
    kind="reading",
)

APAISER_MARKS = Option(
    name="apaiser_marks",
    default="all",
    label=tr("Marques de stress comptées (Apaiser)", "Stress marks counted (Apaiser)"),
    help=tr(
        "all : légères et graves ; light : seulement les légères",
        "all: light and serious; light: light ones only",
    ),
    source=site(410, 424, "0110010101"),
    kind="reading",
)

NIFIMO_BOXES = Option(
    name="nifimo_boxes",
    default=3,
    label=tr("Cases par colonne du NIFIMO", "NIFIMO boxes per column"),
    help=tr(
        "RÈGLE MAISON : le résumé ne dit pas combien de marques remplissent chaque colonne de "
        "malus 0/-1/-2/-4 ; chaque marque (trait ou croix) occupe une case",
        "HOUSE RULE: the summary does not say how many marks fill each malus column 0/-1/-2/-4; "
        "each mark (stroke or cross) takes one box",
    ),
    source=seed(686, 699, "malus columns only; box count not in the seed"),
    kind="house_rule",
)

NIFIMO_AGGREGATE = Option(
    name="nifimo_aggregate",
    default="sum",
    label=tr("Cumul des malus du NIFIMO", "Adding NIFIMO maluses"),
    help=tr(
        "RÈGLE MAISON : sum : les malus des lignes s'additionnent ; worst : seul le pire compte",
        "HOUSE RULE: sum: the lines' maluses add up; worst: only the worst counts",
    ),
    source=seed(686, 699, "aggregation not in the seed"),
    kind="house_rule",
)

AGGRAVATION_NEEDS_SERIOUS = Option(
    name="needs_serious",
    default=True,
    label=tr("Aggravation : blessure grave requise", "Aggravation needs a serious wound"),
    help=tr(
        "si vrai, seules les blessures non soignées comprenant au moins une grave s'aggravent",
        "if true, only untreated wounds including at least one serious wound get worse",
    ),
    source=site(265, 280, "0106060101"),
    kind="reading",
)

# Optional combat rules (L163-196) that are choices of the moment: fields of the combat checks and
# of the `hit` operation, declared per blow. They stay out of `ALL` on purpose: a table forces the
# value of every listed option onto each roll, which would pin every attack to one choice (and
# silently undo the precise or all-out attacks the encounter tracker offers).
PRECISE = Option(
    name="precise",
    default=False,
    label=tr("Attaque précise", "Precise attack"),
    help=tr("compétence d'attaque -4", "attack skill -4"),
    source=seed(179, 182),
)

TOO_BIG = Option(
    name="weapon_too_big",
    default=False,
    label=tr("Arme trop grande (défenseur)", "Weapon too big (defender)"),
    help=tr(
        "le défenseur manque de place pour son arme : parade -4 (et il ne peut pas attaquer)",
        "the defender lacks room for his weapon: parry -4 (and he cannot attack)",
    ),
    source=seed(168, 172),
)

TOTAL_ATTACK = Option(
    name="total_attack",
    default=False,
    label=tr("Attaque totale", "All-out attack"),
    help=tr("dommages +1 catégorie", "damage +1 category"),
    source=seed(173, 176),
)

HEAD = Option(
    name="head",
    default=False,
    label=tr("Attaque précise à la tête", "Precise attack to the head"),
    help=tr(
        "le coup touche la tête : dommages +1 catégorie (sur une attaque, seulement si précise)",
        "the blow hits the head: damage +1 category (on an attack, only if precise)",
    ),
    source=seed(179, 182),
)

DEFENCELESS = Option(
    name="defenceless",
    default=False,
    label=tr("Cible sans défense", "Defenceless target"),
    help=tr("dommages +1 catégorie", "damage +1 category"),
    source=seed(183, 187),
)

MENTAL_CRISIS = Option(
    name="mental_crisis",
    default=True,
    label=tr("Crises de déséquilibre mental", "Mental imbalance crises"),
    help=tr(
        "règle optionnelle du site : un D100 par jour de scénario quand l'équilibre est négatif",
        "optional rule of the website: one D100 per scenario day while the balance is negative",
    ),
    source=site(335, 355, "0110020301"),
)

ALL = (
    AGGRAVATION_NEEDS_SERIOUS,
    PRIVILEGE_CRITICALS,
    ATTACK_RESOLUTION,
    CANCEL_ORDER,
    FLOOR_ON_SCRATCH,
    STACK_CATEGORIES,
    DEFENCELESS_UNCERTAINTY,
    PSY_UNCERTAINTY,
    COUNT_ARPENTEUR,
    APAISER_MARKS,
    NIFIMO_BOXES,
    NIFIMO_AGGREGATE,
    MENTAL_CRISIS,
)

#: Declared per blow, never fixed by the table (see above).
MOMENT = (PRECISE, TOO_BIG, TOTAL_ATTACK, HEAD, DEFENCELESS)
