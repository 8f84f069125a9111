"""A step's log line as players read it: what would read a secret participant's sheet left out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ecran.engine import get_system
from ecran.play.encounter.conditions import conditions_said
from ecran.play.payloads import AttackRoll, EncounterChanged, RoundTest
from ecran.play.tracker import Encounter, Participant
from ecran.rules import System, Text


def attack_summary(
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
    veiled = bool(secret & {attacker.id, target.id})  # its label names the secret side's gear
    what = check.title if veiled else (rolled.label or check.title)
    outcome = check.outcome(rolled.record.outcome).label
    fr = f"{attacker.name} attaque {target.name} ({what.fr}) : {outcome.fr}"
    en = f"{attacker.name} attacks {target.name} ({what.en}): {outcome.en}"
    names = {attacker.id: attacker.name, target.id: target.name}
    for done in rolled.consequences:
        if done.participant_id in secret:
            continue
        who, roll = names[done.participant_id], done.roll
        word = system.round_word
        fr += f" ; {who} : {roll.summary.fr}{conditions_said(roll, 'fr', word)}"
        en += f"; {who}: {roll.summary.en}{conditions_said(roll, 'en', word)}"
    if not rolled.consequences:
        fr += f" ({rolled.no_damage.fr})" if rolled.no_damage else " ; sans effet"
        en += f" ({rolled.no_damage.en})" if rolled.no_damage else "; no effect"
    return Text(fr=fr, en=en)


#: What a player reads of their attack on a side whose sheet the GM keeps (#30 item 2).
SECRET_FOE = Text(
    fr="Attaque contre un adversaire dont le MJ garde la fiche",
    en="Attack against an opponent whose sheet the GM keeps",
)

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
        return attack_summary(system, attacker, target, attack, secret)
    if change.step == "operation" and change.participant_id in secret:
        who = enc.participants[change.participant_id].name
        said = change.operation
        fr = "" if said is None else conditions_said(said, "fr")
        en = "" if said is None else conditions_said(said, "en")
        return Text(fr=f"{who} : {SECRET_EFFECT.fr}{fr}", en=f"{who}: {SECRET_EFFECT.en}{en}")
    if change.step == "next_turn" and {t.participant_id for t in change.round_tests} & secret:
        return _veiled_tests(change, secret)
    if change.step == "undo":
        return Text(fr="Annulé : la dernière étape du MJ", en="Undone: the GM's last step")
    return change.summary


def _veiled_tests(change: EncounterChanged, secret: frozenset[str]) -> Text:
    """A turn that ended the round, its tests on secret participants veiled: the step's line
    up to its tests (`tests_said`), then the tests as players read them."""
    enc, tests = change.encounter, change.round_tests
    said = {}
    for lang in ("fr", "en"):
        line, full = change.summary(lang), tests_said(enc, tests, lang)
        base = line[: len(line) - len(full)] if full and line.endswith(full) else line
        said[lang] = base + tests_said(enc, tests, lang, secret)
    return Text(fr=said["fr"], en=said["en"])


def tests_said(
    enc: Encounter, tests: Sequence[RoundTest], lang: str, secret: frozenset[str] = frozenset()
) -> str:
    """` Ana — Hémorragie : test de VOL ou coma : test de VOL réussi ; …`: each test as the log
    reads it, after the round's line (`round_line`); on a `secret` participant only that the
    GM applied an effect, and the conditions it put on (shown on the tracker anyway)."""
    colon = " :" if lang == "fr" else ":"
    said = []
    for test in tests:
        who = enc.participants[test.participant_id].name
        conditions = conditions_said(test.operation, lang)
        if test.participant_id in secret:
            said.append(f"{who}{colon} {SECRET_EFFECT(lang)}{conditions}")
        else:
            what = f"{test.title(lang)}{colon} {test.operation.summary(lang)}"
            said.append(f"{who} — {what}{conditions}")
    return " " + (" ; " if lang == "fr" else "; ").join(said) if said else ""


def round_line(word: Text, number: int, lang: str) -> str:
    """`. Fin du round 1 :`, the line before the round's tests (`tests_said`)."""
    if lang == "fr":
        return f". Fin du {word.fr} {number} :"
    return f". End of {word.en} {number}:"
