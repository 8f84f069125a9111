"""Changes of state in play, one module per topic: wounds and fatigue (`tracks`), the stasis
(`stasis`), skills and languages (`skills`), the combat round (`round`); each operation is the
function of its rule, declared with its title (data/operations.toml) by `common.operation`."""

from __future__ import annotations

from ecran.systems.nephilim.operations.round import (
    act_delayed,
    declare_actions,
    delay_action,
    end_round,
)
from ecran.systems.nephilim.operations.skills import buy_skill_step, learn_language, pair_skill
from ecran.systems.nephilim.operations.stasis import draw_from_stasis, spend_stasis_bonus
from ecran.systems.nephilim.operations.tracks import (
    critical_round,
    exhaustion_round,
    heal,
    incapacity_round,
    rest,
    take_fatigue,
    take_wounds,
)

OPERATIONS = (
    take_wounds,
    take_fatigue,
    heal,
    rest,
    incapacity_round,
    exhaustion_round,
    critical_round,
    draw_from_stasis,
    spend_stasis_bonus,
    buy_skill_step,
    pair_skill,
    declare_actions,
    delay_action,
    act_delayed,
    end_round,
    learn_language,
)
