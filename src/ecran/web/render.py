"""Jinja2 rendering: one environment per language, with the catalogue and the `Text` filter."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from ecran.rules.text import LANGS, Text
from ecran.web.i18n import percent, translations

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


@cache
def environment(lang: str) -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]

    def text(value: Text | dict[str, str] | None) -> str:
        if value is None:
            return ""
        if isinstance(value, dict):
            return value.get(lang) or value.get("fr") or ""
        return value(lang)

    env.filters["t"] = text
    env.filters["percent"] = lambda p: percent(float(p), lang)
    env.filters["show"] = _show
    env.filters["param"] = _param
    env.globals["lang"] = lang
    env.globals["langs"] = LANGS
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
    page = environment(lang).get_template(template)
    full = {"request": request, "lang_url": lambda other: lang_url(request, other), **context}
    return HTMLResponse(page.render(full), status_code=status_code)
