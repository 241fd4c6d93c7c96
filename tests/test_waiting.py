"""wait_until and async_wait_until: the first true value, asked again until the timeout, then a failure
that names what was awaited."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from tests.waiting import async_wait_until, wait_until


def test_returns_the_first_true_value() -> None:
    calls = itertools.count()
    assert wait_until(lambda: next(calls) >= 3 and "ready", timeout=5, interval=0) == "ready"
    assert next(calls) == 4  # asked until it held, then no more


def test_fails_after_the_timeout_naming_the_condition() -> None:
    calls = itertools.count()
    with pytest.raises(AssertionError, match=r"not within 0\.05 s: the door to open"):
        wait_until(lambda: next(calls) < 0, timeout=0.05, what="the door to open", interval=0.01)
    assert next(calls) >= 2  # asked more than once, the last time at the deadline


def test_async_awaits_a_coroutine_predicate_and_lets_the_loop_run() -> None:
    async def scenario() -> object:
        done = asyncio.Event()
        asyncio.get_running_loop().call_later(0.02, done.set)

        async def is_done() -> bool:
            return done.is_set()

        return await async_wait_until(is_done, timeout=5, interval=0.005)

    assert asyncio.run(scenario()) is True


def test_async_fails_after_the_timeout() -> None:
    with pytest.raises(AssertionError, match=r"not within 0\.02 s: never"):
        asyncio.run(async_wait_until(lambda: 0, timeout=0.02, what="never", interval=0.005))


def test_the_message_may_show_the_last_state_seen() -> None:
    seen = {"count": 0}

    def grown() -> bool:
        seen["count"] += 1
        return False

    with pytest.raises(AssertionError, match=r"not within 0\.02 s: asked \d+ times"):
        wait_until(grown, timeout=0.02, what=lambda: f"asked {seen['count']} times", interval=0.005)
