"""The games' quick-start pages (a table against AIs in one step), for the navigation, the home page
and the rules pages: each game with one declares its QuickStart in its own module."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.functional import Promise

from games.catalog.titles import game_title


@dataclass(frozen=True)
class QuickStart:
    game: str
    url_name: str  # the page's URL name (frontend/urls.py)
    label: str | Promise  # the button, translated lazily: "Preisjass quick start"

    @property
    def path(self) -> str:
        """The page's URL path: the game's name."""
        return f"{self.game}/"

    @property
    def url(self) -> str:
        return reverse(self.url_name)

    @property
    def title(self) -> str:
        """The game's title, as the navigation names the page."""
        return game_title(self.game)
