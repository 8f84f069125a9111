"""A step's log line as players read it when it touches a participant the GM keeps off their
board (`EncounterChanged.unseen`): the line never names it, and tells no more than the players
see on the tracker (Foundry hides a hidden combatant from the players' tracker altogether).

- A step on the unseen participant alone (its initiative, a condition, an operation, its
  removal) reads as the GM running the encounter (`UNSEEN_STEP`).
- An attack by (or on) it names it "someone": the visible side sees what it did to them; the
  unseen side's share stays with the GM. An attack between two unseen participants reads as
  `UNSEEN_STEP`.
- A turn line (`start`, `next_turn`): the round, and whose turn it is only when that one is
  seen; the conditions that ended, only on a seen bearer; the round's tests on seen
  participants only.
"""

from __future__ import annotations

from ecran.engine import get_system
from ecran.play.encounter.summaries import attack_summary, tests_said
from ecran.play.payloads import EncounterChanged
from ecran.play.tracker import Encounter
from ecran.rules import Text
from ecran.rules.wording import de

#: What players read of a step on a participant they do not see.
UNSEEN_STEP = Text(fr="Le MJ mène la rencontre", en="The GM runs the encounter")

#: The name an unseen attacker (or target) goes by in an attack's line.
SOMEONE = Text(fr="Quelqu'un", en="Someone")
#: A round's tests begin with these words (`summaries.round_line`).
_ROUND_MARK = {"fr": ". Fin du ", "en": ". End of "}


def unseen_summary(
    change: EncounterChanged, unseen: frozenset[str], secret: frozenset[str]
) -> Text | None:
    """The step's line for players, or None when the step does not touch `unseen`."""
    if change.step == "attack" and change.attack is not None:
        return _attack(change, unseen, secret)
    if change.step in ("start", "next_turn"):
        return _turn(change, unseen, secret)
    if change.step == "initiative" and change.participant_id is None:
        return _initiatives(change, unseen)
    if change.step == "undo":
        return Text(fr="Annulé : la dernière étape du MJ", en="Undone: the GM's last step")
    if change.participant_id in unseen:
        return UNSEEN_STEP
    return None


def _attack(
    change: EncounterChanged, unseen: frozenset[str], secret: frozenset[str]
) -> Text | None:
    attack, enc = change.attack, change.encounter
    assert attack is not None
    sides = {attack.attacker_id, attack.target_id}
    attacker = enc.participants.get(attack.attacker_id)
    target = enc.participants.get(attack.target_id)
    if not sides & unseen:
        return None
    if sides <= unseen or attacker is None or target is None:
        return UNSEEN_STEP
    system = get_system(attack.record.system)
    said = {}
    for lang in ("fr", "en"):
        someone = SOMEONE(lang)
        named = {
            pid: p.model_copy(update={"name": someone if p is attacker else someone.lower()})
            for pid, p in ((attacker.id, attacker), (target.id, target))
            if pid in unseen
        }
        said[lang] = attack_summary(
            system,
            named.get(attacker.id, attacker),
            named.get(target.id, target),
            attack,
            secret | unseen,
        )(lang)
    return Text(fr=said["fr"], en=said["en"])


def _turn(change: EncounterChanged, unseen: frozenset[str], secret: frozenset[str]) -> Text | None:
    """The turn's line rebuilt around what players see (see the module's words)."""
    enc = change.encounter
    bearer = turn_bearer(enc) if change.step == "next_turn" else None
    touched = {enc.current, bearer} | {t.participant_id for t in change.round_tests}
    if not touched & unseen:
        return None
    said = {}
    for lang in ("fr", "en"):
        line = change.summary(lang)
        tests = tests_said(enc, change.round_tests, lang)
        if tests and line.endswith(tests):
            line = line[: len(line) - len(tests)]
        round_part = ""
        if change.round_tests and _ROUND_MARK[lang] in line:
            at = line.rindex(_ROUND_MARK[lang])
            line, round_part = line[:at], line[at:]
        head, rest = _head(change, line, lang)
        seen_head = head if enc.current not in unseen else line.split(_colon(lang), 1)[0]
        kept = rest if bearer not in unseen else ""
        seen_tests = [t for t in change.round_tests if t.participant_id not in unseen]
        if seen_tests:
            kept += round_part + tests_said(enc, seen_tests, lang, secret)
        said[lang] = seen_head + kept
    return Text(fr=said["fr"], en=said["en"])


def _head(change: EncounterChanged, line: str, lang: str) -> tuple[str, str]:
    """The turn line split after whose turn it is: (`Round 2 : au tour de X`, the rest)."""
    enc = change.encounter
    name = enc.participants[enc.current].name if enc.current else ""
    prefix = line.split(_colon(lang), 1)[0]
    turn = change.step == "next_turn"
    if lang == "fr":
        said = f" : au tour {de(name)}" if turn else f" : {name} agit"
    else:
        said = f": {name}'s turn" if turn else f": {name} acts"
    head = prefix + said
    return (head, line[len(head) :]) if line.startswith(head) else (prefix, "")


def _colon(lang: str) -> str:
    return " : " if lang == "fr" else ": "


def turn_bearer(enc: Encounter) -> str | None:
    """Whose turn a `next_turn` ended: the one before the current in the acting order."""
    if enc.current not in enc.order:
        return None
    return enc.order[enc.order.index(enc.current) - 1]


def _initiatives(change: EncounterChanged, unseen: frozenset[str]) -> Text | None:
    """Rolled initiatives: the seen participants' only."""
    rolls = change.initiative
    if not {r.participant_id for r in rolls} & unseen:
        return None
    names = change.encounter.participants
    listing = ", ".join(
        f"{names[r.participant_id].name} {r.total}"
        for r in rolls
        if r.participant_id not in unseen and r.participant_id in names
    )
    if not listing:
        return UNSEEN_STEP
    return Text(fr=f"Initiative : {listing}", en=f"Initiative: {listing}")
