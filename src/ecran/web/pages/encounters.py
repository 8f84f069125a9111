"""The encounter tracker: the GM adds characters and NPCs, rolls or sets initiative, starts, moves
turn by turn (rounds, conditions running down), runs attacks (the system's attack rolled, its
damage applied to the target's tracks), applies the system's operations to a participant and
undoes the last steps. Each step is an event: players see the tracker live. On their
character's turn a player gets the cue ("à vous de jouer"), attacks from their own page with
one of the system's attacks (its exact odds shown first) and ends the turn; the result of an
attack shows in the panel of whoever made it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError
from starlette.datastructures import FormData, QueryParams

from ecran.dice import Roller
from ecran.engine.advise import advise
from ecran.engine.budget import Busy, TooCostly, active, within_budget
from ecran.engine.fight.chances import VICTORY_BATCH, planned_attacks, victory
from ecran.play import EventDraft, Member, TableState
from ecran.play import encounter as play_encounter
from ecran.play.characters import parse_sheet
from ecran.play.errors import Forbidden
from ecran.play.fight_file import NPC, PC, fight_file, side_of
from ecran.play.payloads import AttackRoll, EncounterChanged
from ecran.play.rights import is_turn_of
from ecran.play.tracker import Encounter, Participant
from ecran.play.visibility import view_for
from ecran.rules import EcranError, SheetRow, System, Text, from_validation
from ecran.rules.memo import Kept
from ecran.web import commands
from ecran.web.deps import Form, Here, Seat
from ecran.web.errors import is_htmx, refusal
from ecran.web.forms import fields_of, form_values, values_from_form
from ecran.web.pages.common import forced, multi, operation_forms, page
from ecran.web.pages.rolls import form_of, log_context, roll_panel_context
from ecran.web.pages.systems import outcome_rows

router = APIRouter(include_in_schema=False)

#: One step of the tracker: the table's system, the form, the state, the GM, the version seen.
Step = Callable[[System[Any], FormData, TableState, Member, int | None], EventDraft]


def _text(form: FormData, name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


def _int(form: FormData, name: str, *, optional: bool = False) -> int | None:
    raw = _text(form, name).strip()
    if raw == "" and optional:
        return None
    try:
        return int(raw)
    except ValueError:
        raise EcranError(
            Text(fr=f"{name} : nombre entier attendu", en=f"{name}: an integer is expected")
        ) from None


@router.post("/tables/{table_id}/encounters")
def create_encounter(request: Request, here: Here, form: Form) -> Response:
    name = _text(form, "name")
    event = commands.execute(
        request.app, here.access, lambda s, a, _: play_encounter.create(s, a, name)
    )
    encounter_id = str(event.payload["encounter_id"])
    return RedirectResponse(here.url(f"/encounters/{encounter_id}"), status_code=303)


def panel_context(here: Seat, encounter_id: str) -> dict[str, Any]:
    enc: Encounter = here.state.encounter(encounter_id).encounter
    in_it = {p.character_id for p in enc.participants.values() if p.character_id}
    operations = operation_forms(here)
    undo = here.state.encounter(encounter_id).undo
    acting = enc.participants.get(enc.current or "")
    owner = None if acting is None else play_encounter.owner_of(here.state, acting)
    return {
        "my_turn": is_turn_of(here.member, enc, owner),
        "acting_player": None if owner is None else _member_name(here, owner),
        "tracks": {p.id: _tracks(here, p) for p in enc.participants.values()},
        "enc": enc,
        "ordered": [enc.participants[pid] for pid in enc.order],
        "addable": [
            c for c in here.state.characters.values() if not c.deleted and c.id not in in_it
        ],
        "operations": operations,
        "can_undo": bool(undo),
        "undo_summary": undo[-1].summary if undo else None,
        "has_npcs": _has_npcs(here),
        "npc_fields": fields_of(here.system.npc_params),
        "npc_shown": _npc_defaults(here.system),
    }


def _member_name(here: Seat, member_id: str) -> str | None:
    member = here.state.members.get(member_id)
    return None if member is None else member.display_name


def _tracks(here: Seat, who: Participant) -> list[SheetRow]:
    """The participant's tracks (`System.tracks`: what combat changes on the sheet) as this
    member may see them (a secret NPC's sheet never reaches a player: `view_state` removed it)."""
    sheet = who.sheet
    if who.character_id is not None:
        stored = here.state.characters.get(who.character_id)
        sheet = None if stored is None else stored.sheet
    if sheet is None:
        return []
    try:
        return here.system.tracks(parse_sheet(here.system, sheet))
    except EcranError:
        return []


def _npc_defaults(system: System[Any]) -> dict[str, str]:
    """The NPC choices' defaults, shown in the form (an empty number would be refused)."""
    defaults = system.npc_params().model_dump(mode="json")
    return {
        k: str(v).lower() if isinstance(v, bool) else str(v)
        for k, v in defaults.items()
        if v is not None
    }


def _has_npcs(here: Seat) -> bool:
    try:
        here.system.random_npc(Roller(1))
    except EcranError:
        return False
    return True


@router.get("/tables/{table_id}/encounters/{encounter_id}")
def encounter_page(request: Request, here: Here, encounter_id: str) -> Response:
    context = {**panel_context(here, encounter_id), **log_context(here, None)}
    context["choice"] = _choice(request)
    return page(request, here, "table/encounter.html", context)


@router.get("/tables/{table_id}/encounters/{encounter_id}/panel")
def encounter_panel(request: Request, here: Here, encounter_id: str) -> Response:
    """The tracker alone: the live client reloads it when an encounter event arrives."""
    context = {**panel_context(here, encounter_id), "choice": _choice(request)}
    return page(request, here, "table/_encounter.html", context)


def _choice(request: Request) -> dict[str, str]:
    """The GM's attack choice (attacker, target, attack) survives a live refresh of the panel."""
    q = request.query_params
    return {k: q[k] for k in ("a_attacker", "a_target", "a_pick") if q.get(k)}


def _add(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    eid = _text(form, "encounter")
    character = _text(form, "character_id")
    initiative = _int(form, "initiative", optional=True)
    if character:
        return play_encounter.add_participant(
            s,
            system,
            a,
            eid,
            character_id=character,
            initiative=initiative,
            expected_version=v,
        )
    random = _text(form, "random") == "true"
    name = _text(form, "name").strip() or None
    return play_encounter.add_participant(
        s,
        system,
        a,
        eid,
        name=name,
        random_npc=random,  # drawn with the table's dice (its key)
        npc_choices=_npc_choices(system, form) if random else None,
        secret=_text(form, "secret") == "true",
        initiative=initiative,
        expected_version=v,
    )


#: The add-NPC form's inputs for `System.npc_params` carry this prefix (a choice named like
#: another input of the form, `name`, stays apart).
NPC_PREFIX = "npc_"


def _npc_choices(system: System[Any], form: FormData) -> dict[str, Any]:
    """The random NPC's choices (`System.npc_params`: a level, a role…) as the model reads them;
    a bad one is the model's one-line refusal."""
    given = {
        k.removeprefix(NPC_PREFIX): v for k, v in multi(form).items() if k.startswith(NPC_PREFIX)
    }
    try:
        chosen = system.npc_params.model_validate(
            values_from_form(fields_of(system.npc_params), given)
        )
    except ValidationError as exc:
        raise from_validation(exc, system.npc_params) from None
    return dict(chosen)


def _operation(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    name = _text(form, "operation")
    op = system.operation(name)
    values = {
        **values_from_form(fields_of(op.params), multi(form), strict=True),
        **forced(s.table.options, op.params),
    }
    return play_encounter.apply_operation(
        s,
        system,
        a,
        _text(form, "encounter"),
        _text(form, "participant"),
        name,
        values,
        expected_version=v,
    )


def _initiative(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    eid = _text(form, "encounter")
    who = _text(form, "participant")
    value = _int(form, "value", optional=True)
    if who and value is not None:
        return play_encounter.set_initiative(s, a, eid, who, value, expected_version=v)
    targets = [who] if who else None
    return play_encounter.roll_initiative(s, system, a, eid, targets, expected_version=v)


def _condition(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    eid, who, name = _text(form, "encounter"), _text(form, "participant"), _text(form, "name")
    if _text(form, "remove") == "true":
        return play_encounter.remove_condition(s, a, eid, who, name, expected_version=v)
    rounds = _int(form, "rounds", optional=True)
    return play_encounter.add_condition(s, a, eid, who, name, rounds, expected_version=v)


def _attack(
    system: System[Any], form: FormData, s: TableState, a: Member, v: int | None
) -> EventDraft:
    eid, attacker, target = (
        _text(form, "encounter"),
        _text(form, "a_attacker"),
        _text(form, "a_target"),
    )
    if not a.is_gm:  # a player's attack is one of the system's, as offered: its number
        pick = _int(form, "a_pick", optional=True)
        return play_encounter.attack(
            s, system, a, eid, attacker, target, "", {}, expected_version=v, option=pick or 0
        )
    check = system.check(_text(form, "check"))
    values = values_from_form(fields_of(check.params), multi(form))
    label = None
    if _text(form, "label_fr") or _text(form, "label_en"):
        label = Text(fr=_text(form, "label_fr"), en=_text(form, "label_en"))
    return play_encounter.attack(
        s,
        system,
        a,
        eid,
        attacker,
        target,
        check.name,
        values,
        expected_version=v,
        label=label,
    )


STEPS: dict[str, Step] = {
    "add": _add,
    "remove": lambda h, f, s, a, v: play_encounter.remove_participant(
        s, a, _text(f, "encounter"), _text(f, "participant"), expected_version=v
    ),
    "initiative": _initiative,
    "start": lambda h, f, s, a, v: play_encounter.start(
        s, a, _text(f, "encounter"), expected_version=v
    ),
    "next": lambda h, f, s, a, v: play_encounter.next_turn(
        s, a, _text(f, "encounter"), expected_version=v
    ),
    "condition": _condition,
    "operation": _operation,
    "attack": _attack,
    "undo": lambda h, f, s, a, v: play_encounter.undo(
        s, a, _text(f, "encounter"), expected_version=v
    ),
    "end": lambda h, f, s, a, v: play_encounter.end(
        s, a, _text(f, "encounter"), expected_version=v
    ),
}


@router.post("/tables/{table_id}/encounters/{encounter_id}/step")
def encounter_step(request: Request, here: Here, form: Form, encounter_id: str) -> Response:
    """One step of the tracker (the form's `step` says which), checked against the version the
    GM was looking at: a step made from a stale view is refused, never applied twice."""
    try:
        step = STEPS.get(_text(form, "step"))
        if step is None:
            raise EcranError(Text(fr="étape inconnue", en="unknown step"))
        version = _int(form, "version", optional=True)
        patched = _with_encounter(form, encounter_id)
        event = commands.execute(
            request.app, here.access, lambda s, a, system: step(system, patched, s, a, version)
        )
    except EcranError as exc:
        return _refused(request, here, encounter_id, exc)
    here = here.refresh()
    if is_htmx(request):
        context = panel_context(here, encounter_id)
        change = EncounterChanged.model_validate(view_for(event, here.member).payload)
        if change.attack is not None:
            context["result"] = attack_result(here, change.encounter, change.attack)
        return page(request, here, "table/_encounter.html", context)
    return RedirectResponse(here.url(f"/encounters/{encounter_id}"), status_code=303)


def attack_result(here: Seat, enc: Encounter, made: AttackRoll) -> dict[str, Any]:
    """An attack's result as its author reads it in the panel: the outcome, the dice and total
    (unless a secret side's redaction took them), and what it did to each side this member may
    see (a secret participant's share stays with the GM: the tracker shows its conditions)."""
    check = here.system.check(made.record.check)
    names = {pid: p.name for pid, p in enc.participants.items()}
    hidden = {pid for pid, p in enc.participants.items() if p.secret and not here.member.is_gm}
    return {
        "attacker": names.get(made.attacker_id, "?"),
        "target": names.get(made.target_id, "?"),
        "label": made.label or check.title,
        "outcome": made.record.outcome,
        "outcome_label": check.outcome(made.record.outcome).label,
        "total": made.record.total,
        "dice": made.record.dice,
        "effects": [
            (names.get(c.participant_id, "?"), c.roll.summary)
            for c in made.consequences
            if c.participant_id not in hidden
        ],
        "no_damage": made.no_damage,
    }


def _with_encounter(form: FormData, encounter_id: str) -> FormData:
    items = [(k, v) for k, v in form.multi_items() if k != "encounter"]
    return FormData([*items, ("encounter", encounter_id)])


def _refused(request: Request, here: Seat, encounter_id: str, error: EcranError) -> Response:
    """A refused step: the tracker as it stands, the reason on top (nothing changed)."""
    if not is_htmx(request):
        return refusal(request, error)
    try:
        here = here.refresh()
        context = panel_context(here, encounter_id)
    except EcranError:
        return refusal(request, error)
    context["step_error"] = error.message(here.lang).splitlines()[0]
    return page(request, here, "table/_encounter.html", context, status=422)


# -- the attack panel: target, the system's attacks with their odds, the check's form ---------

#: Times the panel asks again, a second apart, for odds a busy work budget put off.
ODDS_RETRIES = 5


@router.get("/tables/{table_id}/encounters/{encounter_id}/attack-panel")
def attack_panel(request: Request, here: Here, encounter_id: str) -> Response:
    """The GM's attack panel for `attacker` (default: whose turn it is) on `target`: the
    system's attacks between their sheets with exact odds; `pick` chooses one, `check` asks for
    any check of the system instead (a system offering no attack, a sheetless participant)."""
    context = attack_context(here, encounter_id, request.query_params)
    return page(request, here, "table/_attack_panel.html", context)


def attack_context(here: Seat, encounter_id: str, query: QueryParams) -> dict[str, Any]:
    enc = here.state.encounter(encounter_id).encounter
    attacker = query.get("a_attacker") or enc.current or ""
    if not here.member.is_gm:  # a player attacks with the active character only (theirs)
        attacker = enc.current or ""
    targets = [enc.participants[p] for p in enc.order if p != attacker]
    target = query.get("a_target") or (targets[0].id if targets else "")
    note = None
    # the whole table: the options read both sheets (a player's lose a secret side's numbers)
    whole = here.state if here.member.is_gm else here.store.state(here.table_id)
    try:
        options = play_encounter.attack_options(
            whole, here.system, here.member, encounter_id, attacker, target
        )
    except Forbidden:
        raise
    except EcranError as exc:  # a sheetless participant: the GM picks any check
        options, note = [], exc.message(here.lang).splitlines()[0]
    pick = _pick(query.get("a_pick"), len(options))
    waiting = not query.get("check") and any(o.odds_waiting for o in options)
    base = {
        "retry": _next_retry(query.get("a_retry")) if waiting else None,
        "enc": enc,
        "attacker": enc.participants.get(attacker),
        "target": enc.participants.get(target),
        "options": options,
        "pick": pick,
        "note": note,
    }
    if not here.member.is_gm:
        return {**base, **_offered_odds(here, options[pick] if options else None)}
    asked = query.get("check")
    chosen = options[pick] if options and not asked else None
    if chosen is not None:
        form = form_of(here, chosen.check, None, QueryParams(form_values(chosen.params)))
    else:
        form = form_of(here, asked or None, None, query)
    return {**roll_panel_context(here, form), **base, "chosen": chosen}


def _offered_odds(here: Seat, chosen: play_encounter.AttackOption | None) -> dict[str, Any]:
    """A player's chosen attack: its odds as the system offers it (no parameter to change)."""
    context: dict[str, Any] = {"chosen": chosen, "report": None, "odds_error": None}
    if chosen is None:
        return context
    check = here.system.check(chosen.check)
    context["check"] = check
    if chosen.odds is not None:
        context["report"] = chosen.odds
        context["rows"] = outcome_rows(check, chosen.odds)
    elif chosen.odds_error is not None:
        context["odds_error"] = chosen.odds_error(here.lang)
    return context


def _pick(raw: str | None, count: int) -> int:
    """An index below `count` from the query (0 when absent or not a number)."""
    try:
        return min(max(int(raw or 0), 0), max(count - 1, 0))
    except ValueError:
        return 0


def _next_retry(raw: str | None) -> int | None:
    """The number of the next try of a fragment a busy work budget put off (`raw`: this one's,
    from the query), or None once ODDS_RETRIES were made: the fragment then stops asking."""
    done = _pick(raw, ODDS_RETRIES + 1)
    return done + 1 if done < ODDS_RETRIES else None


# -- the GM's "chances de victoire" -------------------------------------------------------------

#: Fights simulated for the GM's chances of victory, and the time they may take (the fragment
#: reports how many ran).
VICTORY_TRIALS = 2_000
#: The batches of an encounter whose first batch alone passed the budget (Fluid, four against
#: four, cold: ten fights took 0.3-0.6 CPU-second here), and the share of the time they start
#: in: the batch running when that time is up still ends within the budget.
SLOW_BATCH = 5
SLOW_SHARE = 0.5
#: A recomputation that ran out of time with a margin wider than this asks again a second
#: later (the tables it filled make the next one run more fights), VICTORY_REFINES times at
#: most, while the encounter stays where it is. Ten points: a slow game's few fights (Fluid,
#: four against four), not a quick game's figures a busy server cut at a few hundred fights
#: (each look is a job of the work budget's full lane, shared by every table).
VICTORY_REFINE_MARGIN = 0.10
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
    context = victory_context(here, encounter_id, _pick(refine, VICTORY_REFINES + 1))
    return page(request, here, "table/_victory.html", context)


def victory_context(here: Seat, encounter_id: str, refined: int = 0) -> dict[str, Any]:
    """The fragment's figures; `refined`: how many times it asked again already."""
    enc = here.state.encounter(encounter_id).encounter
    found = fight_file(here.system.id, enc, here.state.characters)
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

    def run(planning: Sequence[tuple[str, str]], batch: int, share: float = 1.0) -> Any:
        args = (data, VICTORY_TRIALS, seed, seconds * share, planning, here.lang, here.system)
        return within_budget(victory, *args, batch)

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
    short = report.trials < VICTORY_TRIALS and report.margin > VICTORY_REFINE_MARGIN
    refine = refined + 1 if short and refined < VICTORY_REFINES else None
    return {**context, "report": report, "acting": acting, "planned": planned, "refine": refine}


def _chances(
    run: Callable[..., Any], plan: Callable[..., Any], slow: Hashable, pairs: list[Any]
) -> Any:
    """`run(planned attacks, batch, share of the time)` in full, or, for an encounter one batch
    of whose cold fights passed the budget by itself (Fluid, four against four), the fights
    small batches run in part of the time, then the planned attacks in a job of their own
    (`plan`): remembered, so its next recomputations do not spend the budget to learn it
    again."""
    if not SLOW_ENCOUNTERS.known(slow):
        try:
            return run(pairs, VICTORY_BATCH)
        except TooCostly:
            SLOW_ENCOUNTERS.get(slow, lambda: True)
    report, _ = run((), SLOW_BATCH, SLOW_SHARE)
    return report, plan(pairs) if pairs else []


# -- advice in the roll panel -------------------------------------------------------------------

#: The choices the roll panel's advice lists besides the plain roll.
ADVICE_SHOWN = 4


@router.get("/tables/{table_id}/advice")
def roll_advice(request: Request, here: Here) -> Response:
    """The roll panel's advice ("conseil"): the choices the rules give for the check about to
    be rolled, each against the plain roll, best first (`engine.advise`). Nothing where the
    check offers no choice or its parameters are not complete yet."""
    q = request.query_params
    form = form_of(here, q.get("check"), None, q)
    context: dict[str, Any] = {"advice": None, "plain": None, "others": []}
    try:
        report = advise(here.system.id, form.check.name, form.values, lang=here.lang)
    except Busy:
        context["retry"] = _next_retry(q.get("advice_retry"))
        return page(request, here, "table/_advice.html", context)
    except EcranError:
        return page(request, here, "table/_advice.html", context)
    plain = next((c for c in report.choices if c.plain), None)
    others = [c for c in report.choices if not c.plain][:ADVICE_SHOWN]
    context.update(advice=report, plain=plain, others=others)
    return page(request, here, "table/_advice.html", context)
