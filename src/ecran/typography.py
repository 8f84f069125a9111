"""A string set by its language's rules, at render time: numbers through Babel, French spacing
and elision, « » with their inner spaces, `−` for a negative number. One pass for everything a
person reads: the printed sheet, the command line (its help, its tables, its refusals) and
whatever else renders French text; `faults` is the checker the tests feed every French string
through.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Babel and `decimal` load where a number is written, not for every help page
    from decimal import Decimal

#: French sets a narrow no-break space (U+202F) before : ; ! ? and % (and none in English).
NNBSP = "\u202f"
LOCALES = {"fr": "fr_FR", "en": "en_GB"}
#: A number that has a decimal point ("3.0", "2.5"); not a part of a version, a date or a list
#: of dotted numbers ("v3.1.2", "1.2.3").
_DECIMAL = re.compile(r"(?<![\w.])(\d+\.\d+)(?![\w]|\.\d)")
#: A mark that takes the narrow space in French: after a letter, a closing mark or spaces (not
#: after a digit for ! and ?, which are dice there: "3d6!"; after ) ] » only where a space
#: was, so "f(x):" stays; "%" after anything but the die "d%" of the dice notation, "1d%",
#: Roll20's percentile die).
_FRENCH_SPACED = re.compile(
    r"(?:(?<=[^\W\d_)\]»'’])[ \u00a0]*([:;!?])|(?<=\d)[ \u00a0]+([:;])"
    r"|(?<=[)\]»])[ \u00a0]+([:;!?])"
    r"|(?<=[\w)])(?<!\bd)(?<!\bD)(?<!\dd)(?<!\dD)[ \u00a0]*(%))(?=\s|$|[)\],.])"
)
#: The space a French habit left before those marks in an English string (compiled on an
#: English string's first setting: a French start never needs it, #32).
_ENGLISH_LOOSE = r"(?<=[^\W_)\]»]) +([:;!?%])(?=\s|$)"
_VOWEL = "AEIOUYÉÈÊËÂÎÏÔÛÀaeiouyéèêëâîïôûà"
#: "de", "le", "la", "que" before a word that opens on a vowel: "test d'AGI". Not before "h"
#: (print cannot tell an aspirated h), "onze", "oui" or a "y" (they do not elide), nor an
#: imperative's pronoun after its hyphen ("supprimez-la avant").
_ELIDED = re.compile(
    rf"(?<![-\u2011])\b(?:([dD])e|([lL])[ea]|([qQ]u)e) (?!onze|Onze|oui|Oui|[yY])(?=[{_VOWEL}])"
)


def ordinal(rank: int, lang: str, feminine: bool = False) -> str:
    """A rank as the language writes it: « 1ᵉʳ », « 1ʳᵉ » (feminine), « 2ᵉ »; "1st", "2nd",
    "3rd", "4th", "11th"."""
    if lang == "fr":
        first = "ʳᵉ" if feminine else "ᵉʳ"
        return f"{rank}{first}" if rank == 1 else f"{rank}ᵉ"
    if rank % 100 in (11, 12, 13):
        return f"{rank}th"
    return f"{rank}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(rank % 10, 'th') }"


def number(value: float | int | Decimal, lang: str) -> str:
    """A number as the language writes it: "2,5" in French, "2.5" in English, "3" for 3.0."""
    from ecran.numerals import formatted

    return formatted(value, "#,##0.###", LOCALES.get(lang, "fr_FR"))


def numbers(text: str, lang: str) -> str:
    """Every decimal number of a string, written the language's way."""
    return _DECIMAL.sub(lambda found: _decimal(found.group(1), lang), text)


def _decimal(digits: str, lang: str) -> str:
    """A decimal of a text in the language's way, with the decimals it was written with: an
    odds table's « 50,00 » is "50.00" in English too, not "50" beside "47.22". But a lone
    ".0" goes: that is Python writing a whole float ("3.0 bs" is « 3 bs »)."""
    from decimal import Decimal

    from ecran.numerals import formatted

    decimals = digits.partition(".")[2]
    places = 0 if decimals == "0" else len(decimals)
    return formatted(Decimal(digits), "#,##0." + "0" * places, LOCALES.get(lang, "fr_FR"))


def spacing(text: str, lang: str) -> str:
    """French spacing before : ; ! ? % (a narrow no-break space, whatever space was there);
    English drops a space the French habit left before them."""
    if lang == "fr":
        return _FRENCH_SPACED.sub(lambda found: NNBSP + next(g for g in found.groups() if g), text)
    return _compiled(_ENGLISH_LOOSE).sub(lambda found: found.group(1), text)


def elision(text: str, lang: str) -> str:
    if lang != "fr":
        return text
    return _ELIDED.sub(lambda found: next(g for g in found.groups() if g) + "'", text)


#: A guillemet and the space (or none) inside it (compiled where a text has one).
_OPEN = r"«[ \u00a0\u202f]*"
_CLOSE = r"[ \u00a0\u202f]*»"
#: A hyphen-minus that is a number's sign: after a space, an opening mark or the start, before
#: a digit ("malus -2", "(-1)"); not in a range ("46-53"), an option ("-o") or dice ("1d6-2").
_MINUS = re.compile(r"(?:(?<=^)|(?<=[\s(\[«=\u202f\u00a0]))-(?=\d)")


def quotes(text: str, lang: str) -> str:
    """French guillemets with a narrow no-break space inside (« oui »)."""
    if lang != "fr" or ("«" not in text and "»" not in text):
        return text
    opened = _compiled(_OPEN).sub("«" + NNBSP, text)
    return _compiled(_CLOSE).sub(NNBSP + "»", opened)


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """A pattern compiled on its first use (~0.1-0.2 ms each: `ecran --help` sets French text
    without guillemets, #32)."""
    return re.compile(pattern)


def minus(text: str) -> str:
    """A negative number's sign as the minus sign (−2), in both languages."""
    return _MINUS.sub("\u2212", text) if "-" in text else text


def typeset(text: str, lang: str) -> str:
    """A string as printed in `lang`."""
    return minus(quotes(spacing(elision(numbers(text, lang), lang), lang), lang))


#: What the checker calls a fault in a French string (compiled on the checker's first use: the
#: tests' checker, not something every start needs, #32).
_FAULTS = {
    "space before a mark": r"(?<=[^\W\d_)\]»'’]) ?[:;!?](?=\s|$)|(?<=\d) [:;](?=\s|$)",
    "space inside « »": r"«(?!\u202f|\u00a0)|(?<!\u202f|\u00a0)»",
    "decimal point": r"(?<![\w.])\d+\.\d+(?![\w]|\.\d)",
    "hyphen for minus": r"(?:^|(?<=[\s(]))-\d",
    # one apostrophe throughout, the straight one every text and the rules' data use: a screen
    # set « qu’un MJ » beside « d'écoute » (`serve --help`)
    "curly apostrophe": r"’",
}


def faults(text: str) -> list[str]:
    """The French typography faults of `text`: a plain space (or none) before : ; ! ?, « »
    without their inner no-break space, a decimal point, a hyphen for a minus sign, a curly
    apostrophe."""
    return [
        f"{name}: …{text[max(0, m.start() - 15) : m.end() + 15]}…"
        for name, pattern in _FAULTS.items()
        for m in re.finditer(pattern, text)
    ]
