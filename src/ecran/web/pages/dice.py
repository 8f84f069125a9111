"""The dice page: any expression in the common notation, its exact odds and a seeded roll."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup, escape

from ecran.dice import Roller, notation
from ecran.dice.notation import limits
from ecran.dice.notation import text as notation_text
from ecran.rules import EcranError
from ecran.web.api.dice import DiceRoll, dice_odds, dice_roll
from ecran.web.deps import Form
from ecran.web.edge import CheckedRoute
from ecran.web.i18n import request_lang
from ecran.web.pages.common import seed_of
from ecran.web.render import render

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)

DEFAULT_EXPRESSION = "3d6"
#: How a die's styles read on the page: struck when dropped, bold when counted, a class for
#: the crit and match colours (table.css/ecran.css), as Roll20 marks them.
_TAGS = {"dropped": "s", "success": "strong"}


def work_html(expression: str, seed: int, lang: str = "en") -> Markup:
    """The roll's work (`4d6kh3 (4, 4, 6, 3) = 14`) replayed from its seed, each die marked as
    Roll20 marks it: dropped dice struck, successes bold, crits and failures coloured, labels."""
    result = notation.roll(expression, Roller(seed))
    html: list[str] = []
    for text, styles in notation_text.segments(result, lang):  # `= 3,5` in French
        piece = str(escape(text))
        for style, tag in _TAGS.items():
            if style in styles:
                piece = f"<{tag}>{piece}</{tag}>"
        marks = sorted(styles - _TAGS.keys())
        html.append(f'<span class="{" ".join(marks)}">{piece}</span>' if marks else piece)
    return Markup("".join(html))


_MARKED = re.compile(r"~~(.+?)~~|\*\*(.+?)\*\*")


def marked_work(line: str) -> Markup:
    """A roll's work as the log keeps it, one plain line (`(4, ~~3~~) = 4`, `**5**`), with its
    marks as the page shows them: struck and bold, never the raw markers."""
    html, at = [], 0
    for found in _MARKED.finditer(line):
        html.append(str(escape(line[at : found.start()])))
        struck, bold = found.groups()
        piece = f"<s>{escape(struck)}</s>" if struck is not None else None
        html.append(piece or f"<strong>{escape(bold)}</strong>")
        at = found.end()
    html.append(str(escape(line[at:])))
    return Markup("".join(html))


def _roll_context(result: DiceRoll, lang: str) -> dict[str, Any]:
    query = {"expr": result.expression, "seed": str(result.seed)}
    return {
        "dice_roll": result,
        "work": work_html(result.expression, result.seed, lang),
        "replay": "/dice?" + urlencode({**query, "lang": lang}),
        "api": "/api/dice?" + urlencode(query),
    }


@router.get("/dice", response_class=HTMLResponse)
def dice_page(request: Request) -> Response:
    lang = request_lang(request)
    expr = request.query_params.get("expr", DEFAULT_EXPRESSION)
    context: dict[str, Any] = {"expr": expr, "dice_odds": None, "dice_roll": None}
    try:
        context["dice_odds"] = dice_odds(expr, limits.DEFAULT_DEPTH)
    except EcranError as exc:
        context["odds_error"] = exc.message(lang)
    seed = request.query_params.get("seed", "")
    if seed or "roll" in request.query_params:
        try:
            context.update(_roll_context(dice_roll(expr, seed_of(seed)), lang))
        except EcranError as exc:
            context["roll_error"] = exc.message(lang)
    return render(request, "dice.html", context, lang=lang)


@router.get("/dice/odds", response_class=HTMLResponse)
def dice_odds_fragment(request: Request, expr: str = "") -> Response:
    lang = request_lang(request)
    context = {"dice_odds": dice_odds(expr, limits.DEFAULT_DEPTH)}
    return render(request, "_dice_odds.html", context, lang=lang)


@router.post("/dice/roll", response_class=HTMLResponse)
def dice_roll_fragment(request: Request, form: Form) -> Response:
    lang = request_lang(request)
    expr = str(form.get("expr", ""))
    return render(request, "_dice_roll.html", _roll_context(dice_roll(expr, None), lang), lang=lang)
