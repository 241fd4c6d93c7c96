"""The daily challenge's match of both Preferanzen variants (games/packs/preferanzen_challenge.py):
exactly eight deals, one server draw per deal, no deal depending on an earlier one (Vienna's
`fresh_pot` and `void_deals_count`), each deal's own score from `deal_points`, and the contract text."""

from __future__ import annotations

import random

import pytest

from games.catalog.option_meta import option_fields
from games.engine import CHANCE, get_rules
from games.engine.base import IllegalAction
from games.engine.cards import DECK_32
from games.engine.preferanzen.state import PreferanzenState
from games.identity.fairness import chance_rng
from games.packs import pack
from games.results.match_result import deal_points
from tests.engine.test_preferanzen_helpers import deck_for

JSON = dict
GAMES = ("preferanzen", "preference_vienna")
SEEDS = ("00" * 32, "a1" * 32, "5c" * 32, "e7" * 32)


def challenge_start(game: str, deals: int | None = None) -> JSON:
    challenge = pack(game).challenge
    assert challenge is not None
    options = dict(challenge.options)
    if deals is not None:
        options["deals"] = deals
    return get_rules(game).start_event(options)


def cards_in_play(st: PreferanzenState) -> list[str]:
    played = [c["card"] for trick in st.history for c in trick["cards"]]
    return [*[c for h in st.hands for c in h], *st.talon, *st.discards, *(c for _, c in st.trick), *played]


def playout(game: str, seed: str, decisions: dict[int, int]) -> list[JSON]:
    """A whole challenge match: deal k is drawn from `seed` (index k - 1, as draw_chance numbers
    them) and its decisions from random.Random(decisions[k]) started afresh with the deal."""
    rules = get_rules(game)
    events = [challenge_start(game)]
    st = rules.initial_state(events[0])
    draws, rng = 0, random.Random()
    while st.to_move is not None:
        if st.to_move == CHANCE:
            event = rules.chance_event(st, chance_rng(seed, draws))
            draws += 1
            rng = random.Random(decisions[draws])
        else:
            event = rng.choice(st.legal_actions())
        events.append(event)
        st = rules.apply(st, event)
        if st.phase not in ("deal", "done"):
            assert sorted(cards_in_play(st)) == sorted(DECK_32)
    return events


def deals_of(events: list[JSON]) -> list[list[JSON]]:
    """The events of each deal, its deal event first."""
    out: list[list[JSON]] = []
    for event in events[1:]:
        if event["type"] == "deal":
            out.append([])
        out[-1].append(event)
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_challenge_match_is_eight_deals_one_draw_each(game: str, seed: str) -> None:
    events = playout(game, seed, {k: k for k in range(1, 9)})
    result = get_rules(game).replay(events).result()
    assert result["finished"] and result["deals_played"] == 8
    assert len(result["deals"]) == 8 == len(deals_of(events))
    assert [row["dealer"] for row in result["deals"]] == [0, 1, 2, 0, 1, 2, 0, 1]
    assert sum(1 for e in events if e["type"] == "deal") == 8
    points = deal_points(game, events)
    assert len(points) == 8
    assert [list(p.points) for p in points] == [row["scores"] for row in result["deals"]]
    # the totals start at 0 and are the sum of the deal scores
    assert get_rules(game).initial_state(events[0]).result()["totals"] == [0, 0, 0]
    assert [round(sum(p.points[s] for p in points), 3) for s in range(3)] == result["totals"]


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_scores_the_same_whatever_the_deals_before_it(game: str) -> None:
    changed_before = 0
    for seed in SEEDS:
        a = playout(game, seed, {k: 100 + k for k in range(1, 9)})
        b = playout(game, seed, {k: (200 + k if k < 5 else 100 + k) for k in range(1, 9)})
        result_a, result_b = get_rules(game).replay(a).result(), get_rules(game).replay(b).result()
        if result_a["deals"][:4] != result_b["deals"][:4]:
            changed_before += 1
        # deals 5 to 8: the same cards, dealer, moves, row and score, whatever deals 1 to 4 did
        assert deals_of(a)[4:] == deals_of(b)[4:]
        assert result_a["deals"][4:] == result_b["deals"][4:]
        assert deal_points(game, a)[4:] == deal_points(game, b)[4:]
    assert changed_before >= 3  # the earlier deals did differ


def forehand_takes_one(st: PreferanzenState) -> list[JSON]:
    """The events of one Vienna deal after its deal event: forehand bids 1, the others pass, he
    keeps his cards and declares clubs, both defenders drop out (a success, 10 tricks, no play)."""
    fh = (st.dealer + 1) % 3
    return [
        {"type": "bid", "seat": fh, "bid": "1"},
        {"type": "bid", "seat": (fh + 1) % 3, "bid": "pass"},
        {"type": "bid", "seat": (fh + 2) % 3, "bid": "pass"},
        {"type": "exchange", "seat": fh, "discard": list(st.talon)},
        {"type": "declare", "seat": fh, "trump": "C", "no_aces": False},
        {"type": "defend", "seat": (fh + 1) % 3, "choice": "drop"},
        {"type": "defend", "seat": (fh + 2) % 3, "choice": "drop"},
    ]


def applied(st: PreferanzenState, events: list[JSON]) -> PreferanzenState:
    rules = get_rules(st.variant.key)
    for event in events:
        st = rules.apply(st, event)
    assert isinstance(st, PreferanzenState)
    return st


# no seat holds four aces (no bonus): the aces are spread over the three hands
NO_BONUS_DECK = deck_for(0, {0: ["AC", "AS"], 1: ["AD"], 2: ["AH"]})


@pytest.mark.parametrize(("fresh", "take"), [(False, 5), (True, 10)])
def test_the_fresh_pot_gives_the_full_take_where_a_low_pot_gave_less(fresh: bool, take: int) -> None:
    rules = get_rules("preference_vienna")
    st = rules.initial_state(rules.start_event({"deals": 8, "fresh_pot": fresh}))
    st.pot = 5  # a pot an earlier deal left low
    st = rules.apply(st, {"type": "deal", "deck": NO_BONUS_DECK})
    assert st.pot == (90 if fresh else 5)
    st = applied(st, forehand_takes_one(st))
    (row,) = st.rows
    assert row["scores"] == [0, take, 0] and row["pot_delta"] == -take and row["bonuses"] == []
    # the table rules refill the emptied pot (everyone pays 30 again); the fresh pot needs none
    assert row["refill"] == (0 if fresh else 30) and st.pot == 90


def scripted_vienna(options: JSON) -> list[JSON]:
    """Ten deals, each a success of the forehand with both defenders out: the pot empties (90 = nine
    takes of 10) after the ninth deal."""
    rules = get_rules("preference_vienna")
    events = [rules.start_event(options)]
    st = rules.initial_state(events[0])
    assert isinstance(st, PreferanzenState)
    while st.to_move is not None:
        deal = {"type": "deal", "deck": deck_for(st.dealer, {0: ["AC", "AS"], 1: ["AD"], 2: ["AH"]})}
        st = applied(st, [deal])
        moves = forehand_takes_one(st)
        st = applied(st, moves)
        events += [deal, *moves]
    return events


def test_the_refill_of_an_empty_pot_is_a_carry_over_the_fresh_pot_has_not() -> None:
    table = scripted_vienna({"deals": 10})
    fresh = scripted_vienna({"deals": 10, "fresh_pot": True})
    ninth_table = deal_points("preference_vienna", table)[8].points
    # the ninth take (dealer 2, forehand 0) empties the pot: all pay in again
    assert ninth_table == (10 - 30.0, -30.0, -30.0)
    assert [p.points for p in deal_points("preference_vienna", fresh)] == [
        tuple(10.0 if s == (k + 1) % 3 else 0.0 for s in range(3)) for k in range(10)
    ]
    assert get_rules("preference_vienna").replay(fresh).result()["pot"] == 90


def test_vienna_all_pass_counts_only_with_void_deals_count() -> None:
    rules = get_rules("preference_vienna")
    for counts in (False, True):
        st = rules.initial_state(rules.start_event({"deals": 2, "void_deals_count": counts}))
        st = rules.apply(st, {"type": "deal", "deck": list(DECK_32)})
        for _ in range(3):
            st = rules.apply(st, {"type": "bid", "seat": st.to_move, "bid": "pass"})
        assert st.rows[-1]["void"] and st.deals_played == (1 if counts else 0)
        assert st.view(0)["deals_played"] == st.deals_played and st.view(0)["deals_total"] == 2


def test_the_table_options_are_unchanged_and_the_challenge_ones_checked() -> None:
    for game in GAMES:
        rules = get_rules(game)
        assert rules.default_options() == {"deals": 12}
        assert rules.start_event({"deals": 8})["options"] == {"deals": 8}
        assert [f["key"] for f in option_fields(game)] == ["deals"]  # not offered at tables
        challenge = pack(game).challenge
        assert challenge is not None and challenge.deals == challenge.options["deals"] == 8
        assert rules.normalize_options(dict(challenge.options)) == challenge.options
    with pytest.raises(IllegalAction, match="unknown option"):
        get_rules("preferanzen").normalize_options({"deals": 8, "fresh_pot": True})
    with pytest.raises(IllegalAction, match="fresh_pot must be true or false"):
        get_rules("preference_vienna").normalize_options({"deals": 8, "fresh_pot": 1})
    # the table rules: an 8-deal Vienna session still charges the stake
    vienna = get_rules("preference_vienna")
    assert vienna.initial_state(vienna.start_event({"deals": 8})).result()["totals"] == [-30, -30, -30]


def test_the_contract_text_names_the_game_and_who_plays_it() -> None:
    austrian = pack("preferanzen").challenge
    vienna = pack("preference_vienna").challenge
    assert austrian is not None and vienna is not None
    bettler = {"declarer": 1, "contract": {"game": "bettler", "trump": None}}
    assert austrian.contract(bettler, 1, "de") == "Bettler — du spielst"
    assert austrian.contract(bettler, 0, "en") == "Bettler — left opponent declares"
    assert austrian.contract(bettler, 2, "ru") == "мизер — играет правый соперник"
    geschaeft = {"declarer": 0, "contract": {"game": "geschaeft", "trump": "H"}}
    assert austrian.contract(geschaeft, 0, "en") == "Geschäft ♥ Hearts — you declare"
    assert austrian.contract({"declarer": 2, "contract": {"game": "pik", "trump": "S"}}, 2, "de-at") == (
        "♠ Pik — du spielst"
    )
    number = {
        "declarer": 2,
        "bid": {"bid": "2"},
        "contract": {"game": "number", "trump": "D", "no_aces": True},
    }
    assert vienna.contract(number, 2, "de") == "♦ Karo (2) · keine Asse — du spielst"
    herz = {
        "declarer": 0,
        "bid": {"bid": "herz"},
        "contract": {"game": "herz", "trump": "H", "no_aces": False},
    }
    assert vienna.contract(herz, 2, "en") == "Hearts ♥ (hand game) — left opponent declares"
    void = {"declarer": None, "void": True}
    assert [austrian.contract(void, 0, lang) for lang in ("de", "en", "ru", "fr")] == [
        "Alle gepasst",
        "All passed",
        "Все спасовали",
        "All passed",
    ]
    assert vienna.unit == {"de": "Punkte", "en": "points", "ru": "очки"} == austrian.unit
