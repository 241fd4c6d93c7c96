"""Preferans as a match of independent deals (the daily challenge, engine option `deals`): exactly that
many deals, each scored on its own as if the match were only that deal, nothing carried over."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from games.engine import CHANCE, IllegalAction
from games.engine.cards import DECK_32
from games.engine.preferans.state import PreferansState
from games.identity.fairness import chance_rng
from games.packs.preferans import CHALLENGE, PACK, contract_text
from games.results.match_result import deal_points
from tests.engine.challenge_helpers import deals_of
from tests.engine.test_preferans_helpers import R, act, bids, deck_for

OPTIONS = CHALLENGE.options
RANKS = "789TJQKA"

JSON = dict[str, Any]


def cards_in_deal(state: PreferansState) -> list[str]:
    """Every card of the running deal where it is now: hands, the trick, finished tricks, the talon or
    the declarer's discards (the talon is in his hand while he exchanges)."""
    cards = [c for hand in state.hands for c in hand] + [c for _, c in state.trick] + state.played
    if state.discards:
        return cards + state.discards
    return cards if state.phase == "exchange" else cards + state.talon


def playout(seed: str, decisions: Callable[[int], random.Random], options: JSON | None = None) -> list[JSON]:
    """A whole match: chance event i drawn from HMAC(seed, i) as the server does, the players' choices
    in deal d uniformly at random from `decisions(d)`. Checks the cards of every deal on the way."""
    start = R.start_event(options or OPTIONS)
    events, state, chance, rng = [start], R.initial_state(start), 0, random.Random()
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = R.chance_event(state, chance_rng(seed.encode().hex(), chance))
            chance += 1
        else:
            event = rng.choice(state.legal_actions())
        state = R.apply(state, event)
        events.append(event)
        if event["type"] == "deal":
            rng = decisions(state.deal_no)
        if state.phase not in ("deal", "over"):
            assert sorted(cards_in_deal(state)) == sorted(DECK_32)
    return events


def fractions(values: list[str]) -> list[Fraction]:
    return [Fraction(v) for v in values]


def test_the_pack_plays_eight_independent_deals_at_three() -> None:
    assert PACK.challenge is CHALLENGE
    assert CHALLENGE.deals == 8 and OPTIONS["deals"] == 8 and OPTIONS["players"] == 3
    assert R.normalize_options(OPTIONS) == OPTIONS and R.players(OPTIONS) == 3
    assert CHALLENGE.unit == {"de": "Whists", "en": "whists", "ru": "висты"}
    assert "deals" not in PACK.options  # not offered at an ordinary table


@pytest.mark.parametrize("seed", ["a1", "b2", "c3", "d4", "e5", "f6"])
def test_a_challenge_match_is_eight_deals_each_scored_on_its_own(seed: str) -> None:
    events = playout(seed, lambda d: random.Random(f"{seed}/{d}"))
    state = R.replay(events)
    result = state.result()
    assert result["finished"] and result["end_reason"] == "deals" and result["deals_played"] == 8
    assert result["deals_total"] == 8 and state.view(0)["deals_total"] == 8
    assert [e["type"] for e in events[1:]].count("deal") == 8
    rows = result["deals"]
    assert [r["deal"] for r in rows] == list(range(1, 9))
    first = rows[0]["dealer"]
    assert [r["dealer"] for r in rows] == [(first + k) % 3 for k in range(8)]
    assert all(r["multiplier"] == 1 for r in rows)
    total = [Fraction(0)] * 3
    for row in rows:
        settled = fractions(row["settlement_exact"])
        assert sum(settled) == 0
        assert row["settlement"] == [round(float(v), 2) for v in settled]
        total = [a + b for a, b in zip(total, settled, strict=True)]
    assert fractions(result["totals_exact"]) == total
    assert result["totals"] == [round(float(v), 2) for v in total]
    scores = [p.points for p in deal_points("preferans", events)]
    assert len(scores) == 8
    for row, points in zip(rows, scores, strict=True):
        assert points == pytest.approx(row["settlement"], abs=0.011)
    # the pool never closes: no overflow whists, whatever was written
    assert state.sheet.pool == [sum(r["pool"][s] for r in rows) for s in range(3)]


@pytest.mark.parametrize(("seed", "k"), [("g7", 2), ("h8", 5), ("i9", 8), ("j10", 4)])
def test_the_kth_deal_is_the_same_whatever_was_played_before(seed: str, k: int) -> None:
    def decide(prefix: str) -> Callable[[int], random.Random]:
        return lambda d: random.Random(f"{prefix}/{d}" if d < k else f"same/{d}")

    one, two = playout(seed, decide("one")), playout(seed, decide("two"))
    deals_one, deals_two = deals_of(one), deals_of(two)
    assert deals_one[: k - 1] != deals_two[: k - 1]  # the earlier deals were played differently
    assert deals_one[k - 1] == deals_two[k - 1]  # same dealer and deck, the same moves were legal
    row_one, row_two = R.replay(one).result()["deals"][k - 1], R.replay(two).result()["deals"][k - 1]
    assert row_one == row_two
    assert deal_points("preferans", one)[k - 1].points == deal_points("preferans", two)[k - 1].points
    # and it is scored as a pool of that one deal, stopped after it, is settled
    alone = R.replay([R.start_event({"pool": 10, "max_deals": 1}), *deals_one[k - 1]]).result()
    assert alone["end_reason"] == "max_deals"
    assert alone["totals_exact"] == row_one["settlement_exact"]


def test_the_deals_are_the_same_decks_whatever_the_moves() -> None:
    """Raspasy, misère, a contract or no whist: each deal takes exactly one chance event (its deck), so
    the k-th deal of every entry with the seed is the same dealer and deck."""

    def decide(prefix: str) -> Callable[[int], random.Random]:
        return lambda d: random.Random(f"{prefix}/{d}")

    matches = [playout("same-seed", decide(prefix)) for prefix in "xyzw"]
    dealt = [[e for e in events if e["type"] == "deal"] for events in matches]
    assert all(len(d) == 8 for d in dealt) and all(d == dealt[0] for d in dealt)
    kinds = {r["kind"] for events in matches for r in R.replay(events).result()["deals"]}
    assert len(kinds) > 1  # the moves differed enough to end deals in different ways
    assert len({len(events) for events in matches}) > 1


# the hand-built deal: forehand (seat 0) holds the six top spades, A-K of clubs and two small hearts
FORE = ["AS", "KS", "QS", "JS", "TS", "9S", "AC", "KC", "7H", "8H"]
MIDDLE = ["AH", "KH", "QH", "JH", "TH", "9H", "8S", "7S", "AD", "KD"]
REAR = ["QC", "JC", "TC", "9C", "QD", "JD", "TD", "9D", "8D", "7D"]
TALON = ["7C", "8C"]


def six_spades_with_two_whists(**options: Any) -> PreferansState:
    state = R.initial_state(R.start_event({**OPTIONS, **options}))
    state = R.apply(state, {"type": "deal", "dealer": 2, "deck": deck_for(FORE, MIDDLE, REAR, TALON)})
    assert isinstance(state, PreferansState)
    state = bids(state, (0, "6S"), (1, "pass"), (2, "pass"))
    state = act(state, 0, "exchange", discard=TALON)
    state = act(state, 0, "declare", contract="6S")
    state = act(act(state, 1, "defend", call="whist"), 2, "defend", call="whist")
    while state.phase == "play":  # declarer: spades from the top, then high; defenders: lowest first
        seat = state.actor()
        legal = [a["card"] for a in state.legal_actions()]
        if seat == 0:
            card = max(legal, key=lambda c: (c[1] == "S", RANKS.index(c[0])))
        else:
            card = min(legal, key=lambda c: RANKS.index(c[0]))
        state = act(state, seat, "play", card=card)
    return state


def test_a_hand_built_six_spades_made_against_two_whisters() -> None:
    state = six_spades_with_two_whists()
    row = state.result()["deals"][0]
    # trumps and clubs make 8 tricks; the middlehand takes both hearts, the rearhand nothing
    assert row["kind"] == "contract" and row["contract"] == "6S" and row["tricks"] == [8, 2, 0]
    # 6♠ (value 2) made: 2 in the declarer's pool; the middlehand writes 2 x 2 tricks = 4 whists
    # against him; the rearhand owed 2 of the 4 tricks and took none: 2 x 2 = 4 on his mountain
    assert row["pool"] == [2, 0, 0] and row["mountain"] == [0, 0, 4]
    assert [(w["from"], w["against"], w["exact"]) for w in row["whists"]] == [(1, 0, "4")]
    # as a pool stopped after this deal: the missing pool points go on the mountains, so the mountains
    # count as (0 - 2, 0, 4) and each pays 10/3 per point above another's to him:
    # seat 0 gets 10/3 x (2 + 6) = 80/3, seat 1 10/3 x (-2 + 4) = 20/3, seat 2 10/3 x (-6 - 4) = -100/3;
    # with the whists: 80/3 - 4, 20/3 + 4, -100/3
    assert row["settlement_exact"] == ["68/3", "32/3", "-100/3"]
    assert state.result()["totals_exact"] == ["68/3", "32/3", "-100/3"]
    assert contract_text(row, 0, "en") == "6♠ — you declare"
    assert contract_text(row, 2, "de") == "6♠ — linker Gegner spielt"
    assert contract_text(row, 1, "ru") == "6♠ — играет правый соперник"


def test_leningrad_doubles_within_the_deal_but_carries_nothing_to_the_next() -> None:
    state = six_spades_with_two_whists(variant="leningrad")
    row = state.result()["deals"][0]
    assert row["mountain"] == [0, 0, 8] and row["whists"][0]["exact"] == "8"
    # (0 - 2, 0, 8): 10/3 x (2 + 10) - 8, 10/3 x (-2 + 8) + 8, 10/3 x (-10 - 8)
    assert row["settlement_exact"] == ["32", "28", "-60"]
    # an all-pass deal next: the deal after it still starts at 6♠ (no "7 after raspasy")
    state = R.apply(state, R.chance_event(state, random.Random(1)))
    for seat in state.active:
        state = act(state, seat, "bid", bid="pass")
    while state.phase == "play":
        state = R.apply(state, state.legal_actions()[0])
    assert state.result()["deals"][-1]["kind"] == "raspasy"
    state = R.apply(state, R.chance_event(state, random.Random(2)))
    assert state.view(0)["min_bid"] == "6S"
    view = state.view(0)
    assert view["deal_number"] == 3 and view["deals_total"] == 8 and view["deals_played"] == 2


def test_pool_play_is_unchanged() -> None:
    plain = R.start_event({})
    assert "deals" not in plain["options"]
    assert R.start_event({"deals": 0}) == plain  # 0 is pool play: the start event of before
    state = R.initial_state(plain)
    assert "deals_total" not in state.view(0) and "deals_total" not in state.result()
    assert "deals_played" not in state.view(0)
    # a pool stopped after the same deal closes as before (no row settlement, the sheet's own)
    events = playout("k11", lambda d: random.Random(d), {"pool": 10, "max_deals": 3})
    result = R.replay(events).result()
    assert result["end_reason"] in ("max_deals", "pools_full") and len(result["deals"]) <= 3
    assert all("settlement" not in r for r in result["deals"])


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"deals": -1}, "deals must be a whole number"),
        ({"deals": 1001}, "deals must be a whole number"),
        ({"deals": True}, "deals must be a whole number"),
        ({"deals": 8, "ascending_raspasy": True}, "cannot have ascending raspasy"),
    ],
)
def test_bad_deal_counts_are_refused(options: JSON, words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        R.normalize_options(options)


def test_contract_text_per_language_and_seat() -> None:
    row = {"kind": "contract", "contract": "7NT", "declarer": 1, "tricks": [2, 7, 1]}
    assert contract_text(row, 1, "en") == "7 NT — you declare"
    assert contract_text(row, 0, "en") == "7 NT — left opponent declares"
    assert contract_text(row, 2, "de-at") == "7 ohne — rechter Gegner spielt"
    assert contract_text(row, 1, "ru") == "7 б/к — играете вы"
    misere = {"kind": "misere", "contract": "MIS", "declarer": 3, "tricks": [0, 0, 0, 0]}
    assert contract_text(misere, 1, "en") == "Misère — opposite player declares"
    assert contract_text(misere, 0, "ru") == "Мизер — играет правый соперник"
    raspasy = {"kind": "raspasy", "contract": None, "declarer": None, "tricks": [3, 4, 3]}
    assert [contract_text(raspasy, 0, lang) for lang in ("de", "en", "ru")] == [
        "Passspiel",
        "All pass",
        "Распасы",
    ]
    no_whist = {"kind": "no_whist", "contract": "10H", "declarer": 0, "tricks": [0, 0, 0]}
    assert contract_text(no_whist, 0, "de") == "10♥ — du spielst"
