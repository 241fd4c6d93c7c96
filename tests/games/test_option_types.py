"""Rule options of every game, wherever they enter (open a table, create a league by API or by form):
a value of the wrong type (3.0 for 3, true for 1, "3", null, [], {}) is refused with a 400 and
creates nothing; the right types still work."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games import packs
from games.engine import get_rules
from games.models import Match
from leagues.models import League
from tests import factories

pytestmark = pytest.mark.django_db

GAMES = packs.names()
OPTION_KEYS = [(game, key) for game in GAMES for key in get_rules(game).default_options()]
#: the options the league form offers (a pack may keep one for the daily challenge: `offered` False)
FORM_KEYS = [(g, k) for g, k in OPTION_KEYS if packs.pack(g).options.get(k, {}).get("offered", True)]
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_containers = st.one_of(
    st.none(),
    st.lists(st.integers(0, 5), max_size=2),
    st.dictionaries(st.sampled_from(["a", "value"]), st.integers(0, 5), max_size=2),
)
_floats = st.floats(allow_nan=False, allow_infinity=False)


def wrong_values(default: Any) -> st.SearchStrategy[Any]:
    """Values of another JSON type than the option's default (the floats include default + 0.0)."""
    if isinstance(default, bool):
        return st.one_of(st.integers(), _floats, st.sampled_from(["true", "false", "1", ""]), _containers)
    if isinstance(default, int):
        return st.one_of(
            st.just(float(default)),
            _floats,
            st.booleans(),
            st.just(str(default)),
            st.integers(0, 999).map(str),
            _containers,
        )
    return st.one_of(st.integers(), _floats, st.booleans(), _containers)


def test_every_game_has_options_to_check() -> None:
    assert {game for game, _ in OPTION_KEYS} == {
        "schnapsen",
        "preferanzen",
        "preference_vienna",
        "preferans",
        "preisjass",
    }
    assert ("preferans", "players") in OPTION_KEYS
    assert set(OPTION_KEYS) - set(FORM_KEYS) == {("schnapsen", "deals"), ("preisjass", "games")}


def test_an_option_kept_for_the_challenge_is_not_offered_at_a_table() -> None:
    from games.catalog.option_meta import option_fields

    assert [f["key"] for f in option_fields("schnapsen")] == ["start_score", "first_dealer"]
    assert option_fields("preisjass") == []


@pytest.fixture(scope="module")
def today() -> dt.date:
    return timezone.localdate()


def _api(user: Any) -> APIClient:
    c = APIClient()
    c.force_login(user)
    return c


def _open_table(c: APIClient, game: str, options: Any) -> Any:
    rules = get_rules(game)
    players = options.get("players") if isinstance(options, dict) else None
    count = players if players in (3, 4) else rules.players(rules.default_options())
    seats = [{"kind": "human"}] * int(count)
    return c.post("/api/matches/", {"game": game, "options": options, "seats": seats}, format="json")


def _league_body(game: str, options: Any) -> dict[str, Any]:
    today = timezone.localdate()
    return {
        "name": "Liga",
        "game": game,
        "options": options,
        "starts_on": today.isoformat(),
        "ends_on": (today + dt.timedelta(days=7)).isoformat(),
    }


def _refused(response: Any) -> None:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert isinstance(error["code"], str) and isinstance(error["message"], str)


@pytest.mark.parametrize(("game", "key"), OPTION_KEYS)
def test_open_table_refuses_wrong_types(game: str, key: str) -> None:
    c = _api(factories.user("anna"))
    default = get_rules(game).default_options()[key]

    @SETTINGS
    @given(value=wrong_values(default))
    def check(value: Any) -> None:
        cache.clear()  # the write throttle
        _refused(_open_table(c, game, {key: value}))
        assert Match.objects.count() == 0

    check()


@pytest.mark.parametrize(("game", "key"), OPTION_KEYS)
def test_league_create_refuses_wrong_types(game: str, key: str) -> None:
    c = _api(factories.user("anna"))
    default = get_rules(game).default_options()[key]

    @SETTINGS
    @given(value=wrong_values(default))
    def check(value: Any) -> None:
        cache.clear()
        _refused(c.post("/api/leagues/", _league_body(game, {key: value}), format="json"))
        assert League.objects.count() == 0

    check()


@pytest.mark.parametrize(("game", "key"), FORM_KEYS)
def test_league_form_refuses_wrong_types(game: str, key: str) -> None:
    c = Client()
    c.force_login(factories.user("anna"))
    default = get_rules(game).default_options()[key]

    @SETTINGS
    @given(value=wrong_values(default))
    def check(value: Any) -> None:
        form = {**_league_body(game, None), "options": json.dumps({key: value}), "access": "open"}
        r = c.post("/leagues/", {**form, "scoring": "total"})
        assert r.status_code == 400
        assert League.objects.count() == 0

    check()


@pytest.mark.parametrize("game", GAMES)
def test_unknown_options_and_non_objects_are_refused(game: str) -> None:
    c = _api(factories.user("anna"))
    bad: list[Any] = [{"no_such_option": 1}, [], "deals", 3]
    for options in bad:
        _refused(_open_table(c, game, options))
        _refused(c.post("/api/leagues/", _league_body(game, options), format="json"))
    assert Match.objects.count() == 0 and League.objects.count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_right_types_still_work(game: str) -> None:
    c = _api(factories.user("anna"))
    defaults = get_rules(game).default_options()
    r = _open_table(c, game, defaults)
    assert r.status_code == 201, r.content
    assert Match.objects.get().options == defaults
    r = c.post("/api/leagues/", _league_body(game, defaults), format="json")
    assert r.status_code == 201, r.content
    assert League.objects.get().options == defaults


def test_preferans_four_players_as_an_integer_opens_and_joins() -> None:
    """The case that once answered 500 forever: players 3.0 was taken; 4 (an int) works end to end."""
    c = _api(factories.user("anna"))
    r = _open_table(c, "preferans", {"players": 4})
    assert r.status_code == 201 and len(r.json()["seats"]) == 4
    _refused(_open_table(c, "preferans", {"players": 3.0}))
    _refused(_open_table(c, "preferans", {"pool": 20.0}))
    assert Match.objects.count() == 1
