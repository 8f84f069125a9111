"""Which language a request reads, and the UI chrome's Babel catalogues.

Rule text (checks, outcomes, parameters) is bilingual at its source (`Text`); only the page
chrome goes through gettext. French is the default; `?lang=en` switches and a cookie remembers.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations
from fastapi import Request

from ecran.rules.text import DEFAULT_LANG, LANGS

LOCALE_DIR = Path(__file__).parent / "locale"
COOKIE = "ecran_lang"
DOMAIN = "messages"


def pick_lang(request: Request) -> str:
    """`?lang=` first (a link or the switcher), then the cookie, then French."""
    for candidate in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        if candidate in LANGS:
            return candidate
    return DEFAULT_LANG


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
    number = format_decimal(p * 100, format="0.00", locale=lang)
    return f"{number}\u202f%" if lang == "fr" else f"{number}%"
