"""The embedded server's stand-in for Celery beat (WATCHDOG_THREAD, set by scripts/serve): the beat
entries named in EMBEDDED_BEAT run in this process at their CELERY_BEAT_SCHEDULE interval, as beat
would start them in the deployment: the watchdog every WATCHDOG_INTERVAL, the season rollover (with
the release of rounds whose tables are all over) hourly. Each runs at the first tick, then one
interval after its last run."""

from __future__ import annotations

import importlib
import logging
import threading
import time
from typing import Any

from celery import current_app as celery_app
from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)


class EmbeddedBeat:
    def __init__(self, schedule: dict[str, dict[str, Any]], entries: list[str]) -> None:
        self.every = {schedule[e]["task"]: float(schedule[e]["schedule"]) for e in entries}
        self.next_at = dict.fromkeys(self.every, float("-inf"))

    def tick_seconds(self) -> float:
        return min(self.every.values(), default=60.0)

    def run_due(self, now: float) -> list[str]:
        """Run every task whose time has come (by name, on the project's Celery app, in this thread);
        one that fails is logged and the others run. Returns the names run."""
        ran = []
        for name, at in self.next_at.items():
            if at > now:
                continue
            self.next_at[name] = now + self.every[name]
            try:
                _task(name).apply(throw=True)
            except Exception:
                log.exception("embedded beat: %s failed", name)
            ran.append(name)
        return ran


def _task(name: str) -> Any:
    """The task registered under `name`, its module imported first: a worker imports every app's tasks
    module at start, the web process only the ones it has used."""
    if name not in celery_app.tasks:
        importlib.import_module(name.rpartition(".")[0])
    return celery_app.tasks[name]


def embedded_beat_start() -> None:
    beat = EmbeddedBeat(settings.CELERY_BEAT_SCHEDULE, settings.EMBEDDED_BEAT)

    def loop() -> None:
        while True:
            time.sleep(beat.tick_seconds())
            close_old_connections()
            try:
                beat.run_due(time.monotonic())
            finally:
                close_old_connections()

    threading.Thread(target=loop, name="embedded-beat", daemon=True).start()
