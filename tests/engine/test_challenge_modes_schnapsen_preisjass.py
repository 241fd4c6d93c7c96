"""The daily challenge's modes of Schnapsen (`deals`) and Preisjass (`games`): a match of exactly N
independent deals. Chance events are drawn as the server draws them (games/store/events.py:
`chance_rng(seed, k)` for the k-th chance event), decisions at random; so two playouts of one seed
must meet the same k-th deal (cards, dealer, leader) whatever was played before it, and a deal played
the same way must score the same."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from games import packs
from games.engine import CHANCE, get_rules
from games.engine.base import GameState
from games.identity.fairness import chance_rng
from games.results.match_result import deal_points

JSON = dict[str, Any]
GAMES = ("schnapsen", "preisjass")
SEEDS = [f"{n:064x}" for n in (1, 7, 2024, 99991)]
#: a finished deal leaves this result key one row longer
DECK_SIZE = {"schnapsen": 20, "preisjass": 36}


@dataclass
class Playout:
    events: list[JSON]
    #: per deal (from 1): the chance events drawn for it, with their chance index, and the decisions
    chances: dict[int, list[tuple[int, JSON]]] = field(default_factory=dict)
    decisions: dict[int, list[JSON]] = field(default_factory=dict)


def options(game: str) -> JSON:
    challenge = packs.pack(game).challenge
    assert challenge is not None
    return dict(challenge.options)


def deals_done(state: GameState) -> int:
    return len(state.result()["deals"])


def play(
    game: str, seed: str, decide: random.Random, opts: JSON, copy: dict[int, list[JSON]] | None = None
) -> Playout:
    """A whole match: chance events from `seed` as the server draws them; in a deal listed in `copy`
    its decisions are those given, else random ones from `decide`. Checks the cards after each event."""
    rules = get_rules(game)
    out = Playout([rules.start_event(opts)])
    state = rules.initial_state(out.events[0])
    index = 0
    while state.to_move is not None:
        deal = deals_done(state) + 1
        if state.to_move == CHANCE:
            event = rules.chance_event(state, chance_rng(seed, index))
            out.chances.setdefault(deal, []).append((index, event))
            index += 1
        else:
            made = out.decisions.setdefault(deal, [])
            given = (copy or {}).get(deal)
            event = given[len(made)] if given is not None else decide.choice(state.legal_actions())
            made.append(event)
        out.events.append(event)
        state = rules.apply(state, event)
        assert_cards_conserved(game, state)
    return out


def assert_cards_conserved(game: str, state: Any) -> None:
    if game == "schnapsen":
        if not state.trump:  # before the first deal
            return
        cards = [*state.hands[0], *state.hands[1], *state.stock, *state.won[0], *state.won[1]]
        cards += [c for _, c in state.trick] + ([state.trump_card] if state.trump_card else [])
    else:
        if state.phase != "play":
            return
        cards = [c for hand in state.hands for c in hand] + state.played_cards()
    assert len(cards) == DECK_SIZE[game] == len(set(cards))


@pytest.mark.parametrize("game", GAMES)
def test_the_challenge_options_are_the_engines_own_and_name_every_option(game: str) -> None:
    challenge = packs.pack(game).challenge
    assert challenge is not None and challenge.deals == {"schnapsen": 8, "preisjass": 4}[game]
    rules = get_rules(game)
    assert rules.normalize_options(challenge.options) == challenge.options
    assert {"de", "en", "ru"} <= set(challenge.unit) and challenge.contract({}, 0, "de") == ""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_challenge_match_ends_after_exactly_its_deals_and_totals_its_deal_scores(
    game: str, seed: str
) -> None:
    challenge = packs.pack(game).challenge
    assert challenge is not None
    run = play(game, seed, random.Random(seed), options(game))
    rules = get_rules(game)
    final = rules.replay(run.events)
    result = final.result()
    assert final.to_move is None and result["finished"]
    assert len(result["deals"]) == challenge.deals == len(run.chances)
    scores = deal_points(game, run.events)
    assert [d.key for d in scores] == list(range(1, challenge.deals + 1))
    assert [sum(d.points[s] for d in scores) for s in range(len(result["totals"]))] == result["totals"]
    for d, row in zip(scores, result["deals"], strict=True):
        if game == "schnapsen":
            won = row["game_points"][row["winner"]]
            assert 1 <= won <= 3 and d.points[row["winner"]] == won == -d.points[1 - row["winner"]]
        else:
            assert list(d.points) == row["points"] and sum(row["points"]) == 157


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:3])
def test_the_kth_deal_is_the_same_deal_whatever_was_played_before(game: str, seed: str) -> None:
    """Two entries of one seed with other decisions: every deal has the same chance events (same
    indices, so the same cards), the same dealer; a deal they play alike scores alike."""
    opts = options(game)
    first = play(game, seed, random.Random(1), opts)
    alike = 3  # the deal the second entry plays as the first one did
    second = play(game, seed, random.Random(2), opts, copy={alike: first.decisions[alike]})
    assert first.chances == second.chances
    assert first.decisions != second.decisions  # it did play otherwise elsewhere
    rows = [get_rules(game).replay(p.events).result()["deals"] for p in (first, second)]
    assert [r["dealer"] for r in rows[0]] == [r["dealer"] for r in rows[1]]
    scores = [deal_points(game, p.events) for p in (first, second)]
    assert scores[0][alike - 1] == scores[1][alike - 1]
    # the same row but for the standing after it ("scores", Schnapsen), which sums the deals before
    same = [{k: v for k, v in r[alike - 1].items() if k != "scores"} for r in rows]
    assert same[0] == same[1]


def test_schnapsen_dealers_alternate_from_the_first_and_a_deal_counts_nothing_from_the_last() -> None:
    run = play("schnapsen", SEEDS[0], random.Random(5), options("schnapsen"))
    state = get_rules("schnapsen").replay(run.events)
    assert [r["dealer"] for r in state.result()["deals"]] == [0, 1] * 4
    assert all(len(c) == 1 and c[0][1]["type"] == "deal" for c in run.chances.values())


def test_preisjass_dealers_move_clockwise_so_each_seat_deals_once() -> None:
    run = play("preisjass", SEEDS[1], random.Random(5), options("preisjass"))
    dealers = [r["dealer"] for r in get_rules("preisjass").replay(run.events).result()["deals"]]
    assert dealers == [(dealers[0] + k) % 4 for k in range(4)]
    # after the draw for the first player (before game 1): a deal and a cut per game, whatever is played
    kinds = [[e["type"] for _, e in c] for c in run.chances.values()]
    assert set(kinds[0][:-2]) == {"draw"} and [k[-2:] for k in kinds] == [["deal", "cut"]] * 4
    assert all(len(k) == 2 for k in kinds[1:])


def test_schnapsen_counted_deals_go_on_past_the_bummerl_and_score_signed_game_points() -> None:
    rules = get_rules("schnapsen")
    opts = {"start_score": 1, "first_dealer": 1, "deals": 3}
    run = play("schnapsen", SEEDS[2], random.Random(3), opts)
    state = rules.replay(run.events)
    result, view = state.result(), state.view(0)
    assert len(result["deals"]) == 3  # one game point reaches the start score of 1: no end here
    gp = view["game_points"]
    assert result["totals"] == [gp[0] - gp[1], gp[1] - gp[0]] == view["scores"] == result["scores"]
    assert result["winner"] == (None if gp[0] == gp[1] else int(gp[1] > gp[0]))
    assert result["deals_total"] == view["deals_total"] == 3 and view["deal_number"] == 3
    assert result["deals"][-1]["scores"] == result["totals"]
    mid = rules.replay(run.events[: len(run.events) // 2])
    assert mid.view(None)["deals_total"] == 3 and 1 <= mid.view(None)["deal_number"] <= 3


def test_schnapsen_bummerl_keeps_its_result_and_view() -> None:
    rules = get_rules("schnapsen")
    run = play("schnapsen", SEEDS[0], random.Random(4), {"start_score": 3})
    state = rules.replay(run.events)
    result, view = state.result(), state.view(0)
    assert "deals_total" not in result and "deals_total" not in view
    assert result["totals"] == view["game_points"] and max(result["totals"]) >= 3
    assert 0 in result["scores"] and result["winner"] == result["scores"].index(0)


def test_preisjass_run_of_n_games_shows_its_length() -> None:
    rules = get_rules("preisjass")
    run = play("preisjass", SEEDS[3], random.Random(6), {"games": 2})
    assert len(rules.replay(run.events).result()["games"]) == 2
    assert rules.replay(run.events[:-1]).view(2)["games_total"] == 2
    assert rules.initial_state(rules.start_event()).view(None)["games_total"] == 12


@pytest.mark.parametrize(
    ("game", "bad", "why"),
    [
        ("schnapsen", {"deals": -1}, "deals must be a whole number from 0"),
        ("schnapsen", {"deals": 101}, "deals must be a whole number from 0"),
        ("schnapsen", {"deals": 8.0}, "deals must be a whole number from 0"),
        ("schnapsen", {"deals": True}, "deals must be a whole number from 0"),
        ("preisjass", {"games": 0}, "games must be a whole number from 1 to 12"),
    ],
)
def test_bad_counts_are_refused(game: str, bad: JSON, why: str) -> None:
    from games.engine.base import IllegalAction

    with pytest.raises(IllegalAction, match=why):
        get_rules(game).start_event(bad)
