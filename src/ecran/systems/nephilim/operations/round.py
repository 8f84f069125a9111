"""The combat round on the sheet (seed L487, L508-518): several actions declared, an action
delayed and then taken, the end of the round."""

from __future__ import annotations

from ecran.rules import Change, NoParams, Params, PutCondition, cite, tr
from ecran.rules.wording import agreed
from ecran.systems.nephilim.operations.common import operation
from ecran.systems.nephilim.round import action_slots, delay_bonus
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.systems.nephilim.tables import FIELDS, SEED


class DeclareParams(Params):
    actions: int = FIELDS("actions", ge=1, le=6)
    magical_actions: int = FIELDS("magical_actions", default=0, ge=0, le=6)
    initiative: int | None = FIELDS("initiative_declare", default=None, ge=-40, le=80)


@operation("declare_actions", cite(SEED, 508, 512))
def declare_actions(sheet: NephilimSheet, params: DeclareParams) -> Change[NephilimSheet]:
    """Several actions are declared with the first one: each comes 6 initiative later
    and all take −4 per extra action; magical extra actions take no malus (L508-512)."""
    slots, malus = action_slots(params.initiative or 0, params.actions, params.magical_actions)
    new = sheet.model_copy(update={"round_actions": params.actions})
    where = "" if params.initiative is None else f" @ {', '.join(f'{i:+d}' for i in slots)}"
    n = len(slots)
    summary = tr(
        f"{n} {agreed(n, 'action', 'actions')}, malus {malus} sur chacune{where}",
        f"{n} {agreed(n, 'action', 'actions', 'en')}, malus {malus} on each{where}",
    )
    # For this round only: the next round's actions are declared anew (L510).
    shown = tr(f"{len(slots)} actions, malus {malus}", f"{len(slots)} actions, malus {malus}")
    conditions = (PutCondition(shown, rounds=1),) if len(slots) > 1 else ()
    return Change(new, summary, conditions=conditions)


class DelayParams(Params):
    to_next_round: bool = FIELDS("to_next_round", default=False)


@operation("delay_action", cite(SEED, 514, 518))
def delay_action(sheet: NephilimSheet, params: DelayParams) -> Change[NephilimSheet]:
    """A delayed action gains +6 Anticipation per segment, and +6 initiative per round it
    is pushed into the next (L514-518)."""
    update = {
        "delayed_segments": sheet.delayed_segments + 1,
        "delayed_rounds": sheet.delayed_rounds + int(params.to_next_round),
    }
    new = sheet.model_copy(update=update)
    anticipation, initiative = delay_bonus(new.delayed_segments, new.delayed_rounds)
    summary = tr(
        f"action retardée : Anticipation +{anticipation}, initiative +{initiative}",
        f"action delayed: Anticipation +{anticipation}, initiative +{initiative}",
    )
    # The character does not act in this segment (L516), or in this round at all (L518).
    held = (
        tr("Action reportée au round suivant", "Action put off to the next round")
        if params.to_next_round
        else tr("Action retardée", "Action delayed")
    )
    return Change(new, summary, conditions=(PutCondition(held, rounds=1),))


@operation("act_delayed", cite(SEED, 514, 518, note="the bonuses belong to the delayed action"))
def act_delayed(sheet: NephilimSheet, params: NoParams) -> Change[NephilimSheet]:
    """The delayed action takes place; its bonuses are spent with it (L514-518)."""
    new = sheet.model_copy(update={"delayed_segments": 0, "delayed_rounds": 0})
    return Change(new, tr("l'action retardée a lieu", "the delayed action takes place"))


@operation(
    "end_round", cite(SEED, 487, note="one action per round by default"), cite(SEED, 508, 518)
)
def end_round(sheet: NephilimSheet, params: NoParams) -> Change[NephilimSheet]:
    """A new round: one action by default (L487); delays carry over (L518), the number of
    actions is declared anew (L510)."""
    new = sheet.model_copy(update={"round_actions": 1})
    return Change(new, tr("nouveau round : une action", "new round: one action"))
