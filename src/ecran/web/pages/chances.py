"""The GM's "chances de victoire": each side's chances to win the encounter, estimated by
simulated fights within the request's work budget, refined when close."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ecran.engine.budget import Busy, TooCostly, active, within_budget
from ecran.engine.fight.chances import (
    VICTORY_BATCH,
    VICTORY_LARGEST,
    planned_attacks,
    victory,
)
from ecran.engine.fight.encounter_file import EncounterFile
from ecran.engine.fight.report import EncounterReport
from ecran.play.errors import Forbidden
from ecran.play.fight_file import NPC, PC, fight_file, side_of
from ecran.rules import EcranError, Text
from ecran.rules.memo import Kept
from ecran.web.deps import Here, Seat
from ecran.web.edge import CheckedRoute
from ecran.web.i18n import percent
from ecran.web.pages.common import page, query_index

router = APIRouter(route_class=CheckedRoute, include_in_schema=False)

#: The GM's chances of victory are simulated until they are known to ±1 point (95 %: the
#: report's Wilson margin, VICTORY_MARGIN), at most VICTORY_TRIALS fights (an even fight needs
#: ~9,600 for ±1 point, a lopsided one fewer) and at most the time below (the fragment reports
#: how many ran and how close they are). #32: 2,000 fights gave ±2.2 points at best.
VICTORY_TRIALS = 10_000
VICTORY_MARGIN = 0.01
#: The batches of an encounter whose first batch alone passed the budget (Fluid, four against
#: four, cold: ten fights took 0.3-0.6 CPU-second here), and the share of the time they start
#: in: the batch running when that time is up still ends within the budget.
SLOW_BATCH = 5
SLOW_SHARE = 0.5
#: A recomputation that ran out of time short of VICTORY_MARGIN asks again a second later (the
#: tables it filled and the batches it ran make the next one go further), VICTORY_REFINES
#: times at most, while the encounter stays where it is: each look is a job of the work
#: budget's full lane, shared by every table, so the figures get to ±1 point in steps of
#: half a budget. (Until the twelfth stop it asked again only past ±10 points: a quick
#: game's figures stayed at the first look's ±3-5 points, short of #32's ±1.)
VICTORY_REFINES = 4
#: Encounters (table, encounter) whose first batch passed the budget in this process: their
#: recomputations start with the small batches (each step of a slow fight would otherwise spend
#: the budget's whole CPU-second, the full lane's worker held from the other tables, first).
SLOW_ENCOUNTERS: Kept[bool] = Kept(1024)
VICTORY_SECONDS = 2.0
#: The two sides of the tracker: the players' characters and the GM's NPCs.
SIDES = {
    PC: Text(fr="personnages joueurs", en="player characters"),
    NPC: Text(fr="PNJ", en="NPCs"),
}


@router.get("/tables/{table_id}/encounters/{encounter_id}/victory")
def victory_panel(request: Request, here: Here, encounter_id: str) -> Response:
    """The GM's chances of victory, recomputed from the current tracks: fights simulated from
    every participant's sheet as it is now (`engine.fight`), and for whoever acts, the exact
    chance that one attack takes each opponent out. Loaded by the tracker (which the live
    client reloads after every step), so it follows every hit. A refinement (`victory_more`,
    the fragment's own second look) of a table that moved on since answers 204: the tracker's
    fresh load has the slot."""
    if not here.member.is_gm:
        raise Forbidden(
            Text(
                fr="réservé au MJ : les chances de victoire", en="the GM's only: chances of victory"
            )
        )
    query = request.query_params
    refine = query.get("victory_more")
    if refine is not None and query.get("victory_seq") != str(here.state.last_seq):
        return Response(status_code=204)
    context = victory_context(here, encounter_id, query_index(refine, VICTORY_REFINES + 1))
    return page(request, here, "table/_victory.html", context)


def victory_context(here: Seat, encounter_id: str, refined: int = 0) -> dict[str, Any]:
    """The fragment's figures; `refined`: how many times it asked again already."""
    enc = here.state.encounter(encounter_id).encounter
    found = fight_file(here.system.id, enc, here.state.characters, options=here.state.table.options)
    context: dict[str, Any] = {"enc": enc, "seq": here.state.last_seq, "sides": SIDES}
    if isinstance(found, Text):
        return {**context, "victory_note": found}
    data, names = found.data, found.names
    # the same state gives the same figures (a reload does not flicker); this is an estimate
    # for the GM, not a roll of the table: no table dice are spent
    seed = int.from_bytes(
        hashlib.sha256(f"{here.table_id}:{encounter_id}:{here.state.last_seq}".encode()).digest()[
            :7
        ]
    )
    pairs = []
    acting = enc.participants.get(enc.current or "")
    if acting is not None:
        mine = side_of(acting)
        for pid, name in names.items():
            other = enc.participants[pid]
            if side_of(other) != mine:
                pairs.append((names[acting.id], name))
    # off the server's process, in the work budget, like every exact computation: a fight of
    # slow tables must not hold the other tables' requests (the GIL); it stops by itself at
    # half the budget, so it reports the trials it ran rather than "too costly"
    limit = active()
    seconds = VICTORY_SECONDS if limit is None else min(VICTORY_SECONDS, limit.seconds / 2)

    def run(
        planning: Sequence[tuple[str, str]], batch: int, largest: int, share: float = 1.0
    ) -> Any:
        args = (data, VICTORY_TRIALS, seed, seconds * share, planning, here.lang, here.system)
        return within_budget(victory, *args, VICTORY_MARGIN, batch, largest)

    def plan(planning: Sequence[tuple[str, str]]) -> list[Any]:
        try:
            found: list[Any] = within_budget(
                planned_attacks, data, planning, here.lang, here.system
            )
        except (TooCostly, Busy):  # the fights' figures stand without them
            return []
        return found

    try:
        report, planned = _chances(run, plan, (here.table_id, encounter_id), pairs)
    except Busy:
        raise
    except EcranError as exc:
        return {**context, "victory_note": exc.text}
    short = report.trials < VICTORY_TRIALS and report.margin > VICTORY_MARGIN
    refine = refined + 1 if short and refined < VICTORY_REFINES else None
    reasons = undecided_reasons(here, report, int(data.get("max_rounds") or MAX_ROUNDS_DEFAULT))
    return {
        **context,
        "report": report,
        "acting": acting,
        "planned": planned,
        "refine": refine,
        "undecided_reasons": reasons,
    }


#: "Indécis" above this share is explained (#30 item 3).
UNDECIDED_EXPLAINED = 0.2
#: The longest fight the simulator follows when the file does not say.
MAX_ROUNDS_DEFAULT: int = EncounterFile.model_fields["max_rounds"].default


def undecided_reasons(here: Seat, report: EncounterReport, max_rounds: int) -> list[Text]:
    """Why so many fights end undecided, from what the fights did: those still going after
    `max_rounds`, the fighters no fight ever took out (their opponents' blows do not stop them:
    armour, weapons, a reading that keeps them fighting), the table's reading of when a fighter
    leaves the fight if the game has one, and the fights that left no one standing."""
    if report.undecided + report.draw <= UNDECIDED_EXPLAINED:
        return []
    lang = here.lang
    reasons = []
    if report.undecided:
        share = percent(report.undecided, lang)
        reasons.append(
            Text(
                fr=f"{share} des combats durent encore après {here.system.rounds(max_rounds, 'fr')}"
                " (la limite de la simulation) : aucun camp n'a mis l'autre hors de combat.",
                en=f"{share} of the fights still go on after "
                f"{here.system.rounds(max_rounds, 'en')} (the simulation's limit): neither side "
                "took the other out.",
            )
        )
    never = [p.name for p in report.participants if p.out == 0 and p.dead == 0]
    if never:
        names = ", ".join(never)
        reasons.append(
            Text(
                fr=f"Jamais hors de combat : {names}. Les coups de l'autre camp ne les arrêtent "
                "pas (armure, arme, ou la lecture des règles qui les garde au combat).",
                en=f"Never out of the fight: {names}. The other side's blows do not stop them "
                "(armour, weapons, or the reading of the rules that keeps them fighting).",
            )
        )
    reasons += _out_readings(here)
    if report.draw:
        share = percent(report.draw, lang)
        reasons.append(
            Text(
                fr=f"{share} des combats finissent sans personne debout.",
                en=f"{share} of the fights end with no one standing.",
            )
        )
    return reasons


def _out_readings(here: Seat) -> list[Text]:
    """The table's reading of when a fighter leaves the fight, where the game has one (an
    option named `out_of_fight`: Espace Artémis's A5), with its value at this table."""
    found = []
    for option in here.system.table_options():
        if option.name != "out_of_fight":
            continue
        value = here.state.table.options.get(option.name, option.default)
        chosen = option.choices.get(str(value))
        said = chosen(here.lang) if chosen is not None else str(value)
        label, source = option.label(here.lang), option.source.label(here.lang)
        found.append(
            Text(
                fr=f"Option de la table « {label} » : {said} — {option.help.fr} ({source})",
                en=f"The table's option '{label}': {said} — {option.help.en} ({source})",
            )
        )
    return found


def _chances(
    run: Callable[..., Any], plan: Callable[..., Any], slow: Hashable, pairs: list[Any]
) -> Any:
    """`run(planned attacks, first batch, largest batch, share of the time)` in full (growing
    batches), or, for an encounter one batch of whose cold fights passed the budget by itself,
    the fights small batches, all of one size, run in part of the time, then the planned
    attacks in a job of their own (`plan`): remembered, so its next recomputations do not
    spend the budget to learn it again."""
    if not SLOW_ENCOUNTERS.known(slow):
        try:
            return run(pairs, VICTORY_BATCH, VICTORY_LARGEST)
        except TooCostly:
            SLOW_ENCOUNTERS.get(slow, lambda: True)
    report, _ = run((), SLOW_BATCH, SLOW_BATCH, SLOW_SHARE)
    return report, plan(pairs) if pairs else []
