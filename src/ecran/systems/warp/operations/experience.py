"""The experience pool in play: dice awarded, a die used as a bonus die, a new session, and the
dice spent on growth (L955-1138)."""

from __future__ import annotations

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, tr
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tables import CORE, FIELDS, src


def refuse(fr: str, en: str) -> EcranError:
    return EcranError(tr(fr, en))


class AmountParams(Params):
    dice: int = FIELDS("award_dice", default=1, ge=1, le=100)


class AwardExperience(Operation[WarpSheet, AmountParams]):
    name = "award_experience"
    title = tr("Attribuer des dés d'expérience", "Award experience dice")
    params = AmountParams
    sources = (src(1038, 1138),)

    def apply(self, sheet: WarpSheet, params: AmountParams, dice: DiceSource) -> Change[WarpSheet]:
        new = sheet.model_copy(
            update={
                "experience_pool": sheet.experience_pool + params.dice,
                "experience_earned": sheet.experience_earned + params.dice,
            }
        )
        return Change(
            new, tr(f"+{params.dice} dé(s) d'expérience", f"+{params.dice} experience dice")
        )


class UseExperienceParams(Params):
    dice: int = FIELDS("experience_roll_dice", default=1, ge=1, le=30)


class UseExperience(Operation[WarpSheet, UseExperienceParams]):
    """An experience die is a bonus die once per session (or cancels a penalty die), at most one
    per roll unless the optional rule allows more (L955-1036, L1466-1471)."""

    name = "use_experience"
    title = tr("Utiliser un dé d'expérience", "Use an experience die")
    params = UseExperienceParams
    sources = (src(955, 1036), src(1466, 1471))

    def apply(
        self, sheet: WarpSheet, params: UseExperienceParams, dice: DiceSource
    ) -> Change[WarpSheet]:
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
            tr(f"{params.dice} dé(s) bonus d'expérience", f"{params.dice} experience bonus dice"),
        )


class NoParams(Params):
    pass


class NewSession(Operation[WarpSheet, NoParams]):
    name = "new_session"
    title = tr("Nouvelle session", "New session")
    params = NoParams
    sources = (src(188, 203),)

    def apply(self, sheet: WarpSheet, params: NoParams, dice: DiceSource) -> Change[WarpSheet]:
        new = sheet.model_copy(update={"experience_used": 0})
        return Change(
            new, tr("dés d'expérience de nouveau disponibles", "experience dice available again")
        )


def spend(sheet: WarpSheet, cost: int) -> dict[str, int]:
    free = sheet.experience_pool - sheet.experience_used
    if cost > free:
        raise refuse(
            f"il faut {cost} dés d'expérience (disponibles : {free})",
            f"{cost} experience dice needed ({free} available)",
        )
    return {
        "experience_pool": sheet.experience_pool - cost,
        "experience_spent": sheet.experience_spent + cost,
    }
