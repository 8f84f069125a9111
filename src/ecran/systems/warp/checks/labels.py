"""Player-facing labels of the roll details (`Resolution.details` keys) of every WaRP check.

The keys come from `PoolRoll.details(prefix)` (one set per rolled pool, prefixed by the side) and
from each check's own additions; checks that share keys share these dicts.
"""

from __future__ import annotations

from ecran.rules import Text, tr

_POOL: dict[str, Text] = {
    "rolled": tr("dés lancés", "dice rolled"),
    "kept": tr("dés gardés", "dice kept"),
    "dropped": tr("dés écartés", "dice dropped"),
    "open_dice": tr("dés ajoutés (jet ouvert)", "added dice (open-ended)"),
    "total": tr("total", "total"),
    "kept_sixes": tr("six gardés", "sixes kept"),
}

MARGIN = tr("marge", "margin")


def pool_labels(prefix: str = "", fr_side: str = "", en_side: str = "") -> dict[str, Text]:
    """The labels of `PoolRoll.details(prefix)`, naming the side when there is one."""
    if not prefix:
        return dict(_POOL)
    return {
        f"{prefix}{key}": tr(f"{fr_side} : {text.fr}", f"{en_side}: {text.en}")
        for key, text in _POOL.items()
    }


#: Roll and Related: one pool against a difficulty.
ROLL = {**pool_labels(), "margin": MARGIN}

#: Opposed and Versus: both sides roll.
OPPOSED = {
    **pool_labels(),
    **pool_labels("opponent_", "adversaire", "opponent"),
    "margin": MARGIN,
    "opponent_limited_success": tr(
        "succès limité de l'adversaire (six imparable)",
        "opponent's limited success (unstoppable six)",
    ),
}

#: Melee, Ranged, SpecialEffect: the attack/defence exchange and its damage.
ATTACK = {
    **pool_labels("attack_", "attaque", "attack"),
    **pool_labels("defence_", "défense", "defence"),
    "margin": MARGIN,
    "damage_factor": tr("facteur de dégâts", "damage factor"),
    "defence_fumble": tr("échec critique de la défense", "defence fumble"),
    "damage_dice": tr("dés de dégâts", "damage dice"),
    "raw_damage": tr("dégâts avant armure", "damage before armour"),
    "armour_roll": tr("jet d'armure", "armour roll"),
    "bulletproof_roll": tr("jet d'armure pare-balles", "bulletproof armour roll"),
    "damage": tr("dégâts subis", "damage taken"),
    "temporary": tr("dégâts temporaires", "temporary damage"),
    "target_state": tr("état de la cible", "target's state"),
}

GROUP = {
    "rolls": tr("dés de chaque participant", "each participant's dice"),
    "totals": tr("total de chaque participant", "each participant's total"),
    "chosen": tr("participant retenu (0 = le premier)", "participant drawn (0 = the first)"),
}

HAND_OF_FATE = {"dice": tr("dés (2d6)", "dice (2d6)")}

FLAW = {"die": tr("dé", "die")}

ABBREVIATED = {
    "pc_rolls": tr("jets des PJ", "PCs' rolls"),
    "npc_rolls": tr("jets des PNJ", "NPCs' rolls"),
    "npc_total_secret": tr("total des PNJ (secret)", "NPCs' total (secret)"),
}

POWER = {
    **pool_labels(),
    **pool_labels("resistance_", "résistance", "resistance"),
}

CURE_DISEASE = {**pool_labels(), "difficulty": tr("difficulté", "difficulty")}

LEARN_POWER = {
    "rolled": tr("dés d'expérience", "experience dice"),
    "psi_null_die": tr("dé psi-nul", "psi-null die"),
}

LEARN_SPELL = pool_labels()

RESIST_SPELL = {**pool_labels(), "strength": tr("force du sort", "spell's strength")}
