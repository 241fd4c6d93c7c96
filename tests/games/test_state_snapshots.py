"""Engine state snapshots (games.store.state_snapshots): a load from a snapshot equals a full replay on
random playouts of every game; a corrupted, foreign or stale snapshot is ignored for the replay (and a
new one taken); appends and `rebuild_projections` take them; nothing that reaches a client reads them."""

from __future__ import annotations

import pickle
import random
import re
import types
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from celery import current_app as celery_app
from django.contrib import admin
from django.core.management import call_command

from games.engine import CHANCE, JSON, GameState, available_games, get_rules
from games.live import state_cache
from games.models import Match, MatchEvent, MatchStatus, StateSnapshot
from games.store import state_snapshots
from games.store.events import state_at, state_loaded
from tests import factories
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db

EVERY = 25
# what a module that reads the snapshots contains: the model, or the module that loads them
READS = re.compile(r"StateSnapshot|import state_snapshots|from games\.store\.state_snapshots import")
GAMES = [
    g
    for g in available_games()
    if g in {"preferanzen", "preference_vienna", "preferans", "schnapsen", "preisjass"}
]


@pytest.fixture(autouse=True)
def every(settings) -> None:
    settings.STATE_SNAPSHOT_EVERY = EVERY


@pytest.fixture
def eager_tasks(monkeypatch) -> None:
    """Celery runs an enqueued task at once, in this process (as without REDIS_URL); the settings'
    namespaced key shadows the short name."""
    monkeypatch.setitem(celery_app.conf, "CELERY_TASK_ALWAYS_EAGER", True)


def playout(game: str, seed: int, limit: int) -> list[JSON]:
    """A random match of `game` as its event list: chance events from a seeded generator, the seat to
    move picking a random legal action; at most `limit` events."""
    rules, rng = get_rules(game), random.Random(seed)
    events = [rules.start_event()]
    state = rules.replay(events)
    while state.to_move is not None and len(events) < limit:
        event = (
            rules.chance_event(state, rng) if state.to_move == CHANCE else rng.choice(state.legal_actions())
        )
        state = rules.apply_in_place(state, event)
        events.append(event)
    return events


def stored(game: str, events: list[JSON]) -> Match:
    match = Match.objects.create(
        game=game, status=MatchStatus.RUNNING, seed="s", seed_commitment="c", version=len(events)
    )
    MatchEvent.objects.bulk_create(
        MatchEvent(match=match, seq=i, type=e["type"], seat=e.get("seat"), data=e)
        for i, e in enumerate(events, 1)
    )
    return match


def plain(value: Any) -> Any:
    """A value as plain data, to compare by content: containers item by item, an object of the engine
    (a state, a score sheet) as its type and attributes, its private caches left out."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, Enum) or not type(value).__module__.startswith(("games.", "tests.")):
        return value
    # a compiled (mypyc) state keeps its fields as the class's getset descriptors, as slots are kept
    # (a subclass's inherited fields are its bases' descriptors: Vienna's state is Preferanzen's)
    names = set(getattr(value, "__dict__", {}))
    for cls in type(value).__mro__:
        names |= {k for k, v in vars(cls).items() if isinstance(v, types.GetSetDescriptorType)}
        names |= set(getattr(cls, "__slots__", ()))
    attributes = {
        n: plain(getattr(value, n)) for n in sorted(names) if not n.startswith("_") and hasattr(value, n)
    }
    return type(value).__name__, attributes


def assert_same(state: GameState, expected: GameState) -> None:
    assert state.version == expected.version
    assert plain(state) == plain(expected)
    seats = range(len(expected.view(None)["hand_sizes"]))
    for seat in [None, *seats]:
        assert state.view(seat) == expected.view(seat)
    assert state.to_move == expected.to_move and state.result() == expected.result()
    if isinstance(expected.to_move, int):
        assert state.legal_actions() == expected.legal_actions()


def cold(match: Match, version: int) -> tuple[GameState, bool]:
    state_cache.clear()
    return state_loaded(match.pk, match.game, version)


@pytest.mark.parametrize("game", GAMES)
def test_a_load_from_a_snapshot_equals_a_full_replay(game: str) -> None:
    rules = get_rules(game)
    for seed in (1, 2):
        events = playout(game, seed, limit=400)
        assert len(events) > 3 * EVERY
        match = stored(game, events)
        rng = random.Random(seed)
        for taken in sorted(rng.sample(range(EVERY, len(events) + 1), 4)):
            state = rules.replay(events[:taken])
            assert state_snapshots.snapshot_store(match_id=match.pk, game=game, state=state)
            for version in sorted(
                {
                    taken,
                    len(events),
                    *rng.sample(range(taken, len(events) + 1), min(3, len(events) + 1 - taken)),
                }
            ):
                loaded, replayed = cold(match, version)
                assert not replayed  # it came from the snapshot
                assert_same(loaded, rules.replay(events[:version]))
        # the restored state lives on: the rest of a shorter cut played onto it equals the replay
        loaded, _ = cold(match, taken)
        for event in events[taken:]:
            loaded = rules.apply_in_place(loaded, event)
        assert_same(loaded, rules.replay(events))


def _snapshot_row(match: Match) -> StateSnapshot:
    return StateSnapshot.objects.get(match=match)


def _spoil(match: Match, **values: Any) -> None:
    StateSnapshot.objects.filter(match=match).update(**values)


@pytest.mark.parametrize(
    "spoil",
    [
        "flipped_byte",
        "wrong_mac",
        "other_engine",
        "other_rules_version",
        "garbage_with_its_mac",
        "wrong_version",
    ],
)
def test_a_corrupted_or_stale_snapshot_falls_back_to_the_replay(
    spoil: str, eager_tasks, django_capture_on_commit_callbacks
) -> None:
    game = "preferans" if "preferans" in GAMES else GAMES[0]
    rules = get_rules(game)
    events = playout(game, 3, limit=200)
    match = stored(game, events)
    state_snapshots.snapshot_store(match_id=match.pk, game=game, state=rules.replay(events[:100]))
    row = _snapshot_row(match)
    data, stamp = bytes(row.state), row.engine
    mac = state_snapshots._mac  # what the site would write for these values
    if spoil == "flipped_byte":
        _spoil(match, state=data[:50] + bytes([data[50] ^ 1]) + data[51:])
    elif spoil == "wrong_mac":
        _spoil(match, mac="0" * 64)
    elif spoil == "other_engine":  # pickled by other engine code: even a valid MAC does not make it trusted
        other = stamp.rsplit(":", 1)[0] + ":" + "f" * 32
        _spoil(match, engine=other, mac=mac(match.pk, 100, other, data))
    elif spoil == "other_rules_version":
        game_, _, digest = stamp.split(":")
        other = f"{game_}:0:{digest}"
        _spoil(match, engine=other, mac=mac(match.pk, 100, other, data))
    elif spoil == "garbage_with_its_mac":  # a valid MAC over bytes that are no state
        junk = pickle.dumps({"not": "a state"})
        _spoil(match, state=junk, mac=mac(match.pk, 100, stamp, junk))
    else:  # the row says 90, the state inside is at 100
        _spoil(match, version=90, mac=mac(match.pk, 90, stamp, data))

    state_cache.clear()
    with django_capture_on_commit_callbacks(execute=True):
        state = state_at(match.pk, game, len(events))
    assert_same(state, rules.replay(events))
    # ... and a good snapshot was taken in its place, at the version just loaded
    row = _snapshot_row(match)
    assert (row.version, row.engine) == (len(events), state_snapshots.engine_stamp(game))
    loaded, replayed = cold(match, len(events))
    assert not replayed
    assert_same(loaded, rules.replay(events))


def test_a_snapshot_newer_than_the_version_asked_for_is_not_used() -> None:
    game = GAMES[0]
    rules = get_rules(game)
    events = playout(game, 4, limit=200)
    match = stored(game, events)
    state_snapshots.snapshot_store(match_id=match.pk, game=game, state=rules.replay(events[:150]))
    loaded, replayed = cold(match, 120)
    assert replayed
    assert_same(loaded, rules.replay(events[:120]))
    # an older one never replaces a newer one
    assert not state_snapshots.snapshot_store(match_id=match.pk, game=game, state=rules.replay(events[:60]))
    assert _snapshot_row(match).version == 150


def test_appends_take_a_snapshot_every_n_events(
    duel: str, settings, eager_tasks, django_capture_on_commit_callbacks
) -> None:
    settings.STATE_SNAPSHOT_EVERY = 4
    a, b = factories.user("anna"), factories.user("ben")
    with django_capture_on_commit_callbacks(execute=True):
        match = factories.two_player_match(duel, a, b, cards=6)
        play_to_end(match, {0: a, 1: b})
    match.refresh_from_db()
    assert match.version >= 8
    row = _snapshot_row(match)
    assert row.version == match.version // 4 * 4 and row.engine == state_snapshots.engine_stamp(duel)
    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    loaded, replayed = cold(match, match.version)
    assert not replayed
    assert_same(loaded, get_rules(duel).replay(events))


def test_rebuild_projections_takes_them_from_the_events_and_drops_the_rest() -> None:
    game = GAMES[0]
    long, short = stored(game, playout(game, 5, limit=120)), stored(game, playout(game, 6, limit=EVERY - 1))
    stale = stored(game, playout(game, 7, limit=80))
    state_snapshots.snapshot_store(
        match_id=stale.pk,
        game=game,
        state=get_rules(game).replay(
            list(MatchEvent.objects.filter(match=stale).order_by("seq").values_list("data", flat=True))[:30]
        ),
    )
    _spoil(stale, engine="old")
    call_command("rebuild_projections", state_snapshots.NAME)
    rows = dict(StateSnapshot.objects.values_list("match_id", "version"))
    assert rows == {long.pk: long.version, stale.pk: stale.version}
    assert short.pk not in rows
    assert set(StateSnapshot.objects.values_list("engine", flat=True)) == {state_snapshots.engine_stamp(game)}


def test_snapshots_never_reach_a_client() -> None:
    """They hold every seat's hidden cards: only the store and its projection code touch them."""
    root = Path(__file__).resolve().parents[2]
    allowed = {
        "games/models.py",
        "games/store/state_snapshots.py",
        "games/migrations/0016_state_snapshots.py",
    }
    readers = {
        str(path.relative_to(root))
        for top in (
            "accounts",
            "analysis",
            "challenges",
            "chat",
            "collusion",
            "config",
            "friends",
            "frontend",
            "games",
            "leaderboard",
            "leagues",
            "notifications",
            "ops",
        )
        for path in (root / top).rglob("*.py")
        if READS.search(path.read_text())
    }
    # the store and the task's service read them (to rebuild a state); the games app registers the projection
    assert readers - allowed == {"games/store/events.py", "games/services/snapshots.py", "games/apps.py"}
    assert StateSnapshot not in admin.site._registry
    assert not hasattr(Match(), "statesnapshot") and not hasattr(Match(), "state_snapshot")
