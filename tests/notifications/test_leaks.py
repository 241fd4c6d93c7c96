"""Nothing private leaves through the notifications: a Schnapsen match is played to its end with a
"your turn" at every human turn (the turn-based tables' signal, sent here as they send it), and no card
of its deals appears in any notification a player can read (the API, the list page, the count), in any
e-mail or in any push (decrypted with the browser's key); nobody reads another player's notifications,
choices or subscriptions, and a private table's link reaches its invited player only."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from accounts.models import User
from games.models import Match, MatchEvent, MatchStatus
from games.services.matches import match_act
from games.signals import turn_due
from games.store.events import load_state
from notifications import services
from notifications.kinds import Kind
from tests import factories
from tests.notifications.conftest import Browser, PushService, client_for

pytestmark = pytest.mark.django_db


def dealt_cards(match_id: int) -> set[str]:
    events = MatchEvent.objects.filter(match_id=match_id).values_list("data", flat=True)
    return {card for e in events if e.get("type") == "deal" for card in e["deck"]}


def _as_word(card: str) -> str:
    return rf"(?<![\w]){re.escape(card)}(?![\w])"


def cards_in_text(text: str, cards: set[str]) -> set[str]:
    """Card codes standing as words of a text (a page, an e-mail)."""
    return {c for c in cards if re.search(_as_word(c), text)}


def _where(text: str, found: set[str]) -> list[str]:
    """The text around each card found as a word (CI once found "AH": a card, or part of a token?)."""
    spots = [m.start() for c in found for m in re.finditer(_as_word(c), text)]
    spots = spots or [m.start() for c in found for m in re.finditer(re.escape(c), text)]  # (repr escapes)
    return [text[max(0, at - 80) : at + 80] for at in spots[:5]]


def cards_in(value: Any, cards: set[str]) -> set[str]:
    if isinstance(value, str):
        return ({value} & cards) | cards_in_text(value, cards)
    if isinstance(value, dict):
        return set().union(set(), *(cards_in(k, cards) | cards_in(v, cards) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(set(), *(cards_in(v, cards) for v in value))
    return set()


def play_with_turns(match: Match, players: dict[int, User], capture: Any) -> int:
    """Play to the end (each seat its first legal action), sending turn_due after every commit that
    leaves a seat to move, as the turn-based tables do. Returns how many turns were signalled."""
    turns = 0
    while True:
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            return turns
        state = load_state(match)
        seat = state.to_move
        assert isinstance(seat, int)
        with capture(execute=True):
            turn_due.send(
                sender=None,
                match_id=match.pk,
                seq=match.version,
                seat=seat,
                user_id=players[seat].pk,
                deadline=None,
            )
        turns += 1
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        match_act(
            match_id=match.pk, actor=factories.actor(players[seat]), action=action, expected_seq=match.version
        )


def test_no_card_leaves_through_any_notification(
    players: list[User], push_service: PushService, django_capture_on_commit_callbacks: Any
) -> None:
    anna, ben, carl = players
    browsers = {}
    for player in (anna, ben):
        services.preferences_set(user=player, choices={Kind.YOUR_TURN: {"email": True}})
        browsers[player.pk] = Browser.new(player.username)
        sub = browsers[player.pk].subscription()
        services.push_subscribe(user=player, endpoint=sub["endpoint"], keys=sub["keys"])
    match = factories.two_player_match("schnapsen", anna, ben)
    seats = {s.index: s.user for s in match.seats.all() if s.user is not None}
    turns = play_with_turns(match, seats, django_capture_on_commit_callbacks)
    cards = dealt_cards(match.pk)
    assert turns > 20 and len(cards) >= 20

    seen: list[Any] = []
    for player in (anna, ben, carl):
        api = client_for(player)
        first = api.get("/api/notifications/").json()
        seen.append(first)
        for page in range(2, first["pages"] + 1):
            seen.append(api.get("/api/notifications/", {"page": page}).json())
        seen.append(api.get("/api/notifications/count/").json())
        seen.append(api.get("/api/notifications/preferences/").json())
        page_client = Client()
        page_client.force_login(player)
        seen.append(page_client.get("/notifications/").content.decode())
    seen += [m.subject + "\n" + m.body for m in mail.outbox]
    for player in (anna, ben):
        seen += push_service.to(browsers[player.pk])
    assert len(mail.outbox) > 10 and len(push_service.sent) > 10
    leaked = cards_in(seen, cards)
    assert not leaked, f"cards in notifications: {leaked}; where: {_where(repr(seen), leaked)}"
    # each player read only their own turns; carl, who did not play, has none
    assert client_for(carl).get("/api/notifications/").json()["count"] == 0
    for player in (anna, ben):
        rows = client_for(player).get("/api/notifications/").json()["results"]
        assert rows and {r["params"]["match"] for r in rows} == {match.pk}
        assert {r["params"]["seat"] for r in rows} == {next(s for s, u in seats.items() if u == player)}
    # nobody learns another player's push endpoints
    assert json.dumps(client_for(carl).get("/api/notifications/preferences/").json()).count("fcm") == 0
