"""A real match for the pages that show one (a missing match gets the 404 page)."""

from __future__ import annotations

import pytest

from tests import factories


@pytest.fixture
def match_id(db: None) -> int:
    return factories.two_player_match("schnapsen", factories.user("anna"), factories.user("ben")).pk
