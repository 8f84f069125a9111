"""Encounter commands: the GM drives, each step is one event carrying the encounter after it.
On their character's turn a player acts for it (attacks, ends the turn); the GM acts for anyone
(`rights.require_turn`), and the event credits whoever acted.

Initiative comes from `System.initiative(sheet, dice)`; where the system defines none (or the
participant has no sheet) the GM enters the value. Operations are the system's own (damage,
wounds...), applied to a character's sheet (a new version of the character) or to an NPC's sheet
kept in the encounter. The last steps can be undone, each undo being an event too.
"""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.budget import Busy
from ecran.engine.records import OddsReport, RollRecord, odds_report
from ecran.engine.records import roll_record as roll_check
from ecran.play import npcs, tracker
from ecran.play.characters import parse_sheet, run_operation
from ecran.play.dice_key import SeedChoice, derived_seed, table_seed
from ecran.play.errors import Conflict, forbidden, not_found
from ecran.play.events import EventDraft
from ecran.play.model import Member, Record, StoredCharacter, new_id
from ecran.play.payloads import (
    AttackRoll,
    ConditionPut,
    ConsequenceRoll,
    EncounterChanged,
    EncounterStep,
    InitiativeRoll,
    OperationRoll,
)
from ecran.play.rights import plays, require_gm, require_turn
from ecran.play.rolls import with_table_options
from ecran.play.state import TableState
from ecran.play.table import clean_name
from ecran.play.tracker import Condition, Encounter, Participant
from ecran.rules import CharacterSheet, Consequence, EcranError, Resolution, System, Text
from ecran.rules.text import DEFAULT_LANG
from ecran.rules.wording import de

NAME_MAX = 60
ROUNDS_MAX = 1000


def _open(
    state: TableState, actor: Member, encounter_id: str, expected_version: int | None
) -> Encounter:
    require_gm(actor, Text(fr="mener la rencontre", en="run the encounter"))
    return _read(state, encounter_id, expected_version)


def _read(state: TableState, encounter_id: str, expected_version: int | None) -> Encounter:
    """The encounter, unless the caller started from an older version of it."""
    enc = state.encounter(encounter_id).encounter
    if expected_version is not None and expected_version != enc.version:
        raise Conflict(
            Text(
                fr=f"la rencontre a changé entre-temps (version {enc.version}, "
                f"vous partiez de la {expected_version})",
                en=f"the encounter changed meanwhile (version {enc.version}, "
                f"you started from {expected_version})",
            ),
            current_version=enc.version,
            attempted_version=expected_version,
            current=enc.model_dump(mode="json"),
            attempted={},
        )
    return enc


def _running(
    state: TableState, actor: Member, encounter_id: str, expected_version: int | None
) -> Encounter:
    enc = _open(state, actor, encounter_id, expected_version)
    return _not_over(enc)


def _not_over(enc: Encounter) -> Encounter:
    if enc.ended:
        raise EcranError(Text(fr="la rencontre est terminée", en="the encounter is over"))
    return enc


def _acting(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str | None,
    expected_version: int | None,
) -> Encounter:
    """The encounter, when `actor` may act for `participant_id` (None: the active one): the GM
    for anyone, a player for their own character on its turn."""
    enc = _read(state, encounter_id, expected_version)
    if actor.is_gm:
        return _not_over(enc)
    pid = participant_id if participant_id is not None else enc.current
    if pid is None or (participant_id is None and enc.participants[pid].character_id is None):
        # before the start, or on an NPC's turn: the GM runs the encounter
        raise forbidden("réservé au MJ : mener la rencontre", "only the GM may run the encounter")
    who = _participant(enc, pid)
    if participant_id is None and not plays(actor, who, owner_of(state, who)):
        raise forbidden(
            f"ce n'est pas votre tour (au tour {de(who.name)})",
            f"it is not your turn ({who.name}'s turn)",
        )
    require_turn(actor, enc, who, owner_of(state, who))
    return enc


def owner_of(state: TableState, participant: Participant) -> str | None:
    """The member who plays `participant` (None: an NPC of the encounter, or a character the
    viewer's state does not hold)."""
    if participant.character_id is None:
        return None
    character = state.characters.get(participant.character_id)
    return None if character is None else character.owner_id


def _participant(enc: Encounter, pid: str) -> Participant:
    if pid not in enc.participants:
        raise not_found(Text(fr="participant", en="participant"), pid)
    return enc.participants[pid]


def _step(
    actor: Member,
    before: Encounter,
    after: Encounter,
    step: EncounterStep,
    summary: Text,
    **extra: Any,
) -> EventDraft:
    after = after.model_copy(update={"version": before.version + 1})
    payload = EncounterChanged(
        encounter_id=after.id, step=step, summary=summary, encounter=after, **extra
    )
    return EventDraft(kind="encounter", actor_id=actor.id, payload=payload.model_dump(mode="json"))


def create(state: TableState, actor: Member, name: str) -> EventDraft:
    require_gm(actor, Text(fr="créer une rencontre", en="create an encounter"))
    clean = clean_name(name, NAME_MAX, Text(fr="nom de la rencontre", en="encounter name"))
    enc = Encounter(id=new_id(), name=clean)
    summary = Text(fr=f"Rencontre « {clean} » créée", en=f"Encounter '{clean}' created")
    return _step(actor, enc, enc, "create", summary)


def add_participant(
    state: TableState,
    system: System[Any],
    actor: Member,
    encounter_id: str,
    *,
    character_id: str | None = None,
    name: str | None = None,
    sheet: dict[str, Any] | None = None,
    secret: bool = True,
    initiative: int | None = None,
    expected_version: int | None = None,
    random_npc: bool = False,
    npc_choices: dict[str, Any] | None = None,
    lang: str = DEFAULT_LANG,
    seed: int | None = None,
) -> EventDraft:
    """A stored character (`character_id`) or an NPC (a name and/or a sheet, secret by default).
    `random_npc`: the NPC's sheet is drawn (`npc_choices`, words in `lang`) with the table's
    dice, as a roll's: the seed is the table's (`play.dice_key.table_seed`; the GM's own is
    kept and flagged), recorded with what regenerates the NPC (`npcs.NpcDrawn`)."""
    enc = _running(state, actor, encounter_id, expected_version)
    extra: dict[str, Any] = {}
    if random_npc and character_id is None:
        drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
        sheet, npc = npcs.draw(system, drawn.seed, npc_choices, lang)
        extra = {**_drawn(drawn.model_copy(update={"seed": npc.seed})), "npc": npc}
    if character_id is not None:
        character = state.character(character_id)
        if any(p.character_id == character_id for p in enc.participants.values()):
            raise EcranError(
                Text(
                    fr=f"« {character.name} » est déjà dans la rencontre",
                    en=f"'{character.name}' is already in the encounter",
                )
            )
        joining = Participant(
            id="", name=character.name, character_id=character.id, secret=character.secret
        )
    else:
        npc_sheet = None if sheet is None else parse_sheet(system, sheet).model_dump(mode="json")
        label = name if name is not None else (npc_sheet or {}).get("name", "")
        clean = clean_name(label, NAME_MAX, Text(fr="nom du participant", en="participant name"))
        joining = Participant(id="", name=clean, sheet=npc_sheet, secret=secret)
    joining = joining.model_copy(update={"initiative": initiative})
    after = tracker.add(enc, joining)
    summary = Text(fr=f"{joining.name} entre dans la rencontre", en=f"{joining.name} joins")
    return _step(actor, enc, after, "add", summary, participant_id=_newest(after), **extra)


def _newest(enc: Encounter) -> str:
    return f"p{enc.next_number - 1}"


def remove_participant(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str,
    *,
    expected_version: int | None = None,
) -> EventDraft:
    enc = _running(state, actor, encounter_id, expected_version)
    leaving = _participant(enc, participant_id)
    after = tracker.remove(enc, participant_id)
    summary = Text(fr=f"{leaving.name} quitte la rencontre", en=f"{leaving.name} leaves")
    return _step(actor, enc, after, "remove", summary, participant_id=participant_id)


def _sheet_of(state: TableState, participant: Participant) -> dict[str, Any] | None:
    if participant.character_id is not None:
        return state.character(participant.character_id).sheet
    return participant.sheet


def _roll_one(
    state: TableState, system: System[Any], participant: Participant, roller: Roller
) -> InitiativeRoll:
    sheet = _sheet_of(state, participant)
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
    enc = _running(state, actor, encounter_id, expected_version)
    drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
    seed = drawn.seed
    explicit = participant_ids is not None
    targets = participant_ids or [p for p in enc.order if enc.participants[p].initiative is None]
    rolls: list[InitiativeRoll] = []
    first_error: EcranError | None = None
    for pid in targets:
        try:
            roller = _own_roller(seed, encounter_id, pid)
            rolls.append(_roll_one(state, system, _participant(enc, pid), roller))
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
    return _step(actor, enc, after, "initiative", summary, initiative=rolls, **_drawn(drawn))


def _drawn(drawn: SeedChoice) -> dict[str, Any]:
    """What a step that rolls the table's dice records of its seed (`EncounterChanged.seed`)."""
    return {"seed": drawn.seed, "commitment": drawn.commitment, "gm_seed": drawn.gm_seed}


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
    enc = _running(state, actor, encounter_id, expected_version)
    who = _participant(enc, participant_id)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EcranError(Text(fr="initiative : nombre entier attendu", en="initiative: an integer"))
    after = tracker.with_participant(
        enc, who.model_copy(update={"initiative": value, "initiative_roll": None})
    )
    summary = Text(
        fr=f"Initiative {de(who.name)} fixée à {value} par le MJ",
        en=f"{who.name}'s initiative set to {value} by the GM",
    )
    return _step(actor, enc, after, "initiative", summary, participant_id=participant_id)


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
    enc = _running(state, actor, encounter_id, expected_version)
    if sorted(order) != sorted(enc.participants):
        raise EcranError(
            Text(
                fr="l'ordre doit citer chaque participant une fois",
                en="the order must name every participant once",
            )
        )
    after = tracker.sort_order(enc.model_copy(update={"order": tuple(order)}))
    summary = Text(fr="Ordre du tour changé par le MJ", en="Turn order changed by the GM")
    return _step(actor, enc, after, "reorder", summary)


def start(
    state: TableState, actor: Member, encounter_id: str, *, expected_version: int | None = None
) -> EventDraft:
    enc = _running(state, actor, encounter_id, expected_version)
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
    summary = Text(fr=f"Round 1 : {first} agit", en=f"Round 1: {first} acts")
    return _step(actor, enc, after, "start", summary)


def next_turn(
    state: TableState, actor: Member, encounter_id: str, *, expected_version: int | None = None
) -> EventDraft:
    """The next participant acts. The GM moves the turn on; a player ends their own
    character's turn."""
    enc = _acting(state, actor, encounter_id, None, expected_version)
    if not enc.started or enc.current is None:
        raise EcranError(
            Text(fr="la rencontre n'a pas commencé", en="the encounter has not started")
        )
    bearer = enc.participants[enc.current].name
    after, expired = tracker.advance(enc)
    assert after.current is not None
    acting = after.participants[after.current].name
    fr = f"Round {after.round} : au tour {de(acting)}"
    en = f"Round {after.round}: {acting}'s turn"
    if expired:
        fr += f" (fin pour {bearer} : {_names(expired, 'fr')})"
        en += f" ({bearer} no longer: {_names(expired, 'en')})"
    return _step(
        actor,
        enc,
        after,
        "next_turn",
        Text(fr=fr, en=en),
        participant_id=after.current,
        expired=[c.name for c in expired],
    )


def _names(conditions: list[Condition], lang: str) -> str:
    """Conditions as a member reads them: a rule's label in their language, else the GM's word."""
    return ", ".join(c.name if c.label is None else c.label(lang) for c in conditions)


def add_condition(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str,
    name: str,
    rounds: int | None = None,
    *,
    expected_version: int | None = None,
) -> EventDraft:
    """Put a condition on a participant, for `rounds` of its turns (None: until removed)."""
    enc = _running(state, actor, encounter_id, expected_version)
    who = _participant(enc, participant_id)
    clean = clean_name(name, NAME_MAX, Text(fr="nom de l'état", en="condition name"))
    if rounds is not None and not 1 <= rounds <= ROUNDS_MAX:
        raise EcranError(
            Text(
                fr=f"durée : entre 1 et {ROUNDS_MAX} rounds",
                en=f"duration: between 1 and {ROUNDS_MAX} rounds",
            )
        )
    after = tracker.put_condition(enc, participant_id, clean, rounds)
    span = "" if rounds is None else f" ({rounds} rounds)"
    summary = Text(fr=f"{who.name} : {clean}{span}", en=f"{who.name}: {clean}{span}")
    return _step(actor, enc, after, "condition", summary, participant_id=participant_id)


def remove_condition(
    state: TableState,
    actor: Member,
    encounter_id: str,
    participant_id: str,
    name: str,
    *,
    expected_version: int | None = None,
) -> EventDraft:
    enc = _running(state, actor, encounter_id, expected_version)
    who = _participant(enc, participant_id)
    if all(c.name != name for c in who.conditions):
        raise not_found(Text(fr="état", en="condition"), name)
    after = tracker.drop_condition(enc, participant_id, name)
    summary = Text(fr=f"{who.name} : fin {de(name)}", en=f"{who.name}: {name} ends")
    return _step(actor, enc, after, "condition", summary, participant_id=participant_id)


def apply_operation(
    state: TableState,
    system: System[Any],
    actor: Member,
    encounter_id: str,
    participant_id: str,
    operation: str,
    params: dict[str, Any],
    *,
    seed: int | None = None,
    expected_version: int | None = None,
) -> EventDraft:
    """A system operation on a participant's sheet: a character gets a new version, an NPC's
    sheet changes inside the encounter. The GM on anyone; a player on their own character, on
    its turn (`rights.require_turn`). The dice are the table's, as a roll's: `seed` is the one
    asked for (a player's is refused, a GM's kept), else the table's key draws it
    (`play.dice_key.table_seed`); the operation rolls from that seed."""
    enc = _acting(state, actor, encounter_id, participant_id, expected_version)
    who = _participant(enc, participant_id)
    sheet = _sheet_of(state, who)
    if sheet is None:
        raise EcranError(Text(fr=f"{who.name} n'a pas de feuille", en=f"{who.name} has no sheet"))
    drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
    changed, record = run_operation(system, sheet, operation, params, drawn.seed)
    after, characters = _changed_sheet(state, enc, who, changed)
    after = _put_on(after, who.id, record.conditions)
    summary = Text(
        fr=f"{who.name} : {record.summary.fr}{_conditions_said(record, 'fr')}",
        en=f"{who.name}: {record.summary.en}{_conditions_said(record, 'en')}",
    )
    return _step(
        actor,
        enc,
        after,
        "operation",
        summary,
        characters=characters,
        operation=record,
        participant_id=participant_id,
        **_drawn(drawn),
    )


def _changed_sheet(
    state: TableState, enc: Encounter, who: Participant, changed: dict[str, Any]
) -> tuple[Encounter, list[StoredCharacter]]:
    """A participant's new sheet: a new version of a character, or the NPC's in the encounter."""
    if who.character_id is not None:
        current = state.character(who.character_id)
        return enc, [current.model_copy(update={"sheet": changed, "version": current.version + 1})]
    return tracker.with_participant(enc, who.model_copy(update={"sheet": changed})), []


def _put_on(enc: Encounter, pid: str, conditions: list[ConditionPut]) -> Encounter:
    """The conditions an operation put on its bearer, as tracker conditions (keyed by their
    French label, shown in each member's language). A duration below one round puts nothing on;
    one beyond the tracker's bound lasts that bound."""
    for put in conditions:
        if put.rounds is not None and put.rounds < 1:
            continue
        rounds = None if put.rounds is None else min(put.rounds, ROUNDS_MAX)
        enc = tracker.put_condition(enc, pid, put.label.fr[:NAME_MAX], rounds, put.label)
    return enc


def _conditions_said(record: OperationRoll, lang: str) -> str:
    """` [Stunned (1 round)]`: what the operation put on, for the step's summary."""
    said = []
    for put in record.conditions:
        if put.rounds is None:
            said.append(put.label(lang))
        elif put.rounds >= 1:
            said.append(f"{put.label(lang)} ({put.rounds} round{'s' if put.rounds > 1 else ''})")
    return f" [{', '.join(said)}]" if said else ""


def end(
    state: TableState, actor: Member, encounter_id: str, *, expected_version: int | None = None
) -> EventDraft:
    enc = _running(state, actor, encounter_id, expected_version)
    after = enc.model_copy(update={"ended": True, "current": None})
    summary = Text(fr=f"Fin de la rencontre « {enc.name} »", en=f"Encounter '{enc.name}' ends")
    return _step(actor, enc, after, "end", summary)


def undo(
    state: TableState, actor: Member, encounter_id: str, *, expected_version: int | None = None
) -> EventDraft:
    """Undo the last step not yet undone. Characters it changed go back to their sheet before it,
    as a new version, unless someone saved them since (then: Conflict, nothing changes)."""
    enc = _open(state, actor, encounter_id, expected_version)
    stack = state.encounter(encounter_id).undo
    if not stack:
        raise EcranError(Text(fr="rien à annuler", en="nothing to undo"))
    last = stack[-1]
    restored: list[StoredCharacter] = []
    for before in last.characters:
        current = state.characters[before.id]
        if current.version != last.after_versions[before.id]:
            raise Conflict(
                Text(
                    fr=f"« {current.name} » a changé depuis : annulation impossible",
                    en=f"'{current.name}' changed since: cannot undo",
                ),
                current_version=current.version,
                attempted_version=last.after_versions[before.id],
                current=current.sheet,
                attempted=before.sheet,
            )
        restored.append(before.model_copy(update={"version": current.version + 1}))
    summary = Text(fr=f"Annulé : {last.summary.fr}", en=f"Undone: {last.summary.en}")
    return _step(actor, enc, last.encounter, "undo", summary, characters=restored, undoes=last.seq)


# -- the attack chain: attack -> defence -> damage -> tracks ---------------------------------


class AttackOption(Record):
    """One of `System.attacks(attacker, defender)` as the tracker offers it: the check with the
    table's options in force, and its exact odds (or why they could not be computed)."""

    label: Text
    group: Text | None = None
    check: str
    params: dict[str, Any]
    odds: OddsReport | None = None
    odds_error: Text | None = None
    #: The odds wait for a busy work budget (`Busy`): asking again in a moment answers them.
    odds_waiting: bool = False


def _fighters(
    state: TableState, enc: Encounter, attacker_pid: str, target_pid: str
) -> tuple[Participant, Participant]:
    attacker, target = _participant(enc, attacker_pid), _participant(enc, target_pid)
    if attacker.id == target.id:
        raise EcranError(
            Text(
                fr="un participant ne s'attaque pas lui-même",
                en="a participant cannot attack itself",
            )
        )
    return attacker, target


def _sheet_needed(state: TableState, system: System[Any], who: Participant) -> CharacterSheet:
    sheet = _sheet_of(state, who)
    if sheet is None:
        raise EcranError(Text(fr=f"{who.name} n'a pas de feuille", en=f"{who.name} has no sheet"))
    return parse_sheet(system, sheet)


def attack_options(
    state: TableState,
    system: System[Any],
    actor: Member,
    encounter_id: str,
    attacker_pid: str,
    target_pid: str,
) -> list[AttackOption]:
    """The attacks `attacker_pid` can make on `target_pid`, prefilled by the system from both
    sheets, each with its exact odds at this table. `state` is the whole table (the odds read
    both sheets, a secret NPC's included): the GM sees every option's parameters and odds; a
    player, on their character's turn, sees them unless either side is secret, where they get
    the labels only (the parameters and odds hold the secret sheet's values)."""
    enc = _acting(state, actor, encounter_id, attacker_pid, None)
    attacker, target = _fighters(state, enc, attacker_pid, target_pid)
    offered = system.attacks(
        _sheet_needed(state, system, attacker), _sheet_needed(state, system, target)
    )
    options = [_with_odds(state, a.label, a.group, a.check, a.params) for a in offered]
    if actor.is_gm or not (attacker.secret or target.secret):
        return options
    secret = target if target.secret else attacker
    why = Text(
        fr=f"chances connues du MJ seul (la fiche {de(secret.name)} est secrète)",
        en=f"odds known to the GM only ({secret.name}'s sheet is secret)",
    )
    return [o.model_copy(update={"params": {}, "odds": None, "odds_error": why}) for o in options]


def _with_odds(
    state: TableState, label: Text, group: Text | None, check: str, params: dict[str, Any]
) -> AttackOption:
    forced = with_table_options(state, check, params)
    option = AttackOption(label=label, group=group, check=check, params=forced)
    try:
        report = odds_report(state.table.system_id, check, forced)
    except EcranError as exc:
        waiting = isinstance(exc, Busy)
        return option.model_copy(update={"odds_error": exc.text, "odds_waiting": waiting})
    return option.model_copy(update={"odds": report, "params": report.params})


def attack(
    state: TableState,
    system: System[Any],
    actor: Member,
    encounter_id: str,
    attacker_pid: str,
    target_pid: str,
    check: str,
    params: dict[str, Any],
    *,
    seed: int | None = None,
    expected_version: int | None = None,
    label: Text | None = None,
    option: int | None = None,
) -> EventDraft:
    """Roll an attack and apply everything the system says its result does to either side
    (`System.consequences`: the target's damage, what strikes back at the attacker, what the
    attack costs its author), each through that side's operation path, with the conditions the
    operations put on, as one step: one event, one undo.

    `option` picks one of `attack_options` (its check, parameters and label; `check` and
    `params` are then ignored). The GM may roll any check with any parameters and choose the
    seed; a player attacks with their character on its turn, with one of the attacks the system
    offers as it offers it. The dice are the table's: `seed` is the one asked for (a player's is
    refused, a GM's kept), else the table's key draws it (`play.dice_key.table_seed`)."""
    enc = _acting(state, actor, encounter_id, attacker_pid, expected_version)
    drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
    seed = drawn.seed
    attacker, target = _fighters(state, enc, attacker_pid, target_pid)
    if not check and option is None:
        option = _first_offered(params)
    if option is not None or not actor.is_gm:
        check, params, label = _offered(state, system, attacker, target, option, check, params)
    record = roll_check(
        state.table.system_id,
        check,
        with_table_options(state, check, params),
        derived_seed(seed, encounter_id, "attack", attacker.id, target.id),
    )
    result = Resolution(record.outcome, record.total, record.details)
    found = _consequences(state, system, attacker, target, check, record, result)
    after, characters, applied = _apply_all(state, system, enc, attacker, target, found, seed)
    no_damage = None
    if _sheet_of(state, target) is None:
        no_damage = Text(
            fr=f"{target.name} n'a pas de feuille : le MJ applique l'effet",
            en=f"{target.name} has no sheet: the GM applies the effect",
        )
    first = {side: next((c.roll for c in applied if c.side == side), None) for side in SIDES}
    rolled = AttackRoll(
        attacker_id=attacker.id,
        target_id=target.id,
        label=label,
        record=record,
        no_damage=no_damage,
        counter=first["attacker"],
        consequences=applied,
    )
    summary = _attack_summary(system, attacker, target, rolled)
    return _step(
        actor,
        enc,
        after,
        "attack",
        summary,
        characters=characters,
        operation=first["defender"],
        attack=rolled,
        participant_id=target.id,
        **_drawn(drawn),
    )


def _first_offered(params: dict[str, Any]) -> int:
    """Neither an attack offered nor a check: the first the system offers (its usual attack);
    parameters without their check say nothing, so they are refused rather than dropped."""
    if params:
        raise EcranError(
            Text(
                fr="check : valeur requise (le test de ces paramètres), ou option",
                en="check: value required (the check of these parameters), or option",
            )
        )
    return 0


def _offered(
    state: TableState,
    system: System[Any],
    attacker: Participant,
    target: Participant,
    option: int | None,
    check: str,
    params: dict[str, Any],
) -> tuple[str, dict[str, Any], Text]:
    """The attack `option` names among those the system offers (a player's attack must be one
    of them, as offered: `check` and `params` matching one of them stand for it)."""
    offered = system.attacks(
        _sheet_needed(state, system, attacker), _sheet_needed(state, system, target)
    )
    if option is None:
        wanted = _normal(system, check, with_table_options(state, check, params))
        option = next(
            (
                i
                for i, a in enumerate(offered)
                if wanted is not None
                and a.check == check
                and _normal(system, a.check, with_table_options(state, a.check, a.params)) == wanted
            ),
            None,
        )
        if option is None:
            raise forbidden(
                "un joueur fait l'une des attaques que le système propose, telle quelle",
                "a player makes one of the attacks the system offers, as offered",
            )
    if not 0 <= option < len(offered):
        raise EcranError(
            Text(
                fr=f"attaque n° {option} inconnue : le système en propose {len(offered)}",
                en=f"no attack number {option}: the system offers {len(offered)}",
            )
        )
    chosen = offered[option]
    return chosen.check, chosen.params, chosen.label


def _normal(system: System[Any], check: str, params: dict[str, Any]) -> dict[str, Any] | None:
    """A check's parameters as its model reads them (defaults filled in), to compare two sets;
    None when the model refuses them."""
    try:
        return system.check(check).params.model_validate(params).model_dump(mode="json")
    except (ValueError, EcranError):
        return None


SIDES: tuple[Literal["attacker", "defender"], ...] = ("attacker", "defender")


def _consequences(
    state: TableState,
    system: System[Any],
    attacker: Participant,
    target: Participant,
    check: str,
    record: RollRecord,
    result: Resolution,
) -> list[Consequence]:
    """`System.consequences` between both sheets. A sheetless side (a shadow the GM keeps in
    their head) leaves the other side's share: the target's `damage`, or what strikes back at
    the attacker (`counter_damage`)."""
    a_sheet, t_sheet = _sheet_of(state, attacker), _sheet_of(state, target)
    if a_sheet is not None and t_sheet is not None:
        return system.consequences(
            check, record.params, result, parse_sheet(system, a_sheet), parse_sheet(system, t_sheet)
        )
    if t_sheet is not None:
        hurt = system.damage(check, record.params, result, parse_sheet(system, t_sheet))
        return [] if hurt is None else [Consequence("defender", *hurt)]
    if a_sheet is not None:
        back = system.counter_damage(check, record.params, result, parse_sheet(system, a_sheet))
        return [] if back is None else [Consequence("attacker", *back)]
    return []


def _apply_all(
    state: TableState,
    system: System[Any],
    enc: Encounter,
    attacker: Participant,
    target: Participant,
    found: list[Consequence],
    seed: int | None,
) -> tuple[Encounter, list[StoredCharacter], list[ConsequenceRoll]]:
    """Apply the consequences in order, each to its side's sheet as the previous ones left it;
    a character changed twice is saved once (one new version, one undo)."""
    after = enc
    saved: dict[str, StoredCharacter] = {}
    applied: list[ConsequenceRoll] = []
    for index, consequence in enumerate(found):
        who = after.participants[attacker.id if consequence.side == "attacker" else target.id]
        sheet = _current_sheet(state, saved, who)
        if sheet is None:  # a consequence for a sheetless side: the GM applies it
            continue
        name = consequence.operation
        tag = _seed_tag(consequence, found, index)
        changed, roll = run_operation(
            system,
            sheet,
            name,
            _with_operation_options(state, system, name, consequence.params),
            derived_seed(seed, enc.id, *tag, attacker.id, target.id),
        )
        if who.character_id is not None:
            current = state.character(who.character_id)
            saved[current.id] = current.model_copy(
                update={"sheet": changed, "version": current.version + 1}
            )
        else:
            after = tracker.with_participant(after, who.model_copy(update={"sheet": changed}))
        after = _put_on(after, who.id, roll.conditions)
        applied.append(ConsequenceRoll(side=consequence.side, participant_id=who.id, roll=roll))
    return after, list(saved.values()), applied


def _current_sheet(
    state: TableState, saved: dict[str, StoredCharacter], who: Participant
) -> dict[str, Any] | None:
    if who.character_id is not None and who.character_id in saved:
        return saved[who.character_id].sheet
    return _sheet_of(state, who)


def _seed_tag(consequence: Consequence, found: list[Consequence], index: int) -> tuple[str, ...]:
    """Each consequence rolls from a seed of its own. The first on each side keeps the tags of
    the time before `consequences` (damage, counter), so older seeds replay the same dice."""
    first = next(i for i, c in enumerate(found) if c.side == consequence.side)
    if index == first:
        return ("damage",) if consequence.side == "defender" else ("counter",)
    return (consequence.side, str(index))


def _with_operation_options(
    state: TableState, system: System[Any], name: str, params: dict[str, Any]
) -> dict[str, Any]:
    """The table's options win over the system's defaults, as for the GM's own operations."""
    fields = system.operation(name).params.model_fields
    return {**params, **{k: v for k, v in state.table.options.items() if k in fields}}


def _attack_summary(
    system: System[Any],
    attacker: Participant,
    target: Participant,
    rolled: AttackRoll,
    secret: frozenset[str] = frozenset(),
) -> Text:
    """`A attacks B (Punch): hit; B: 4 wounds [Stunned (1 round)]; A: 1 fatigue`: the roll's
    outcome, then what it did to each side, in the order applied. What it did to a `secret`
    side is left out (players read the outcome, not the secret NPC's tracks)."""
    check = system.check(rolled.record.check)
    what = rolled.label or check.title
    outcome = check.outcome(rolled.record.outcome).label
    fr = f"{attacker.name} attaque {target.name} ({what.fr}) : {outcome.fr}"
    en = f"{attacker.name} attacks {target.name} ({what.en}): {outcome.en}"
    names = {attacker.id: attacker.name, target.id: target.name}
    for done in rolled.consequences:
        if done.participant_id in secret:
            continue
        who, roll = names[done.participant_id], done.roll
        fr += f" ; {who} : {roll.summary.fr}{_conditions_said(roll, 'fr')}"
        en += f"; {who}: {roll.summary.en}{_conditions_said(roll, 'en')}"
    if not rolled.consequences:
        fr += f" ({rolled.no_damage.fr})" if rolled.no_damage else " ; sans effet"
        en += f" ({rolled.no_damage.en})" if rolled.no_damage else "; no effect"
    return Text(fr=fr, en=en)


#: What players read of an operation on a secret participant's sheet.
SECRET_EFFECT = Text(fr="le MJ applique l'effet", en="the GM applies the effect")


def players_summary(change: EncounterChanged) -> Text:
    """A step's log line as players read it: the same, except where it would read a secret
    participant's sheet. An attack on (or by) a secret NPC keeps its outcome (hit, miss) and
    what it did to the visible side; an operation on a secret NPC says only that the GM applied
    an effect, with the conditions it put on (shown on the tracker anyway); undoing a step of an
    encounter with a secret participant does not repeat the step's line."""
    enc = change.encounter
    secret = frozenset(pid for pid, p in enc.participants.items() if p.secret)
    if not secret:
        return change.summary
    attack = change.attack
    if change.step == "attack" and attack is not None:
        attacker = enc.participants.get(attack.attacker_id)
        target = enc.participants.get(attack.target_id)
        if attacker is None or target is None or not {attacker.id, target.id} & secret:
            return change.summary
        system = get_system(attack.record.system)
        return _attack_summary(system, attacker, target, attack, secret)
    if change.step == "operation" and change.participant_id in secret:
        who = enc.participants[change.participant_id].name
        said = change.operation
        fr = "" if said is None else _conditions_said(said, "fr")
        en = "" if said is None else _conditions_said(said, "en")
        return Text(fr=f"{who} : {SECRET_EFFECT.fr}{fr}", en=f"{who}: {SECRET_EFFECT.en}{en}")
    if change.step == "undo":
        return Text(fr="Annulé : la dernière étape du MJ", en="Undone: the GM's last step")
    return change.summary
