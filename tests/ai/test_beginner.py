"""Lena, the beginner (games/ai/beginner.py): registered below Anton in every game, deterministic given
her seed, she slips where Anton would not, and Anton beats her on fixed seeds in duplicate sets (the same
deals, the seats rotated), by a margin a sign test says is no luck."""

from __future__ import annotations

import math
import random

import pytest

from bench.ladder import duplicate_set
from games import packs
from games.ai import available_versions, get_player
from games.ai.arena import play_match
from games.ai.beginner import CARD_SLIP, careless

GAMES = ["schnapsen", "preisjass", "preferans", "preferanzen", "preference_vienna"]
# duplicate sets per game: enough decided sets that a one-sided count is far beyond luck
SETS = {"schnapsen": 24, "preisjass": 16, "preferans": 12, "preferanzen": 16, "preference_vienna": 16}
# a short run where a whole match plays only to be compared for sameness
OPTIONS = {"preisjass": {"games": 3}}


def sign_test(wins: int, losses: int) -> float:
    """One-sided p-value of `wins` or more of `wins + losses` fair coin flips."""
    n = wins + losses
    return sum(math.comb(n, k) for k in range(wins, n + 1)) / 2**n


@pytest.mark.parametrize("game", GAMES)
def test_registered_as_the_weakest_level(game: str) -> None:
    levels = [v for v in available_versions(game) if v != "random"]
    assert levels[:2] == ["lena", "anton"] and len(levels) >= 4
    assert get_player(game, "lena").name == "Lena"
    assert next(iter(packs.pack(game).ai_levels)) == "lena"


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_match(game: str) -> None:
    n = {"schnapsen": 2, "preisjass": 4}.get(game, 3)
    lena = get_player(game, "lena")
    options = OPTIONS.get(game)
    first = play_match(game, [lena] * n, seed=7, options=options, ai_rng=random.Random(11), check_legal=True)
    again = play_match(game, [lena] * n, seed=7, options=options, ai_rng=random.Random(11))
    assert first == again


def test_she_slips_now_and_then_and_only_into_legal_moves() -> None:
    legal = [{"type": "play", "card": c} for c in ("AS", "TS", "KS", "QS")]
    rng = random.Random(3)
    played = [careless(legal[0], legal, rng) for _ in range(2000)]
    slipped = sum(1 for action in played if action != legal[0])
    # a slip picks any of the four cards, Anton's one among them: 3/4 of the slips show
    assert abs(slipped / 2000 - CARD_SLIP * 3 / 4) < 0.04
    assert all(action in legal for action in played)
    bids = [{"type": "bid", "value": v} for v in (6, 7, 8, 9, 10)]
    off = [careless(bids[2], bids, rng) for _ in range(2000)]
    assert {a["value"] for a in off} == {7, 8, 9}, "a misjudged bid is one step off, never more"


@pytest.mark.parametrize("game", GAMES)
def test_anton_beats_her_in_duplicate_sets(game: str) -> None:
    anton, lena = get_player(game, "anton"), get_player(game, "lena")
    counts = {"matches": 0, "deals": 0}
    differences = [
        duplicate_set(game, anton, lena, seed, None, counts)
        for seed in range(5_000_000, 5_000_000 + SETS[game])
    ]
    wins = sum(1 for d in differences if d > 0)
    losses = sum(1 for d in differences if d < 0)
    assert sum(differences) > 0
    assert sign_test(wins, losses) < 0.01, (wins, losses, differences)
