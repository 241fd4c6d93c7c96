"""Preferanzen: the order of following, defence, leads, early ends and the payout tables."""

from __future__ import annotations

import pytest

from games.engine.base import IllegalAction
from games.engine.preferanzen import RULES
from games.engine.preferanzen.austrian import trick_points
from games.engine.preferanzen.cards import legal_cards
from tests.engine.test_preferanzen_helpers import act, bids, dealt, play_out

R = RULES

# ---------------------------------------------------------------- the strict order of following

HAND = ["7C", "QC", "8S", "KH", "7H", "AD"]


def test_follow_1_beat_the_winner_in_suit() -> None:
    assert legal_cards(HAND, ["9C"], "H") == ["QC"]


def test_follow_2_lower_in_suit_when_unable_to_beat() -> None:
    assert legal_cards(HAND, ["KC"], "H") == ["7C", "QC"]


def test_follow_1_beats_the_current_winner_not_the_lead() -> None:
    assert legal_cards(HAND, ["8C", "KC"], "H") == ["7C", "QC"]
    assert legal_cards(HAND, ["8C", "JC"], "H") == ["QC"]


def test_follow_suit_even_when_the_trick_is_trumped() -> None:
    assert legal_cards(HAND, ["9C", "8H"], "H") == ["7C", "QC"]


def test_follow_3_trump_to_win() -> None:
    assert legal_cards(HAND[:-1], ["9D", "9H"], "S") == ["8S"]
    assert legal_cards(HAND[:-1], ["TD"], "H") == ["KH", "7H"]
    assert legal_cards(HAND[:-1], ["TD", "QH"], "H") == ["KH"]


def test_follow_4_trump_when_unable_to_overtrump() -> None:
    assert legal_cards(["7C", "8H", "7H"], ["TD", "QH"], "H") == ["8H", "7H"]


def test_follow_5_any_card() -> None:
    assert legal_cards(["7C", "8S"], ["TD"], "H") == ["7C", "8S"]
    assert legal_cards(["7C", "8S"], ["TD"], None) == ["7C", "8S"]


def test_no_trump_games_only_follow_and_beat() -> None:
    assert legal_cards(HAND, ["TD"], None) == ["AD"]
    assert legal_cards(["7C", "KH"], ["TD"], None) == ["7C", "KH"]


def test_lowest_beating_rule_helper() -> None:
    assert legal_cards(["7C", "QC", "KC"], ["9C"], "H", lowest_beating=True) == ["QC"]
    assert legal_cards(["7H", "KH", "7S"], ["9C"], "H", lowest_beating=True) == ["7H"]


# ---------------------------------------------------------------- hand-built deals
DECL = ["AH", "KH", "QH", "JH", "TH", "9H", "7C", "8C", "7S", "8S"]


def herzpraemie_deal():
    """Dealer 0, forehand 1 declares Herzprämie with six top hearts and four losers."""
    defender = ["7H", "AC", "KC", "QC", "JC", "TC", "9C", "AS", "KS", "QS"]
    st = dealt(R, 0, {1: DECL, 2: defender}, ["QD", "KD"])
    st = bids(R, st, "herzpraemie", "pass", "pass")
    return act(R, st, type="declare", game="herzpraemie")


def hearts_first(st, legal):
    hearts = [a for a in legal if a.get("card", "").endswith("H")]
    return hearts[0] if hearts and st.to_move == st.declarer else legal[0]


def test_seed_example_herzpraemie_a12_b_minus8_c_minus4() -> None:
    st = herzpraemie_deal()
    assert st.to_move == 2  # the defender on the declarer's left decides first
    st = act(R, st, type="defend", choice="drop")  # B drops out
    st = act(R, st, type="defend", choice="stay")  # C stays ...
    assert st.phase == "invite" and st.to_move == 0
    st = act(R, st, type="invite", invite=True)  # ... and invites B
    assert st.playing == [0, 1, 2] and st.guest == 2 and st.to_move == 1
    st = play_out(R, st, hearts_first)
    row = st.rows[-1]
    assert row["tricks"][1] == 6 and row["tricks"][0] + row["tricks"][2] == 4
    # A (seat 1) +12, B (seat 2) -8, C (seat 0) -4
    assert row["scores"] == [-4, 12, -8] and st.totals == [-4, 12, -8]


def test_both_defenders_drop_declarer_credited_ten_tricks() -> None:
    st = herzpraemie_deal()
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="defend", choice="drop")
    row = st.rows[-1]
    assert st.phase == "deal" and row["tricks"] == [0, 10, 0]
    assert row["scores"] == [-8, 16, -8]  # -3 each, -5 heart penalty each; declarer the opposite


def test_dropped_defender_does_not_play_without_invitation() -> None:
    st = herzpraemie_deal()
    st = act(R, st, type="defend", choice="stay")
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="invite", invite=False)
    assert st.playing == [1, 2]
    st = act(R, st, type="play", card="AH")
    assert st.to_move == 2
    with pytest.raises(IllegalAction):
        R.apply(st, {"type": "play", "seat": 0, "card": st.hands[0][0]})
    st = act(R, st, type="play", card="7H")
    assert st.history[-1]["winner"] == 1 and len(st.history[-1]["cards"]) == 2
    st = play_out(R, st, hearts_first)
    assert len(st.hands[0]) == 10  # the dropped player kept his cards


@pytest.mark.parametrize(
    ("defender_lives", "declarer_lives", "points"),
    [(True, False, 4), (True, True, -3), (False, False, -2), (False, True, -8)],
)
def test_payout_cases(defender_lives: bool, declarer_lives: bool, points: int) -> None:
    assert trick_points(defender_lives, declarer_lives) == points


def suit_game(declarer_hand: list[str], d1: list[str]):
    st = dealt(R, 0, {1: declarer_hand, 2: d1})
    st = bids(R, st, "kreuz", "pass", "pass")
    st = act(R, st, type="exchange", discard=list(st.talon))
    return act(R, st, type="declare", game="herz")


def test_both_stay_case_1_and_3_declarer_falls() -> None:
    # declarer: 4 top hearts only; middlehand holds all clubs and spades aces ...
    decl = ["AH", "KH", "QH", "JH", "7D", "8D", "9D", "TD", "7C", "7S"]
    st = suit_game(decl, ["AC", "KC", "QC", "JC", "TC", "AS", "KS", "QS", "JS", "TS"])
    st = act(R, st, type="defend", choice="stay")
    st = act(R, st, type="defend", choice="stay")
    st = play_out(R, st, hearts_first)
    row = st.rows[-1]
    t = row["tricks"]
    assert t[1] < 6 and sum(t) == 10
    expected = {}
    for d in (0, 2):
        expected[d] = (4 if t[d] >= 2 else -2) + t[d]
    assert row["scores"][0] == expected[0] and row["scores"][2] == expected[2]
    assert sum(row["scores"]) == 0 and not row["won"]


def test_plain_herz_has_no_heart_bonus() -> None:
    st = suit_game(DECL, [])
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="defend", choice="drop")
    assert st.rows[-1]["scores"] == [-3, 6, -3]


def fixed_game(game: str, declarer_hand: list[str], bid: str = "kreuz"):
    st = dealt(R, 0, {1: declarer_hand})
    st = bids(R, st, bid, "pass", "pass")
    st = act(R, st, type="exchange", discard=list(st.talon))
    return act(R, st, type="declare", game=game)


LOW = ["7C", "8C", "7S", "8S", "7D", "8D", "9D", "7H", "8H", "9C"]
TOP = ["AC", "KC", "QC", "AS", "KS", "QS", "AD", "KD", "AH", "KH"]


@pytest.mark.parametrize(
    ("game", "hand", "won", "value"),
    [
        ("bettler", LOW, True, 20),
        ("bettler", TOP, False, 20),
        ("sans_atout", TOP, True, 40),
        ("sans_atout", LOW, False, 40),
        ("bettler_ouvert", LOW, True, 60),
        ("bettler_ouvert", TOP, False, 60),
        ("durchmarsch", TOP, True, 80),
        ("durchmarsch", LOW, False, 80),
    ],
)
def test_fixed_games_payout(game: str, hand: list[str], won: bool, value: int) -> None:
    st = fixed_game(game, hand)
    assert st.phase == "play" and st.playing == [0, 1, 2]
    assert st.to_move == (0 if game == "sans_atout" else 1)  # Sans Atout: the declarer's right leads

    def highest_for_declarer(s, legal):
        if s.to_move == s.declarer and game in ("sans_atout", "durchmarsch"):
            return max(legal, key=lambda a: "789TJQKA".index(a["card"][0]))
        if s.to_move == s.declarer:
            return min(legal, key=lambda a: "789TJQKA".index(a["card"][0]))
        return legal[0]

    st = play_out(R, st, highest_for_declarer)
    row = st.rows[-1]
    assert row["won"] is won
    sign = 1 if won else -1
    assert row["scores"][1] == sign * value and row["scores"][0] == row["scores"][2] == -sign * value // 2


def test_bettler_ends_when_declarer_takes_a_trick() -> None:
    st = fixed_game("bettler", TOP)
    st = act(R, st, type="play", card="AC")
    st = act(R, st, type="play", card=st.legal_actions()[0]["card"])
    st = act(R, st, type="play", card=st.legal_actions()[0]["card"])
    assert st.phase == "deal" and st.rows[-1]["won"] is False and len(st.hands[1]) == 9


def test_sans_atout_ends_after_six_in_a_row() -> None:
    hand = ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "AS", "KS"]
    st = fixed_game("sans_atout", hand)
    st = play_out(R, st, lambda s, legal: legal[-1] if s.to_move == 1 else legal[0])
    row = st.rows[-1]
    assert row["won"] and st.best_run >= 6 and sum(row["tricks"]) < 10


def test_bettler_ouvert_shows_the_declarer_hand() -> None:
    st = fixed_game("bettler_ouvert", LOW)
    for seat in (0, 2, None):
        assert st.view(seat)["open_hand"] == st.view(1)["hand"]
    plain = fixed_game("bettler", LOW)
    assert plain.view(0)["open_hand"] is None


def test_illegal_play_reasons_and_state_unchanged() -> None:
    st = fixed_game("sans_atout", TOP)
    st = act(R, st, type="play", card=st.hands[0][0])
    before = (st.view(1), st.version, st.legal_actions())
    led = st.trick[0][1]
    wrong = next(c for c in st.hands[1] if c[1] != led[1])
    with pytest.raises(IllegalAction) as err:
        R.apply(st, {"type": "play", "seat": 1, "card": wrong})
    assert "must follow suit" in err.value.reason or "must beat" in err.value.reason
    for bad in (
        "nonsense",
        {"type": "play", "seat": 2, "card": st.hands[2][0]},
        {"type": "play", "seat": 1, "card": "ZZ"},
        {"type": "play", "seat": 1, "card": st.hands[1][0], "x": 1},
        {"type": "bid", "seat": 1, "bid": "pass"},
        {"type": "fly", "seat": 1},
        {"type": "play", "seat": True, "card": st.hands[1][0]},
    ):
        with pytest.raises(IllegalAction):
            R.apply(st, bad)
        with pytest.raises(IllegalAction):
            R.apply_in_place(st, bad)
    assert (st.view(1), st.version, st.legal_actions()) == before


def test_case_4_defenders_fall_declarer_lives() -> None:
    strong = ["AH", "KH", "QH", "JH", "TH", "9H", "AC", "KC", "QC", "JC"]
    st = suit_game(strong, [])
    st = act(R, st, type="defend", choice="stay")
    st = act(R, st, type="defend", choice="stay")
    st = play_out(R, st, hearts_first)
    row = st.rows[-1]
    assert row["tricks"] == [0, 10, 0] and row["scores"] == [-8, 16, -8]


def test_case_2_and_4_mixed_with_one_defender_alone() -> None:
    strong = ["AH", "KH", "QH", "JH", "TH", "9H", "AC", "KC", "QC", "7S"]
    st = suit_game(strong, ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7D", "8D", "9D"])
    st = act(R, st, type="defend", choice="stay")  # seat 2 holds the spades
    st = act(R, st, type="defend", choice="drop")
    st = act(R, st, type="invite", invite=False)

    def lowest_for_defender(s, legal):
        if s.to_move == s.declarer:
            return hearts_first(s, legal)
        return min(legal, key=lambda a: "789TJQKA".index(a["card"][0]))

    st = play_out(R, st, lowest_for_defender)
    row = st.rows[-1]
    assert row["tricks"] == [0, 9, 1]
    assert row["scores"] == [-3, 10, -7]  # dropped out: lives (-3); alone with one trick: falls (-8 + 1)
