"""The end of a round on the tracker (#30 item 5): the tests the participants' states call for
each round (`System.round_tests`: Fluid's haemorrhage, a VOL test or coma and the next survival
test, L1501-1507; Nephilim's Incapacité and Épuisé, a test each round or coma, L88), rolled
with the table's dice and applied, then the game's own round end where it is more than those
tests (`System.round_changes`: Organique's END reserve, mortal wound and first-aid clock,
L305-317, L630-640), in the `next_turn` step that ends the round (one event, one undo). The
step's seed is the table's (`dice_key.table_seed`), each test's derives from it
under its participant and operation (`derived_seed`), so the seed a player may see (a public
character's) tells nothing of a secret NPC's dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import ValidationError

from ecran.play.characters import parse_sheet, run_operation
from ecran.play.dice_key import SeedChoice, derived_seed, table_seed
from ecran.play.encounter.access import sheet_of
from ecran.play.encounter.conditions import put_on
from ecran.play.encounter.sheet_change import changed_sheet
from ecran.play.model import Member, StoredCharacter
from ecran.play.payloads import EncounterChanged, RoundTest
from ecran.play.state import TableState
from ecran.play.tracker import Encounter
from ecran.rules import Consequence, EcranError, System, Text

#: The most tests one participant's state calls for in one round's end (each operation once).
TESTS_MAX = 8


def test_seed(seed: int | None, encounter_id: str, pid: str, operation: str) -> int | None:
    """The seed of one test of a round's end, from the step's (`derived_seed`)."""
    return derived_seed(seed, encounter_id, "round_end", pid, operation)


class RoundEnd:
    """The tests of one round's end, applied one after the other to the encounter `enc` and
    to the stored characters already changed in the step (`saved`, by id: a knock-out lifted
    as the turn ended)."""

    def __init__(
        self, state: TableState, system: System[Any], enc: Encounter, saved: list[StoredCharacter]
    ) -> None:
        self.state, self.system, self.enc = state, system, enc
        self.saved = {c.id: c for c in saved}
        self.tests: list[RoundTest] = []

    def sheet(self, pid: str) -> dict[str, Any] | None:
        who = self.enc.participants[pid]
        if who.character_id is not None and who.character_id in self.saved:
            return self.saved[who.character_id].sheet
        return sheet_of(self.state, who)

    def due(self, pid: str, done: Sequence[str] = ()) -> Consequence | None:
        """The participant's next test not run yet this round's end, asked of its sheet as it
        stands now (one test may end the state that calls for the next)."""
        sheet = self.sheet(pid)
        if sheet is None:
            return None
        return self.system.next_round_step(parse_sheet(self.system, sheet), done)

    def run(self, pid: str, seed: int | None) -> None:
        done: list[str] = []
        while len(done) < TESTS_MAX and (step := self.due(pid, done)) is not None:
            done.append(step.operation)
            sheet = self.sheet(pid)
            assert sheet is not None
            own = test_seed(seed, self.enc.id, pid, step.operation)
            changed, record = run_operation(self.system, sheet, step.operation, step.params, own)
            if changed == sheet and not record.dice and not record.conditions:
                continue  # nothing rolled, nothing changed: no line (the fallen cared for)
            who = self.enc.participants[pid]
            # a character changed twice in the step is one new version (of the table's)
            after, characters = changed_sheet(self.state, self.enc, who, changed)
            self.saved.update((c.id, c) for c in characters)
            self.enc = put_on(after, pid, record.conditions)
            title = self.system.operation(step.operation).title
            self.tests.append(RoundTest(participant_id=pid, title=title, operation=record))


def round_end(
    state: TableState,
    system: System[Any],
    actor: Member,
    enc: Encounter,
    saved: list[StoredCharacter],
) -> tuple[Encounter, list[StoredCharacter], list[RoundTest], SeedChoice | None]:
    """The round's end on `enc` (the encounter as the step leaves it so far): every
    participant's tests, in the acting order. Returns the encounter, the stored characters
    the step changes (`saved` included), the tests run and the seed drawn (None where no
    state called for a test: the step then rolls nothing)."""
    ending = RoundEnd(state, system, enc, saved)
    testing = [pid for pid in enc.order if ending.due(pid) is not None]
    if not testing:
        return enc, saved, [], None
    drawn = table_seed(state.dice_key, actor, None, state.last_seq + 1)
    for pid in testing:
        ending.run(pid, drawn.seed)
    return ending.enc, list(ending.saved.values()), ending.tests, drawn


def replay_problems(
    system: System[Any] | None,
    before: Callable[[str], dict[str, Any] | None],
    step: EncounterChanged,
) -> list[Text]:
    """What `ecran verify` finds wrong with a round's end (`audit`): each test's seed must
    derive from the step's, and its operation rolled again from it, one test after the other
    on the participant's sheet as the log showed it `before` the step, must give its dice and
    result. Nothing is replayed where the log does not show the sheet or the game is unknown."""
    problems: list[Text] = []
    sheets: dict[str, dict[str, Any] | None] = {}
    for test in step.round_tests:
        pid, made = test.participant_id, test.operation
        own = test_seed(step.seed, step.encounter_id, pid, made.operation)
        if step.seed is not None and made.seed != own:
            problems.append(_WRONG_SEED)
        sheet = sheets[pid] if pid in sheets else before(pid)
        sheets[pid] = None
        if system is None or sheet is None:
            continue
        try:
            sheets[pid], again = run_operation(
                system, sheet, made.operation, made.params, made.seed
            )
        except (EcranError, ValidationError):
            problems.append(Text(fr="un test ne se rejoue pas", en="a test cannot be replayed"))
            continue
        if again.dice != made.dice:
            problems.append(
                Text(fr="les dés ne sont pas ceux de la graine", en="the dice are not the seed's")
            )
        elif again.model_copy(update={"summary": made.summary}) != made:
            problems.append(
                Text(fr="le résultat n'est pas celui des dés", en="the result is not the dice's")
            )
    return problems


_WRONG_SEED = Text(
    fr="la graine d'un test de fin de round ne vient pas de celle de l'étape",
    en="a round's end test's seed does not follow from the step's",
)
