"""The `organique` System: "Systèmes de règles organiques" (cyberpunk, Manhattan 2080)."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.organique.checks.combat import COMBAT_CHECKS
from ecran.systems.organique.checks.core import CORE_CHECKS
from ecran.systems.organique.checks.drugs import DRUG_CHECKS
from ecran.systems.organique.checks.hacking import HACKING_CHECKS
from ecran.systems.organique.checks.psychic import PSYCHIC_CHECKS
from ecran.systems.organique.checks.vehicle import VEHICLE_CHECKS
from ecran.systems.organique.common import SEED
from ecran.systems.organique.options import ALL_OPTIONS


class Organique(System):
    id = "organique"
    name = tr("Systèmes de règles organiques (2080)", "Organic Rule Components (2080)")
    seed = SEED
    checks = (
        *CORE_CHECKS,
        *COMBAT_CHECKS,
        *PSYCHIC_CHECKS,
        *VEHICLE_CHECKS,
        *HACKING_CHECKS,
        *DRUG_CHECKS,
    )
    options = ALL_OPTIONS


SYSTEM = Organique()
