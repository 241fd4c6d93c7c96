"""cProfile of a web process for `python -m bench live --profile` (PROFILE_DIR=<dir>; off otherwise).

The event loop's thread is profiled from the start; the database work of the sockets (the calls
consumers run in pool threads) is profiled per thread while it runs. At exit each process writes
`<dir>/<pid>-loop.prof` and `<dir>/<pid>-threads.prof` (pstats files; read them with
`python -m pstats`). Times are each thread's CPU time: waits for the GIL, the database or a busy
machine do not count."""

from __future__ import annotations

import atexit
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
_threads: list[cProfile.Profile] = []
_local = threading.local()
_lock = threading.Lock()


def start() -> None:
    """Profile this (the event loop's) thread until exit, when PROFILE_DIR is set."""
    if not DIRECTORY:
        return
    loop = cProfile.Profile(time.thread_time)
    loop.enable()
    atexit.register(_dump, loop)


def in_thread(fn: Callable[..., T]) -> Callable[..., T]:
    """`fn`, profiled in whatever pool thread runs it (unchanged when PROFILE_DIR is not set)."""
    if not DIRECTORY:
        return fn

    @functools.wraps(fn)
    def profiled(*args: Any, **kwargs: Any) -> T:
        profile = getattr(_local, "profile", None)
        if profile is None:
            profile = _local.profile = cProfile.Profile(time.thread_time)
            with _lock:
                _threads.append(profile)
        profile.enable()
        try:
            return fn(*args, **kwargs)
        finally:
            profile.disable()

    return profiled


def _dump(loop: cProfile.Profile) -> None:
    import pstats

    loop.disable()
    directory = Path(DIRECTORY)
    directory.mkdir(parents=True, exist_ok=True)
    loop.dump_stats(directory / f"{os.getpid()}-loop.prof")
    with _lock:
        profiles = list(_threads)
    if profiles:
        stats = pstats.Stats(profiles[0])
        for profile in profiles[1:]:
            stats.add(profile)
        stats.dump_stats(directory / f"{os.getpid()}-threads.prof")
