"""The rules pages: one per game, written per language (de, en, ru), with the four key sections and card
pictures to draw; linked from the lobby, the new-game dialog and the table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games import packs
from tests import factories

GAMES = packs.names()
SECTIONS = ("ranking", "trumps", "bidding", "scoring")
JS = Path(__file__).resolve().parents[2] / "frontend" / "static" / "frontend" / "js"
CARDS = re.compile(r'data-cards="([^"]+)"')
# words each language's text is sure to hold, so a page in the wrong language is caught
MARKERS = {"de": "Karten", "en": "cards", "ru": "карт"}


def _page(client: Client, game: str, lang: str) -> str:
    response = client.get(reverse("rules", args=[game]), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def three_languages(settings) -> None:
    # Russian joins LANGUAGES with the Russian catalogue (issue 17); the rules texts exist already.
    settings.LANGUAGES = [("de", "Deutsch"), ("en", "English"), ("ru", "Русский")]


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_has_its_sections_and_cards_in_each_language(
    client: Client, three_languages: None, game: str, lang: str
) -> None:
    html = _page(client, game, lang)
    for section in SECTIONS:
        assert f'<section id="{section}">' in html, section
        assert f'href="#{section}"' in html
    rows = CARDS.findall(html)
    assert len(rows) >= 2
    for row in rows:
        assert all(re.fullmatch(r"[6789TJQKA][CSDH]", card) for card in row.split()), row
    assert f'lang="{lang}"' in html and MARKERS[lang] in html
    assert "frontend/js/rules.js" in html and 'type="module"' in html
    assert "<script>" not in html and " onclick=" not in html


@pytest.mark.django_db
def test_the_three_languages_have_different_texts(client: Client, three_languages: None) -> None:
    texts = {lang: _page(client, "preferans", lang) for lang in ("de", "en", "ru")}
    assert "Whister" in texts["de"] and "whister" in texts["en"] and "вистующ" in texts["ru"]
    assert len({texts["de"], texts["en"], texts["ru"]}) == 3


@pytest.mark.django_db
def test_a_language_without_texts_reads_german_and_an_unknown_game_is_404(client: Client) -> None:
    assert "Rangfolge" in _page(client, "schnapsen", "fr")
    assert client.get("/rules/skat/").status_code == 404


@pytest.mark.django_db
def test_the_page_chrome_is_translated(client: Client) -> None:
    assert "Regeln: Schnapsen" in _page(client, "schnapsen", "de")
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "Rules of Schnapsen" in client.get(reverse("rules", args=["schnapsen"])).content.decode()


@pytest.mark.django_db
@pytest.mark.django_db
def test_rules_are_linked_from_the_new_game_dialog_and_the_table(client: Client) -> None:
    dialog = client.get(reverse("new-game")).content.decode()
    assert 'data-role="rules-link"' in dialog and 'href="/rules/preisjass/"' in dialog
    match = factories.two_player_match("schnapsen", factories.user("anna"), factories.user("ben"))
    table = client.get(reverse("table", args=[match.pk])).content.decode()
    assert 'data-role="rules-link"' in table and 'data-role="contract-line"' in table
    # the scripts point them at the game on screen
    assert "/rules/${encodeURIComponent(game.game)}/" in (JS / "newgame.js").read_text()
    assert "/rules/${encodeURIComponent(payload.match.game)}/" in (JS / "table.js").read_text()
    assert "/rules/${encodeURIComponent(g.game)}/" in (JS / "home.js").read_text()
