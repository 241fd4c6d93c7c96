"""Command ids tell only their own seat anything. The platform's moves use ids of the form "ai:<seq>":
a client may not take one (it would block the AI's next move), and guessing one (with a guessed
action) must not reveal what the AI played, which at a duplicate round is a sister table's card."""

from __future__ import annotations

import pytest

from games.errors import BadRequest, CommandConflict, GameError
from games.live.actors import Actor
from games.models import Match, MatchEvent, SeatKind
from games.services.matches import SeatSpec, match_act, match_create
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


def _against_the_ai() -> tuple[Match, Actor]:
    """Schnapsen, a human at seat 0 and Anton at seat 1, played until Anton has stored a move."""
    human = factories.actor(factories.user("anna"))
    match = match_create(game="schnapsen", creator=human, seats=[SeatSpec(), SeatSpec(kind=SeatKind.AI)])
    while not MatchEvent.objects.filter(match=match, command_id__startswith="ai:").exists():
        match.refresh_from_db()
        state = load_state(match)
        assert state.to_move == 0
        match_act(match_id=match.pk, actor=human, action=state.legal_actions()[0], expected_seq=match.version)
    match.refresh_from_db()
    return match, human


def _refusal(match: Match, actor: Actor, action: dict, command_id: str) -> tuple[str, dict]:
    with pytest.raises(GameError) as refused:
        match_act(match_id=match.pk, actor=actor, action=action, expected_seq=1, command_id=command_id)
    return refused.value.code, refused.value.details


def test_a_guessed_command_id_reveals_nothing() -> None:
    match, human = _against_the_ai()
    ai_move = MatchEvent.objects.filter(match=match, command_id__startswith="ai:").first()
    assert ai_move is not None and ai_move.command_id
    played = {k: v for k, v in ai_move.data.items() if k != "seat"}
    state = load_state(match)
    mine = state.legal_actions()[0]
    match_act(match_id=match.pk, actor=human, action=mine, expected_seq=match.version, command_id="mine-1")
    stranger = factories.actor(factories.user("eve"))
    # The AI's id with its move, or with another move: the same refusal.
    assert _refusal(match, stranger, played, ai_move.command_id) == _refusal(
        match, stranger, {"type": "play", "card": "XX"}, ai_move.command_id
    )
    # Another player's id with his move, with another move, or no id ever used: the same refusal.
    guessed = _refusal(match, stranger, mine, "mine-1")
    assert guessed == _refusal(match, stranger, {"type": "play", "card": "XX"}, "mine-1")
    assert guessed == _refusal(match, stranger, mine, "never-used") == ("not_seated", {})


def test_clients_may_not_send_the_platform_s_command_ids() -> None:
    match, human = _against_the_ai()
    state = load_state(match)
    version = match.version
    with pytest.raises(BadRequest, match="reserved"):
        match_act(
            match_id=match.pk,
            actor=human,
            action=state.legal_actions()[0],
            expected_seq=version,
            command_id=f"ai:{version + 1}",
        )
    assert Match.objects.get(pk=match.pk).version == version


def test_a_seat_s_own_resend_still_answers_and_another_action_conflicts() -> None:
    match, human = _against_the_ai()
    state = load_state(match)
    action = state.legal_actions()[0]
    original = match_act(
        match_id=match.pk, actor=human, action=action, expected_seq=match.version, command_id="mine-1"
    )
    resent = match_act(
        match_id=match.pk, actor=human, action=action, expected_seq=match.version, command_id="mine-1"
    )
    assert resent.duplicate and resent.seq <= original.seq
    # another legal card where there is one; with a single legal card (the deal is random: after
    # Anton closes the stock, the follower may have one) an action that differs only in its card: the
    # stale seq is refused before the action is checked, and a refused command's id is looked up
    other = next((a for a in state.legal_actions() if a != action), {**action, "card": "XX"})
    with pytest.raises(CommandConflict):
        match_act(
            match_id=match.pk, actor=human, action=other, expected_seq=match.version, command_id="mine-1"
        )
