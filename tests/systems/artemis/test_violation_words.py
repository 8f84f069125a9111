"""Artémis's sheet refusals name skills and characteristics in words, never by their ids
(`attraper_lancer`, `force`), and say the levels in the reader's language."""

from __future__ import annotations

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.artemis.sheet import SKILL_WORDS

ARTEMIS = get_system("artemis")


def test_an_npc_score_that_breaks_its_level_names_the_skill_in_words() -> None:
    npc = ARTEMIS.random_npc(Roller(3))
    key = next(k for k, level in npc.levels.items() if level and k in npc.scores)
    broken = npc.model_copy(update={"scores": {**npc.scores, key: npc.scores[key] + 1}})
    [found] = [v for v in ARTEMIS.validate(broken) if v.rule == "npc_level_score"]
    assert found.message.fr.startswith(f"PNJ : {SKILL_WORDS[key].fr} est ")
    assert found.message.en.startswith(f"NPC: {SKILL_WORDS[key].en} is ")
    assert key not in found.message.fr or SKILL_WORDS[key].fr == key


def test_a_characteristic_out_of_range_is_named_by_its_label() -> None:
    npc = ARTEMIS.random_npc(Roller(3))
    name = next(iter(type(npc.characteristics).model_fields))
    data = npc.model_dump()
    data["characteristics"][name] = 9
    sheet = ARTEMIS.sheet_model().model_validate(data)
    [found] = [v for v in ARTEMIS.validate(sheet) if v.rule == "characteristic_range"]
    assert not found.message.fr.startswith(f"{name} ")
