"""An actor's message budget counted ahead on Redis (games/live/socket_limits.over_budget): exact for one
process, at most `step - 1` messages too early for each other process, never late, and never carried
past the window it was counted in. The Redis script is stood in for by the same arithmetic in Python,
so the command count can be read; tests/games/test_socket_limits.py runs it on the real server."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from games.live import socket_limits


class Script:
    """INCRBY, EXPIRE NX and PTTL as the Lua script runs them, with a window of `window_ms`."""

    def __init__(self, window_ms: int | None = None) -> None:
        self.window_ms = window_ms
        self.calls = 0
        self.counters: dict[str, tuple[int, float]] = {}

    def __call__(self, keys: list[str], args: list[int]) -> list[int]:
        self.calls += 1
        window, step = args
        now = time.monotonic()
        count, end = self.counters.get(keys[0], (0, 0.0))
        if end <= now:
            count, end = 0, now + (self.window_ms if self.window_ms is not None else window * 1000) / 1000
        count += step
        self.counters[keys[0]] = (count, end)
        return [count, max(1, round((end - now) * 1000))]


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch) -> Iterator[Script]:
    fake = Script()
    monkeypatch.setattr(socket_limits, "_count_script", lambda: fake)
    socket_limits._prepaid.clear()
    yield fake
    socket_limits._prepaid.clear()


def passed(limit: int, messages: int, key: str = "user:1") -> list[bool]:
    return [not socket_limits.over_budget(key, "match", limit) for _ in range(messages)]


def test_one_process_is_stopped_exactly_at_the_limit_with_a_command_per_step(script: Any) -> None:
    limit = 320  # a step of 10
    assert passed(limit, 330) == [True] * 320 + [False] * 10
    assert script.calls == 32 + 10  # one per ten messages; past the limit, one per message
    assert passed(limit, 1, key="user:2") == [True]  # another actor's budget is their own


def test_small_limits_ask_for_every_message(script: Any) -> None:
    assert passed(40, 41) == [True] * 40 + [False]
    assert script.calls == 41


def test_another_process_is_stopped_at_most_one_step_early(script: Any) -> None:
    limit, step = 320, 10
    assert passed(limit, 1) == [True]  # this process counted ten, used one
    socket_limits._prepaid.clear()  # what another process holds: nothing counted ahead
    others = passed(limit, limit)
    assert sum(others) == limit - step  # the nine counted and unused, and this one's own
    assert not any(others[limit - step :])


def test_messages_counted_ahead_end_with_their_window(monkeypatch: pytest.MonkeyPatch) -> None:
    short = Script(window_ms=20)
    monkeypatch.setattr(socket_limits, "_count_script", lambda: short)
    socket_limits._prepaid.clear()
    assert passed(320, 1) == [True]
    time.sleep(0.05)  # the window ended in Redis: the nine counted ahead are void
    assert passed(320, 1) == [True]
    assert short.calls == 2
    socket_limits._prepaid.clear()
