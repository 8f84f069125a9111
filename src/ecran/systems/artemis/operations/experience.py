"""Experience gained and the mental balance (L396-407, website §7)."""

from __future__ import annotations

from typing import Literal

from ecran.rules import Change, EcranError, NoParams, Params, tr
from ecran.systems.artemis import tables
from ecran.systems.artemis.operations.common import operation
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed, site


class AwardParams(Params):
    session: int = FIELDS("session", default=0, ge=0, le=3)
    scenario: int = FIELDS("scenario", default=0, ge=0, le=20)
    scenario_length: Literal["", "short", "medium", "long"] = FIELDS("scenario_length", default="")


@operation("award_xp", seed(403, 407), site(357, 376, "0105130001"))
def award_xp(sheet: ArtemisSheet, params: AwardParams) -> Change[ArtemisSheet]:
    """Experience for a session, plus a scenario's bonus within its length's band; a finished
    scenario starts the forced-luck count again (website §7)."""
    gained, xp = params.session, sheet.experience
    update: dict[str, int] = {}
    if params.scenario_length:
        band = next(
            a for a in tables.advancement().scenario_award if a.id == params.scenario_length
        )
        if not band.min <= params.scenario <= band.max:
            raise EcranError(
                tr(
                    f"bonus {params.scenario} hors de {band.min}–{band.max} ({band.fr})",
                    f"bonus {params.scenario} outside {band.min}-{band.max} ({band.en})",
                )
            )
        gained += params.scenario
        update["forced_this_scenario"] = 0  # a new scenario starts the count again
    elif params.scenario:
        raise EcranError(
            tr(
                "indiquez la longueur du scénario pour son bonus",
                "give the scenario's length for its bonus",
            )
        )
    update["total"] = xp.total + gained
    changed = sheet.model_copy(update={"experience": xp.model_copy(update=update)})
    return Change(changed, tr(f"+{gained} XP", f"+{gained} XP"))


@operation("new_scenario", seed(37, 39))
def new_scenario(sheet: ArtemisSheet, params: NoParams) -> Change[ArtemisSheet]:
    """Luck may be forced three times per scenario: a new one resets the count (L37-39)."""
    xp = sheet.experience.model_copy(update={"forced_this_scenario": 0})
    return Change(
        sheet.model_copy(update={"experience": xp}),
        tr("compteur de hasard forcé remis à zéro", "forced-luck count reset"),
    )


#: The mental balance's events (L396-399), or one the GM names.
Event = Literal["first_death", "assassination", "custom"]


class BalanceParams(Params):
    event: Event = FIELDS("event", default="first_death")
    label: str = FIELDS("label", default="")
    points: int = FIELDS("points", default=0, ge=-20, le=20)


@operation("balance_event", seed(396, 399), site(315, 334, "0105150101"))
def balance_event(sheet: ArtemisSheet, params: BalanceParams) -> Change[ArtemisSheet]:
    """An event of the mental balance, from the table or named by the GM, noted with its points
    (L396-399, website §7)."""
    if params.event == "custom":
        if not params.label:
            raise EcranError(
                tr("un événement libre a besoin d'un libellé", "a custom event needs a label")
            )
        label, points = params.label, params.points
        words = tr(label, label)
    else:
        row = next(e for e in tables.advancement().balance_event if e.id == params.event)
        label, points, words = row.fr, row.points, tr(row.fr, row.en)
    entries = [*sheet.mental_balance, {"label": label, "points": points}]
    changed = ArtemisSheet.model_validate({**sheet.model_dump(), "mental_balance": entries})
    return Change(
        changed,
        tr(
            f"{words.fr} : {points:+d} (total {changed.balance})",
            f"{words.en}: {points:+d} (total {changed.balance})",
        ),
    )
