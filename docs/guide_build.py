"""What the guide's build draws from the engine itself (docs/guide_hooks.py calls it), so that
the pages never disagree with it: the worked examples' odds charts (SVG) and, on each game's
page, the tables of its checks and of its named options (defaults, kinds, the book's lines)."""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any

#: The worked example of each game (`Comprendre les chances`): system, check, parameters.
EXAMPLES: dict[str, tuple[str, dict[str, Any]]] = {
    "artemis": ("test", {"skill": 5, "difficulty": 7}),
    "warp": ("roll", {"dice": 3, "difficulty": 11}),
    "fluid": ("test", {"characteristic": 3}),
    "nephilim": ("test", {"characteristic": 3, "skill": 2, "difficulty": 0}),
    "organique": ("test", {"characteristic": 12, "difficulty": 20}),
}
KINDS = {
    "reading": "lecture (§9)",
    "optional_rule": "règle optionnelle",
    "house_rule": "règle maison",
    "gm_input": "choix du MJ",
}
MARKER = re.compile(
    r"<!-- ecran:(?P<what>checks|options|operations|openapi|settings) ?(?P<game>[a-z]*) -->"
)


def _french(value: float) -> str:
    return f"{value * 100:.2f}".replace(".", ",")


def chart_svg(system: str, check: str, params: dict[str, Any]) -> str:
    """One horizontal bar per outcome, its width the exact probability, as the table shows it."""
    from ecran.engine import get_system, odds

    report = odds(system, check, **params)
    words = get_system(system).check(check)
    rows = report.outcomes
    label_of = {r.outcome: words.outcome(r.outcome).label("fr") for r in rows}
    top = max(float(r.p) for r in rows) or 1.0
    height = 28 * len(rows) + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="520" height="{height}" '
        f'viewBox="0 0 520 {height}" font-family="sans-serif" font-size="13">'
    ]
    for i, row in enumerate(rows):
        y = 5 + 28 * i
        width = 260 * float(row.p) / top
        name = escape(str(label_of.get(row.outcome, row.outcome)))
        parts.append(f'<text x="0" y="{y + 17}" fill="#555">{name}</text>')
        parts.append(f'<rect x="150" y="{y + 3}" width="{width:.1f}" height="18" fill="#3f51b5"/>')
        text = f"{_french(float(row.p))} % ({escape(str(row.probability))})"
        parts.append(f'<text x="{150 + width + 6:.1f}" y="{y + 17}" fill="#555">{text}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def write_charts(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for system, (check, params) in EXAMPLES.items():
        svg = chart_svg(system, check, params)
        target = folder / f"chances-{system}.svg"
        if not target.exists() or target.read_text(encoding="utf-8") != svg:
            target.write_text(svg, encoding="utf-8")


def _where(system: Any, sources: Any) -> str:
    """Sources as lines ("l. 46-53"): the book's title left out (it is the page's own), another
    text's title kept ("site d'Espace Artémis, l. 166-189")."""
    labels = []
    for source in sources:
        title, _, lines = source.label("fr").rpartition(", ")
        labels.append(f"{title}, {lines}" if title.startswith("site") else lines)
    return ", ".join(labels)


def openapi_document() -> dict[str, Any]:
    from ecran.web.app import create_app

    return create_app().openapi()


def write_openapi(folder: Path) -> None:
    """The server's OpenAPI document beside the guide's pages (`api.md` links to it)."""
    text = json.dumps(openapi_document(), ensure_ascii=False, indent=1) + "\n"
    target = folder / "openapi.json"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")


def openapi_table() -> str:
    """Every operation of the API, grouped by path, with its summary."""
    lines = ["| méthode | chemin | ce qu'elle fait |", "|---|---|---|"]
    for path, operations in openapi_document()["paths"].items():
        for method, operation in operations.items():
            summary = operation.get("summary") or operation.get("operationId", "")
            lines.append(f"| `{method.upper()}` | `{path}` | {_cell(summary)} |")
    return "\n".join(lines)


def settings_table() -> str:
    """Every `ECRAN_` variable as `ecran.settings` declares it (its own Markdown table, the
    variables' meanings in English), or where to find them before that module exists."""
    try:
        from ecran import settings
    except ImportError:
        return "*(La liste des réglages viendra de `ecran.settings`.)*"
    return "\n".join(ln for ln in settings.markdown().splitlines() if ln.startswith("|"))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def checks_table(game: str) -> str:
    from ecran.engine import get_system

    system = get_system(game)
    lines = ["| test | ce qu'il calcule | lignes du livre |", "|---|---|---|"]
    for check in system.checks:
        name = check.name
        sources = ", ".join(source.label("fr").rsplit(", ", 1)[-1] for source in check.sources)
        command = name.replace("_", "-")
        lines.append(
            f"| `{command}` — {_cell(check.title('fr'))} | {_cell(check.description('fr'))} "
            f"| {_cell(sources)} |"
        )
    return "\n".join(lines)


def operations_table(game: str) -> str:
    from ecran.engine import get_system

    lines = ["| opération | ce qu'elle fait | lignes du livre |", "|---|---|---|"]
    system = get_system(game)
    for operation in system.operations:
        sources = _where(system, operation.sources)
        command = operation.name.replace("_", "-")
        lines.append(f"| `{command}` | {_cell(operation.title('fr'))} | {_cell(sources)} |")
    return "\n".join(lines)


def _default(value: Any) -> str:
    if isinstance(value, bool):
        return "oui" if value else "non"
    return f"`{value}`"


def options_table(game: str) -> str:
    from ecran.engine import get_system

    system = get_system(game)
    lines = [
        "| option | nature | par défaut | ce qu'elle change | lignes du livre |",
        "|---|---|---|---|---|",
    ]
    for option in system.options:
        where = _where(system, [option.source]) if option.source else ""
        note = f" ({option.source.note})" if option.source and option.source.note else ""
        kind = KINDS.get(option.kind, option.kind)
        lines.append(
            f"| {_cell(option.label('fr'))} (`{option.name}`) | {kind} "
            f"| {_default(option.default)} | {_cell(option.help('fr'))} | {where}{note} |"
        )
    return "\n".join(lines)


def expand(markdown: str) -> str:
    """A page's `<!-- ecran:checks GAME -->` (`options`, `operations`) markers as tables."""

    def table(found: re.Match[str]) -> str:
        if found["what"] == "openapi":
            return openapi_table()
        if found["what"] == "settings":
            return settings_table()
        tables = {"checks": checks_table, "options": options_table, "operations": operations_table}
        return tables[found["what"]](found["game"])

    return MARKER.sub(table, markdown)
