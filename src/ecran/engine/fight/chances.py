"""The tracker's "chances de victoire": the fight simulated within the work budget
(`victory`), and each planned attack's exact odds (`planned_attack`, `ecran encounter attack`):
the chance the target ends it out of action or dead, from the same exchange tables the
simulator draws from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from ecran.dice import Distribution, TooManyPaths
from ecran.engine.fight.check_tables import WALK_PATHS
from ecran.engine.fight.exchange import Attack, exact_exchange, unknown_attack
from ecran.engine.fight.kept import forget_tables
from ecran.engine.fight.report import EncounterReport
from ecran.engine.fight.run import Fight
from ecran.engine.fight.simulation import simulate_encounter
from ecran.engine.fight.states import DEAD, OUT
from ecran.rules import EcranError, System, Text
from ecran.rules.ongoing import action_taken

#: The budget of one planned attack's exact odds (computed once, not per trial).
PLANNED_PATHS = 100_000
#: The tracker's batches: the first small, so a slow game's first batch ends well within the
#: budget, the next ones growing up to VICTORY_LARGEST (`batch_sizes`). 400: measured on the
#: benchmark's Fluid 4 against 4 from cold, five looks (0.5 s each) ran 4,000-4,800 fights
#: where 800 ran 3,200-4,000 (a large batch that would end past its look waits for the next).
VICTORY_BATCH = 100
VICTORY_LARGEST = 400


class PlannedAttack(BaseModel):
    """One planned attack's exact odds: the chance the target ends it out of action or dead
    (and the attacker, where the result strikes back)."""

    attacker: str
    target: str
    attack: str
    out: str
    p_out: float
    dead: str
    p_dead: float
    attacker_out: str
    p_attacker_out: float
    #: The chance of the results not worked out exactly (a Fluid attack's longest explosion
    #: chains, `Check.result_law`'s tails): each chance above is exact for the rest, so the
    #: true one lies between it and it plus this. 0 where every result was worked out.
    unsettled: str = "0"
    p_unsettled: float = 0.0


def planned_attack(
    data: Any,
    attacker: str,
    target: str,
    choice: int = 0,
    lang: str = "fr",
    paths: int = PLANNED_PATHS,
    system: System[Any] | None = None,
) -> PlannedAttack:
    """The exact chance that one attack of `attacker` takes `target` out (names from the
    encounter file): the same walked exchange the simulator samples from, within `paths` dice
    sequences per walk; past them, the check's listed results where it lists them (the rest's
    chance is `unsettled`), else a one-line error."""
    fight = Fight(data, system)
    a, d = _attacker_and_target(fight, attacker, target)
    lost = action_taken(attacker, fight.books.sheets[a].ongoing)
    if lost is not None:  # as the tracker refuses it (Organique's stun, L3231-3236)
        raise EcranError(lost)
    offered = fight.system.attacks(fight.books.sheets[a], fight.books.sheets[d])
    if choice and choice >= len(offered):
        raise unknown_attack(attacker, target, choice, len(offered))
    attack = Attack.of(fight.books, a, d, choice)
    try:
        dist = exact_exchange(fight.books, a, d, choice, fight.results, paths, listed=True)
    except TooManyPaths:
        raise EcranError(
            Text(
                fr="trop de combinaisons de dés pour un calcul exact de cette attaque",
                en="too many dice combinations for an exact computation of this attack",
            )
        ) from None
    label = "-" if attack.action is None else attack.action.label(lang)
    return _odds(attacker, target, label, dist, fight.books.status)


def _odds(
    attacker: str, target: str, label: str, dist: Distribution[tuple[int, int]], status: list[int]
) -> PlannedAttack:
    """The chances of the (attacker, target) states after the attack, `dist`."""
    p_out = dist.probability_where(lambda s: status[s[1]] >= OUT)
    p_dead = dist.probability_where(lambda s: status[s[1]] == DEAD)
    p_back = dist.probability_where(lambda s: status[s[0]] >= OUT)
    unsettled = 1 - dist.total
    return PlannedAttack(
        attacker=attacker,
        target=target,
        attack=label,
        out=str(p_out),
        p_out=float(p_out),
        dead=str(p_dead),
        p_dead=float(p_dead),
        attacker_out=str(p_back),
        p_attacker_out=float(p_back),
        unsettled=str(unsettled),
        p_unsettled=float(unsettled),
    )


def _attacker_and_target(fight: Fight, attacker: str, target: str) -> tuple[int, int]:
    """The start states of two participants named in the file, two different ones."""
    names = [p.name for p in fight.spec.participants]
    for name in (attacker, target):
        if name not in names:
            raise EcranError(
                Text(
                    fr=f"participant inconnu : {name} (connus : {', '.join(names)})",
                    en=f"unknown participant: {name} (known: {', '.join(names)})",
                )
            )
    if attacker == target:
        raise EcranError(
            Text(
                fr=f"l'attaquant et la cible sont le même participant : {attacker}",
                en=f"the attacker and the target are the same participant: {attacker}",
            )
        )
    return fight.start[names.index(attacker)], fight.start[names.index(target)]


def victory(
    data: Any,
    trials: int,
    seed: int,
    seconds: float,
    planned: Sequence[tuple[str, str]] = (),
    lang: str = "fr",
    system: System[Any] | None = None,
    margin: float | None = None,
    batch: int = VICTORY_BATCH,
    largest: int = VICTORY_LARGEST,
) -> tuple[EncounterReport, list[PlannedAttack]]:
    """The encounter tracker's "chances de victoire" in one job of the work budget: the fight
    simulated over `trials` (the batches, from `batch` fights growing to `largest`, run within
    `seconds`), then each planned attack (attacker, target) the rules let the acting
    participant make (one the dice are too many for is left out). A run cut short (the
    budget's signal, an interrupt) may stop in the middle of filling a table: every simulator
    table of the process is dropped then, so the worker's next job never reads one half
    filled. With `margin`, the fights stop once the figures are that close
    (`simulate_encounter`). One process: the work budget counts this one's CPU, a helper's
    would pass it unseen."""
    try:
        report = simulate_encounter(
            data,
            trials,
            seed=seed,
            batch=batch,
            largest=largest,
            seconds=seconds,
            system=system,
            margin=margin,
            workers=1,
        )
    except BaseException:
        forget_tables()
        raise
    return report, planned_attacks(data, planned, lang, system)


def planned_attacks(
    data: Any,
    planned: Sequence[tuple[str, str]],
    lang: str = "fr",
    system: System[Any] | None = None,
) -> list[PlannedAttack]:
    """Each planned attack (attacker, target) the rules let the acting participant make, one
    the dice are too many for left out; in a job of the work budget of its own (the tracker's
    slow encounters), every table dropped if the budget cuts it short, as in `victory`."""
    found = []
    try:
        for attacker, target in planned:
            try:
                found.append(
                    planned_attack(
                        data, attacker, target, lang=lang, paths=WALK_PATHS, system=system
                    )
                )
            except EcranError:
                continue
    except BaseException:
        forget_tables()
        raise
    return found
