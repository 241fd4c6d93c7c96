"""Navigation, the history section, replay links on the profile and the verify link on the replay page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Match
from tests import factories


@pytest.mark.django_db
def test_header_links_to_leaderboard_and_leagues(client: Client) -> None:
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("leaderboard-index")}"' in html and "Bestenliste" in html
    assert f'href="{reverse("leagues")}"' in html and "Ligen" in html
    assert "Meine beendeten Partien" in html and 'data-role="history"' in html


@pytest.mark.django_db
def test_replay_page_offers_the_deal_check(client: Client, match_id: int) -> None:
    html = client.get(reverse("replay", kwargs={"match_id": match_id})).content.decode()
    assert "Kartenverteilung prüfen" in html and f'href="/api/matches/{match_id}/verify/"' in html


@pytest.mark.django_db
def test_profile_links_replays_of_finished_matches(client: Client, duel) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    running = factories.two_player_match("duel", anna, ben)
    done = factories.two_player_match("duel", anna, ben)
    Match.objects.filter(pk=done.pk).update(status="finished")
    html = client.get(reverse("player", kwargs={"username": "anna"})).content.decode()
    assert f'href="{reverse("replay", kwargs={"match_id": done.pk})}"' in html
    assert reverse("replay", kwargs={"match_id": running.pk}) not in html


def test_js_catalog_has_the_save_status_lines(client: Client) -> None:
    body = client.get(reverse("jsi18n"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for german in ("Ergebnis gespeichert", "Ergebnis noch nicht gespeichert", "Ergebnis erneut speichern"):
        assert german in body
    assert "Poolgr\\u00f6\\u00dfe" in body or "Poolgröße" in body
