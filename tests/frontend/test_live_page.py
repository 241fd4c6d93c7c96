"""The live games page (/live/): in the navigation and linked from the lobby, a filter by game (an
unknown one is a 404, as on /new/), in German, English and Russian."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import packs
from games.catalog.titles import game_title

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "heading", "everything"),
    [
        ("de", "Live-Partien", "Alle Spiele"),
        ("en", "Live games", "All games"),
        ("ru", "Сейчас играют", "Все игры"),
    ],
)
def test_the_page_speaks_the_chosen_language(
    client: Client, language: str, heading: str, everything: str
) -> None:
    client.cookies["django_language"] = language
    response = client.get(reverse("live"))
    assert response.status_code == 200 and "csrftoken" in response.cookies
    html = response.content.decode()
    assert f'<h1 id="live-heading">{heading}</h1>' in html
    assert f'<option value="">{everything}</option>' in html
    assert f'<a href="/live/" data-nav="live">{heading}</a>' in html  # in the navigation
    assert 'src="/static/frontend/js/livegames.js"' in html


def test_the_filter_offers_every_game_and_keeps_the_one_asked_for(client: Client) -> None:
    html = client.get(reverse("live"), {"game": "schnapsen"}).content.decode()
    for game in packs.names():
        selected = " selected" if game == "schnapsen" else ""
        assert f'<option value="{game}"{selected}>{game_title(game)}</option>' in html
    assert 'data-game="schnapsen"' in html


def test_an_unknown_game_is_a_404(client: Client) -> None:
    assert client.get(reverse("live"), {"game": "skat"}).status_code == 404


def test_the_lobby_links_to_the_live_games(client: Client) -> None:
    html = client.get(reverse("home")).content.decode()
    assert '<ul class="matches" data-role="live">' in html
    assert '<a href="/live/" data-role="all-live">Alle Live-Partien</a>' in html
