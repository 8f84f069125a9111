"""Jinja2 rendering: one environment per language, with the catalogue and the `Text` filter."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from ecran.rules.text import LANGS, Source, Text, cite
from ecran.rules.wording import (
    COLON,
    details_words,
    number,
    params_words,
    plural_count,
    short_number,
    whole_number,
    whose,
)
from ecran.typography import typeset
from ecran.web.guide import help_url
from ecran.web.i18n import chance_in, percent, translations
from ecran.web.static_files import static_url

TEMPLATES = Path(__file__).parent / "templates"


def _show(value: Any) -> str:
    """A detail value as a person reads it (nested values as compact JSON)."""
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, dict | list | tuple):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _param(value: Any) -> str:
    """A parameter value as the query string and the CLI write it."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# `str(Source)`: "<seed> L46-53 (note)", as JSON schemas (`x-source`) and JSON answers carry it.
_SOURCE = re.compile(r"^(?P<seed>\S+) L(?P<first>\d+)(?:-(?P<last>\d+))?(?: \(.*\))?$")


def source_label(value: Source | Text | str | None, lang: str) -> str:
    """A source as a person reads it: the book's title and lines ("Espace Artémis, l. 46-53"),
    never the seed file's name. Accepts a `Source`, its label, or its JSON form (a field's
    `x-source` is text); other text is shown as it is."""
    if value is None:
        return ""
    if isinstance(value, Source):
        return value.label(lang)
    if isinstance(value, Text):
        return value(lang)
    found = _SOURCE.match(value)
    if found is None:
        return value
    first = int(found["first"])
    last = int(found["last"]) if found["last"] else first
    return cite(found["seed"], first, last).label(lang)


def typeset_rows(rows: list[tuple[str, str]], lang: str) -> list[tuple[str, str]]:
    """(label, value) rows as printed in `lang` (`marge −1`, `attaque : dés gardés`)."""
    return [(typeset(label, lang), typeset(value, lang)) for label, value in rows]


@cache
def environment(lang: str) -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    catalogue = translations(lang)
    # the templates' own words typeset as the rules' are (`ecran.typography`): « : » with its
    # narrow no-break space in French, placeholders filled after (a name stays as typed)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: typeset(catalogue.gettext(message), lang),
        lambda one, many, n: typeset(catalogue.ngettext(one, many, n), lang),
        newstyle=True,
    )

    def text(value: Text | dict[str, str] | None) -> str:
        """The rules' words in the page's language, typeset as that language prints them
        (`ecran.typography`: the same pass as the command line's and the printed sheet's)."""
        if value is None:
            return ""
        if isinstance(value, dict):
            return typeset(value.get(lang) or value.get("fr") or "", lang)
        return typeset(value(lang), lang)

    env.filters["t"] = text
    env.filters["percent"] = lambda p: percent(float(p), lang)
    # an exact probability's short form for narrow screens: « ≈ 1 sur 3 »
    env.filters["chance_in"] = lambda p: chance_in(str(p), lang)
    # a difference of percentages, in points: `4,4` (one decimal, as the reader writes it)
    env.filters["points"] = lambda p: number(float(p) * 100, lang, 1)
    # a decimal as the reader writes it (`2,35`), and one without needless zeros (`3,5`)
    env.filters["decimal"] = lambda x, digits=2: number(float(x), lang, digits)
    env.filters["short"] = lambda x: short_number(float(x), lang)
    env.filters["whose"] = lambda name: whose(str(name), lang)
    env.filters["count"] = lambda n: whole_number(int(n), lang)
    # the number gettext's ngettext picks a noun's form by (`0,2 point`, `0.2 points`)
    env.filters["plural"] = lambda x: plural_count(float(x), lang)
    env.filters["source"] = lambda value: source_label(value, lang)
    env.filters["show"] = _show
    env.filters["param"] = _param
    env.globals["lang"] = lang
    # a result's work and parameters in words (labels, yes/no, choices' words), never `key=value`
    env.globals["colon"] = COLON[lang]
    env.globals["semicolon"] = "\u202f; " if lang == "fr" else "; "  # between items of a list
    env.globals["detail_rows"] = lambda details, check: typeset_rows(
        details_words(details, check, lang), lang
    )
    env.globals["param_rows"] = lambda params, model: typeset_rows(
        params_words(params, model, lang), lang
    )
    # a number the page prints as it is (a field's bounds): `−10` with the minus sign
    env.filters["signed"] = lambda x: typeset(str(x), lang)
    env.globals["langs"] = LANGS
    env.globals["static"] = static_url  # an asset's address naming its content (kept a year)
    env.globals["help_url"] = help_url  # the "?" link of every page: its section of the guide
    return env


def lang_url(request: Request, lang: str) -> str:
    """This page in another language (the switcher's links); other query values kept."""
    query = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    return request.url.path + "?" + urlencode([*query, ("lang", lang)])


def render(
    request: Request,
    template: str,
    context: dict[str, Any],
    *,
    lang: str,
    status_code: int = 200,
) -> HTMLResponse:
    return html(render_text(request, template, context, lang=lang), status_code)


def render_text(request: Request, template: str, context: dict[str, Any], *, lang: str) -> str:
    """A page's HTML: `template` with the request's language links."""
    full = {"request": request, "lang_url": lambda other: lang_url(request, other), **context}
    return fragment(lang, template, full)


def fragment(lang: str, template: str, context: dict[str, Any]) -> str:
    """A template rendered with `context` alone (a fragment that reads nothing of the request)."""
    return environment(lang).get_template(template).render(context)


def html(text: str | bytes, status_code: int = 200) -> HTMLResponse:
    response = HTMLResponse(text, status_code=status_code)
    # the language may come from the browser's Accept-Language (see i18n.pick_lang)
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response
