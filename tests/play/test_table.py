"""Tables, members, options: creation, joining, rights."""

from __future__ import annotations

import pytest

from ecran.engine import all_systems, get_system
from ecran.play import Forbidden
from ecran.play.table import change_options, join, new_table, resolve_options
from ecran.rules import EcranError
from toy import LiveTable


def test_new_table_fills_options_with_their_defaults() -> None:
    created = new_table("Mardi soir", "toy")
    assert created.table.options == {"easy": False}
    assert created.gm.role == "gm"
    assert created.event.kind == "table_created"


def test_tokens_are_long_distinct_and_absent_from_the_event() -> None:
    created = new_table("Mardi soir", "toy")
    assert created.gm_token != created.invite_token
    assert min(len(created.gm_token), len(created.invite_token)) >= 40
    text = created.event.model_dump_json()
    assert created.gm_token not in text and created.invite_token not in text


def test_option_values_are_checked_against_the_check_fields() -> None:
    assert new_table("t", "toy", {"easy": True}).table.options == {"easy": True}
    with pytest.raises(EcranError) as bad:
        new_table("t", "toy", {"easy": "yes"})
    # named by its label, as the table form shows it; its id stays for the command line
    assert bad.value.text.fr.startswith("Facile : booléen attendu")
    assert bad.value.text.en.startswith("Easy: ") and "easy" in bad.value.command_line("en")
    with pytest.raises(EcranError) as unknown:
        new_table("t", "toy", {"hard": True})
    # a reader is offered the options' labels; whoever typed the id, the ids
    assert unknown.value.text.fr == "option inconnue : « hard ». Possibles : Facile"
    assert unknown.value.command_line("en") == "unknown option: 'hard'. Allowed: easy"


def test_unknown_system_and_empty_name_are_refused_in_both_languages() -> None:
    with pytest.raises(EcranError) as bad:
        new_table("t", "nosuch")
    assert "système" in bad.value.text.fr and "system" in bad.value.text.en
    with pytest.raises(EcranError) as empty:
        new_table("   ", "toy")
    assert "caractères" in empty.value.text.fr and "characters" in empty.value.text.en


def test_players_join_under_distinct_names() -> None:
    live = LiveTable()
    alice = live.join("  Alice  ")
    assert alice.display_name == "Alice" and alice.role == "player"
    with pytest.raises(EcranError):
        join(live.now, "alice")
    assert len(live.now.members) == 2


def test_only_the_gm_changes_options() -> None:
    live = LiveTable()
    alice = live.join("Alice")
    with pytest.raises(Forbidden):
        change_options(live.now, alice, {"easy": True})
    live.do(change_options(live.now, live.gm, {"easy": True}))
    assert live.now.table.options == {"easy": True}


@pytest.mark.parametrize("system", sorted(all_systems()))
def test_every_systems_default_options_are_accepted_when_given_back(system: str) -> None:
    """A GM who saves the options form unchanged must not be refused."""
    defaults = new_table("t", system).table.options
    assert resolve_options(get_system(system), dict(defaults)) == defaults
