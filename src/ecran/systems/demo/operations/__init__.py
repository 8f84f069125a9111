"""The demo's operations: changes of a sheet in play, one module per topic. Each returns a new
sheet (never mutates) and a bilingual summary an encounter log can show."""

from ecran.systems.demo.operations.health import HEALTH_OPERATIONS

OPERATIONS = (*HEALTH_OPERATIONS,)
