"""Bilingual labels of the roll details the Nephilim checks show, in the game's own words
(seed L457-481: « dé », « modificateur aléatoire », « marge », « score »; L499 « rang
d'initiative »; L529 « vitesse de course »; L630 « points puisés »). Grouped by the procedure
that writes the keys, so checks sharing a procedure share one dict."""

from __future__ import annotations

from ecran.rules import Text, tr

Labels = dict[str, Text]

ROLLED: Labels = {
    "dice": tr("dés (1D, 1D)", "dice (1D, 1D)"),
    "plexus": tr("modificateur du plexus", "plexus modifier"),
    "score": tr("score", "score"),
    "margin": tr("marge", "margin"),
}

#: Written by every `DiceTest` (score + R against a difficulty, or a barred roll).
TEST: Labels = {
    **ROLLED,
    "reason": tr("jet interdit", "roll not allowed"),
    "modifier": tr("modificateur aléatoire (1D − 1D)", "random modifier (1D − 1D)"),
    "difficulty": tr("difficulté", "difficulty"),
}

#: Written by every `OpposedCheck` (both sides' totals compared).
OPPOSED: Labels = {
    **ROLLED,
    "opponent_dice": tr("dés adverses", "opponent's dice"),
    "opponent_score": tr("score adverse", "opponent's score"),
    "opponent_total": tr("total adverse", "opponent's total"),
}

KA: Labels = {"normalized_ka": tr("Ka normalisé", "normalized Ka")}

#: The astrological conjunction of a dated control or contract roll.
ASTRO: Labels = {
    "conjunction": tr("conjonction astrologique", "astrological conjunction"),
    "conjunctions": tr("conjonctions de l'élément", "conjunctions of the element"),
}

#: The timed occult rolls: x of the duration table and the time it gives.
TIMED: Labels = {
    "x": tr("x", "x"),
    "time": tr("durée", "time"),
}

KA_TEST: Labels = {**TEST, **KA}

TIMED_TEST: Labels = {**TEST, **TIMED}

CONTROL: Labels = {**TEST, **KA, **ASTRO}

SPRINT: Labels = {**TEST, "run": tr("vitesse de course (m/round)", "run speed (m/round)")}

STASIS: Labels = {
    **TEST,
    "draw_dice": tr("dés des points puisés", "dice of the points drawn"),
    "drawn": tr("points puisés", "points drawn"),
}

ATTACK: Labels = {
    **OPPOSED,
    "defender_reacts": tr("le défenseur réagit", "defender reacts"),
    "wound_boxes": tr("cases de blessure", "wound boxes"),
}

CONTRACT: Labels = {**OPPOSED, **ASTRO}

INITIATIVE: Labels = {
    "dice": ROLLED["dice"],
    "modifier": TEST["modifier"],
    "rating": tr("rang d'initiative (sans dés)", "initiative rank (no dice)"),
}

DUEL: Labels = {
    "dice": ROLLED["dice"],
    "opponent_dice": OPPOSED["opponent_dice"],
    "opponent_total": tr("initiative adverse", "opponent's initiative"),
}

DECLARATION: Labels = {
    "anticipation": tr("anticipation", "anticipation"),
    "opponent_anticipation": tr("anticipation adverse", "opponent's anticipation"),
    "roll_off": tr("départage (1D − 1D de chaque camp)", "roll-off (1D − 1D each side)"),
}

KNOWLEDGE: Labels = {"margin": ROLLED["margin"]}

CONJUNCTION: Labels = {
    "day": tr("jour", "weekday"),
    "sign": tr("signe", "sign"),
    "modifier": tr("modificateur de conjonction", "conjunction modifier"),
}
