"""The experience pool in play: dice awarded, a die used as a bonus die, a new session
(L955-1138); the dice growth spends are `common.spend`."""

from __future__ import annotations

from ecran.rules import Change, NoParams, Params, refuse, tr
from ecran.rules.wording import agreed
from ecran.systems.warp.operations.common import operation
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tables import CORE, FIELDS, src


class AmountParams(Params):
    dice: int = FIELDS("award_dice", default=1, ge=1, le=100)


@operation("award_experience", src(1038, 1138))
def award_experience(sheet: WarpSheet, params: AmountParams) -> Change[WarpSheet]:
    new = sheet.model_copy(
        update={
            "experience_pool": sheet.experience_pool + params.dice,
            "experience_earned": sheet.experience_earned + params.dice,
        }
    )
    return Change(
        new,
        tr(
            f"+{params.dice} {agreed(params.dice, 'dé', 'dés')} d'expérience",
            f"+{params.dice} experience {agreed(params.dice, 'die', 'dice', 'en')}",
        ),
    )


class UseExperienceParams(Params):
    dice: int = FIELDS("experience_roll_dice", default=1, ge=1, le=30)


@operation("use_experience", src(955, 1036), src(1466, 1471))
def use_experience(sheet: WarpSheet, params: UseExperienceParams) -> Change[WarpSheet]:
    """An experience die is a bonus die once per session (or cancels a penalty die), at most one
    per roll unless the optional rule allows more (L955-1036, L1466-1471)."""
    if params.dice > CORE.experience.per_roll and not sheet.multiple_experience_dice:
        raise refuse("un seul dé d'expérience par jet", "only one experience die per roll")
    if sheet.experience_used + params.dice > sheet.experience_pool:
        raise refuse(
            "plus de dé d'expérience disponible cette session",
            "no experience die left this session",
        )
    new = sheet.model_copy(update={"experience_used": sheet.experience_used + params.dice})
    return Change(
        new,
        tr(
            f"{params.dice} {agreed(params.dice, 'dé', 'dés')} bonus d'expérience",
            f"{params.dice} experience bonus {agreed(params.dice, 'die', 'dice', 'en')}",
        ),
    )


@operation("new_session", src(188, 203))
def new_session(sheet: WarpSheet, params: NoParams) -> Change[WarpSheet]:
    new = sheet.model_copy(update={"experience_used": 0})
    return Change(
        new, tr("dés d'expérience de nouveau disponibles", "experience dice available again")
    )
