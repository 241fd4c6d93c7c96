"""Anton for Preferanzen and Vienna Preference: always legal and far better than random. Its speed is
the bench's (`python -m bench preferanzen`: Anton time per decision), not asserted here."""

from __future__ import annotations

import random

import pytest

from games.ai import get_player
from games.ai.anton_preferanzen import AntonPreferanzen, misere_risk, sure_tricks, trump_estimate
from games.ai.arena import play_match
from games.ai.base import Player, RandomPlayer
from games.engine.preferanzen import RULES as PREFERANZEN
from tests.engine.test_preferanzen_helpers import dealt

GAMES = ("preferanzen", "preference_vienna")


def session(game: str, players: list[Player], seed: int, deals: int) -> list[int]:
    result = play_match(game, players, seed, {"deals": deals}, check_legal=True)
    return list(result["totals"])


def test_registered() -> None:
    for game in GAMES:
        assert get_player(game, "anton").name == "Anton"


@pytest.mark.parametrize("game", GAMES)
def test_anton_beats_random_and_is_legal(game: str) -> None:
    anton, rnd = AntonPreferanzen(), RandomPlayer()
    one_anton = two_anton = 0.0
    for seed in range(12):
        seat = seed % 3
        players: list[Player] = [rnd, rnd, rnd]
        players[seat] = anton
        totals = session(game, players, seed, 12)
        one_anton += totals[seat] - (sum(totals) - totals[seat]) / 2
        players = [anton, anton, anton]
        players[seat] = rnd
        totals = session(game, players, 100 + seed, 12)
        two_anton += (sum(totals) - totals[seat]) / 2 - totals[seat]
    # per session of 12 deals: Anton's lead over the random players' average
    # (measured: Preferanzen +324 / +323, Vienna +149 / +210)
    assert one_anton / 12 > 60
    assert two_anton / 12 > 60


def test_deterministic_for_a_seed() -> None:
    a = session("preferanzen", [AntonPreferanzen()] * 3, 5, 4)
    b = session("preferanzen", [AntonPreferanzen()] * 3, 5, 4)
    assert a == b


def test_hand_evaluation_rules_of_thumb() -> None:
    strong = ["AH", "KH", "QH", "JH", "TH", "AC", "KC", "AS", "7D", "8D"]
    assert trump_estimate(strong, "H") >= 7 > trump_estimate(strong, "D")
    assert misere_risk(["7C", "8C", "9C", "7S", "8S", "7D", "8D", "9D", "7H", "8H"]) == 0
    assert misere_risk(["AC", "7S", "8S", "7D", "8D", "9D", "7H", "8H", "9H", "TH"]) == 7
    assert sure_tricks(["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "AS", "KS"]) == 10


def test_anton_picks_bettler_ouvert_and_herzpraemie_with_the_right_hands() -> None:
    anton = AntonPreferanzen()
    rules = PREFERANZEN
    hearts = ["AH", "KH", "QH", "JH", "TH", "9H", "AC", "7S", "8S", "7D"]
    st = dealt(rules, 0, {1: hearts})
    action = anton.choose(st.view(1), st.legal_actions(), random.Random(1))
    assert action["bid"] == "herzpraemie"
    weak = ["7C", "9C", "8S", "7D", "9D", "JD", "7H", "8H", "TH", "QH"]
    st = dealt(rules, 0, {1: weak})
    action = anton.choose(st.view(1), st.legal_actions(), random.Random(1))
    assert action["bid"] == "kreuz"  # climbing: the Bettler is declared after the auction
