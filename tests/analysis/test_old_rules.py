"""A match stored under an older rules version is analysed like any other: the analysis app replays
it (through its version's upcaster) and values every decision."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from analysis.models import AnalysisStatus, MatchAnalysis
from games.ai.analysis import preferans, preferans_contract, preferanzen, preisjass
from tests import factories
from tests.old_rules_matches import STORED, old_events, stored_old_match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _tiny_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only that the analysis runs matters here (schnapsen's are small already: conftest)."""
    for module, budgets in (
        (preferanzen, {"WORLDS": 3, "VIEW_NODES": 3000, "OPEN_NODES": 3000, "DEFENCE_PLIES": 2}),
        (preferans, {"WORLDS": 2, "VIEW_NODES": 1000, "OPEN_NODES": 1000, "EXACT_TRICKS": 3}),
        (
            preferans_contract,
            {"OPEN_SOLVE_NODES": 1000, "MISERE_NODES": 300, "WORLDS": 2, "EXCHANGE_WORLDS": 1},
        ),
        (preferans_contract, {"MODE_PLAYOUTS": 1, "MODE_WORLDS": 1}),
        (preisjass, {"VIEW_MS": 1.0, "OPEN_EXACT": 2}),
    ):
        for name, value in budgets.items():
            monkeypatch.setattr(module, name, value)


@pytest.mark.parametrize(("version", "game"), STORED)
def test_an_old_match_is_analysed(version: str, game: str) -> None:
    anna = factories.user("anna")
    match = stored_old_match(game, anna, version)
    client = APIClient()
    client.force_login(anna)
    body = client.post(f"/api/matches/{match.pk}/analysis/").json()
    assert body["status"] == "done", body
    decisions = body["analysis"]["decisions"]
    events = old_events(game, version)
    own = [e for e in events if e.get("seat") is not None]
    assert decisions and len(decisions) <= len(own)
    assert {d["seq"] for d in decisions} <= {seq for seq, e in enumerate(events, 1) if "seat" in e}
    assert MatchAnalysis.objects.get(match=match).status == AnalysisStatus.DONE
