"""A tiny system for play and store tests (demo has no sheet), and an in-memory log.

`toy`: a sheet with `might` (1-5), `agility` (1-5) and `wounds`; the rule "might + agility <= 6";
a check `test` (1d6 + skill >= 5, option `easy`: +1); initiative 1d6 + agility; operations `hit`
(1d6 wounds, recorded dice) and `heal` (no dice). Combat hooks: one attack, the test with
skill = might + 2 - the defender's agility (0-5); a success hits for 1d6 + the margin over 5.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import Field

from ecran.dice import DiceSource
from ecran.engine import all_systems
from ecran.play import Event, EventDraft, Member, TableState, apply
from ecran.play.table import new_table
from ecran.rules import (
    Action,
    Change,
    CharacterSheet,
    Check,
    Operation,
    Option,
    Outcome,
    Params,
    Resolution,
    RuleViolation,
    System,
    cite,
    param,
    tr,
)

SOURCE = cite("toy", 1, 1, note="test system")
EASY = Option(
    "easy", False, tr("Facile", "Easy"), tr("+1 au test", "+1 to the test"), SOURCE, "house_rule"
)


class ToySheet(CharacterSheet):
    system: Literal["toy"] = "toy"
    might: int = Field(default=1, ge=1, le=5)
    agility: int = Field(default=1, ge=1, le=5)
    wounds: int = Field(default=0, ge=0)


class TestParams(Params):
    skill: int = param(tr("Compétence", "Skill"), default=0, ge=0, le=5)
    easy: bool = EASY.field()


class ToyTest(Check[TestParams]):
    name = "test"
    title = tr("Test", "Test")
    description = tr("1d6 + compétence ≥ 5", "1d6 + skill >= 5")
    params = TestParams
    outcomes = (Outcome("failure", tr("échec", "failure")), Outcome("success", tr("ok", "ok")))
    sources = (SOURCE,)

    def resolve(self, params: TestParams, dice: DiceSource) -> Resolution:
        total = dice.d(6) + params.skill + (1 if params.easy else 0)
        return Resolution("success" if total >= 5 else "failure", total=total)


class HitParams(Params):
    extra: int = param(tr("En plus", "Extra"), default=0, ge=0, le=10)


class Hit(Operation[ToySheet, HitParams]):
    name = "hit"
    title = tr("Coup", "Hit")
    params = HitParams
    sources = (SOURCE,)

    def apply(self, sheet: ToySheet, params: HitParams, dice: DiceSource) -> Change[ToySheet]:
        damage = dice.d(6) + params.extra
        changed = sheet.model_copy(update={"wounds": sheet.wounds + damage})
        return Change(
            changed, tr(f"{damage} blessures", f"{damage} wounds"), Resolution("hit", damage)
        )


class Heal(Operation[ToySheet, Params]):
    name = "heal"
    title = tr("Soin", "Heal")
    params = Params
    sources = (SOURCE,)

    def apply(self, sheet: ToySheet, params: Params, dice: DiceSource) -> Change[ToySheet]:
        return Change(sheet.model_copy(update={"wounds": 0}), tr("soigné", "healed"))


class Toy(System[Any]):
    id = "toy"
    name = tr("Jouet", "Toy")
    seed = "toy"
    checks = (ToyTest(),)
    operations = (Hit(), Heal())
    options = (EASY,)
    character = ToySheet

    def validate(self, sheet: CharacterSheet) -> list[RuleViolation]:
        assert isinstance(sheet, ToySheet)
        if sheet.might + sheet.agility <= 6:
            return []
        return [
            RuleViolation(
                rule="budget",
                source=SOURCE,
                message=tr("puissance + agilité ≤ 6", "might + agility <= 6"),
                path="might",
            )
        ]

    def initiative(self, sheet: CharacterSheet, dice: DiceSource) -> Resolution:
        assert isinstance(sheet, ToySheet)
        return Resolution("initiative", total=dice.d(6) + sheet.agility)

    def attacks(self, attacker: CharacterSheet, defender: CharacterSheet) -> list[Action]:
        assert isinstance(attacker, ToySheet) and isinstance(defender, ToySheet)
        skill = min(5, max(0, attacker.might + 2 - defender.agility))
        return [Action(tr("Coup de poing", "Punch"), "test", {"skill": skill})]

    def damage(
        self, check: str, params: dict[str, Any], result: Resolution, defender: CharacterSheet
    ) -> tuple[str, dict[str, Any]] | None:
        if check != "test" or result.outcome != "success" or result.total is None:
            return None
        return "hit", {"extra": min(10, result.total - 5)}


@contextmanager
def registered() -> Iterator[None]:
    """`toy` in the registry for the duration of a test."""
    systems = all_systems()
    systems["toy"] = Toy()
    try:
        yield
    finally:
        systems.pop("toy", None)


class LiveTable:
    """The log in memory: number each draft, fold it, keep it."""

    def __init__(self, system_id: str = "toy", options: dict[str, Any] | None = None) -> None:
        created = new_table("Table test", system_id, options)
        self.gm: Member = created.gm
        self.gm_token = created.gm_token
        self.invite_token = created.invite_token
        self.events: list[Event] = []
        self.state: TableState | None = None
        self.do(created.event)

    def do(self, draft: EventDraft) -> Event:
        seq = 1 if self.state is None else self.state.last_seq + 1
        event = Event(
            **draft.model_dump(), table_id=self.table_id_for(draft), seq=seq, at=datetime.now(UTC)
        )
        self.state = apply(self.state, event)
        self.events.append(event)
        return event

    def table_id_for(self, draft: EventDraft) -> str:
        if self.state is not None:
            return self.state.table.id
        return str(draft.payload["table"]["id"])

    @property
    def now(self) -> TableState:
        assert self.state is not None
        return self.state

    def join(self, name: str) -> Member:
        from ecran.play.table import join

        joined = join(self.now, name)
        self.do(joined.event)
        return joined.member
