"""The challenge pages through Django's client: today's boxes, play, the locked and open results, the
field's play after the close, the deal comparison, the archive and the monthly table."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from challenges import days, selectors
from challenges.models import Challenge, Entry
from tests.challenges.conftest import play_entry
from tests.challenges.test_entries import close

pytestmark = pytest.mark.django_db(transaction=True)


def client_for(user=None, language="en") -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        c.force_login(user)
    return c


def test_the_day_from_the_lobby_to_the_results(challenge, field) -> None:
    anna, ben = field[:2]
    lobby = client_for(anna).get("/").content.decode()
    assert 'data-role="todays-challenges"' in lobby and f'data-challenge="{challenge.pk}"' in lobby
    guest = client_for().get("/challenges/").content.decode()
    assert 'data-action="play-challenge"' not in guest and "/accounts/login/" in guest
    page = client_for(anna).get("/challenges/")
    assert 'data-action="play-challenge"' in page.content.decode()
    # Play: a table of the challenge, and a second press goes back to it
    c = client_for(anna)
    started = c.post(f"/challenges/{challenge.pk}/play/")
    entry = Entry.objects.get(user=anna)
    assert started.status_code == 302 and started["Location"] == f"/matches/{entry.match_id}/"
    assert c.post(f"/challenges/{challenge.pk}/play/")["Location"] == f"/matches/{entry.match_id}/"
    table = c.get(f"/matches/{entry.match_id}/").content.decode()
    assert f'data-challenge="/challenges/{challenge.pk}/"' in table
    # the results are locked to those who have not finished
    locked = client_for(ben).get(f"/challenges/{challenge.pk}/").content.decode()
    assert 'data-role="locked"' in locked and 'data-role="results"' not in locked
    play_entry(ben, challenge)
    mine = client_for(ben).get(f"/challenges/{challenge.pk}/").content.decode()
    assert 'data-role="my-row"' in mine and 'data-role="par"' in mine
    box = client_for(ben).get("/challenges/").content.decode()
    assert 'data-role="my-result"' in box


@pytest.mark.parametrize("language", ["de", "en", "ru"])
def test_after_the_close_the_field_the_comparison_the_archive_and_the_month(
    challenge, field, language
) -> None:
    for i, user in enumerate(field[:3]):
        play_entry(user, challenge, pick=lambda v, legal, i=i: legal[i % len(legal)])
    close(challenge)
    c = client_for(field[0], language)
    results = c.get(f"/challenges/{challenge.pk}/").content.decode()
    assert 'data-deal="1"' in results and challenge.seed in results
    assert f"/challenges/{challenge.pk}/deals/1/" in results
    compare = c.get(f"/challenges/{challenge.pk}/deals/1/").content.decode()
    best = selectors.best_entry(challenge)
    assert best is not None
    # mine, the best entry's (when it is another's) and the AI's
    assert compare.count('class="compare-col"') == (2 if best.user == field[0] else 3)
    assert c.get(f"/challenges/{challenge.pk}/deals/2/").status_code == 404
    archive = c.get("/challenges/archive/").content.decode()
    assert f"/challenges/{challenge.pk}/" in archive
    month = c.get(f"/challenges/month/{challenge.day.year}-{challenge.day.month}/")
    assert month.status_code == 200  # three players with one challenge each: below the minimum
    assert c.get("/challenges/month/2026-13/").status_code == 404


def _month_links(client: Client, day: dt.date) -> list[str]:
    html = client.get(f"/challenges/month/{day.year}-{day.month}/").content.decode()
    return [part.split('"')[0] for part in html.split('href="/challenges/month/')[1:]]


def test_the_monthly_table_links_back_only_to_the_first_challenge(challenge: Challenge) -> None:
    """Following "←" ends at the first challenge's month."""
    today = days.today()
    client = Client()
    assert _month_links(client, today) == []  # the month of the only challenge: nothing before it
    earlier = today.replace(day=1) - dt.timedelta(days=40)
    Challenge.objects.filter(pk=challenge.pk).update(day=earlier)
    first = earlier.replace(day=1)
    before = first - dt.timedelta(days=1)
    assert _month_links(client, today) == [f"{(today.replace(day=1) - dt.timedelta(days=1)):%Y-%-m}/"]
    assert f"{before:%Y-%-m}/" not in _month_links(client, earlier)
