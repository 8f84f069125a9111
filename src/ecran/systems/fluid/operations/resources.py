"""Drawing on one's resources (L788-800), helping (L846-850), magic (L1782-1796)."""

from __future__ import annotations

from ecran.rules import Change, Params, cite, refuse, tr
from ecran.systems.fluid import tracks
from ecran.systems.fluid.operations.common import Pool, operation
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import FIELDS, SEED


class SpendParams(Params):
    pool: Pool = FIELDS("pool")
    points: int = FIELDS("points", ge=1, le=60)


@operation("spend", cite(SEED, 788, 800), cite(SEED, 846, 850))
def spend(sheet: FluidSheet, params: SpendParams) -> Change[FluidSheet]:
    """Drawing on one's resources (L788-800), helping (L846-850), magic (L1782-1796): RES, AUR
    and SAN are used up; a characteristic's points are spent until the night's rest."""
    if params.pool in ("RES", "AUR", "SAN"):
        left = tracks.current(sheet, params.pool) - params.points
        if left < 0:
            raise refuse(f"pas assez de {params.pool}", f"not enough {params.pool}")
        changed = sheet.model_copy(update={params.pool.lower(): left})
    else:
        if params.pool == "MAG" and sheet.characteristics.magie is None:
            raise refuse("pas de caractéristique Magie", "no Magic characteristic")
        if tracks.effective(sheet, params.pool) < params.points:
            raise refuse(f"pas assez de {params.pool}", f"not enough {params.pool}")
        spent = dict(sheet.spent)
        spent[params.pool] = spent.get(params.pool, 0) + params.points
        changed = sheet.model_copy(update={"spent": spent})
    text = f"−{params.points} {params.pool}"
    return Change(changed, tr(text, text))
