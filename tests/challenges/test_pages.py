"""The challenge pages' links: the monthly table links back only to months a challenge could be in, so
following "←" ends at the first challenge's month."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from challenges import days
from challenges.models import Challenge

pytestmark = pytest.mark.django_db


def _month_links(client: Client, day: dt.date) -> list[str]:
    html = client.get(f"/challenges/month/{day.year}-{day.month}/").content.decode()
    return [part.split('"')[0] for part in html.split('href="/challenges/month/')[1:]]


def test_the_monthly_table_links_back_only_to_the_first_challenge(challenge: Challenge) -> None:
    today = days.today()
    client = Client()
    assert _month_links(client, today) == []  # the month of the only challenge: nothing before it
    earlier = today.replace(day=1) - dt.timedelta(days=40)
    Challenge.objects.filter(pk=challenge.pk).update(day=earlier)
    first = earlier.replace(day=1)
    before = first - dt.timedelta(days=1)
    assert _month_links(client, today) == [f"{(today.replace(day=1) - dt.timedelta(days=1)):%Y-%-m}/"]
    assert f"{before:%Y-%-m}/" not in _month_links(client, earlier)
