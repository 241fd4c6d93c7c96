"""Fair deals: chance events follow from the committed seed; tampering is detected; nothing leaks."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from games.identity import fairness
from games.models import MatchEvent, MatchStatus
from games.selectors import match_summary, match_view
from tests import factories
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def test_finished_match_verifies_and_tampering_is_found(duel) -> None:
    a, b = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match(duel, a, b)
    assert fairness.commitment(match.seed) == match.seed_commitment
    # Before the end, nothing a client sees holds the seed.
    assert match.seed not in json.dumps(match_view(match, factories.actor(a)))
    assert match.seed not in json.dumps(match_summary(match))
    play_to_end(match, {0: a, 1: b})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    call_command("verify_match", match.pk)
    from rest_framework.test import APIClient

    checked = APIClient().get(f"/api/matches/{match.pk}/verify/").json()
    assert checked["verified"] is True and checked["problems"] == [] and checked["seed"] == match.seed

    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    assert fairness.verify(events, match.seed, match.seed_commitment) == []
    forged = [dict(e) for e in events]
    deck = list(forged[1]["deck"])
    deck[0], deck[1] = deck[1], deck[0]
    forged[1]["deck"] = deck
    assert fairness.verify(forged, match.seed, match.seed_commitment) == [
        "event 2 (deal) differs from the one the seed gives"
    ]
    assert "commitment" in fairness.verify(events, "00" * 32, match.seed_commitment)[0]


def test_verify_refuses_a_running_match(duel) -> None:
    match = factories.two_player_match(duel, factories.user("anna"), factories.user("ben"))
    with pytest.raises(CommandError, match="over"):
        call_command("verify_match", match.pk)


def test_tables_sharing_a_seed_get_the_same_deals_and_stay_embargoed() -> None:
    from games.errors import Forbidden
    from games.live.actors import Actor
    from games.selectors import match_event_log, match_replay
    from games.services.matches import SeatSpec, match_create

    seed = fairness.new_seed()
    tables = []
    for name in ("anja", "bert"):
        creator = Actor(guest_token=name, display_name=name)
        tables.append(
            match_create(
                game="preisjass",
                creator=creator,
                seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")],
                ai_version="random" if name == "anja" else "anton",
                seed=seed,
                embargoed=True,
            )
        )
    rows = MatchEvent.objects.filter(seat__isnull=True).order_by("seq")
    chance = [list(rows.filter(match=t).values_list("data", flat=True)) for t in tables]
    assert chance[0][1:] == chance[1][1:] and len(chance[0]) >= 3  # the draw(s), the deal and the cut
    for t in tables:
        t.status = MatchStatus.FINISHED
        t.save()
        with pytest.raises(Forbidden):
            match_event_log(t)
        with pytest.raises(Forbidden):
            match_replay(t)
