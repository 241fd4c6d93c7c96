"""Starts the delivery of new notifications (after the commit that stored them), by settings.AI_RUNNER
as the platform's other background work: a Celery task on the `notifications` queue ("celery"), a
thread of the web process (the embedded server, "thread"), or right here (the tests, "inline")."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence

from celery import current_app as celery_app
from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)

#: notifications per task: a challenge's close notifies every entrant
CHUNK = 200


def delivery_start(ids: Sequence[int]) -> None:
    runner = settings.AI_RUNNER
    for start in range(0, len(ids), CHUNK):
        chunk = list(ids[start : start + CHUNK])
        if runner == "celery":
            try:
                celery_app.signature("notifications.tasks.deliver", args=(chunk,)).apply_async()
            except Exception:  # broker down: the notifications are in the site all the same
                log.exception("enqueueing the delivery of notifications %s failed", chunk)
        elif runner == "thread":
            threading.Thread(target=_in_thread, args=(chunk,), name="notify", daemon=True).start()
        else:
            _deliver(chunk)


def _deliver(ids: list[int]) -> None:
    from notifications.delivery import notifications_deliver

    try:
        notifications_deliver(ids=ids)
    except Exception:
        log.exception("delivering notifications %s failed", ids)


def _in_thread(ids: list[int]) -> None:
    close_old_connections()
    try:
        _deliver(ids)
    finally:
        close_old_connections()
