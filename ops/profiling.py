"""cProfile of a web process for `python -m bench live --profile` (PROFILE_DIR=<dir>; off otherwise).

The event loop's thread is profiled from the start; the database work of the sockets (the calls
consumers run in pool threads) is profiled per thread while it runs. Each thread writes its profile
every few seconds (the cluster is killed at the end): `<dir>/<pid>-loop.prof` and
`<dir>/<pid>-thread<id>.prof` (pstats files; `python -m pstats`, or merged with pstats.Stats.add).
Times are each thread's CPU time: waits for the GIL, the database or a busy machine do not count."""

from __future__ import annotations

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
    _loop = cProfile.Profile(time.thread_time)
    _loop.enable()


_loop: cProfile.Profile | None = None
_every = 5.0  # seconds between a thread's dumps: a process killed at the end has written recently


def loop_tick() -> None:
    """Called on the event loop now and then (each consumer message): dump its profile when due."""
    if _loop is not None:
        _maybe_dump(_loop, "loop")


def in_thread(fn: Callable[..., T]) -> Callable[..., T]:
    """`fn`, profiled in whatever pool thread runs it (unchanged when PROFILE_DIR is not set)."""
    if not DIRECTORY:
        return fn

    @functools.wraps(fn)
    def profiled(*args: Any, **kwargs: Any) -> T:
        profile = getattr(_local, "profile", None)
        if profile is None:
            profile = _local.profile = cProfile.Profile(time.thread_time)
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
