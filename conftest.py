"""Shared fixtures: AI moves run inline with no delay, and the test-only game is registered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache

from games import engine, state_cache


@pytest.fixture(autouse=True)
def _platform_settings(settings: pytest.FixtureRequest) -> Iterator[None]:
    settings.AI_RUNNER = "inline"  # type: ignore[attr-defined]
    settings.AI_MOVE_DELAY = 0  # type: ignore[attr-defined]
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}  # type: ignore[attr-defined]
    state_cache.clear()
    cache.clear()  # throttle counters and cached pages start empty in every test
    yield
    state_cache.clear()


@pytest.fixture
def duel() -> Iterator[str]:
    """The tiny test-only game ("duel") registered for the duration of one test."""
    from tests.fakegame import RULES

    engine.register(RULES)
    yield RULES.name
    engine.unregister(RULES.name)
