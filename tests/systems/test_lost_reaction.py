"""A bearer whose reaction a condition took gets no defence roll (#30 item 5): the attacks
offered on it use the game's own "no defence" option, wherever the game has one. Organique's
stun short by more than 10 takes « sa prochaine action ET sa prochaine réaction »
(L3231-3236): the attack check's reaction "none" (L3385-3480). No rule of the other games
takes a reaction yet, but a condition that does (`Ongoing.reacts`) is read alike: Artémis's
Bagarre on a defenceless target (L183-187), Fluid's defenceless opponent (only armour counts,
L1045-1049), Nephilim's attack without reaction (L493)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import Action
from ecran.rules.ongoing import Ongoing
from ecran.rules.text import Text

NO_REACTION = Ongoing(label=Text(fr="sans réaction", en="no reaction"), reacts=False, rounds=1)

#: Whether an offered attack leaves the defender without a defence roll, per game.
UNDEFENDED: dict[str, Callable[[Action], bool]] = {
    "artemis": lambda a: a.check == "defenceless",
    "fluid": lambda a: a.check != "attack" or a.params["stance"] == "defenceless",
    "nephilim": lambda a: a.params["defender_reacts"] is False,
    "organique": lambda a: a.params["reaction"] == "none",
}


@pytest.mark.parametrize("game", sorted(UNDEFENDED))
def test_attacks_on_a_bearer_without_reaction_offer_no_defence(game: str) -> None:
    system = get_system(game)
    attacker = system.random_npc(Roller(1))
    defender: Any = system.random_npc(Roller(2))
    undefended = UNDEFENDED[game]
    free = system.attacks(attacker, defender)
    assert free and not all(undefended(a) for a in free)  # a defence, without the condition
    held = defender.model_copy(update={"ongoing": [NO_REACTION]})
    offered = system.attacks(attacker, held)
    assert offered and all(undefended(a) for a in offered)
