"""Waiting for a condition in tests: poll it until it holds, fail with a message once the timeout has
passed. A test waits for what it needs, never for a fixed time that a loaded machine may overrun."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, overload

T = TypeVar("T")


Message = str | Callable[[], str]


def _failure(timeout: float, what: Message, predicate: object) -> str:
    return f"not within {timeout:g} s: {(what() if callable(what) else what) or predicate}"


def wait_until(
    predicate: Callable[[], T | None], timeout: float, what: Message = "", interval: float = 0.05
) -> T:
    """The first true value of `predicate()`, called every `interval` seconds; AssertionError naming
    `what` (a string, or a function giving one: it may show the last state seen) when it is still
    false after `timeout` seconds (it is asked once more at the end)."""
    deadline = time.monotonic() + timeout
    while True:
        last = time.monotonic() >= deadline
        value = predicate()
        if value:
            return value
        assert not last, _failure(timeout, what, predicate)
        time.sleep(interval)


@overload
async def async_wait_until(
    predicate: Callable[[], Awaitable[T | None]], timeout: float, what: Message = "", interval: float = 0.05
) -> T: ...


@overload
async def async_wait_until(
    predicate: Callable[[], T | None], timeout: float, what: Message = "", interval: float = 0.05
) -> T: ...


async def async_wait_until(
    predicate: Callable[[], Any], timeout: float, what: Message = "", interval: float = 0.05
) -> Any:
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
        assert not last, _failure(timeout, what, predicate)
        await asyncio.sleep(interval)
