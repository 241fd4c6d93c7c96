"""Each game's challenge, end to end through the services: a player who makes the par's moves meets
exactly the par's log (the AI seats decide from the seed and the play so far alone), two players with
the same decisions get identical logs, every entry gets the same deals, and the figures are per deal."""

from __future__ import annotations

import pytest

from challenges import days, services
from challenges.models import Challenge, Entry
from games import packs
from games.models import Match, MatchEvent, MatchStatus
from games.services.matches import match_act
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = [p.name for p in packs.all_packs() if p.challenge is not None]


def log_of(match_id: int | None) -> list[dict]:
    assert match_id is not None
    return list(MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("data", flat=True))


def play(entry: Entry, moves: list[dict] | None = None, pick: int = 0) -> None:
    """Play the entry's seat to the end: `moves` in order (the par's), else legal[pick]."""
    match, seat = entry.match, entry.challenge.seat
    user = entry.user
    for _ in range(2000):
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            return
        state = load_state(match)
        assert state.to_move == seat
        if moves is not None:
            action = moves.pop(0)
        else:
            legal = state.legal_actions()
            action = legal[pick % len(legal)]
        action = {k: v for k, v in action.items() if k != "seat"}
        match_act(match_id=match.pk, actor=factories.actor(user), action=action, expected_seq=match.version)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", GAMES)
def test_the_challenge_of_each_game_is_the_same_for_the_same_play(game) -> None:
    challenge = services.challenge_open(game=game, day=days.today())
    challenge.refresh_from_db()
    assert challenge.par_match is not None, "the par is played at the opening"
    par = log_of(challenge.par_match_id)
    anna, ben, carl = (factories.user(n) for n in ("anna", "ben", "carl"))
    mine = [e for e in par if e.get("seat") == challenge.seat and e["type"] not in ("start",)]
    copy = services.challenge_enter(challenge_id=challenge.pk, user=anna)
    play(copy, moves=list(mine))
    assert log_of(copy.match_id) == par
    same = [services.challenge_enter(challenge_id=challenge.pk, user=u) for u in (ben, carl)]
    for entry in same:
        play(entry, pick=-1)
    assert log_of(same[0].match_id) == log_of(same[1].match_id)
    deals = [[e for e in log_of(m) if e["type"] == "deal"] for m in (copy.match_id, same[0].match_id)]
    assert deals[0] == deals[1] and len(deals[0]) == challenge.deals
    for entry in Entry.objects.filter(challenge=challenge):
        assert entry.finished_at is not None and len(entry.scores or ()) == challenge.deals
    challenge.refresh_from_db()
    assert challenge.par is not None
    assert challenge.par["scores"] == Entry.objects.get(pk=copy.pk).scores
    assert len(challenge.par["open_best"]) == challenge.deals
    assert Match.objects.filter(deal_event=challenge.commitment).count() == 4


def test_the_strongest_level_is_reproducible_too(settings) -> None:
    """A search level (node budgets, decisions from the seed): the par replayed by a player who makes
    its moves is the same log."""
    game = "preferanzen"
    settings.CHALLENGE_AI_LEVEL = ""  # the strongest
    challenge = services.challenge_open(game=game, day=days.today())
    challenge.refresh_from_db()
    assert challenge.ai_version == list(packs.pack(game).ai_levels)[-1]
    par = log_of(challenge.par_match_id)
    entry = services.challenge_enter(challenge_id=challenge.pk, user=factories.user("anna"))
    play(entry, moves=[e for e in par if e.get("seat") == challenge.seat])
    assert log_of(entry.match_id) == par
    assert Challenge.objects.get(pk=challenge.pk).results_version == 1


def test_a_challenge_match_never_enters_the_leaderboard() -> None:
    from leaderboard.errors import NotEligible
    from leaderboard.models import LeaderboardEntry
    from leaderboard.services import leaderboard_save_match
    from tests.challenges.test_entries import close

    challenge = services.challenge_open(game="preferanzen", day=days.today())
    entry = services.challenge_enter(challenge_id=challenge.pk, user=factories.user("anna"))
    play(entry)
    close(challenge)  # published now: the leaderboard's receivers saw it
    with pytest.raises(NotEligible, match="daily challenge"):
        leaderboard_save_match(match_id=entry.match_id)
    assert not LeaderboardEntry.objects.filter(match_id__in=[entry.match_id, challenge.par_match_id]).exists()


@pytest.mark.parametrize(
    ("game", "options", "kind"),
    [
        ("preisjass", {"games": 12}, False),
        ("preisjass", {"games": 4}, True),  # a short run, though at an ordinary table
        ("schnapsen", {"start_score": 7, "first_dealer": 0, "deals": 0}, False),
        ("schnapsen", {"start_score": 7, "first_dealer": 1, "deals": 3}, True),
        ("preference_vienna", {"deals": 8, "fresh_pot": True, "void_deals_count": True}, True),
    ],
)
def test_the_board_takes_runs_of_its_own_kind_only(game, options, kind) -> None:
    from games.engine import get_rules
    from leaderboard.services import challenge_format

    match = Match(game=game, options=get_rules(game).normalize_options(options))
    assert challenge_format(match) is kind
