"""cProfile of a web process for `python -m bench live --profile` (PROFILE_DIR=<dir>; off otherwise).

The event loop's thread is profiled from the start; the database work of the sockets (the calls
consumers run in pool threads) is profiled per thread while it runs. Each thread writes its profile
every few seconds (the cluster is killed at the end): `<dir>/<pid>-loop.prof` and
`<dir>/<pid>-thread<id>.prof` (pstats files; `python -m pstats`, or merged with pstats.Stats.add).
Times are each thread's CPU time: waits for the GIL, the database or a busy machine do not count.
Touching `<dir>/reset` starts every profile afresh (the bench does when its sockets are all open,
so the profiles hold the play and not the connecting)."""

from __future__ import annotations

import contextlib
import cProfile
import functools
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

DIRECTORY = os.environ.get("PROFILE_DIR", "")
_local = threading.local()


def start() -> None:
    """Profile this (the event loop's) thread, when PROFILE_DIR is set."""
    global _loop
    if not DIRECTORY:
        return
    _loop = _new()
    _loop.enable()


_loop: cProfile.Profile | None = None
_every = 5.0  # seconds between a thread's dumps: a process killed at the end has written recently


def loop_tick() -> None:
    """Called on the event loop now and then (each consumer message): dump its profile when due."""
    global _loop
    if _loop is not None:
        if _stale(_loop):
            _loop.disable()
            _loop = _new()
            _loop.enable()
        _maybe_dump(_loop, "loop")


_reset_at = 0  # the reset marker's mtime as last read
_reset_read = 0.0  # when it was last read (monotonic)


def _new() -> cProfile.Profile:
    profile = cProfile.Profile(time.thread_time)
    profile._reset_at = _reset_at  # type: ignore[attr-defined]
    return profile


def _stale(profile: cProfile.Profile) -> bool:
    """The reset marker was touched since `profile` began (read at most twice a second)."""
    global _reset_at, _reset_read
    now = time.monotonic()
    if now - _reset_read > 0.5:
        _reset_read = now
        with contextlib.suppress(OSError):
            _reset_at = (Path(DIRECTORY) / "reset").stat().st_mtime_ns
    return bool(getattr(profile, "_reset_at", 0) != _reset_at)


def in_thread(fn: Callable[..., T]) -> Callable[..., T]:
    """`fn`, profiled in whatever pool thread runs it (unchanged when PROFILE_DIR is not set)."""
    if not DIRECTORY:
        return fn

    @functools.wraps(fn)
    def profiled(*args: Any, **kwargs: Any) -> T:
        profile = getattr(_local, "profile", None)
        if profile is None or _stale(profile):
            profile = _local.profile = _new()
        profile.enable()
        try:
            return fn(*args, **kwargs)
        finally:
            profile.disable()
            _maybe_dump(profile, f"thread{threading.get_ident()}")

    return profiled


def _maybe_dump(profile: cProfile.Profile, name: str) -> None:
    """Write `profile` (in the thread that runs it) at most every few seconds."""
    now = time.monotonic()
    last = getattr(profile, "_dumped", 0.0)
    if now - last < _every:
        return
    profile._dumped = now  # type: ignore[attr-defined]
    directory = Path(DIRECTORY)
    directory.mkdir(parents=True, exist_ok=True)
    enabled = name == "loop"
    profile.dump_stats(directory / f"{os.getpid()}-{name}.prof")  # stops it
    if enabled:
        profile.enable()
