"""Untreated wounds worsen; stabilised ones heal (L368-384, website §5)."""

from __future__ import annotations

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, tr
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.operations.common import NoParams
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed, site


class AggravateParams(Params):
    elapsed: int = FIELDS("elapsed", default=0, ge=0, le=100_000)
    slowed: bool = FIELDS("slowed", default=False)
    needs_serious: bool = OPTIONS["needs_serious"].field()


class Aggravate(Operation[ArtemisSheet, AggravateParams]):
    name = "aggravate"
    title = tr("Aggravation des blessures", "Wound aggravation")
    params = AggravateParams
    sources = (seed(368, 384), site(265, 280, "0106060101"))

    def apply(
        self, sheet: ArtemisSheet, params: AggravateParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        w = sheet.nifimo.blessure
        if w.stabilised:
            return Change(
                sheet,
                tr(
                    "blessures stabilisées : pas d'aggravation", "wounds stabilised: no aggravation"
                ),
            )
        step = tracks.aggravation(
            sheet.characteristics.force,
            params.elapsed,
            params.slowed,
            w.serious,
            w.light,
            params.needs_serious,
        )
        changed = tracks.add_marks(sheet, "blessure", serious=step.new_serious)
        return Change(
            changed,
            tr(
                f"+{step.new_serious} blessure(s) grave(s) (une toutes les "
                f"{step.interval} {step.unit})",
                f"+{step.new_serious} serious wound(s) (one every {step.interval} {step.unit})",
            ),
        )


class Stabilise(Operation[ArtemisSheet, NoParams]):
    name = "stabilise"
    title = tr("Stabiliser les blessures", "Stabilise the wounds")
    params = NoParams
    sources = (site(284, 311, "0110030401, 0107070301"),)

    def apply(
        self, sheet: ArtemisSheet, params: NoParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        w = sheet.nifimo.blessure.model_copy(update={"stabilised": True})
        return Change(
            tracks.with_nifimo(sheet, sheet.nifimo.model_copy(update={"blessure": w})),
            tr(
                "blessures stabilisées (soins, médikit ou caisson : au MJ)",
                "wounds stabilised (care, medikit or pod: GM's call)",
            ),
        )


class ConvalesceParams(Params):
    days: int = FIELDS("convalescence_days", default=0, ge=0, le=10_000)
    pod_hours: int = FIELDS("pod_hours", default=0, ge=0, le=10_000)


class Convalesce(Operation[ArtemisSheet, ConvalesceParams]):
    name = "convalesce"
    title = tr("Convalescence", "Convalescence")
    params = ConvalesceParams
    sources = (site(284, 295, "0110030401"),)

    def apply(
        self, sheet: ArtemisSheet, params: ConvalesceParams, dice: DiceSource
    ) -> Change[ArtemisSheet]:
        w = sheet.nifimo.blessure
        if not w.stabilised:
            raise EcranError(
                tr(
                    "seules les blessures stabilisées guérissent : stabilisez d'abord",
                    "only stabilised wounds heal: stabilise first",
                )
            )
        rule = tables.nifimo().healing
        healed = (
            params.days // rule.natural_days_per_wound
            + params.pod_hours // rule.pod_hours_per_wound
        )
        serious = min(w.serious, healed)
        light = min(w.light, healed - serious)
        changed = tracks.add_marks(sheet, "blessure", -light, -serious)
        return Change(
            changed,
            tr(f"{serious + light} blessure(s) guérie(s)", f"{serious + light} wound(s) healed"),
        )
