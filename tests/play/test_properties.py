"""Properties over random play: views never leak, turns cycle exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.play import tracker, view_for
from ecran.play.rolls import roll
from ecran.play.tracker import Encounter, Participant
from toy import LiveTable

VIS = ["public", "gm", "blind", "self"]


def _may_see(visibility: str, viewer: str, roller: str) -> bool:
    """The rule as the issue states it (viewer and roller among 'gm', 'alice', 'bob')."""
    return {
        "public": True,
        "gm": viewer in ("gm", roller),
        "blind": viewer == "gm",
        "self": viewer == roller,
    }[visibility]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["gm", "alice", "bob"]), st.sampled_from(VIS)), max_size=8)
)
def test_no_view_shows_a_result_it_may_not(rolls: list[tuple[str, str]]) -> None:
    live = LiveTable()
    people = {"gm": live.gm, "alice": live.join("Alice"), "bob": live.join("Bob")}
    for n, (roller, visibility) in enumerate(rolls):
        asked = 10**12 + n * 7919 if roller == "gm" else None  # a player's seed is refused
        event = live.do(
            roll(live.now, people[roller], "test", {}, visibility_name=visibility, seed=asked)
        )
        seed = event.payload["record"]["seed"]
        for name, member in people.items():
            view = view_for(event, member)
            assert view.seq == event.seq
            shown = view.model_dump_json()
            assert (str(seed) in shown) is _may_see(visibility, name, roller)
            assert ('"outcome"' in shown) is _may_see(visibility, name, roller)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-5, 30), min_size=1, max_size=7), st.integers(0, 40))
def test_turns_cycle_through_the_order_and_count_rounds(inits: list[int], turns: int) -> None:
    enc = Encounter(id="e", name="e")
    for value in inits:
        enc = tracker.add(enc, Participant(id="", name="x", initiative=value))
    order = enc.order
    assert [enc.participants[p].initiative for p in order] == sorted(inits, reverse=True)
    enc = tracker.start(enc)
    for _ in range(turns):
        enc, _expired = tracker.advance(enc)
    assert enc.current == order[turns % len(order)]
    assert enc.round == 1 + turns // len(order)
