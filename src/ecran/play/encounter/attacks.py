"""The attack chain: attack -> defence -> damage -> tracks. The attacks the system offers
(with their odds at this table), and an attack rolled with everything its result does to
either side, as one step."""

from __future__ import annotations

from typing import Any, Literal

from ecran.engine.budget import Busy
from ecran.engine.records import OddsReport, RollRecord, check_odds, check_roll
from ecran.engine.table_options import with_table_options
from ecran.play import tracker
from ecran.play.characters import parse_sheet, run_operation
from ecran.play.dice_key import derived_seed, table_seed
from ecran.play.encounter.access import open_to_act, participant_of, sheet_of
from ecran.play.encounter.conditions import action_lost, put_on
from ecran.play.encounter.seen import unseen_in
from ecran.play.encounter.step import drawn_seed, step_event
from ecran.play.encounter.summaries import SECRET_FOE, attack_summary
from ecran.play.errors import forbidden
from ecran.play.events import EventDraft
from ecran.play.model import Member, Record, StoredCharacter
from ecran.play.payloads import AttackRoll, ConsequenceRoll
from ecran.play.rolls import table_params
from ecran.play.state import TableState
from ecran.play.tracker import Encounter, Participant
from ecran.rules import (
    Action,
    CharacterSheet,
    Check,
    Consequence,
    EcranError,
    Resolution,
    System,
    Text,
)
from ecran.rules.wording import de


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
    #: Its number among the attacks the system offers (what `attack(option=…)` takes): a
    #: player facing a secret side gets fewer options than the system offers (`_veiled`).
    index: int = 0


def _fighters(
    state: TableState, actor: Member, enc: Encounter, attacker_pid: str, target_pid: str
) -> tuple[Participant, Participant]:
    if not actor.is_gm:  # a player knows no NPC the GM keeps off the board: none to attack
        unseen = unseen_in(state).of(enc.id)
        enc = tracker.without(enc, tracker.npcs_among(enc, unseen))
    attacker, target = participant_of(enc, attacker_pid), participant_of(enc, target_pid)
    if attacker.id == target.id:
        raise EcranError(
            Text(
                fr="un participant ne s'attaque pas lui-même",
                en="a participant cannot attack itself",
            )
        )
    return attacker, target


def _sheet_in_play(state: TableState, system: System[Any], who: Participant) -> CharacterSheet:
    """The participant's sheet as it fights now: with the conditions that act on the tracker
    as its `ongoing` (`tracker.worn`), so the game's own hooks read them as the command line's
    sheet file and the simulator do (`rules.ongoing`: the shifts, a lost action, a lost
    reaction's "no defence")."""
    sheet = sheet_of(state, who)
    if sheet is None:
        raise EcranError(Text(fr=f"{who.name} n'a pas de feuille", en=f"{who.name} has no sheet"))
    return parse_sheet(system, tracker.wearing(sheet, who))


def _attacks_offered(
    state: TableState, system: System[Any], attacker: Participant, target: Participant
) -> list[Action]:
    """`System.attacks` between both sides' sheets as they are now, with what the conditions
    on either side do to the roll (`_sheet_in_play`); refused while the attacker has lost its
    action (`action_lost`)."""
    _may_attack(attacker)
    return system.attacks(
        _sheet_in_play(state, system, attacker), _sheet_in_play(state, system, target)
    )


def _may_attack(attacker: Participant) -> None:
    lost = action_lost(attacker)
    if lost is not None:
        raise EcranError(lost)


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
    enc = open_to_act(state, actor, encounter_id, attacker_pid, None)
    attacker, target = _fighters(state, actor, enc, attacker_pid, target_pid)
    offered = _attacks_offered(state, system, attacker, target)
    options = [
        _with_odds(state, system, a.label, a.group, a.check, a.params).model_copy(
            update={"index": i}
        )
        for i, a in enumerate(offered)
    ]
    if actor.is_gm or not (attacker.secret or target.secret):
        return options
    return _veiled(options, attacker, target)


def _veiled(
    options: list[AttackOption], attacker: Participant, target: Participant
) -> list[AttackOption]:
    """A player's attacks when either side is secret: the system's labels name the secret
    side's weapon, stance or defence, and the parameters and odds hold its numbers, so each
    reads `SECRET_FOE` under its group (the attacker's own weapon, unless the attacker is the
    secret one), once per group and check (the first the system offers, its usual attack); the
    GM's copy of the dice decides the defence."""
    secret = target if target.secret else attacker
    why = Text(
        fr=f"chances connues du MJ seul (la fiche {de(secret.name)} est secrète)",
        en=f"odds known to the GM only ({secret.name}'s sheet is secret)",
    )
    kept: dict[tuple[str, str, str], AttackOption] = {}
    for o in options:
        group = None if attacker.secret else o.group
        key = (group.fr if group else "", group.en if group else "", o.check)
        if key in kept:
            continue
        kept[key] = o.model_copy(
            update={
                "label": SECRET_FOE,
                "group": group,
                "params": {},
                "odds": None,
                "odds_error": why,
            }
        )
    return list(kept.values())


def _with_odds(
    state: TableState,
    system: System[Any],
    label: Text,
    group: Text | None,
    check: str,
    params: dict[str, Any],
) -> AttackOption:
    found = system.check(check)
    forced = table_params(state, found, params)
    option = AttackOption(label=label, group=group, check=check, params=forced)
    try:
        report = check_odds(state.table.system_id, found, forced, check)
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
    enc = open_to_act(state, actor, encounter_id, attacker_pid, expected_version)
    drawn = table_seed(state.dice_key, actor, seed, state.last_seq + 1)
    seed = drawn.seed
    attacker, target = _fighters(state, actor, enc, attacker_pid, target_pid)
    _may_attack(attacker)
    if not check and option is None:
        option = _first_offered(params)
    if option is not None or not actor.is_gm:
        check, params, label = _offered(state, system, attacker, target, option, check, params)
    found_check = system.check(check)
    record = check_roll(
        state.table.system_id,
        found_check,
        table_params(state, found_check, params),
        derived_seed(seed, encounter_id, "attack", attacker.id, target.id),
        check,
    )
    result = Resolution(record.outcome, record.total, record.details)
    found = _consequences(state, system, attacker, target, check, record, result)
    after, characters, applied = _apply_all(state, system, enc, attacker, target, found, seed)
    no_damage = None
    if sheet_of(state, target) is None:
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
    summary = attack_summary(system, attacker, target, rolled)
    return step_event(
        actor,
        enc,
        after,
        "attack",
        summary,
        characters=characters,
        operation=first["defender"],
        attack=rolled,
        participant_id=target.id,
        **drawn_seed(drawn),
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
    offered = _attacks_offered(state, system, attacker, target)
    if option is None:
        asked = system.check(check)
        wanted = _normal(state, asked, params)
        option = next(
            (
                i
                for i, a in enumerate(offered)
                if wanted is not None
                and a.check == check
                and _normal(state, asked, a.params) == wanted
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


def _normal(state: TableState, check: Check[Any], params: dict[str, Any]) -> dict[str, Any] | None:
    """A check's parameters as its model reads them at this table (its options in force,
    defaults filled in), to compare two sets; None when the model refuses them."""
    try:
        forced = table_params(state, check, params)
        return check.params.model_validate(forced).model_dump(mode="json")
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
    a_sheet, t_sheet = sheet_of(state, attacker), sheet_of(state, target)
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
            with_table_options(
                state.table.options, system.operation(name).params, consequence.params
            ),
            derived_seed(seed, enc.id, *tag, attacker.id, target.id),
        )
        if who.character_id is not None:
            current = state.character(who.character_id)
            saved[current.id] = current.model_copy(
                update={"sheet": changed, "version": current.version + 1}
            )
        else:
            after = tracker.with_participant(after, who.model_copy(update={"sheet": changed}))
        after = put_on(after, who.id, roll.conditions)
        applied.append(ConsequenceRoll(side=consequence.side, participant_id=who.id, roll=roll))
    return after, list(saved.values()), applied


def _current_sheet(
    state: TableState, saved: dict[str, StoredCharacter], who: Participant
) -> dict[str, Any] | None:
    if who.character_id is not None and who.character_id in saved:
        return saved[who.character_id].sheet
    return sheet_of(state, who)


def _seed_tag(consequence: Consequence, found: list[Consequence], index: int) -> tuple[str, ...]:
    """Each consequence rolls from a seed of its own. The first on each side keeps the tags of
    the time before `consequences` (damage, counter), so older seeds replay the same dice."""
    first = next(i for i, c in enumerate(found) if c.side == consequence.side)
    if index == first:
        return ("damage",) if consequence.side == "defender" else ("counter",)
    return (consequence.side, str(index))
