"""Who the players do not see in the encounters: the NPCs the GM hides on the tracker
(`Participant.hidden`, Foundry's hidden combatant: until the GM shows them, whatever their
tokens) and the NPCs whose tokens are all hidden on the board
(`board.visibility.hidden_participants`). Every reader of the players' encounter (the state,
each step's log line, a player's attack) takes them from here."""

from __future__ import annotations

from ecran.play.board.visibility import Unseen, hidden_participants
from ecran.play.state import TableState
from ecran.play.tracker import Encounter


def hidden_npcs(enc: Encounter) -> frozenset[str]:
    """The NPCs the GM hides on this encounter's tracker."""
    return frozenset(pid for pid, p in enc.participants.items() if p.hidden)


def unseen_in(state: TableState) -> Unseen:
    """The participants players do not see now, by encounter: hidden on the tracker, or every
    token of theirs hidden on the board."""
    flagged = {
        (eid, pid) for eid, kept in state.encounters.items() for pid in hidden_npcs(kept.encounter)
    }
    return Unseen(hidden_participants(state.board).pairs | flagged)
