"""Untreated wounds worsen; stabilised ones heal (L368-384, website §5)."""

from __future__ import annotations

from ecran.rules import Change, EcranError, NoParams, Params, tr
from ecran.rules.wording import agreed
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.operations.common import operation
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import FIELDS, seed, site


class AggravateParams(Params):
    elapsed: int = FIELDS("elapsed", default=0, ge=0, le=100_000)
    slowed: bool = FIELDS("slowed", default=False)
    needs_serious: bool = OPTIONS["needs_serious"].field()


@operation("aggravate", seed(368, 384), site(265, 280, "0106060101"))
def aggravate(sheet: ArtemisSheet, params: AggravateParams) -> Change[ArtemisSheet]:
    """Untreated wounds gain one serious wound per aggravation time of the character's Force;
    stabilised ones do not worsen (L368-384, website §5)."""
    w = sheet.nifimo.blessure
    if w.stabilised:
        return Change(
            sheet,
            tr("blessures stabilisées : pas d'aggravation", "wounds stabilised: no aggravation"),
        )
    force = sheet.characteristics.force
    step = tracks.aggravation(
        force, params.elapsed, params.slowed, w.serious, w.light, params.needs_serious
    )
    return Change(
        tracks.add_marks(sheet, "blessure", serious=step.new_serious),
        tr(
            f"+{step.new_serious} "
            f"{agreed(step.new_serious, 'blessure grave', 'blessures graves')} (une toutes les "
            f"{step.interval} {step.unit})",
            f"+{step.new_serious} "
            f"{agreed(step.new_serious, 'serious wound', 'serious wounds', 'en')} "
            f"(one every {step.interval} {step.unit})",
        ),
    )


@operation("stabilise", site(284, 311, "0110030401, 0107070301"))
def stabilise(sheet: ArtemisSheet, params: NoParams) -> Change[ArtemisSheet]:
    """Care, a medikit or a pod stabilises the wounds: they stop worsening (website §5)."""
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


@operation("convalesce", site(284, 295, "0110030401"))
def convalesce(sheet: ArtemisSheet, params: ConvalesceParams) -> Change[ArtemisSheet]:
    """Only stabilised wounds heal: one per so many days of convalescence or hours in a pod,
    serious wounds first (website §5)."""
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
        params.days // rule.natural_days_per_wound + params.pod_hours // rule.pod_hours_per_wound
    )
    serious = min(w.serious, healed)
    light = min(w.light, healed - serious)
    return Change(
        tracks.add_marks(sheet, "blessure", -light, -serious),
        tr(
            f"{serious + light} {agreed(serious + light, 'blessure guérie', 'blessures guéries')}",
            f"{serious + light} {agreed(serious + light, 'wound', 'wounds', 'en')} healed",
        ),
    )
