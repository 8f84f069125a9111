"""The operations of `organique`: changes of a sheet in play, one module per topic. Each returns
a new sheet (never mutates) and a bilingual summary an encounter log can show."""

from ecran.systems.organique.operations.advance import ADVANCE_OPERATIONS
from ecran.systems.organique.operations.aftermath import AFTERMATH_OPERATIONS
from ecran.systems.organique.operations.body import BODY_OPERATIONS
from ecran.systems.organique.operations.combat import COMBAT_EFFECT_OPERATIONS
from ecran.systems.organique.operations.drugs import DRUG_OPERATIONS
from ecran.systems.organique.operations.entry import ENTRY_OPERATIONS
from ecran.systems.organique.operations.environment import ENVIRONMENT_OPERATIONS
from ecran.systems.organique.operations.hacking import HACKING_OPERATIONS
from ecran.systems.organique.operations.health import HEALTH_OPERATIONS
from ecran.systems.organique.operations.injury import INJURY_OPERATIONS
from ecran.systems.organique.operations.medical import MEDICAL_OPERATIONS
from ecran.systems.organique.operations.symptoms import SYMPTOM_OPERATIONS

OPERATIONS = (
    *HEALTH_OPERATIONS,
    *COMBAT_EFFECT_OPERATIONS,
    *ENVIRONMENT_OPERATIONS,
    *INJURY_OPERATIONS,
    *SYMPTOM_OPERATIONS,
    *BODY_OPERATIONS,
    *AFTERMATH_OPERATIONS,
    *MEDICAL_OPERATIONS,
    *DRUG_OPERATIONS,
    *HACKING_OPERATIONS,
    *ENTRY_OPERATIONS,
    *ADVANCE_OPERATIONS,
)

__all__ = ["OPERATIONS"]
