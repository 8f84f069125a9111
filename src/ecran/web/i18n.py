"""Which language a request reads, and the UI chrome's Babel catalogues.

Rule text (checks, outcomes, parameters) is bilingual at its source (`Text`); only the page
chrome goes through gettext. `?lang=en` switches and a cookie remembers; without a choice, the
browser's `Accept-Language` decides; French when it names neither language.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

from babel.support import NullTranslations, Translations
from fastapi import Request

from ecran.rules.numerals import formatted
from ecran.rules.text import DEFAULT_LANG, LANGS
from ecran.rules.wording import whole_number
from ecran.settings import value

LOCALE_DIR = Path(__file__).parent / "locale"
COOKIE = "ecran_lang"
DOMAIN = "messages"


def pick_lang(request: Request) -> str:
    """`?lang=` first (a link or the switcher), then the cookie, then the browser's languages,
    then the server's (`ECRAN_LANG`, French by default)."""
    for candidate in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        if candidate in LANGS:
            return candidate
    return accepted_lang(request.headers.get("accept-language", ""), server_lang())


def server_lang() -> str:
    """The server's language when a request names none of ours (`ECRAN_LANG`)."""
    chosen = str(value("lang"))
    return chosen if chosen in LANGS else DEFAULT_LANG


def accepted_lang(header: str, otherwise: str = DEFAULT_LANG) -> str:
    """The language of ours the browser prefers (RFC 9110 `Accept-Language`: tags with
    q-weights, `en-GB` counts as `en`, `q=0` refuses); `otherwise` when it accepts neither."""
    best, best_q = otherwise, 0.0
    for position, item in enumerate(header.split(",")[:32]):  # a header has a few; bounded
        tag, _, params = item.strip().partition(";")
        primary = tag.strip().lower().split("-", 1)[0]
        if primary not in LANGS:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        # equal weights: the earlier tag wins (the order the user set in the browser)
        weight = q - position * 1e-6
        if q > 0 and weight > best_q:
            best, best_q = primary, weight
    return best


def request_lang(request: Request) -> str:
    lang = getattr(request.state, "lang", None)
    return lang if lang in LANGS else pick_lang(request)


@cache
def translations(lang: str) -> NullTranslations:
    found = Translations.load(str(LOCALE_DIR), [lang], domain=DOMAIN)
    return found


def N_(message: str) -> str:
    """Marks a message for extraction (pybabel) where it is written; translated where shown."""
    return message


def gettext(lang: str, message: str) -> str:
    return translations(lang).gettext(message)


def percent(p: float, lang: str) -> str:
    """A probability for display only (exact fractions sit beside it): '58,33 %' / '58.33%'."""
    number = formatted(p * 100, "0.00", lang)
    return f"{number}\u202f%" if lang == "fr" else f"{number}%"


#: The largest "in" of a short chance (« 3 sur 5 »): beyond it, « 1 sur N ».
SHORT_IN = 12


def chance_in(probability: str, lang: str) -> str:
    """An exact probability (`"2/3"`) in a short form a phone shows instead of a long fraction
    (#30 item 6): « 2 sur 3 » when it is that, else « ≈ 3 sur 5 » (the nearest with at most
    `SHORT_IN` in all), « ≈ 1 sur 1 250 » for a rare one, « ≈ 99 sur 100 » for an almost sure
    one; "0" and "1" as they are."""
    exact = Fraction(probability)
    word = " sur " if lang == "fr" else " in "
    if exact <= 0 or exact >= 1:
        return str(exact)
    if exact.denominator <= SHORT_IN:
        return f"{exact.numerator}{word}{exact.denominator}"
    near = exact.limit_denominator(SHORT_IN)
    if near.numerator == 0 or exact < Fraction(1, SHORT_IN):
        return f"≈ 1{word}{whole_number(round(1 / exact), lang)}"
    if near == 1:  # almost sure: « ≈ 99 sur 100 »
        n = round(1 / (1 - exact))
        return f"≈ {whole_number(n - 1, lang)}{word}{whole_number(n, lang)}"
    return f"≈ {near.numerator}{word}{near.denominator}"
