"""The Celery app. Without REDIS_URL tasks run eagerly in the web process (the embedded default)."""

from __future__ import annotations

import os
import time
from typing import Any

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("kartentisch")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


# --- metrics (ops/metrics.py): Celery's own signals, and a metrics port per worker and beat -----
_started: dict[str, float] = {}


@signals.task_prerun.connect
def _task_started(task_id: str = "", **kwargs: Any) -> None:
    _started[task_id] = time.perf_counter()


@signals.task_postrun.connect
def _task_ended(task_id: str = "", task: Any = None, state: str | None = None, **kwargs: Any) -> None:
    from ops import metrics

    started = _started.pop(task_id, None)
    name = getattr(task, "name", "unknown")
    metrics.CELERY_TASKS.labels(name, state or "UNKNOWN").inc()
    if started is not None:
        metrics.CELERY_TASK_SECONDS.labels(name).observe(time.perf_counter() - started)


@signals.worker_init.connect
def _worker_metrics(**kwargs: Any) -> None:
    from ops import metrics
    from ops.startup import log_search_core

    metrics.serve(queues=False)
    log_search_core()


@signals.beat_init.connect
def _beat_metrics(**kwargs: Any) -> None:
    from ops import metrics

    metrics.serve(queues=True)


@signals.worker_process_shutdown.connect
def _pool_process_ended(pid: int | None = None, **kwargs: Any) -> None:
    from ops import metrics

    metrics.process_ended(pid or os.getpid())
