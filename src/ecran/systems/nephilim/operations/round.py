"""The combat round on the sheet (seed L487, L508-518): several actions declared, an action
delayed and then taken, the end of the round."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Change, Operation, Params, cite, tr
from ecran.systems.nephilim.operations.tracks import NoParams
from ecran.systems.nephilim.round import action_slots, delay_bonus
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.systems.nephilim.tables import FIELDS, SEED


class DeclareParams(Params):
    actions: int = FIELDS("actions", ge=1, le=6)
    magical_actions: int = FIELDS("magical_actions", default=0, ge=0, le=6)
    initiative: int | None = FIELDS("initiative_declare", default=None, ge=-40, le=80)


class DeclareActions(Operation[NephilimSheet, DeclareParams]):
    name = "declare_actions"
    title = tr("Déclarer plusieurs actions", "Declare several actions")
    params = DeclareParams
    sources = (cite(SEED, 508, 512),)

    def apply(self, sheet: NephilimSheet, params: DeclareParams, dice: DiceSource) -> Change[Any]:
        slots, malus = action_slots(params.initiative or 0, params.actions, params.magical_actions)
        new = sheet.model_copy(update={"round_actions": params.actions})
        where = "" if params.initiative is None else f" @ {', '.join(f'{i:+d}' for i in slots)}"
        return Change(
            new,
            tr(
                f"{len(slots)} action(s), malus {malus} sur chacune{where}",
                f"{len(slots)} action(s), malus {malus} on each{where}",
            ),
        )


class DelayParams(Params):
    to_next_round: bool = FIELDS("to_next_round", default=False)


class DelayAction(Operation[NephilimSheet, DelayParams]):
    name = "delay_action"
    title = tr("Retarder son action", "Delay one's action")
    params = DelayParams
    sources = (cite(SEED, 514, 518),)

    def apply(self, sheet: NephilimSheet, params: DelayParams, dice: DiceSource) -> Change[Any]:
        update = {
            "delayed_segments": sheet.delayed_segments + 1,
            "delayed_rounds": sheet.delayed_rounds + int(params.to_next_round),
        }
        new = sheet.model_copy(update=update)
        anticipation, initiative = delay_bonus(new.delayed_segments, new.delayed_rounds)
        return Change(
            new,
            tr(
                f"action retardée : Anticipation +{anticipation}, initiative +{initiative}",
                f"action delayed: Anticipation +{anticipation}, initiative +{initiative}",
            ),
        )


class ActDelayed(Operation[NephilimSheet, NoParams]):
    name = "act_delayed"
    title = tr("Agir enfin (fin du retard)", "Act at last (delay over)")
    params = NoParams
    sources = (cite(SEED, 514, 518, note="the bonuses belong to the delayed action"),)

    def apply(self, sheet: NephilimSheet, params: NoParams, dice: DiceSource) -> Change[Any]:
        new = sheet.model_copy(update={"delayed_segments": 0, "delayed_rounds": 0})
        return Change(new, tr("l'action retardée a lieu", "the delayed action takes place"))


class EndRound(Operation[NephilimSheet, NoParams]):
    name = "end_round"
    title = tr("Fin du round", "End of the round")
    params = NoParams
    sources = (cite(SEED, 487, note="one action per round by default"), cite(SEED, 508, 518))

    def apply(self, sheet: NephilimSheet, params: NoParams, dice: DiceSource) -> Change[Any]:
        # Delays carry over (L518); the number of actions is declared anew each round (L510).
        new = sheet.model_copy(update={"round_actions": 1})
        return Change(new, tr("nouveau round : une action", "new round: one action"))
