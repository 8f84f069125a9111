"""The guide (docs/guide, built by `make docs` into build/guide) served by the table itself.

`install(app)` mounts the built site under `/aide` (and `/help`); when it has not been built,
both answer 404 with a French page that says how to build it. `help_url(request)` is the "?"
link every page of the table carries (base.html): `HELP` maps a page's route to the section of
the guide that explains it (tests/web/test_guide.py checks every anchor exists in the site).
`app.state.guide_dir` points to a guide built elsewhere (the tests' own build).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from ecran.web.asgi import Receive, Scope, Send

#: Where `make docs` writes the site (mkdocs.yml's `site_dir`), from a clone's src/ecran/web.
BUILT = Path(__file__).resolve().parents[3] / "build" / "guide"
PREFIXES = ("/aide", "/help")

#: A table's page (its route) -> the guide's section that explains it, under /aide/.
HELP: dict[str, str] = {
    "/": "premiers-pas/#ouvrir-une-table",
    "/dice": "chances/#notation-des-des",
    "/systems/{system_id}/checks/{check_name}": "chances/#lire-les-barres",
    "/tables/new": "premiers-pas/#ouvrir-une-table",
    "/join/{invite}": "joueurs/#rejoindre",
    "/tables/{table_id}": "mj/#la-table",
    "/tables/{table_id}/characters/new": "mj/#personnages",
    "/tables/{table_id}/characters/wizard": "joueurs/#assistant",
    "/tables/{table_id}/characters/{character_id}": "joueurs/#feuille",
    "/tables/{table_id}/characters/{character_id}/edit": "mj/#personnages",
    "/tables/{table_id}/encounters/{encounter_id}": "mj/#rencontres",
    "/tables/{table_id}/fairness": "des-verifiables/#page-equite",
    "/tables/{table_id}/events/{seq}": "des-verifiables/#un-jet",
    "/tables/{table_id}/plateau": "mj/#plateau",
}

MISSING = """<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Guide non construit · ecran</title>
<link rel="stylesheet" href="/static/ecran.css"></head>
<body><main>
<h1>Le guide n'est pas encore construit</h1>
<p>Ce serveur sert le guide d'ecran sous <code>/aide</code> une fois construit. Depuis le
dossier du projet, lancez&nbsp;:</p>
<pre><code>make docs</code></pre>
<p>(<code>make run</code> le construit aussi s'il manque.) Le site est écrit dans
<code>build/guide</code>, d'où ce serveur le sert.</p>
<p><a href="/">Retour à l'accueil</a></p>
</main></body></html>
"""


def guide_dir(scope: Scope) -> Path:
    """The built site: `build/guide` of this clone, unless the app names another folder."""
    app = scope.get("app")
    return Path(getattr(getattr(app, "state", None), "guide_dir", None) or BUILT)


class Guide:
    """The built site (index pages for folders, the site's 404 page), or the page above."""

    def __init__(self) -> None:
        self.files: StaticFiles | None = None
        self.folder: Path | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        folder = guide_dir(scope)
        if not (folder / "index.html").is_file():
            await HTMLResponse(MISSING, status_code=404)(scope, receive, send)
            return
        if self.files is None or self.folder != folder:
            self.files, self.folder = StaticFiles(directory=folder, html=True), folder
        await self.files(scope, receive, send)


def install(app: FastAPI) -> None:
    guide = Guide()
    for prefix in PREFIXES:
        app.mount(prefix, guide, name=prefix.strip("/"))


def help_url(request: Any) -> str:
    """The guide's section for the page `request` shows (the guide's home when unmapped)."""
    if not isinstance(request, Request):
        return "/aide/"
    target = HELP.get(getattr(request.scope.get("route"), "path", ""), "")
    try:
        return "/aide/" + target.format(**request.path_params)
    except (KeyError, IndexError, ValueError):
        return "/aide/"
