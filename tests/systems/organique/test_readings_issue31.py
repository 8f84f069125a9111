"""Issue #31, item 7: Organique's readings as named options.

- The stun save's shortfall: "test de sauvegarde contre l'étourdissement (difficulté 20). Si
  elle échoue (marge d'échec entre -1 et -10) elle perd sa prochaine action" (L3235-3240),
  against Raul's "9 réussite, soit 3 de moins que Tyra. Il perd donc sa prochaine action"
  (L4079-4082: counted against the attacker's margin).
- Electricity: "Paralysie (VOL+END+ 1D20 contre une difficulté de 20 / point" (L758-760), the
  sum as written, or the average of two characteristics (L45-56, today's default).
"""

from __future__ import annotations

from ecran.engine import get_system
from ecran.systems.organique.options import OPTIONS
from ecran.testing import ScriptedDice

SYSTEM = get_system("organique")


def test_stun_shortfall_both_readings_L3233_3240_L4079_4082(resolve) -> None:  # type: ignore[no-untyped-def]
    """VOL 8 + 3 = 11 against 20 + the attacker's MR 3: 12 short by the examples' count (the
    action and the reaction), 9 short of the difficulty 20 (the action only)."""
    values = {"characteristic": 8, "attacker_margin": 3}
    today = resolve("stun_save", (3,), **values)
    assert (today.outcome, today.details["short_by"]) == ("loses_action_and_reaction", 12)
    literal = resolve("stun_save", (3,), **values, stun_shortfall="difficulty")
    assert (literal.outcome, literal.details["short_by"]) == ("loses_action", 9)
    option = OPTIONS["stun_shortfall"]
    assert option.kind == "reading" and option.default == "margin"
    assert option.source.lines == (3233, 3240)
    assert "stun_shortfall" in SYSTEM.operation("stun_effect").params.model_fields


def test_electricity_sum_or_average_L758_762() -> None:
    sheet = SYSTEM.new_character("Sam")
    op = SYSTEM.operation("electricity")
    option = OPTIONS["two_characteristics"]
    assert option.kind == "reading" and option.default == "average"
    assert op.params.model_fields["two_characteristics"].default == "average"
    # VOL 10 + END 10: the average 10 + 9 = 19 fails the paralysis save at 20; the sum passes
    faces = (9, 20, 20)
    average = op.apply(sheet, op.params.model_validate({"points": 1}), ScriptedDice(*faces))
    summed = op.apply(
        sheet,
        op.params.model_validate({"points": 1, "two_characteristics": "sum"}),
        ScriptedDice(*faces),
    )
    assert "paralysed" in average.sheet.conditions
    assert "paralysed" not in summed.sheet.conditions


def test_the_electricity_reading_says_its_lines_in_its_help_L758_762() -> None:
    """Issue #31, item 7: "each reading a named option with its lines in its help": the sum's
    own lines, electricity's saves (L758-762), beside the average's rule (L45-56)."""
    option = OPTIONS["two_characteristics"]
    assert option.source.lines == (45, 56)
    assert "L758-762" in option.help.fr and "L758-762" in option.help.en
