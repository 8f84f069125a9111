"""Recovery (L1541-1543, L1567-1597): the night's rest, the short pause and medical care."""

from __future__ import annotations

from typing import Any, Literal

from ecran.rules import Change, Params, cite, refuse, tr
from ecran.systems.fluid import tracks
from ecran.systems.fluid.operations.common import operation, reduce_wound, with_traits
from ecran.systems.fluid.options import OPTIONS
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import FIELDS, SEED


class RestParams(Params):
    characteristic: str = FIELDS("recovered_characteristic", default="")
    wound: str = FIELDS("healed_wound", default="")
    restore_aura: bool = FIELDS("restore_aura", default=False)
    daily_recovery: Literal["one_in_total", "one_of_each"] = OPTIONS["daily_recovery"].field()


@operation("night_rest", cite(SEED, 1541, 1543), cite(SEED, 1567, 1583))
def night_rest(sheet: FluidSheet, params: RestParams) -> Change[FluidSheet]:
    """A night's rest fills RES (L1569-1571) and SAN (L1541) and gives back 1 point of a
    characteristic or of a wound Trait a day (L1571-1573; an option reads it as one of each)."""
    if params.characteristic and params.wound and params.daily_recovery == "one_in_total":
        raise refuse(
            "1 point par jour au total : une caractéristique ou une blessure",
            "1 point a day in total: a characteristic or a wound",
        )
    spent = dict(sheet.spent)
    if params.characteristic:
        if spent.get(params.characteristic, 0) <= 0:
            raise refuse(
                f"aucun point dépensé en {params.characteristic}",
                f"no point spent from {params.characteristic}",
            )
        spent[params.characteristic] -= 1
        if not spent[params.characteristic]:
            del spent[params.characteristic]
    traits = reduce_wound(sheet, params.wound, 1) if params.wound else list(sheet.traits)
    update: dict[str, Any] = {
        "res": None,
        "san": None,
        "spent": spent,
        "pause_res_today": 0,
        "medicine_today": False,
    }
    if params.restore_aura:
        update["aur"] = None
    return Change(
        with_traits(sheet, traits, **update), tr("RES et SAN au maximum", "RES and SAN full")
    )


class PauseParams(Params):
    res: int = FIELDS("res", default=1, ge=1, le=2)


@operation("short_pause", cite(SEED, 1575, 1583))
def short_pause(sheet: FluidSheet, params: PauseParams) -> Change[FluidSheet]:
    """A short pause gives back 1 or 2 RES, never more than CON a day (L1575-1583), nor past
    the maximum."""
    room_today = sheet.characteristics.score("CON") - sheet.pause_res_today
    room_pool = tracks.attribute(sheet, "RES") - tracks.current(sheet, "RES")
    gained = max(0, min(params.res, room_today, room_pool))
    changed = sheet.model_copy(
        update={
            "res": tracks.current(sheet, "RES") + gained,
            "pause_res_today": sheet.pause_res_today + gained,
        }
    )
    text = f"+{gained} RES"
    return Change(changed, tr(text, text))


class HealParams(Params):
    wound: str = FIELDS("wound")
    points: int = FIELDS("points_healed", ge=1, le=4)


@operation("medicine", cite(SEED, 1585, 1597), cite(SEED, 1503, 1504))
def medicine(sheet: FluidSheet, params: HealParams) -> Change[FluidSheet]:
    """A medicine test heals 1 to 4 points of a wound Trait, by its rank; one test a day
    (L1585-1597); it stops a haemorrhage too ("Un test de médecine réussi arrête
    l'hémorragie", L1503-1504)."""
    if sheet.medicine_today:
        raise refuse("un seul test de médecine par jour", "one medicine test a day")
    traits = reduce_wound(sheet, params.wound, params.points)
    changed = with_traits(sheet, traits, medicine_today=True)
    if changed.condition.haemorrhage:
        stopped = {"haemorrhage": False, "haemorrhage_penalty": 0}
        changed = changed.model_copy(
            update={"condition": changed.condition.model_copy(update=stopped)}
        )
    text = f"{params.wound} −{params.points}"
    return Change(changed, tr(text, text))
