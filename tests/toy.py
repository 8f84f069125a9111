"""The one toy system of the play, store and web tests (demo has no sheet), an in-memory log,
and the table writes the store tests make through `Store.execute`.

`toy`: a sheet with `might` (1-5), `agility` (1-5) and `wounds`; the rule "might + agility <= 6";
a check `test` (1d6 + skill >= 5, option `easy`: +1); a check `mixed` with every kind of parameter
a web form must handle (required int, bool, optional int, Literal, Enum, and a house rule
`lucky`); initiative 1d6 + agility; operations `hit` (1d6 wounds, recorded dice) and `heal` (no
dice); random NPCs; the tracker shows the wounds (`tracks`). Combat hooks: one attack, the test
with skill = might + 2 - the defender's agility (0-5); a success hits for 1d6 + the margin over 5.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import Field

from ecran.dice import DiceSource, Roller
from ecran.engine import all_systems, get_system
from ecran.play import Event, EventDraft, Member, StoredCharacter, TableState, apply
from ecran.play import characters as play_characters
from ecran.play import rolls as play_rolls
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
    SheetRow,
    System,
    Text,
    cite,
    param,
    tr,
)
from ecran.store import Access, Store

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


HOUSE = Option(
    name="lucky",
    default=False,
    label=tr("Chanceux", "Lucky"),
    help=tr("Relance un 1 une fois", "Reroll a 1 once"),
    source=cite("toy", 7, 9),
    kind="house_rule",
)


class Mode(StrEnum):
    plain = "plain"
    grim = "grim"


class MixedParams(Params):
    skill: int = param(tr("Compétence", "Skill"), ge=0, le=6)  # required: no default
    bonus: bool = param(tr("Bonus", "Bonus"), default=True)
    cap: int | None = param(tr("Plafond", "Cap"), default=None, ge=1, le=12)
    stance: Literal["careful", "bold"] = param(tr("Posture", "Stance"), default="careful")
    mode: Mode = param(tr("Mode", "Mode"), default=Mode.plain)
    lucky: bool = HOUSE.field()


class Mixed(Check[MixedParams]):
    """skill + d6 (+1 with bonus, +1 if bold, −1 if grim), capped; a lucky 1 is rerolled once;
    success on 7 or more, triumph on 10 or more."""

    name = "mixed"
    title = tr("Test mixte", "Mixed check")
    description = tr("Compétence + 1d6 contre 7.", "Skill + 1d6 against 7.")
    params = MixedParams
    outcomes = (
        Outcome("failure", tr("échec", "failure")),
        Outcome("success", tr("réussite", "success")),
        Outcome("triumph", tr("triomphe", "triumph"), help=tr("10 ou plus", "10 or more")),
    )
    sources = (cite("toy", 1, 2, note="test fixture"),)
    example: dict[str, Any] = {"skill": 3, "bonus": False, "stance": "bold"}

    def resolve(self, params: MixedParams, dice: DiceSource) -> Resolution:
        die = dice.d(6)
        if die == 1 and params.lucky:
            die = dice.d(6)
        total = params.skill + die + int(params.bonus) + (params.stance == "bold")
        total -= params.mode is Mode.grim
        if params.cap is not None:
            total = min(total, params.cap)
        outcome = "triumph" if total >= 10 else "success" if total >= 7 else "failure"
        return Resolution(outcome, total=total, details={"die": die, "flags": [params.stance]})


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


class Toy(System[ToySheet]):
    id = "toy"
    name = tr("Jouet", "Toy")
    seed = "toy"
    checks = (ToyTest(), Mixed())
    operations = (Hit(), Heal())
    options = (EASY,)
    character = ToySheet

    def validate(self, sheet: ToySheet) -> list[RuleViolation]:
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

    def random_npc(self, roller: Roller, **choices: Any) -> ToySheet:
        """Legal by construction: might and agility 1-3 each."""
        return ToySheet(
            name=f"PNJ {roller.d(100)}", kind="npc", might=roller.d(3), agility=roller.d(3)
        )

    def initiative(self, sheet: ToySheet, dice: DiceSource) -> Resolution:
        return Resolution("initiative", total=dice.d(6) + sheet.agility)

    def tracks(self, sheet: ToySheet) -> list[SheetRow]:
        return [SheetRow(tr("Blessures", "Wounds"), str(sheet.wounds))]

    def attacks(self, attacker: ToySheet, defender: ToySheet) -> list[Action]:
        skill = min(5, max(0, attacker.might + 2 - defender.agility))
        return [Action(tr("Coup de poing", "Punch"), "test", {"skill": skill})]

    def damage(
        self, check: str, params: dict[str, Any], result: Resolution, defender: ToySheet
    ) -> tuple[str, dict[str, Any]] | None:
        if check != "test" or result.outcome != "success" or result.total is None:
            return None
        return "hit", {"extra": min(10, result.total - 5)}


class ToyWithActions(Toy):
    """`toy` whose sheet offers one action: the test with `might` as the skill, called `label`
    (prefilled checks with hand-computable odds; the chat tests type the label)."""

    def __init__(self, label: Text) -> None:
        self.label = label

    def actions(self, sheet: ToySheet) -> list[Action]:
        return [Action(self.label, "test", {"skill": sheet.might})]


class Bare(System[CharacterSheet]):
    """A game with nothing but its name: no sheet, no NPCs, no initiative (what the web and a
    table say of a game that lacks them; `demo` has them all)."""

    id = "bare"
    name = tr("Nu", "Bare")
    seed = "bare"


@contextmanager
def bare() -> Iterator[System[Any]]:
    """`bare` in the registry for the duration of a test."""
    systems = all_systems()
    systems["bare"] = system = Bare()
    try:
        yield system
    finally:
        systems.pop("bare", None)


@contextmanager
def registered(system: Toy | None = None) -> Iterator[None]:
    """`toy` (or the variant given) in the registry for the duration of a test."""
    systems = all_systems()
    systems["toy"] = system or Toy()
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


# -- table writes, as the web's command path makes them ------------------------------------------


def roll(store: Store, access: Access, check: str, params: dict[str, Any], **options: Any) -> Event:
    """A roll at the table (`visibility=` names the visibility, as the API's body does)."""
    visibility = options.pop("visibility", "public")
    return store.execute(
        access,
        lambda s, a: play_rolls.roll(s, a, check, params, visibility_name=visibility, **options),
    )


def save_character(store: Store, access: Access, data: Any, **options: Any) -> StoredCharacter:
    """Create or update a character (`play.characters.save_character`'s options)."""
    event = store.execute(
        access,
        lambda s, a: play_characters.save_character(
            s, get_system(s.table.system_id), a, data, **options
        ),
    )
    return StoredCharacter.model_validate(event.payload["character"])


def three_in_an_encounter(
    live: LiveTable, goblin_agility: int = 4, secret: bool = False, shadow: bool = True
) -> tuple[Member, str, str]:
    """Alice joins; her Hector (a PC, might 3, agility 2), Gobelin (an NPC sheet, might 2,
    `goblin_agility`, `secret` from the players) and Ombre (an NPC, no sheet; left out without
    `shadow`) are p1, p2, p3 of the encounter « Embuscade »: Alice, the encounter's id,
    Hector's."""
    from ecran.play import encounter as enc
    from ecran.play.characters import save_character as save_sheet

    toy = get_system("toy")
    alice = live.join("Alice")
    hector = {"name": "Hector", "might": 3, "agility": 2}
    cid = live.do(save_sheet(live.now, toy, alice, hector)).payload["character"]["id"]
    eid = live.do(enc.create(live.now, live.gm, "Embuscade")).payload["encounter_id"]
    live.do(enc.add_participant(live.now, toy, live.gm, eid, character_id=cid))
    goblin = {"name": "Gobelin", "might": 2, "agility": goblin_agility}
    live.do(enc.add_participant(live.now, toy, live.gm, eid, sheet=goblin, secret=secret))
    if shadow:
        live.do(enc.add_participant(live.now, toy, live.gm, eid, name="Ombre"))
    return alice, eid, cid
