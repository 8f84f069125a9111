"""Every optional rule of WaRP and every reading of an ambiguity (rules/warp.md §9), declared once.

Each is a field of the checks it changes (so it shows in `--help` and the web form) and is listed in
`System.options`. Defaults are the recommended readings; optional rules are off by default because
the GM chooses them (L1777-1782).

The options themselves (labels, help, sources, defaults) are data: `data/options.toml`."""

from __future__ import annotations

from ecran.rules import Option, load_options
from ecran.systems.warp.tables import SEED

OPTIONS = load_options(__package__ or "ecran.systems.warp", SEED)

OPEN_ENDED = OPTIONS["open_ended"]
FUMBLES = OPTIONS["fumbles"]
UNSTOPPABLE_SIX = OPTIONS["unstoppable_six"]
MULTIPLE_EXPERIENCE = OPTIONS["multiple_experience_dice"]
MULTI_ACTION_REPLACES = OPTIONS["multi_action_dice_replace_penalty"]
RESTRICTED_TRAITS = OPTIONS["restricted_traits"]
UNKNOWN_TRAITS = OPTIONS["unknown_traits"]
DESPERATE_DEFENCE = OPTIONS["desperate_defence"]
ALTERNATIVE_DAMAGE = OPTIONS["alternative_damage"]
SERIOUS_WOUNDS = OPTIONS["serious_wounds_rule"]
HALF_RANGE_DIE = OPTIONS["half_range_die"]
COVER_DICE = OPTIONS["cover_dice"]
ATTACKER_MOVING_DICE = OPTIONS["attacker_moving_dice"]
DARKNESS_DICE = OPTIONS["darkness_dice"]
ROUND_HALF_UP = OPTIONS["round_half_up"]
IRON_SKIN_AS_ARMOUR = OPTIONS["iron_skin_as_normal_armour"]
HOLLOW_ONE_NO_EFFECT = OPTIONS["hollow_point_one_no_effect"]
AP_VEST_AS_EXAMPLE = OPTIONS["ap_vest_as_example"]
GROUP_NUMBER_REACHED = OPTIONS["group_number_reached"]
TASER_COUNTS = OPTIONS["taser_damage_counts"]
STONE_GRIP_CASTING_ROLL = OPTIONS["stone_grip_casting_roll"]
SPELL_AT_LEAST = OPTIONS["spell_learning_at_least_level"]
PSI_NULL = OPTIONS["psi_null"]
HEALED_IS_RECOVERY_BASE = OPTIONS["healed_level_is_recovery_base"]
RELATED_TRAITS = OPTIONS["related_traits"]
HP_INCREASE_FIXED = OPTIONS["hp_increase_fixed"]
GM_RANGE_DICE = OPTIONS["range_dice"]
ROUNDS_LOADED = OPTIONS["rounds_loaded"]
GM_DAMAGE_FACTOR = OPTIONS["damage_factor"]
#: Chosen per NPC (`System.npc_params`), not fixed once by a table: not in LISTED.
NPC_ROLE = OPTIONS["npc_role"]
#: The options the System lists (the GM inputs above and the NPC's role stay apart).
LISTED: tuple[Option, ...] = (
    OPEN_ENDED,
    FUMBLES,
    UNSTOPPABLE_SIX,
    MULTIPLE_EXPERIENCE,
    MULTI_ACTION_REPLACES,
    RESTRICTED_TRAITS,
    UNKNOWN_TRAITS,
    DESPERATE_DEFENCE,
    ALTERNATIVE_DAMAGE,
    SERIOUS_WOUNDS,
    HALF_RANGE_DIE,
    COVER_DICE,
    ATTACKER_MOVING_DICE,
    DARKNESS_DICE,
    ROUND_HALF_UP,
    IRON_SKIN_AS_ARMOUR,
    HOLLOW_ONE_NO_EFFECT,
    AP_VEST_AS_EXAMPLE,
    GROUP_NUMBER_REACHED,
    TASER_COUNTS,
    STONE_GRIP_CASTING_ROLL,
    SPELL_AT_LEAST,
    PSI_NULL,
    HEALED_IS_RECOVERY_BASE,
    RELATED_TRAITS,
    HP_INCREASE_FIXED,
)
