"""Initiative and turns: rolled by the system (`System.initiative`) or entered by the GM, ties
broken by hand, the start, each next turn, the end."""

from __future__ import annotations

from typing import Any

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.play import tracker
from ecran.play.characters import parse_sheet
from ecran.play.dice_key import derived_seed, table_seed
from ecran.play.encounter.access import open_to_act, participant_of, running, sheet_of
from ecran.play.encounter.round_end import round_end
from ecran.play.encounter.sheet_change import lifted
from ecran.play.encounter.step import drawn_seed, step_event
from ecran.play.encounter.summaries import round_line, tests_said
from ecran.play.events import EventDraft
from ecran.play.model import Member
from ecran.play.payloads import InitiativeRoll, RoundTest
from ecran.play.state import TableState
from ecran.play.tracker import Condition, Participant
from ecran.rules import EcranError, System, Text
from ecran.rules.wording import de


def _roll_one(
    state: TableState, system: System[Any], participant: Participant, roller: Roller
) -> InitiativeRoll:
    sheet = sheet_of(state, participant)
    if sheet is None:
        raise EcranError(
            Text(
                fr=f"{participant.name} n'a pas de feuille : le MJ saisit son initiative",
                en=f"{participant.name} has no sheet: the GM enters their initiative",
            )
        )
    start = len(roller.rolled)
    try:
        result = system.initiative(parse_sheet(system, sheet), roller)
    except EcranError as exc:
        raise EcranError(
            Text(
                fr=f"{exc.text.fr} : le MJ saisit l'initiative {de(participant.name)}",
                en=f"{exc.text.en}: the GM enters {participant.name}'s initiative",
            )
        ) from None
    if result.total is None:
        raise EcranError(Text(fr="initiative sans total", en="an initiative without a total"))
    return InitiativeRoll(
        participant_id=participant.id,
        seed=roller.seed,
        dice=list(roller.rolled[start:]),
        total=result.total,
        outcome=result.outcome,
        details=result.details,
    )


def _own_roller(seed: int | None, encounter_id: str, participant_id: str) -> Roller:
    """Each participant rolls from a seed of its own, so that the seed a player may see (a
    public character's) tells nothing of a secret NPC's dice (see `derived_seed`)."""
    return Roller(derived_seed(seed, encounter_id, participant_id))


def roll_initiative(
    state: TableState,
    system: System[Any],
    actor: Member,
    encounter_id: str,
    participant_ids: list[str] | None = None,
    *,
    seed: int | None = None,
    expected_version: int | None = None,
) -> EventDraft:
    """Roll for the named participants (any failure refuses the step), or by default for everyone
    without an initiative yet (those who cannot roll are left for the GM to enter). The dice are
    the table's, as an attack's: `seed` is the one asked for (a player's is refused, a GM's
    kept), else the table's key draws it; each participant's seed derives from it."""
    enc = running(state, actor, encounter_id, expected_version)
    drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
    seed = drawn.seed
    explicit = participant_ids is not None
    targets = participant_ids or [p for p in enc.order if enc.participants[p].initiative is None]
    rolls: list[InitiativeRoll] = []
    first_error: EcranError | None = None
    for pid in targets:
        try:
            roller = _own_roller(seed, encounter_id, pid)
            rolls.append(_roll_one(state, system, participant_of(enc, pid), roller))
        except EcranError as exc:
            if explicit:
                raise
            first_error = first_error or exc
    if not rolls:
        raise first_error or EcranError(
            Text(fr="personne n'attend d'initiative", en="no one is waiting for an initiative")
        )
    after = enc
    for r in rolls:
        rolled = after.participants[r.participant_id].model_copy(
            update={"initiative": r.total, "initiative_roll": r.model_dump(mode="json")}
        )
        after = tracker.with_participant(after, rolled)
    listing = ", ".join(f"{after.participants[r.participant_id].name} {r.total}" for r in rolls)
    summary = Text(fr=f"Initiative : {listing}", en=f"Initiative: {listing}")
    return step_event(
        actor, enc, after, "initiative", summary, initiative=rolls, **drawn_seed(drawn)
    )


def set_initiative(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str,
    value: int,
    *,
    expected_version: int | None = None,
) -> EventDraft:
    """The GM enters an initiative (a system without an initiative rule, a sheetless NPC...)."""
    enc = running(state, actor, encounter_id, expected_version)
    who = participant_of(enc, participant_id)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EcranError(Text(fr="initiative : nombre entier attendu", en="initiative: an integer"))
    after = tracker.with_participant(
        enc, who.model_copy(update={"initiative": value, "initiative_roll": None})
    )
    summary = Text(
        fr=f"Initiative {de(who.name)} fixée à {value} par le MJ",
        en=f"{who.name}'s initiative set to {value} by the GM",
    )
    return step_event(actor, enc, after, "initiative", summary, participant_id=participant_id)


def reorder(
    state: TableState,
    actor: Member,
    encounter_id: str,
    order: list[str],
    *,
    expected_version: int | None = None,
) -> EventDraft:
    """The GM breaks ties by hand: `order` lists every participant once. Initiative still
    rules: a participant cannot be moved past a different initiative."""
    enc = running(state, actor, encounter_id, expected_version)
    if sorted(order) != sorted(enc.participants):
        raise EcranError(
            Text(
                fr="l'ordre doit citer chaque participant une fois",
                en="the order must name every participant once",
            )
        )
    after = tracker.sort_order(enc.model_copy(update={"order": tuple(order)}))
    summary = Text(fr="Ordre du tour changé par le MJ", en="Turn order changed by the GM")
    return step_event(actor, enc, after, "reorder", summary)


def start(
    state: TableState, actor: Member, encounter_id: str, *, expected_version: int | None = None
) -> EventDraft:
    enc = running(state, actor, encounter_id, expected_version)
    if enc.started:
        raise EcranError(Text(fr="la rencontre a déjà commencé", en="the encounter has started"))
    if not enc.participants:
        raise EcranError(Text(fr="aucun participant", en="no participants"))
    waiting = [p.name for p in enc.participants.values() if p.initiative is None]
    if waiting:
        names = ", ".join(waiting)
        raise EcranError(
            Text(fr=f"initiative manquante : {names}", en=f"missing initiative: {names}")
        )
    after = tracker.start(enc)
    first = after.participants[after.order[0]].name
    word = get_system(state.table.system_id).round_word  # "Tour 1" in Artémis and Organique
    summary = Text(
        fr=f"{word.fr.capitalize()} 1 : {first} agit", en=f"{word.en.capitalize()} 1: {first} acts"
    )
    return step_event(actor, enc, after, "start", summary)


def next_turn(
    state: TableState, actor: Member, encounter_id: str, *, expected_version: int | None = None
) -> EventDraft:
    """The next participant acts. The GM moves the turn on; a player ends their own
    character's turn. A turn that ends the round runs the tests the participants' states call
    for each round (`round_end`: Fluid's haemorrhage, Nephilim's Incapacité and Épuisé), with
    the table's dice, in the same step."""
    enc = open_to_act(state, actor, encounter_id, None, expected_version)
    if not enc.started or enc.current is None:
        raise EcranError(
            Text(fr="la rencontre n'a pas commencé", en="the encounter has not started")
        )
    bearer = enc.participants[enc.current].name
    after, expired = tracker.advance(enc)
    after, characters = lifted(state, after, enc.current, expired)
    system = get_system(state.table.system_id)
    tests: list[RoundTest] = []
    rolled: dict[str, Any] = {}
    if after.round > enc.round:
        after, characters, tests, drawn = round_end(state, system, actor, after, characters)
        rolled = {} if drawn is None else drawn_seed(drawn)
    assert after.current is not None
    acting = after.participants[after.current].name
    word = system.round_word
    fr = f"{word.fr.capitalize()} {after.round} : au tour {de(acting)}"
    en = f"{word.en.capitalize()} {after.round}: {acting}'s turn"
    if expired:
        fr += f" (fin pour {bearer} : {_names(expired, 'fr')})"
        en += f" ({bearer} no longer: {_names(expired, 'en')})"
    if tests:
        fr += round_line(word, enc.round, "fr") + tests_said(after, tests, "fr")
        en += round_line(word, enc.round, "en") + tests_said(after, tests, "en")
    return step_event(
        actor,
        enc,
        after,
        "next_turn",
        Text(fr=fr, en=en),
        participant_id=after.current,
        expired=[c.name for c in expired],
        characters=characters,
        round_tests=tests,
        **rolled,
    )


def _names(conditions: list[Condition], lang: str) -> str:
    """Conditions as a member reads them: a rule's label in their language, else the GM's word."""
    return ", ".join(c.name if c.label is None else c.label(lang) for c in conditions)


def end(
    state: TableState, actor: Member, encounter_id: str, *, expected_version: int | None = None
) -> EventDraft:
    enc = running(state, actor, encounter_id, expected_version)
    after = enc.model_copy(update={"ended": True, "current": None})
    summary = Text(fr=f"Fin de la rencontre « {enc.name} »", en=f"Encounter '{enc.name}' ends")
    return step_event(actor, enc, after, "end", summary)
