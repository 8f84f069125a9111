"""What a blow costs beyond the wound, on either side of the exchange: the professional's
privilege paid in fatigue (L46-53), the dodge that gives up the turn's attack (L134-136,
L761-763) and the all-out attack that neglects its author's defence (L173-176). The encounter
applies them through `System.consequences`; each is also an operation a GM can run by hand."""

from __future__ import annotations

from typing import Literal

from ecran.rules import Change, NoParams, Params, PutCondition, tr
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.operations.common import operation
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import seed

#: Conditions last this many rounds when the rule says "this turn" (the tracker counts down).
THIS_TURN = 1


@operation("privilege_fatigue", seed(46, 53))
def privilege_fatigue(sheet: ArtemisSheet, params: NoParams) -> Change[ArtemisSheet]:
    """The professional's privilege, chosen before the roll: one serious fatigue for two dice
    keeping the better (L46-53)."""
    serious = tables.core().privilege.serious_fatigue
    return Change(
        tracks.add_marks(sheet, "fatigue", serious=serious),
        tr(
            f"privilège du professionnel : {serious} fatigue grave",
            f"professional's privilege: {serious} serious fatigue",
        ),
    )


DODGING = PutCondition(tr("esquive : pas d'attaque à ce tour", "dodging: no attack this turn"), 1)


@operation("dodge_turn", seed(129, 136), seed(760, 763))
def dodge_turn(sheet: ArtemisSheet, params: NoParams) -> Change[ArtemisSheet]:
    """Choosing to dodge replaces the combat attitude and gives up the turn's attack; the
    character may dodge every blow of the turn (L129-136, L760-763)."""
    return Change(
        sheet,
        tr("esquive : pas d'attaque à ce tour", "dodging: no attack this turn"),
        conditions=(DODGING,),
    )


class AllOutParams(Params):
    total_attack_cost: Literal["gm", "no_defence"] = OPTIONS["total_attack_cost"].field()


#: What the all-out attack leaves on its author until the end of the turn, by reading (A17).
ALL_OUT = {
    "gm": PutCondition(
        tr(
            "attaque totale : défense négligée jusqu'à la fin du tour (effet au MJ, L173-176)",
            "all-out attack: defence neglected until the end of the turn (GM's effect, L173-176)",
        ),
        THIS_TURN,
    ),
    "no_defence": PutCondition(
        tr(
            "attaque totale : sans défense jusqu'à la fin du tour (règle maison, L183-187)",
            "all-out attack: defenceless until the end of the turn (house rule, L183-187)",
        ),
        THIS_TURN,
    ),
}


@operation("all_out_attack", seed(173, 176))
def all_out_attack(sheet: ArtemisSheet, params: AllOutParams) -> Change[ArtemisSheet]:
    """The all-out attack strikes "without caring for one's defence" for +1 damage category
    (L173-176); the seed gives its price no number (A17), so the attacker carries a condition
    until the end of the turn whose effect is the GM's, or by house rule makes him a
    defenceless target."""
    condition = ALL_OUT[params.total_attack_cost]
    return Change(sheet, condition.label, conditions=(condition,))
