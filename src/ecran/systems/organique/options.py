"""Every optional rule and every reading of an ambiguity (rules/organique.md §9) as a named
option; the default is the recommended reading."""

from __future__ import annotations

from typing import Literal

from ecran.rules import Option, tr
from ecran.systems.organique.common import src

TwoCharMode = Literal["average", "sum"]
TieRule = Literal["defender", "literal"]

LUCK_IN_COMBAT = Option(
    name="luck_in_combat",
    default=True,
    label=tr("Chance en combat (1 et 20 naturels)", "Luck in combat (natural 1 and 20)"),
    help=tr(
        "Un 1 naturel échoue, un 20 naturel réussit (MR 1 au moins) pour les actions et "
        "réactions de combat (lecture A16 ; décochez pour l'exclure du combat).",
        "Natural 1 fails and natural 20 succeeds (MR at least 1) for combat actions and "
        "reactions (reading A16; turn off to keep luck out of combat).",
    ),
    source=src(83, 106, "A16, L4035"),
    kind="reading",
)

TWO_CHARACTERISTICS = Option(
    name="two_characteristics",
    default="average",
    label=tr("Tests à deux caractéristiques", "Two-characteristic tests"),
    help=tr(
        "« average » : moyenne arrondie au supérieur (règle explicite) ; « sum » : somme, "
        "comme l'écrivent l'électricité, l'assommage et les exemples (lecture A2).",
        "'average': mean rounded up (the explicit rule); 'sum': the sum, as the electricity and "
        "knock-out texts and the examples write it (reading A2).",
    ),
    source=src(45, 56, "A2; L352-353, L759-762, L3205"),
    kind="reading",
)

TIE_RULE = Option(
    name="tie_rule",
    default="defender",
    label=tr("Égalité des marges", "Equal margins"),
    help=tr(
        "« defender » : l'égalité profite au défenseur ou à celui qui résiste (exemples) ; "
        "« literal » : celui qui résiste doit faire une marge supérieure (lecture A3).",
        "'defender': a tie goes to the defender or resister (the examples); 'literal': the "
        "resister must get a greater margin (reading A3).",
    ),
    source=src(155, 165, "A3; L2813-2816, L1317-1328"),
    kind="reading",
)

STUN_OPPOSED = Option(
    name="stun_opposed",
    default=True,
    label=tr("Sauvegarde d'étourdissement opposée", "Opposed stun save"),
    help=tr(
        "La sauvegarde contre l'étourdissement doit aussi égaler la MR de l'attaquant, comme "
        "dans les exemples ; sinon sauvegarde simple à 20 (lecture A10).",
        "The stun save must also match the attacker's MR, as in the examples; otherwise a plain "
        "save at 20 (reading A10).",
    ),
    source=src(3221, 3240, "A10; L3921-3924, L4079-4082"),
    kind="reading",
)

DEPENDENCE_STAT = Option(
    name="physical_dependence_stat",
    default="END",
    label=tr("Caractéristique de la dépendance physique", "Physical dependence characteristic"),
    help=tr(
        "END (table des sauvegardes et exemple de Lulu) ou VOL (formule générale L960) "
        "(lecture A9).",
        "END (save table and Lulu's example) or VOL (general formula L960) (reading A9).",
    ),
    source=src(953, 962, "A9; L147-149, L1008-1012"),
    kind="reading",
)

ENCUMBRANCE_EXAMPLE = Option(
    name="encumbrance_erratum",
    default=False,
    label=tr("Encombrement selon l'exemple", "Encumbrance as in the example"),
    help=tr(
        "Faux par défaut : la formule (1 + 5 kg par point). Vrai : un point de moins au-delà du "
        "seuil, comme l'exemple de 48 kg (−6) (lecture A7).",
        "False by default: the formula (1 + one per 5 kg). True: one point less above the "
        "threshold, as the 48 kg example (−6) (reading A7).",
    ),
    source=src(453, 471, "A7"),
    kind="reading",
)

BLUNT_AFTER_SNG0 = Option(
    name="blunt_after_sng0",
    default="cascade",
    label=tr("Dégâts de choc après SNG 0", "Blunt damage after SNG 0"),
    help=tr(
        "« cascade » : le CPS absorbe d'abord, l'excès ×2 va à l'INC ; « direct » : les "
        "dégâts de choc vont ×2 à l'INC (lecture A6).",
        "'cascade': CPS absorbs first, the excess ×2 goes to INC; 'direct': blunt damage goes "
        "×2 to INC (reading A6).",
    ),
    source=src(603, 613, "A6; L546-548, L571-574"),
    kind="reading",
)

INC_ZERO = Option(
    name="inc_zero",
    default="out_of_combat",
    label=tr("INC à 0", "INC at 0"),
    help=tr(
        "« out_of_combat » : hors de combat, mort après INC + END tours sans premiers soins ; "
        "« dead » : mort (L551-553) (lecture A5).",
        "'out_of_combat': out of the fight, dead after INC + END rounds without first aid; "
        "'dead': dead (L551-553) (reading A5).",
    ),
    source=src(614, 640, "A5; L551-553"),
    kind="reading",
)


ADMIN_LEVEL_BONUS = Option(
    name="admin_level_bonus",
    default="roll",
    label=tr("Niveau de l'administrateur", "Admin level"),
    help=tr(
        "« roll » : +1 au jet par niveau ; « skill_level » : +1 niveau de compétence (+4) par "
        "niveau (lecture A23).",
        "'roll': +1 to the roll per level; 'skill_level': +1 skill level (+4) per level "
        "(reading A23).",
    ),
    source=src(2034, 2036, "A23"),
    kind="reading",
)

HALF_ROUNDING = Option(
    name="halving",
    default="floor_half",
    label=tr("Arrondi des dégâts divisés", "Rounding of halved damage"),
    help=tr(
        "« floor_half » : au 0,5 inférieur (2,5 → 1, exemple L3999) ; « floor » : à l'entier "
        "inférieur (lecture A25).",
        "'floor_half': down to the 0.5 (2.5 → 1, example L3999); 'floor': down to the whole "
        "point (reading A25).",
    ),
    source=src(3366, 3381, "A25; L3999-4000"),
    kind="reading",
)

CHOKE_DRAIN = Option(
    name="choke_drain",
    default="hold_text",
    label=tr("Étranglement : perte de SNG ou d'END", "Choke: SNG or END drain"),
    help=tr(
        "« hold_text » : la prise d'étranglement retire 1 SNG par tour (son propre texte) ; "
        "« general » : comme le manque d'oxygène, 1 END par tour puis 1 SNG à END 0 (lecture A24).",
        "'hold_text': the choke hold takes 1 SNG per round (its own text); 'general': as lack "
        "of oxygen, 1 END per round then 1 SNG at END 0 (reading A24).",
    ),
    source=src(3125, 3128, "A24; L319-321, L824-829"),
    kind="reading",
)

FEVER_SAVE = Option(
    name="fever_save",
    default=False,
    label=tr("Sauvegarde contre la fièvre", "Fever save"),
    help=tr(
        "Faux : la fièvre donne d'office −10/niveau aux sauvegardes contre la chaleur (exemple "
        "de Marcos) ; vrai : END contre 10/niveau l'évite (profil de l'infection) (lecture A27).",
        "False: fever gives −10/level to heat saves with no roll (Marcos' example); true: END "
        "against 10/level avoids it (the infection profile) (reading A27).",
    ),
    source=src(1096, 1110, "A27; L845-848, L3708-3710"),
    kind="reading",
)

# What the chapter leaves to the rest of the book (reading §3.4, §7, A32): the interface says
# so wherever it asks for these values.
CREATION = Option(
    name="creation",
    default="gm",
    label=tr("Création et progression : au MJ", "Creation and advancement: GM's call"),
    help=tr(
        "Le chapitre n'a ni création, ni fourchette de caractéristiques, ni liste complète des "
        "compétences, ni coûts de progression (chapitre 1) : la feuille accepte ce que le MJ "
        "saisit ; le générateur de PNJ (3-18, SNG 2-5, CPS 3-5, INC 3-6) est une règle maison "
        "tirée des personnages d'exemple.",
        "The chapter has no creation, characteristic range, full skill list or advancement "
        "costs (chapter 1): the sheet takes what the GM enters; the NPC generator (3-18, SNG "
        "2-5, CPS 3-5, INC 3-6) is a house rule drawn from the example characters.",
    ),
    source=src(1161, 1162, "§3.4, §7, A32; examples L3719-3887"),
    kind="gm_input",
)


ALL_OPTIONS = (
    LUCK_IN_COMBAT,
    TWO_CHARACTERISTICS,
    TIE_RULE,
    STUN_OPPOSED,
    DEPENDENCE_STAT,
    ENCUMBRANCE_EXAMPLE,
    BLUNT_AFTER_SNG0,
    INC_ZERO,
    ADMIN_LEVEL_BONUS,
    HALF_ROUNDING,
    CHOKE_DRAIN,
    FEVER_SAVE,
    CREATION,
)
