"""The fairness page of a table ("dés vérifiables"): the dice key's commitment in force, the GM's
reveal, the export to check with `ecran verify`, and the observed dice against the uniform law and
the exact odds (`ecran.play.fairness`), explained in plain words, in French and English."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ecran.engine import get_system
from ecran.play import EventView
from ecran.play import rolls as play_rolls
from ecran.play.fairness import CheckTest, FaceTest, fairness
from ecran.rules import EcranError, Text
from ecran.store.repository import PAGE_MAX
from ecran.web import commands
from ecran.web.deps import Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.pages.common import page, redirect

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)

#: Below this p-value a line is marked "to watch" (1 %: fair dice do it once in a hundred tests).
WATCH = 0.01

WORDS: dict[str, Text] = {
    "title": Text(fr="Dés vérifiables", en="Verifiable dice"),
    "how": Text(
        fr="Seul le serveur tire les dés de la table. Il garde une clé secrète et en publie "
        "l'empreinte (SHA-256) avant le premier jet : la graine de chaque jet vient de cette "
        "clé et du numéro du jet (HMAC-SHA256). Quand le MJ révèle la clé, chacun peut refaire "
        "tous les jets faits sous cette empreinte et vérifier que personne n'a choisi les dés : "
        "exportez la table et lancez « ecran verify table.json ». Une graine choisie par le MJ "
        "est signalée dans le journal.",
        en="Only the server draws the table's dice. It keeps a secret key and publishes its "
        "fingerprint (SHA-256) before the first roll: each roll's seed comes from that key and "
        "the roll's number (HMAC-SHA256). When the GM reveals the key, anyone can redo every roll "
        "made under that fingerprint and check nobody chose the dice: export the table and run "
        "'ecran verify table.json'. A seed chosen by the GM is marked in the log.",
    ),
    "in_force": Text(fr="Empreinte de la clé en vigueur", en="Fingerprint of the key in force"),
    "key_no": Text(fr="clé n°\u00a0", en="key #"),
    "no_key": Text(
        fr="Pas encore de clé : elle naît au premier jet.",
        en="No key yet: it starts with the first roll.",
    ),
    "reveal": Text(
        fr="Révéler la clé (une nouvelle commence)", en="Reveal the key (a new one starts)"
    ),
    "export": Text(fr="Exporter la table (JSON)", en="Export the table (JSON)"),
    "faces": Text(fr="Les faces de chaque dé", en="The faces of each die"),
    "faces_how": Text(
        fr="Pour chaque joueur et chaque sorte de dé, combien de fois chaque face est sortie. Des "
        "dés honnêtes donnent chaque face aussi souvent, à peu près. Le khi-deux mesure l'écart "
        "entre ce qu'on a vu et cette attente ; la p-valeur est la probabilité que des dés "
        "honnêtes s'écartent au moins autant. Sous 1 %, cela vaut la peine de regarder de plus "
        "près (des dés honnêtes le font une fois sur cent) ; ce n'est jamais une preuve.",
        en="For each player and each kind of die, how often each face came up. Fair dice show "
        "each face about as often. The chi-square measures how far what we saw is from that; the "
        "p-value is the chance that fair dice stray at least that far. Under 1 %, it is worth a "
        "closer look (fair dice do it once in a hundred); it is never a proof.",
    ),
    "checks": Text(fr="Les résultats des tests", en="The results of the checks"),
    "checks_how": Text(
        fr="Pour chaque test, combien de fois chaque résultat est sorti, et combien on en "
        "attendait d'après les probabilités exactes de chaque jet (avec ses paramètres).",
        en="For each check, how often each result came up, and how many the exact odds of each "
        "roll (with its parameters) lead us to expect.",
    ),
    "who": Text(fr="Qui", en="Who"),
    "die": Text(fr="Dé", en="Die"),
    "counts": Text(fr="Faces 1, 2, 3…", en="Faces 1, 2, 3…"),
    "dice": Text(fr="dés", en="dice"),
    "rolls": Text(fr="jets", en="rolls"),
    "outcome": Text(fr="Résultat", en="Result"),
    "seen": Text(fr="vu", en="seen"),
    "expected": Text(fr="attendu", en="expected"),
    "verdict": Text(fr="Verdict", en="Verdict"),
    "ok": Text(fr="rien d'anormal", en="nothing unusual"),
    "watch": Text(fr="écart à surveiller", en="a gap to watch"),
    "few": Text(fr="trop peu de jets pour conclure", en="too few rolls to tell"),
    "none": Text(fr="Aucun jet visible pour l'instant.", en="No visible roll yet."),
}


def verdict(test: FaceTest | CheckTest) -> Text:
    if not test.enough:
        return WORDS["few"]
    return WORDS["watch"] if test.p_value < WATCH else WORDS["ok"]


def _views(here: Seat) -> list[EventView]:
    views: list[EventView] = []
    while batch := here.store.events_after(here.access, views[-1].seq if views else 0, PAGE_MAX):
        views.extend(batch)
    return views


def _check_title(system_id: str, check: str) -> Text:
    try:
        return get_system(system_id).check(check).title
    except EcranError:
        return Text(fr=check, en=check)


def _outcome_label(system_id: str, check: str, outcome: str) -> Text:
    try:
        return get_system(system_id).check(check).outcome(outcome).label
    except (EcranError, KeyError, ValueError):
        return Text(fr=outcome, en=outcome)


@router.get("/tables/{table_id}/fairness")
def fairness_page(request: Request, here: Here) -> Response:
    found = fairness(_views(here))
    names = {m.id: m.display_name for m in here.state.members.values()}
    checks = [
        {
            "test": test,
            "title": _check_title(test.system, test.check),
            "rows": [
                (_outcome_label(test.system, test.check, o.outcome), o.observed, o.expected)
                for o in test.outcomes
            ],
        }
        for test in found.checks
    ]
    context: dict[str, Any] = {
        "words": WORDS,
        "key": here.state.dice_key,
        "found": found,
        "names": names,
        "checks": checks,
        "verdict": verdict,
        "export_url": here.url("/export"),
    }
    return page(request, here, "table/fairness.html", context)


@router.post("/tables/{table_id}/dice/reveal")
def reveal(request: Request, here: Here) -> Response:
    commands.execute(request.app, here.access, lambda s, a, _: play_rolls.reveal_key(s, a))
    return redirect(request, here.url("/fairness"))
