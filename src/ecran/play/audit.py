"""Checking a table's dice from its export (`ecran verify TABLE.json`).

For each key the log publishes, the revealed key must hash to the commitment published before
any roll under it. For each roll the export shows: the commitment it names must be the one in
force at its place in the log; its seed must be HMAC(key, its number) (`dice_key.seed_for`) once
that key is revealed, unless the GM chose the seed (flagged in the roll, shown in every log); and
its dice, outcome and total must be what the check gives from that seed (`rolls.replay`).

The other events that roll the table's dice are checked the same way (their seed against the
key, their dice from their seed): an encounter's steps (attack, operation, initiative, a random
NPC added, the tests of a round's end), an operation on a character outside an encounter
(replayed on the sheet the log showed before it, giving the sheet saved), a random NPC the GM
drew as a character (drawn again, giving the sheet saved), and a chat message's rolls (each from
the message's seed).
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import ValidationError

from ecran.dice import Roller
from ecran.dice.notation import NotationError
from ecran.dice.notation.report import roll_report
from ecran.engine import get_system
from ecran.engine.records import RollRecord
from ecran.play import dice_key, npcs
from ecran.play.characters import parse_sheet, run_operation
from ecran.play.chat import InlineRoll, MessageSent, roll_seed
from ecran.play.dice_key import Commitment, DiceKeyChanged, derived_seed
from ecran.play.encounter.round_end import replay_problems
from ecran.play.events import EventView
from ecran.play.export import TableExport
from ecran.play.model import StoredCharacter
from ecran.play.payloads import (
    CharacterSaved,
    EncounterChanged,
    MemberRemoved,
    OperationRoll,
    RollMade,
    TableCreated,
)
from ecran.play.rolls import replay
from ecran.rules import EcranError, System, Text

Status = Literal["ok", "gm_seed", "pending", "legacy", "failed"]


@dataclass(frozen=True)
class RollAudit:
    """What the export says of one roll: `ok` (seed and dice follow from the revealed key),
    `gm_seed` (the GM chose the seed: dice checked), `pending` (its key is not revealed yet: dice
    checked), `legacy` (made before verifiable dice: dice checked), or `failed` with why."""

    seq: int
    label: str
    status: Status
    problems: tuple[Text, ...] = ()
    #: The label in both languages where the log said it in both (a step's summary), so an
    #: English reader reads it in English; `label` (the JSON's) stays its French words.
    words: Text | None = None

    def said(self, lang: str) -> str:
        return self.words(lang) if self.words is not None else self.label


@dataclass
class Audit:
    rolls: list[RollAudit] = field(default_factory=list)
    #: Keys whose reveal does not match their commitment, by index, with why.
    bad_keys: list[tuple[int, Text]] = field(default_factory=list)
    hidden: int = 0

    @property
    def failed(self) -> list[RollAudit]:
        return [r for r in self.rolls if r.status == "failed"]

    @property
    def ok(self) -> bool:
        return not self.failed and not self.bad_keys

    def count(self, status: Status) -> int:
        return sum(1 for r in self.rolls if r.status == status)


@dataclass
class _Keys:
    """The commitments published so far, the keys revealed, and the one in force."""

    published: dict[int, str] = field(default_factory=dict)
    revealed: dict[int, str] = field(default_factory=dict)
    in_force: Commitment | None = None


def _key_event(keys: _Keys, change: DiceKeyChanged, audit: Audit) -> None:
    shown = change.revealed
    if shown is not None:
        published = keys.published.get(shown.index)
        if published is None:
            audit.bad_keys.append(
                (shown.index, _t("clé révélée jamais promise", "key revealed but never committed"))
            )
        else:
            try:
                matches = hmac.compare_digest(dice_key.commitment(shown.key), published)
            except EcranError:
                matches = False
            if not matches:
                why = _t(
                    "la clé révélée ne donne pas l'empreinte publiée",
                    "the revealed key does not hash to the published commitment",
                )
                audit.bad_keys.append((shown.index, why))
            else:
                keys.revealed[shown.index] = shown.key
    keys.published[change.next.index] = change.next.commitment
    keys.in_force = change.next


def _t(fr: str, en: str) -> Text:
    return Text(fr=fr, en=en)


def _roll(keys: _Keys, seq: int, made: RollMade) -> RollAudit:
    record = made.record
    label = made.label or f"{record.system} {record.check}"
    return _checked(keys, seq, made.commitment, made.gm_seed, record.seed, record, label)


def _attack(keys: _Keys, seq: int, step: EncounterChanged) -> RollAudit:
    """An encounter's attack step: the step's seed against the key, as a roll's; the attack's
    own seed derives from it (`play.encounter.derived_seed`), its dice from that seed."""
    assert step.attack is not None
    record = step.attack.record
    label = f"{record.system} {record.check}"
    found = _checked(keys, seq, step.commitment, step.gm_seed, step.seed, record, label)
    if step.seed is None:
        return found
    parts = (step.encounter_id, "attack", step.attack.attacker_id, step.attack.target_id)
    if record.seed != derived_seed(step.seed, *parts):
        wrong = _t(
            "la graine de l'attaque ne vient pas de celle de l'étape",
            "the attack's seed does not follow from the step's",
        )
        return RollAudit(seq, label, "failed", (*found.problems, wrong))
    return found


def _consequences(log: _Log, found: RollAudit, step: EncounterChanged) -> RollAudit:
    """What an attack did to either side (damage, counter-damage...): the first consequence on
    each side rolls from the step's seed under its fixed tag (`encounter._seed_tag`), and each
    one's dice are its seed's, replayed in order on the sheets as the previous ones left them."""
    assert step.attack is not None
    attack = step.attack
    problems: list[Text] = []
    current: dict[str, dict[str, Any] | None] = {}
    firsts: set[str] = set()
    for applied in attack.consequences:
        pid, made = applied.participant_id, applied.roll
        if step.seed is not None and applied.side not in firsts:
            tag = "damage" if applied.side == "defender" else "counter"
            parts = (step.encounter_id, tag, attack.attacker_id, attack.target_id)
            if made.seed != derived_seed(step.seed, *parts):
                problems.append(
                    _t(
                        "la graine d'une conséquence ne vient pas de celle de l'étape",
                        "a consequence's seed does not follow from the step's",
                    )
                )
        firsts.add(applied.side)
        sheet = current[pid] if pid in current else log.sheets.before(step, pid)
        problems += _replayed(log.system, sheet, made)
        current[pid] = _after(log.system, sheet, made)
    if not problems:
        return found
    return RollAudit(found.seq, found.label, "failed", (*found.problems, *problems))


def _after(
    system: System[Any] | None, sheet: dict[str, Any] | None, made: OperationRoll
) -> dict[str, Any] | None:
    """The sheet an operation left (None when it cannot be known)."""
    if system is None or sheet is None:
        return None
    try:
        return run_operation(system, sheet, made.operation, made.params, made.seed)[0]
    except (EcranError, ValidationError):
        return None


@dataclass
class _Sheets:
    """The sheets as the log leaves them so far (characters by id, NPCs by encounter and
    participant): an operation replays against the sheet it was applied to."""

    characters: dict[str, dict[str, Any]] = field(default_factory=dict)
    npcs: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)

    def seen(self, event: EventView) -> None:
        """Keep the sheets an event leaves (after its dice were checked against the old ones)."""
        saved: list[StoredCharacter] = []
        if event.kind == "character_saved":
            saved = [CharacterSaved.model_validate(event.payload).character]
        elif event.kind == "member_removed":
            saved = MemberRemoved.model_validate(event.payload).characters
        elif event.kind == "encounter":
            step = EncounterChanged.model_validate(event.payload)
            saved = step.characters
            for pid, who in step.encounter.participants.items():
                if who.sheet is not None:
                    self.npcs[(step.encounter_id, pid)] = who.sheet
        for character in saved:
            self.characters[character.id] = character.sheet

    def before(self, step: EncounterChanged, pid: str) -> dict[str, Any] | None:
        """The sheet participant `pid` had before `step` (None: the log does not show it)."""
        who = step.encounter.participants.get(pid)
        if who is not None and who.character_id is not None:
            return self.characters.get(who.character_id)
        return self.npcs.get((step.encounter_id, pid))


@dataclass
class _Log:
    """What the walk through the log knows at a step: the keys, the table's game (None:
    unknown, nothing is replayed) and the sheets so far."""

    keys: _Keys
    system: System[Any] | None
    sheets: _Sheets


def _system(export: TableExport) -> System[Any] | None:
    try:
        return get_system(export.table.system_id)
    except EcranError:
        return None


def _replayed(
    system: System[Any] | None, sheet: dict[str, Any] | None, made: OperationRoll
) -> list[Text]:
    """An operation applied again from its seed to the sheet it was applied to: the same dice
    and the same result, unless it was tampered with. Nothing to say when the log does not show
    the sheet (a hidden NPC, a secret character) or the system is unknown."""
    if system is None or sheet is None:
        return []
    try:
        _, again = run_operation(system, sheet, made.operation, made.params, made.seed)
    except (EcranError, ValidationError):
        return [_t("l'opération ne se rejoue pas", "the operation cannot be replayed")]
    # The summary is text the parameters print: a system's default may print `0` where the
    # same value read back from the log prints `0.0`; the dice, the resolution and the
    # conditions are what the result is.
    same = again.model_copy(update={"summary": made.summary}) == made
    return _replay_problems(again.dice == made.dice, same)


def _operation(log: _Log, seq: int, step: EncounterChanged) -> RollAudit:
    """An operation step (damage...): its seed against the key, as a roll's; the operation
    rolls from the step's seed; its dice are the seed's (replayed on the sheet before it)."""
    made = step.operation
    assert made is not None
    replayed = _replayed(log.system, log.sheets.before(step, step.participant_id or ""), made)
    wrong = _t(
        "la graine de l'opération n'est pas celle de l'étape",
        "the operation's seed is not the step's",
    )
    return _one_roll_step(log, seq, step, made.seed, wrong, replayed)


def _one_roll_step(
    log: _Log, seq: int, step: EncounterChanged, used: int, wrong: Text, replayed: list[Text]
) -> RollAudit:
    """A step that rolls once from its own seed (an operation, a random NPC's draw): that seed
    against the key, the roll made from it (else `wrong`), and what rolling again found."""
    status, problems = _seed_status(log.keys, seq, step.commitment, step.gm_seed, step.seed)
    if step.seed is not None and used != step.seed:
        problems.append(wrong)
    return _verdict(seq, step.summary.fr, status, [*problems, *replayed], step.summary)


def _initiative(log: _Log, seq: int, step: EncounterChanged) -> RollAudit:
    """An initiative step: its seed against the key; each participant's seed derives from it
    (`play.encounter.derived_seed`) and its dice are that seed's (replayed on its sheet)."""
    label = step.summary.fr
    status, problems = _seed_status(log.keys, seq, step.commitment, step.gm_seed, step.seed)
    for rolled in step.initiative:
        pid = rolled.participant_id
        if step.seed is not None and rolled.seed != derived_seed(step.seed, step.encounter_id, pid):
            problems.append(
                _t(
                    "la graine d'une initiative ne vient pas de celle de l'étape",
                    "an initiative's seed does not follow from the step's",
                )
            )
        sheet = log.sheets.before(step, pid)
        if log.system is None or sheet is None:
            continue
        roller = Roller(rolled.seed)
        try:
            result = log.system.initiative(parse_sheet(log.system, sheet), roller)
        except (EcranError, ValidationError):
            why = _t("l'initiative ne se rejoue pas", "the initiative cannot be replayed")
            problems.append(why)
            continue
        problems += _replay_problems(
            list(roller.rolled) == rolled.dice, result.total == rolled.total
        )
    return _verdict(seq, label, status, problems, step.summary)


def _round_end(log: _Log, seq: int, step: EncounterChanged) -> RollAudit:
    """A turn that ended a round: its seed against the key; its tests replayed from theirs
    (`round_end.replay_problems`)."""
    status, problems = _seed_status(log.keys, seq, step.commitment, step.gm_seed, step.seed)
    problems += replay_problems(log.system, lambda pid: log.sheets.before(step, pid), step)
    return _verdict(seq, step.summary.fr, status, problems, step.summary)


def _seed_status(
    keys: _Keys, seq: int, commitment: Commitment | None, gm_seed: bool, seed: int | None
) -> tuple[Status, list[Text]]:
    """What the key says of the seed of the table step numbered `seq` (see `_checked`)."""
    if commitment != keys.in_force:
        why = _t(
            "l'empreinte du jet n'est pas celle en vigueur",
            "the roll's commitment is not the one in force",
        )
        return "failed", [why]
    if gm_seed:
        return "gm_seed", []
    if commitment is None:
        return "legacy", []
    if commitment.index not in keys.revealed:
        return "pending", []
    if seed != dice_key.seed_for(keys.revealed[commitment.index], seq):
        en = "the seed does not follow from the key"
        return "failed", [_t("la graine ne vient pas de la clé révélée", en)]
    return "ok", []


def _checked(
    keys: _Keys,
    seq: int,
    commitment: Commitment | None,
    gm_seed: bool,
    seed: int | None,
    record: RollRecord,
    label: str,
) -> RollAudit:
    status, problems = _seed_status(keys, seq, commitment, gm_seed, seed)
    try:
        again = replay(record)
    except EcranError:
        problems.append(_t("le jet ne se rejoue pas", "the roll cannot be replayed"))
    else:
        problems += _replay_problems(again.dice == record.dice, again == record)
    return _verdict(seq, label, status, problems)


def _saved(log: _Log, seq: int, saved: CharacterSaved) -> RollAudit | None:
    """A save that rolled the table's dice: an operation on a character outside an encounter
    (replayed on the sheet the log showed before it, giving the sheet saved) or a random NPC
    (drawn again from its record, giving the sheet saved). Its seed against the key, as a
    roll's: a save without a commitment is `legacy` where no key was in force (its dice still
    checked), and fails where one was. None: the save rolled nothing."""
    made, npc = saved.operation, saved.npc
    if made is None and npc is None:
        return None
    who = saved.character.name
    words = (
        _t(f"{who} : {made.summary.fr}", f"{who}: {made.summary.en}")
        if made is not None
        else _t(f"PNJ tiré : {who}", f"NPC drawn: {who}")
    )
    label = words.fr
    status, problems = _seed_status(log.keys, seq, saved.commitment, saved.gm_seed, saved.seed)
    if saved.seed is not None:
        used = made.seed if made is not None else npc.seed if npc is not None else None
        if used != saved.seed:
            problems.append(
                _t(
                    "la graine des dés n'est pas celle de l'événement",
                    "the dice's seed is not the event's",
                )
            )
    if made is not None:
        before = log.sheets.characters.get(saved.character.id)
        problems += _replayed(log.system, before, made)
        if (
            not problems
            and before is not None
            and _after(log.system, before, made) != saved.character.sheet
        ):
            problems.append(_changed_sheet())
    elif npc is not None:
        problems += _npc_problems(log.system, npc, saved.character.sheet)
    return _verdict(seq, label, status, problems, words)


def _verdict(
    seq: int, label: str, status: Status, problems: list[Text], words: Text | None = None
) -> RollAudit:
    """The step's audit: failed with its problems, else what the key says of its seed."""
    if problems:
        return RollAudit(seq, label, "failed", tuple(problems), words)
    return RollAudit(seq, label, status, words=words)


def _replay_problems(same_dice: bool, same_result: bool) -> list[Text]:
    """A step rolled again from its seed: the dice are judged first, the result only on them."""
    if not same_dice:
        return [_t("les dés ne sont pas ceux de la graine", "the dice are not the seed's")]
    if not same_result:
        return [_t("le résultat n'est pas celui des dés", "the result is not the dice's")]
    return []


def _changed_sheet() -> Text:
    return _t("la feuille n'est pas celle que donnent les dés", "the sheet is not the dice's")


def _npc_problems(
    system: System[Any] | None, npc: npcs.NpcDrawn, shown: dict[str, Any] | None
) -> list[Text]:
    """A random NPC drawn again from its record: the same sheet as the one the log shows."""
    if system is None or shown is None:
        return []
    try:
        again = parse_sheet(system, npcs.regenerate(system, npc)).model_dump(mode="json")
    except (EcranError, ValidationError):
        return [_t("le PNJ ne se tire pas de nouveau", "the NPC cannot be drawn again")]
    return [] if again == shown or _named_before(again, shown) else [_changed_sheet()]


#: The names random NPCs had before each game named them from its list (issue 29): `PNJ 123`,
#: `NPC 0042`, WaRP's `PNJ voleur` (its central trait).
_OLD_NPC_NAME = re.compile(r"(?:PNJ|NPC) (?:\d+|\D+)")


def _named_before(again: dict[str, Any], shown: dict[str, Any]) -> bool:
    """The same NPC drawn before NPCs were named from a list: its dice and sheet alike, its name
    the old generator's (an export made then still verifies; any other name does not)."""
    rest = {k: v for k, v in shown.items() if k != "name"}
    old_name = _OLD_NPC_NAME.fullmatch(str(shown.get("name", ""))) is not None
    # only where the game now names its NPCs otherwise (a game that still says `PNJ 12` is
    # judged on its name too)
    named_now = _OLD_NPC_NAME.fullmatch(str(again.get("name", ""))) is None
    return old_name and named_now and rest == {k: v for k, v in again.items() if k != "name"}


def _npc_added(log: _Log, seq: int, step: EncounterChanged) -> RollAudit:
    """An `add` step of a random NPC: its seed against the key; the NPC drawn from it again is
    the one the step shows."""
    npc = step.npc
    assert npc is not None
    who = step.encounter.participants.get(step.participant_id or "")
    replayed = _npc_problems(log.system, npc, None if who is None else who.sheet)
    wrong = _t("la graine du PNJ n'est pas celle de l'étape", "the NPC's seed is not the step's")
    return _one_roll_step(log, seq, step, npc.seed, wrong, replayed)


def _message(keys: _Keys, seq: int, message: MessageSent) -> RollAudit | None:
    """A chat message's rolls: the message's seed against the key, as a roll's; each roll's
    seed derives from it (`chat.roll_seed`), its dice and result are its seed's. A message
    without a commitment is `legacy` where no key was in force (its dice still checked), and
    fails where one was. None: the message rolled nothing."""
    if not message.rolls:
        return None
    expressions = ", ".join(r.expression for r in message.rolls)
    words = _t(f"message : {expressions}", f"message: {expressions}")
    label = words.fr
    status, problems = _seed_status(keys, seq, message.commitment, message.gm_seed, message.seed)
    for index, rolled in enumerate(message.rolls):
        if message.seed is not None and rolled.seed != roll_seed(message.seed, index):
            problems.append(
                _t(
                    "la graine d'un jet ne vient pas de celle du message",
                    "a roll's seed does not follow from the message's",
                )
            )
        problems += _inline_problems(rolled)
    return _verdict(seq, label, status, problems, words)


def _inline_problems(rolled: InlineRoll) -> list[Text]:
    """One roll of a message rolled again from its seed: an action of a sheet as a roll, dice
    notation through the notation's roller."""
    if rolled.check is not None:
        record = rolled.check
        if record.seed != rolled.seed or record.dice != rolled.dice:
            return [_t("les dés ne sont pas ceux de la graine", "the dice are not the seed's")]
        try:
            again = replay(record)
        except EcranError:
            return [_t("le jet ne se rejoue pas", "the roll cannot be replayed")]
        same = again == record and rolled.total == again.total and rolled.text == again.outcome
        return _replay_problems(again.dice == record.dice, same)
    try:
        report = roll_report(rolled.expression, Roller(rolled.seed))
    except (NotationError, EcranError, ValueError):
        return [_t("le jet ne se rejoue pas", "the roll cannot be replayed")]
    same = report["total"] == rolled.total and report["text"] == rolled.text
    return _replay_problems(report["dice"] == rolled.dice, same)


def _events(export: TableExport) -> Iterator[EventView]:
    last = 0
    for event in export.events:
        if event.seq <= last:
            raise EcranError(
                _t(
                    f"export invalide : événement {event.seq} hors d'ordre",
                    f"invalid export: event {event.seq} out of order",
                )
            )
        last = event.seq
        yield event


def _key_change(event: EventView) -> DiceKeyChanged | None:
    if event.kind == "table_created":
        return TableCreated.model_validate(event.payload).dice
    if event.kind == "dice_key":
        return DiceKeyChanged.model_validate(event.payload)
    return None


#: Events between two calls of an audit's `progress`.
PROGRESS_EVERY = 500


def audit(export: TableExport, progress: Callable[[int], None] | None = None) -> Audit:
    """Check every roll of the export (see the module's doc); bad payloads are bad input. The
    keys first (a roll is checked against the key revealed later in the log), then each roll
    against the commitment in force at its place. `progress(n)`: n of the export's events
    checked, now and then (a table of 100,000 rolls takes seconds)."""
    found = Audit()
    keys = _Keys()
    try:
        events = list(_events(export))
        for event in events:
            change = _key_change(event)
            if change is not None:
                _key_event(keys, change, found)
        keys.in_force = None
        log = _Log(keys, _system(export), _Sheets())
        for done, event in enumerate(events):
            if progress is not None and done % PROGRESS_EVERY == 0:
                progress(done)
            change = _key_change(event)
            if change is not None:
                keys.in_force = change.next
            elif event.kind == "roll" and not event.redacted:
                found.rolls.append(_roll(keys, event.seq, RollMade.model_validate(event.payload)))
            elif event.kind == "encounter" and not event.redacted:
                step = EncounterChanged.model_validate(event.payload)
                if step.attack is not None:
                    attacked = _attack(keys, event.seq, step)
                    found.rolls.append(_consequences(log, attacked, step))
                elif step.step == "operation" and step.operation is not None:
                    found.rolls.append(_operation(log, event.seq, step))
                elif step.step == "initiative" and step.initiative:
                    found.rolls.append(_initiative(log, event.seq, step))
                elif step.step == "add" and step.npc is not None:
                    found.rolls.append(_npc_added(log, event.seq, step))
                elif step.round_tests:
                    found.rolls.append(_round_end(log, event.seq, step))
            elif event.kind == "character_saved" and not event.redacted:
                saved = _saved(log, event.seq, CharacterSaved.model_validate(event.payload))
                if saved is not None:
                    found.rolls.append(saved)
            elif event.kind == "message" and not event.redacted:
                said = _message(keys, event.seq, MessageSent.model_validate(event.payload))
                if said is not None:
                    found.rolls.append(said)
            elif event.kind in ("hidden", "roll"):
                found.hidden += 1
            if not event.redacted:
                log.sheets.seen(event)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        msg = first["msg"]
        raise EcranError(
            _t(f"export invalide : {where} : {msg}", f"invalid export: {where}: {msg}")
        ) from None
    return found
