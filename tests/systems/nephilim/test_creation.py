"""Creation and the sheet's actions: guided-creation defaults, the characteristic of a skill
action chosen by the GM (seed L455), unbought nodes, the two-parent skill (L112)."""

from __future__ import annotations

from typing import Any

import pytest
import typer

from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.nephilim import sheet as reading
from ecran.systems.nephilim.sheet import NephilimSheet
from ecran.systems.nephilim.skills import effective
from ecran.systems.nephilim.tables import CHARACTERISTIC_IDS
from support import Helpers

SYSTEM = get_system("nephilim")

ATHLETICS = "PHYSIQUE > Athlétisme"
BOUGHT = {"PHYSIQUE": -3, ATHLETICS: -1}


sheet = Helpers(SYSTEM).sheet


apply = Helpers(SYSTEM).apply


def skill_actions(s: NephilimSheet, path: str) -> list[dict[str, Any]]:
    leaf = path.rpartition(" > ")[2]
    return [
        a.params
        for a in SYSTEM.actions(s)
        if a.check == "action" and a.label.fr.startswith(f"{leaf} + ")
    ]


# -- the characteristic of a skill action (L455) ------------------------------------------------


def test_an_unpaired_skill_offers_every_characteristic_L455() -> None:
    """No skill has a fixed characteristic: the sheet offers the ten, each with its own score
    and its own wound malus, never a silent 0."""
    chars = dict.fromkeys(CHARACTERISTIC_IDS, 0) | {"force": 2, "intelligence": -1}
    hurt = sheet(skills=BOUGHT, characteristics=chars, wounds=6)
    offered = skill_actions(hurt, ATHLETICS)
    assert len(offered) == len(CHARACTERISTIC_IDS) == 10
    assert sorted(p["characteristic"] for p in offered) == sorted(chars.values())
    assert all(p["skill"] == -1 for p in offered)
    by_score = {p["characteristic"]: p for p in offered if p["characteristic"] != 0}
    assert by_score[2]["wound_malus"] == 3  # Force bears the wound malus (L86)
    assert by_score[-1]["wound_malus"] == 0  # Intelligence does not


def test_a_paired_skill_offers_its_characteristic_only() -> None:
    paired = sheet(
        skills=BOUGHT,
        characteristics={"rapidite": 2},
        skill_characteristics={ATHLETICS: "rapidite"},
    )
    (only,) = skill_actions(paired, ATHLETICS)
    assert only["characteristic"] == 2 and only["skill"] == -1
    # the group, bought at -3, still offers all ten
    assert len(skill_actions(paired, "PHYSIQUE")) == 10


def test_a_nephilim_skill_action_uses_the_meta_characteristic_L49_70() -> None:
    nephilim = sheet(
        nature="nephilim",
        ka={"feu": 20},
        skills=BOUGHT,
        characteristics={"force": 1},
        skill_characteristics={ATHLETICS: "force"},
    )
    (only,) = skill_actions(nephilim, ATHLETICS)
    assert only["characteristic"] == 1 + 2  # Ka-Feu 20 -> meta bonus +2 (L63-70)


def test_pair_skill_operation_sets_and_clears_the_pairing() -> None:
    s = apply(sheet(skills=BOUGHT), "pair_skill", path=ATHLETICS, characteristic="dexterite").sheet
    assert s.skill_characteristics == {ATHLETICS: "dexterite"}
    assert apply(s, "pair_skill", path=ATHLETICS).sheet.skill_characteristics == {}
    with pytest.raises(EcranError):
        apply(s, "pair_skill", path="Klingon", characteristic="force")


def test_a_pairing_for_an_unknown_skill_is_a_violation() -> None:
    found = SYSTEM.validate(sheet(skill_characteristics={"Klingon": "force"}))
    assert [v.rule for v in found] == ["skills.characteristic"]
    assert found[0].source.lines == (455, 455)


# -- unbought nodes and creation defaults ---------------------------------------------------


def test_minus_4_at_any_node_is_nothing_bought_L92_L108() -> None:
    """-4 is the absence of knowledge (L92-94): a node left at -4 inherits and costs nothing."""
    s = sheet(skills={"PHYSIQUE": -3, ATHLETICS: -4, "PHYSIQUE > Sport": -4})
    assert SYSTEM.validate(s) == []
    assert effective(s.skills, ATHLETICS) == -3
    assert skill_actions(s, ATHLETICS) == []  # nothing bought there: no action of its own
    assert apply(s, "buy_skill_step", path=ATHLETICS).sheet.skills[ATHLETICS] == -2


def test_new_character_is_legal_and_lists_what_creation_fills() -> None:
    blank = SYSTEM.new_character("Ana")
    assert isinstance(blank, NephilimSheet)
    assert SYSTEM.validate(blank) == []
    assert set(reading.natural(blank).values()) == {0}
    assert blank.wounds == blank.fatigue == 0
    assert {"PHYSIQUE", ATHLETICS} <= set(blank.skills)
    assert set(blank.skills.values()) == {-4}
    assert set(blank.ka) == {"soleil", "feu", "air", "eau", "terre", "lune"}
    assert len(blank.occult_skills) == 12
    assert SYSTEM.actions(blank)  # characteristics, combat, Ka test
    assert not any(a.check in ("concentration", "incantation") for a in SYSTEM.actions(blank))


def _answer_defaults(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    def prompt(text: str, default: Any = None, **_: Any) -> Any:
        return name if default is None else default

    def confirm(text: str, default: bool = False, **_: Any) -> bool:
        return default

    monkeypatch.setattr(typer, "prompt", prompt)
    monkeypatch.setattr(typer, "confirm", confirm)


def test_guided_creation_with_every_default_gives_a_legal_sheet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`ecran character new nephilim` in a terminal: pressing Enter at every question."""
    from ecran.cli.characters import guided

    _answer_defaults(monkeypatch, "Ana")
    made = guided(SYSTEM)
    assert made.name == "Ana"
    assert SYSTEM.validate(made) == []
    assert made.model_dump() == SYSTEM.new_character("Ana").model_dump()


# -- the two-parent skill (L112) ------------------------------------------------------------


def test_figure_skating_is_one_skill_under_both_parents_E7_L112() -> None:
    skating = {
        "PHYSIQUE": -3,
        "PHYSIQUE > Équilibre": -1,
        "PHYSIQUE > Équilibre > Patin": 1,
        "PHYSIQUE > Expression corporelle": -1,
        "PHYSIQUE > Expression corporelle > Danse": 1,
        "PHYSIQUE > Équilibre > Patin > Patinage artistique": 3,
    }
    assert SYSTEM.validate(sheet(skills=skating)) == []
    assert effective(skating, "PHYSIQUE > Expression corporelle > Danse > Patinage artistique") == 3


# -- languages (L114-122, L378-446) -------------------------------------------------------------

GERMAN = "Langues germaniques > Langues germaniques occidentales > Allemand"


def test_language_rank_is_the_deepest_node_held_on_the_path_L116_120() -> None:
    from ecran.systems.nephilim.skills import language_capability, language_rank

    held = ["Langues germaniques > Langues germaniques occidentales", GERMAN]
    assert language_rank(held, GERMAN + " > Bavarois") == "C"  # understands the dialects
    assert language_rank(held, GERMAN) == "C"
    assert (
        language_rank(held, "Langues germaniques > Langues germaniques occidentales > Anglais")
        == "A"
    )
    assert language_rank(held, "Langues romanes > Italien") == "P"
    assert "dialectes" in language_capability("C").fr
    assert language_capability("A").source == "L118"


def test_learn_language_follows_the_tree_L114_120() -> None:
    s = sheet()
    with pytest.raises(EcranError):
        apply(s, "learn_language", path=GERMAN)  # needs its group first
    s = apply(
        s, "learn_language", path="Langues germaniques > Langues germaniques occidentales"
    ).sheet
    s = apply(s, "learn_language", path=GERMAN).sheet
    assert SYSTEM.validate(s) == []
    with pytest.raises(EcranError):
        apply(s, "learn_language", path=GERMAN)
    free = sheet(language_prerequisites=False)
    assert apply(free, "learn_language", path=GERMAN).sheet.languages == [GERMAN]


def test_sheet_shows_skill_knowledge_and_language_capability_L97_104() -> None:
    s = sheet(
        skills=BOUGHT,
        languages=["Langues romanes > Italien", "Langues romanes > Italien > Italien"],
    )
    rows = [row for section in SYSTEM.sections(s) for row in section.rows]
    athletics = next(r for r in rows if r.label.fr == ATHLETICS)
    assert "étudié sérieusement" in athletics.note.fr  # -1, Apprenti (L100)
    assert "studied seriously" in athletics.note.en
    italian = next(r for r in rows if r.value.fr == "Langues romanes > Italien > Italien")
    assert italian.value.en == "Romance languages > Italian > Italian"
    assert italian.note.fr.startswith("C : Converse")
    assert italian.note.en.startswith("C: Converses")
