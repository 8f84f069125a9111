"""A token's moves reach the log in the order they were made (`web.api.drags`): a drop held
for the interval and written by the timer never lands before the passing move a slow write
still holds, and a move older than one written is not written after it."""

from __future__ import annotations

import threading

from ecran.web.api.drags import MOVE_INTERVAL, Drags

KEY = ("table", "token")


def test_the_held_drop_is_written_after_the_slow_passing_move() -> None:
    drags = Drags()
    written: list[str] = []
    writing, release, dropped = threading.Event(), threading.Event(), threading.Event()

    def passing() -> None:  # a write the loaded store is slow to finish
        writing.set()
        release.wait(10)
        written.append("passing")

    def drop() -> None:
        written.append("drop")
        dropped.set()

    mover = threading.Thread(target=drags.submit, args=(KEY, passing))
    mover.start()
    assert writing.wait(10)
    assert drags.submit(KEY, drop) is False  # within the interval: held for the timer
    # the timer fires after the interval; the drop waits for the passing move's write
    assert not dropped.wait(4 * MOVE_INTERVAL.total_seconds())
    release.set()
    assert dropped.wait(10)
    mover.join(10)
    assert written == ["passing", "drop"]


def test_a_move_older_than_one_written_is_not_written() -> None:
    drags = Drags()
    written: list[int] = []
    first = drags.submit(KEY, lambda: written.append(1))
    assert first is True
    drags._write(KEY, 3, lambda: written.append(3))  # a later move, written first
    drags._write(KEY, 2, lambda: written.append(2))  # an earlier one, late
    assert written == [1, 3]
