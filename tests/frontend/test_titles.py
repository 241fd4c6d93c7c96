"""Game titles have one source, the game packs (read through games/catalog/titles.py): the pages carry
them for the browser code (as JSON in a data attribute, not an inline script) and /api/games/ names
each game with its title."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games.catalog.titles import game_titles

JS = Path(__file__).resolve().parents[2] / "frontend" / "static" / "frontend" / "js"


def _page_titles(page: str) -> dict[str, str]:
    match = re.search(r'<body data-game-titles="([^"]*)"', page)
    assert match, "the page carries no game titles"
    return dict(json.loads(html.unescape(match.group(1))))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "kwargs"),
    [("home", {}), ("new-game", {}), ("table", {"match_id": -1}), ("replay", {"match_id": -1})],
)
def test_pages_carry_the_titles_of_games_titles_py(
    client: Client, match_id: int, name: str, kwargs: dict[str, int]
) -> None:
    kwargs = {k: match_id for k in kwargs}  # -1 stands for a real match
    page = client.get(reverse(name, kwargs=kwargs)).content.decode()
    assert _page_titles(page) == game_titles()
    assert "Preference (Wien)" in page


@pytest.mark.django_db
def test_games_api_names_each_game_with_its_title(client: Client) -> None:
    games = client.get("/api/games/").json()["games"]
    titles = {g["game"]: g["title"] for g in games}
    assert titles == game_titles()


def test_the_browser_code_keeps_no_copy_of_the_titles() -> None:
    sources = {p.relative_to(JS).as_posix(): p.read_text(encoding="utf-8") for p in JS.rglob("*.js")}
    for title in ("Preference (Wien)", "Wiener Preference", "Vorarlberger Preisjass", "Preferans (Sotschi)"):
        literal = re.compile(rf"""["'`]{re.escape(title)}["'`]""")
        copies = [name for name, text in sources.items() if literal.search(text)]
        assert not copies, f"{title!r} is written in {copies}: titles come from games/catalog/titles.py"
