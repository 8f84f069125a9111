"""Changes of a WaRP sheet in play, one module per topic: hit points (health), the experience
pool (experience), growth (advancement), powers and spells (psychic); `common` holds the
declarer, the refusal and the experience dice growth spends.

Each is the function of its rule, declared with `@operation(id, sources…)` (its title in
data/operations.toml); it returns a new sheet (never mutates) and a bilingual summary."""

from __future__ import annotations

from typing import Any

from ecran.rules import Operation
from ecran.systems.warp.operations.advancement import (
    increase_hp,
    new_trait,
    raise_trait,
    roll_hit_points,
)
from ecran.systems.warp.operations.experience import (
    award_experience,
    new_session,
    use_experience,
)
from ecran.systems.warp.operations.health import heal, healing_power, recover, take_damage
from ecran.systems.warp.operations.psychic import (
    buy_charge,
    learn_power,
    recharge,
    spend_charge,
    study_spell,
)

OPERATIONS: tuple[Operation[Any, Any], ...] = (
    take_damage,
    recover,
    heal,
    healing_power,
    award_experience,
    use_experience,
    new_session,
    raise_trait,
    buy_charge,
    spend_charge,
    recharge,
    study_spell,
    roll_hit_points,
    new_trait,
    increase_hp,
    learn_power,
)
