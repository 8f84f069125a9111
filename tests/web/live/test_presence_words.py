"""What the workers tell each other beside the events (`live.bridge`): who is connected there
and which links stopped, read strictly (anything else on the channel is ignored), and a worker
that stops repeating who is connected there (killed, cut off) is forgotten after
`PRESENCE_TTL_S`. The clock is moved by hand: nothing here waits."""

from __future__ import annotations

import json
import time

import pytest

from ecran.web.live.bridge import Announced, Closed, Hello, Here, _parse
from ecran.web.live.hub import PRESENCE_TTL_S, Hub

TABLE, ALICE, BOB = "t" * 32, "a" * 32, "b" * 32


@pytest.mark.parametrize(
    ("said", "heard"),
    [
        ({"w": "w1", "t": TABLE, "s": 7}, Announced("w1", TABLE, 7)),
        ({"w": "w1", "t": TABLE, "k": "here", "m": [ALICE]}, Here("w1", TABLE, [ALICE])),
        ({"w": "w1", "t": TABLE, "k": "here", "m": []}, Here("w1", TABLE, [])),
        ({"w": "w1", "t": TABLE, "k": "closed", "m": ALICE}, Closed("w1", TABLE, ALICE)),
        ({"w": "w1", "t": TABLE, "k": "closed", "m": None}, Closed("w1", TABLE, None)),
        ({"w": "w1", "k": "hello"}, Hello("w1")),
    ],
)
def test_the_workers_words_are_read(said: dict[str, object], heard: object) -> None:
    assert _parse(json.dumps(said)) == heard


@pytest.mark.parametrize(
    "said",
    [
        {"w": "w1", "t": TABLE, "k": "here", "m": "not a list"},
        {"w": "w1", "t": TABLE, "k": "here", "m": [1, 2]},
        {"w": "w1", "t": TABLE, "k": "here", "m": ["x" * 65]},
        {"w": "w1", "t": TABLE, "k": "closed", "m": 3},
        {"w": "w1", "t": TABLE, "k": "shout"},
        {"w": "w1", "k": "here", "m": [ALICE]},  # no table
        {"t": TABLE, "k": "hello"},  # no worker
        {"w": "w1", "t": "", "s": 1},
    ],
)
def test_anything_else_is_ignored(said: dict[str, object]) -> None:
    assert _parse(json.dumps(said)) is None


def test_presence_joins_the_other_workers_word_until_they_fall_silent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])  # the hub's clock
    hub = Hub(lambda: pytest.fail("no store read expected"))
    hub.heard_here("w1", TABLE, [ALICE])
    hub.heard_here("w2", TABLE, [BOB, ALICE])
    assert hub.presence(TABLE) == [ALICE, BOB]
    hub.heard_here("w2", TABLE, [])  # Bob left w2
    assert hub.presence(TABLE) == [ALICE]
    now[0] += PRESENCE_TTL_S / 2
    hub.heard_here("w2", TABLE, [BOB])  # w2 still speaks; w1 has been silent since
    now[0] += PRESENCE_TTL_S / 2 + 0.1
    assert hub.presence(TABLE) == [BOB]  # w1's word no longer holds
    hub.forget_silent_workers()
    now[0] += PRESENCE_TTL_S
    hub.forget_silent_workers()
    assert hub.presence(TABLE) == []
