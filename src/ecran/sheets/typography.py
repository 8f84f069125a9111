"""A printed string set by its language's rules: numbers through Babel, French spacing and
elision. The printing layer applies it to every string it prints, the game's words included,
since they reach it as plain text ("3.0 / 3", "Test de AGI").
"""

from __future__ import annotations

import re
from decimal import Decimal

from ecran.rules.numerals import formatted

#: French sets a narrow no-break space (U+202F) before : ; ! ? and % (and none in English).
NNBSP = "\u202f"
LOCALES = {"fr": "fr_FR", "en": "en_GB"}
#: A number that has a decimal point ("3.0", "2.5"); not a part of a version, a date or a list
#: of dotted numbers ("v3.1.2", "1.2.3").
_DECIMAL = re.compile(r"(?<![\w.])(\d+\.\d+)(?![\w]|\.\d)")
#: A mark that takes the narrow space in French: after a letter, a closing mark or spaces (not
#: after a digit for ! and ?, which are dice there: "3d6!"; "%" after anything).
_FRENCH_SPACED = re.compile(
    r"(?:(?<=[^\W\d_)\]»'’])[ \u00a0]*([:;!?])|[ \u00a0]*(%))(?=\s|$|[)\],.])"
)
#: The space a French habit left before those marks in an English string.
_ENGLISH_LOOSE = re.compile(r"(?<=[^\W_)\]»]) +([:;!?%])(?=\s|$)")
_VOWEL = "AEIOUYÉÈÊËÂÎÏÔÛÀaeiouyéèêëâîïôûà"
#: "de", "le", "la", "que" before a word that opens on a vowel: "test d'AGI". Not before "h"
#: (print cannot tell an aspirated h), "onze", "oui" or a "y" (they do not elide).
_ELIDED = re.compile(rf"\b(?:([dD])e|([lL])[ea]|([qQ]u)e) (?!onze|Onze|oui|Oui|[yY])(?=[{_VOWEL}])")


def number(value: float | int | Decimal, lang: str) -> str:
    """A number as the language writes it: "2,5" in French, "2.5" in English, "3" for 3.0."""
    return formatted(value, "#,##0.###", LOCALES.get(lang, "fr_FR"))


def numbers(text: str, lang: str) -> str:
    """Every decimal number of a string, written the language's way."""
    return _DECIMAL.sub(lambda found: number(Decimal(found.group(1)), lang), text)


def spacing(text: str, lang: str) -> str:
    """French spacing before : ; ! ? % (a narrow no-break space, whatever space was there);
    English drops a space the French habit left before them."""
    if lang == "fr":
        return _FRENCH_SPACED.sub(lambda found: NNBSP + (found.group(1) or found.group(2)), text)
    return _ENGLISH_LOOSE.sub(lambda found: found.group(1), text)


def elision(text: str, lang: str) -> str:
    if lang != "fr":
        return text
    return _ELIDED.sub(lambda found: next(g for g in found.groups() if g) + "'", text)


def typeset(text: str, lang: str) -> str:
    """A string as printed in `lang`."""
    return spacing(elision(numbers(text, lang), lang), lang)
