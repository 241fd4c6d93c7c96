from __future__ import annotations

import pytest

from games.ai.analysis import schnapsen


@pytest.fixture(autouse=True)
def _small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The figures' quality is the analyser tests' business: here a few nodes keep the tests quick."""
    monkeypatch.setattr(schnapsen, "WORLDS", 3)
    monkeypatch.setattr(schnapsen, "VIEW_NODES", 3000)
    monkeypatch.setattr(schnapsen, "OPEN_NODES", 3000)
