"""An event's frames, rendered once per view: the same text goes to every socket of that view.

`play.view_for(event, member)` reads the member through three facts only: may they see the
whole event (`play.sees`: a GM, its actor, a whisper's addressee…), are they a GM (players read
an encounter step without a secret NPC's numbers), are they its actor (a blind roll's roller sees
what they asked for). Members alike in those three get the same view, so a worker fanning one
event out to 100 sockets renders and serialises it once for the players, once for the GM, once
for a whisper's author… — not once per socket. `tests/web/live/test_frames.py` holds `view_for`
to this over every visibility and kind: if it ever reads more of the member, the key must grow.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ecran.play import Event, EventView, Member, view_for
from ecran.play.visibility import sees

#: What `view_for` reads of the member: (sees the whole event, is a GM, is its actor).
ViewKey = tuple[bool, bool, bool]


def view_key(event: Event, member: Member) -> ViewKey:
    """Two members with the same key get the same `view_for(event, member)`."""
    return sees(event, member), member.is_gm, member.id == event.actor_id


def event_frame(view: EventView) -> str:
    """The `{"type": "event", "event": …}` frame's text."""
    return '{"type":"event","event":' + view.model_dump_json() + "}"


@dataclass(eq=False)
class Fanout:
    """One event handed to every connection of its table on this worker; each connection asks
    for its member's frame, rendered on first demand per view (all on the worker's event loop,
    or at worst twice the same text from two loops: never another view's)."""

    event: Event
    _frames: dict[ViewKey, str] = field(default_factory=dict)

    def frame_for(self, member: Member) -> str:
        key = view_key(self.event, member)
        text = self._frames.get(key)
        if text is None:
            text = self._frames[key] = event_frame(view_for(self.event, member))
        return text
