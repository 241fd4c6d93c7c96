"""Celery tasks: thin wrappers over the delivery, taking ids."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from notifications.delivery import notifications_deliver

#: an e-mail that failed is tried again after 1, 2 and 4 minutes
RETRIES = 3


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True, max_retries=RETRIES)
def deliver(self: Any, notification_ids: list[int]) -> int:
    failed = notifications_deliver(ids=notification_ids)
    if failed and self.request.retries < RETRIES:
        raise self.retry(args=(failed,), countdown=60 * 2**self.request.retries)
    return len(notification_ids) - len(failed)
