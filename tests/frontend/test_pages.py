"""The pages are shells for the browser code: they answer, set the CSRF cookie and speak German by default."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "kwargs", "needle"),
    [
        ("home", {}, "Offene Tische"),
        ("new-game", {}, "Kartenbild"),
        ("preisjass", {}, "Durchgang starten"),
        ("table", {"match_id": -1}, "Wertung des Durchgangs"),
        ("replay", {"match_id": -1}, "Nächster Schritt"),
    ],
)
def test_pages_answer_in_german_with_csrf_cookie(
    client: Client, match_id: int, name: str, kwargs: dict[str, int], needle: str
) -> None:
    kwargs = {k: match_id for k in kwargs}  # -1 stands for a real match
    response = client.get(reverse(name, kwargs=kwargs))
    assert response.status_code == 200
    assert needle in response.content.decode()
    assert "csrftoken" in response.cookies


@pytest.mark.django_db
def test_english_when_chosen(client: Client) -> None:
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "Open tables" in client.get(reverse("home")).content.decode()


@pytest.mark.django_db
def test_preisjass_quick_start_names_the_three_opponents(client: Client) -> None:
    html = client.get(reverse("preisjass")).content.decode()
    for name in ("Anna", "Paul", "Mia", "Verwendete KI-Version"):
        assert name in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "heading", "label", "button"),
    [
        ("de", "Vorarlberger Preisjass", "Verwendete KI-Version", "Durchgang starten"),
        ("en", "Vorarlberg Preisjass", "AI version used", "Start the run"),
        ("ru", "Форарльбергский прайсъяс", "Версия ИИ", "Начать серию"),
    ],
)
def test_preisjass_quick_start_speaks_the_chosen_language(
    client: Client, language: str, heading: str, label: str, button: str
) -> None:
    """The seed's German labels are the German page's; English and Russian players read their own."""
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    html = client.get(reverse("preisjass")).content.decode()
    assert f"<h1>{heading}</h1>" in html
    assert label in html and button in html
    if language != "de":
        assert "Verwendete KI-Version" not in html and "Durchgang starten" not in html


def test_js_catalog_translates_game_strings(client: Client) -> None:
    body = client.get(reverse("jsi18n"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Alle H\\u00e4nde offen zeigen" in body or "Alle Hände offen zeigen" in body
    assert "N\\u00e4chstes Spiel" in body or "Nächstes Spiel" in body


def test_existing_route_names_still_resolve() -> None:
    assert reverse("home") == "/"
    assert reverse("api-docs") == "/api/docs/"
    assert reverse("healthz") == "/healthz"


@pytest.mark.django_db
def test_the_new_game_dialog_opens_the_game_asked_for_and_refuses_an_unknown_one(client: Client) -> None:
    asked = client.get(reverse("new-game"), {"game": "schnapsen"})
    assert asked.status_code == 200
    assert 'href="/rules/schnapsen/"' in asked.content.decode()
    unknown = client.get(reverse("new-game"), {"game": "skat"})
    assert unknown.status_code == 404
    assert "Kartenbild" not in unknown.content.decode()  # no game's dialog behind the error
