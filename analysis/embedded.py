"""The embedded server's analysis worker (AI_RUNNER=thread): one thread and a bounded queue. However
many analyses are asked for, one runs at a time, at most `size` wait in memory, and a submission
beyond that is refused (the analysis stays pending in the database; the sweep offers it again)."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

from django.db import close_old_connections

log = logging.getLogger(__name__)


class SingleWorker:
    """Runs `run(item)` for each submitted item, one after another, in one daemon thread started with
    the first submission."""

    def __init__(self, run: Callable[[int], object], *, size: int, name: str) -> None:
        self._run = run
        self._size = size
        self._name = name
        self._queue: queue.Queue[int] = queue.Queue()
        self._held: set[int] = set()  # waiting or running
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def submit(self, item: int) -> bool:
        """Queue `item` unless it is waiting or running already; False when the queue is full."""
        with self._lock:
            if item in self._held:
                return True
            if len(self._held) >= self._size:
                return False
            self._held.add(item)
            self._queue.put(item)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()
        return True

    def items(self) -> set[int]:
        """The items waiting or running."""
        with self._lock:
            return set(self._held)

    def _loop(self) -> None:
        while True:
            item = self._queue.get()
            close_old_connections()
            try:
                self._run(item)
            except Exception:
                log.exception("%s: %s failed", self._name, item)
            finally:
                close_old_connections()
                with self._lock:
                    self._held.discard(item)
