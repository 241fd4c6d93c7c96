"""Waiting for a condition in tests: poll it until it holds, fail with a message once the timeout has
passed. A test waits for what it needs, never for a fixed time that a loaded machine may overrun."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(
    predicate: Callable[[], T | None], timeout: float, what: str = "", interval: float = 0.05
) -> T:
    """The first true value of `predicate()`, called every `interval` seconds; AssertionError naming
    `what` when it is still false after `timeout` seconds (it is asked once more at the end)."""
    deadline = time.monotonic() + timeout
    while True:
        last = time.monotonic() >= deadline
        value = predicate()
        if value:
            return value
        assert not last, f"not within {timeout:g} s: {what or predicate}"
        time.sleep(interval)


async def async_wait_until(
    predicate: Callable[[], T | Awaitable[T | None] | None],
    timeout: float,
    what: str = "",
    interval: float = 0.05,
) -> T:
    """`wait_until` inside an event loop: `predicate` may be a coroutine function, and the loop runs
    on between the calls."""
    deadline = time.monotonic() + timeout
    while True:
        last = time.monotonic() >= deadline
        value = predicate()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value
        assert not last, f"not within {timeout:g} s: {what or predicate}"
        await asyncio.sleep(interval)
