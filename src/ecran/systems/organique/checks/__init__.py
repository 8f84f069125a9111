"""The checks of `organique`, one module per family."""

from ecran.systems.organique.checks.combat import COMBAT_CHECKS
from ecran.systems.organique.checks.core import CORE_CHECKS
from ecran.systems.organique.checks.drugs import DRUG_CHECKS
from ecran.systems.organique.checks.hacking import HACKING_CHECKS
from ecran.systems.organique.checks.medical import MEDICAL_CHECKS
from ecran.systems.organique.checks.psychic import PSYCHIC_CHECKS
from ecran.systems.organique.checks.vehicle import VEHICLE_CHECKS

CHECKS = (
    *CORE_CHECKS,
    *COMBAT_CHECKS,
    *PSYCHIC_CHECKS,
    *VEHICLE_CHECKS,
    *HACKING_CHECKS,
    *DRUG_CHECKS,
    *MEDICAL_CHECKS,
)

__all__ = ["CHECKS"]
