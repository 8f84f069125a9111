"""Conditions that act, kept on the sheet (#30 item 5, #31 item 8): what an operation put on its
bearer (`PutCondition`) where no encounter tracker holds it — the command line's sheet file
(`ecran op … -o`), the encounter simulator's states. The same shifts the tracker applies
(`shifted`, written once here) weigh on the sheet's actions and attacks
(`System.actions`, `System.attacks`), and the bearer's turns count them down (`turn_end`).

Durations follow the tracker's convention (`ecran.play.tracker`): a condition of N rounds ends
at the end of its bearer's N-th turn; a lost action (`acts` false) is the next turn's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

from ecran.rules.option import param
from ecran.rules.text import Text, tr

if TYPE_CHECKING:
    from pydantic.fields import FieldInfo

    from ecran.rules.operation import PutCondition
    from ecran.rules.sheet import Action
    from ecran.rules.system import System

#: The longest a condition lasts on a sheet, in its bearer's turns (the tracker's bound).
ROUNDS_MAX = 1000
#: A shift of a check's parameter, and how many parameters one condition shifts.
Shift = Annotated[int, Field(ge=-100, le=100)]
SHIFTS_MAX = 16


class Ongoing(BaseModel):
    """One condition in force on the sheet's bearer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: Text = param(tr("Nom de l'état", "Condition's name"))
    #: Turns of the bearer it still lasts; None: until an operation or the GM lifts it.
    rounds: int | None = param(tr("Durée", "Duration"), default=None, ge=1, le=ROUNDS_MAX)
    #: Parameter -> shift on the bearer's own rolls, and on the rolls of those facing it.
    effect: dict[str, Shift] = param(
        tr("Effet sur ses jets", "Effect on its rolls"), default_factory=dict, max_length=SHIFTS_MAX
    )
    facing: dict[str, Shift] = param(
        tr("Effet sur les jets contre lui", "Effect on rolls against it"),
        default_factory=dict,
        max_length=SHIFTS_MAX,
    )
    #: False: the bearer loses its actions while it lasts (Organique's stun, L3231-3236).
    acts: bool = param(tr("Peut agir", "Can act"), default=True)
    #: False: the bearer loses its reactions (defences) too (Organique's stun short by more
    #: than 10, L3235-3236); the game's attacks read it (`lost_reaction`).
    reacts: bool = param(tr("Peut réagir", "Can react"), default=True)
    #: The game's own sheet condition it ends when it runs out (`System.lifted`): Organique's
    #: "unconscious" after the knock-out's rounds (L3203-3208).
    lifts: str | None = param(
        tr("État levé à la fin", "Condition lifted at the end"), default=None, max_length=60
    )

    @property
    def name(self) -> str:
        return self.label.fr


class Named(Protocol):
    """A condition as the tracker (`ecran.play.tracker.Condition`) or a sheet holds it."""

    @property
    def name(self) -> str: ...
    @property
    def label(self) -> Text | None: ...


class Acting(Named, Protocol):
    """A condition with shifts: the tracker's or a sheet's."""

    @property
    def effect(self) -> dict[str, int]: ...
    @property
    def facing(self) -> dict[str, int]: ...


class Effective(Protocol):
    """What a condition does, wherever it is held: put by an operation (`PutCondition`), on
    the tracker (`play.tracker.Condition`)."""

    @property
    def effect(self) -> Any: ...
    @property
    def facing(self) -> Any: ...
    @property
    def acts(self) -> bool: ...
    @property
    def reacts(self) -> bool: ...
    @property
    def lifts(self) -> Any: ...


def acting(put: Effective) -> bool:
    """Whether a condition does anything a roll or a turn reads (a bare label does not: the
    sheet's own fields already say "mort", "à terre"; one the GM typed on the tracker does
    nothing)."""
    return bool(put.effect or put.facing or not put.acts or not put.reacts or put.lifts)


def of_put(put: PutCondition) -> Ongoing:
    rounds = None if put.rounds is None else min(put.rounds, ROUNDS_MAX)
    return Ongoing(
        label=put.label,
        rounds=rounds,
        effect=dict(put.effect),
        facing=dict(put.facing),
        acts=put.acts,
        reacts=put.reacts,
        lifts=put.lifts,
    )


def worn(sheet: Any, puts: Iterable[PutCondition]) -> Any:
    """`sheet` with the conditions that act among `puts` on it (one of the same label is
    replaced: its duration restarts); a duration below one round puts nothing on."""
    new = [of_put(p) for p in puts if acting(p) and (p.rounds is None or p.rounds >= 1)]
    if not new:
        return sheet
    labels = {o.label.fr for o in new}
    kept = [o for o in sheet.ongoing if o.label.fr not in labels]
    return sheet.model_copy(update={"ongoing": [*kept, *new]})


def counted_down(ongoing: Sequence[Ongoing]) -> tuple[list[Ongoing], list[Ongoing]]:
    """The end of the bearer's turn: (what still lasts, what ran out)."""
    kept: list[Ongoing] = []
    ended: list[Ongoing] = []
    for o in ongoing:
        if o.rounds is None:
            kept.append(o)
        elif o.rounds > 1:
            kept.append(o.model_copy(update={"rounds": o.rounds - 1}))
        else:
            ended.append(o)
    return kept, ended


def lost_action(sheet: Any) -> bool:
    return any(not o.acts for o in sheet.ongoing)


def lost_reaction(sheet: Any) -> bool:
    return any(not o.reacts for o in sheet.ongoing)


class Lifting(Protocol):
    """A condition that may lift one of the game's own when it ends: the tracker's or a
    sheet's (`System.all_lifted`)."""

    @property
    def lifts(self) -> str | None: ...


class Turning(Named, Protocol):
    """A condition that may take its bearer's action: the tracker's or a sheet's."""

    @property
    def acts(self) -> bool: ...


def action_taken(bearer: str, conditions: Iterable[Turning]) -> Text | None:
    """Why `bearer` cannot attack now, in one line: the first of its conditions that took its
    action (Organique's stun, « elle perd sa prochaine action », L3231-3236); None if none
    did. The tracker refuses its attack with it, and the command line's planned attack."""
    lost = next((c for c in conditions if not c.acts), None)
    if lost is None:
        return None
    said = lost.label or Text(fr=lost.name, en=lost.name)
    return Text(
        fr=f"{bearer} ne peut pas attaquer : {said.fr}", en=f"{bearer} cannot attack: {said.en}"
    )


def shifted(
    system: System[Any],
    action: Action,
    own: Sequence[Acting],
    facing: Sequence[Acting] = (),
) -> Action:
    """`action` with the conditions at work (#30 item 5): its author's own (`effect`) and the
    opponent's on those facing it (`facing`) shift the check's parameters that take them, and
    the label says so (« aveuglé : 2 désavantages »); the numbers stay the GM's to change."""
    if not own and not facing:
        return action
    fields = system.check(action.check).params.model_fields
    params, said = dict(action.params), []
    pairs = [(c, c.effect) for c in own] + [(c, c.facing) for c in facing]
    for cond, shifts in pairs:
        used = {k: v for k, v in shifts.items() if k in fields}
        for name, shift in used.items():
            value = int(params.get(name) or 0) + shift
            # a yes-or-no parameter (a favourable position) is set, not counted
            field = fields[name]
            params[name] = value > 0 if field.annotation is bool else _bounded(field, value)
        if used:
            said.append(cond.label or Text(fr=cond.name, en=cond.name))
    if not said:
        return action
    fr, en = " ; ".join(t.fr for t in said), "; ".join(t.en for t in said)
    label = Text(fr=f"{action.label.fr} [{fr}]", en=f"{action.label.en} [{en}]")
    return replace(action, label=label, params=params)


def _bounded(field: FieldInfo, value: int) -> int:
    """A shifted value kept within its field's bounds (ten disadvantages at most where the
    check takes no more): the roll stays one the check accepts."""
    for bound in field.metadata:
        low, high = getattr(bound, "ge", None), getattr(bound, "le", None)
        value = value if low is None else max(low, value)
        value = value if high is None else min(high, value)
    return value


def sheet_actions(system: System[Any], sheet: Any, actions: list[Action]) -> list[Action]:
    """`System.actions` with the sheet's own conditions at work."""
    if not sheet.ongoing:
        return actions
    return [shifted(system, a, sheet.ongoing) for a in actions]


def sheet_attacks(
    system: System[Any], attacker: Any, defender: Any, actions: list[Action]
) -> list[Action]:
    """`System.attacks` with both sheets' conditions at work: none while the attacker has lost
    its action; else the attacker's own and the defender's on those facing it."""
    if not attacker.ongoing and not defender.ongoing:
        return actions
    if lost_action(attacker):
        return []
    return [shifted(system, a, attacker.ongoing, defender.ongoing) for a in actions]


def sheet_attack(
    system: System[Any], attacker: Any, defender: Any, action: Action | None
) -> Action | None:
    """`System.chosen_attack` with both sheets' conditions at work, as `sheet_attacks` has
    them on the whole list: none while the attacker has lost its action."""
    if action is None:
        return None
    found = sheet_attacks(system, attacker, defender, [action])
    return found[0] if found else None


def with_section(system: System[Any], sheet: Any, sections: list[Any]) -> list[Any]:
    """`System.sections` with the conditions in force on the sheet, one row each: its words
    and the turns it still lasts in the game's word (« aveuglé : 2 désavantages — 2 rounds »),
    so `ecran sheet` and the pages show what weighs on the rolls."""
    if not sheet.ongoing:
        return sections
    from ecran.rules.sheet import SheetRow, SheetSection

    rows = []
    for o in sheet.ongoing:
        lasts = Text(fr="jusqu'à levée", en="until lifted")
        if o.rounds is not None:
            lasts = Text(fr=system.rounds(o.rounds, "fr"), en=system.rounds(o.rounds, "en"))
        rows.append(SheetRow(o.label, lasts))
    return [*sections, SheetSection(Text(fr="États en cours", en="Conditions in force"), rows)]


def state_key(sheet: Any) -> tuple[object, ...]:
    """What a fight reads of the sheet's conditions (`System.fight_state`)."""
    return tuple(
        (
            o.label.fr,
            o.rounds,
            tuple(o.effect.items()),
            tuple(o.facing.items()),
            o.acts,
            o.reacts,
            o.lifts,
        )
        for o in sheet.ongoing
    )
