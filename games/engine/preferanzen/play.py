"""The play phase, shared by both variants: the cards the seat to play may play (`play_actions`),
playing one (`apply_play`, with the reason a card is refused) and the end of a trick.

The event's shape, phase, seat and card are checked by the rules table (rules.py); `apply_play`
checks the following rules and only then changes the state.
"""

from __future__ import annotations

from typing import Final

from games.engine.base import JSON, IllegalAction
from games.engine.cards import DECK_32
from games.engine.preferanzen import scoring
from games.engine.preferanzen.cards import N, legal_cards, winning_index
from games.engine.preferanzen.state import PreferanzenState
from games.engine.shared_actions import card_plays

SUIT_WORDS: Final = {"C": "clubs", "S": "spades", "D": "diamonds", "H": "hearts"}
#: each seat's card plays, made once and shared (games/engine/shared_actions.py): seat -> card -> play
_PLAYS: Final[tuple[dict[str, JSON], ...]] = card_plays(DECK_32, N)


def play_actions(st: PreferanzenState) -> list[JSON]:
    seat = st.turn
    assert seat is not None
    plays = _PLAYS[seat]
    return [plays[c] for c in playable(st, seat)]


def lowest_beating_applies(st: PreferanzenState) -> bool:
    return (
        st.variant.first_defender_lowest
        and len(st.playing) == N
        and len(st.trick) == 1
        and st.trick[0][0] == st.declarer
    )


def playable(st: PreferanzenState, seat: int) -> list[str]:
    trump = st.contract.trump if st.contract else None
    lowest = st.variant.first_defender_lowest and lowest_beating_applies(st)
    return legal_cards(st.hands[seat], [c for _, c in st.trick], trump, lowest)


def apply_play(st: PreferanzenState, event: JSON) -> None:
    seat, card = event["seat"], event["card"]
    hand = st.hands[seat]
    if card not in hand:
        raise IllegalAction("you do not hold that card")
    allowed = playable(st, seat)
    if card not in allowed:
        raise IllegalAction(_why_not(st, seat, card, allowed))
    hand.remove(card)
    st.trick.append((seat, card))
    if len(st.trick) < len(st.playing):
        st.turn = _next_player(st, seat)
        return
    cards = [c for _, c in st.trick]
    trump = st.contract.trump if st.contract else None
    winner = st.trick[winning_index(cards, trump)][0]
    st.tricks_won[winner] = st.tricks_won[winner] + 1
    st.history.append(
        {"leader": st.trick[0][0], "cards": [{"seat": s, "card": c} for s, c in st.trick], "winner": winner}
    )
    st.trick = []
    if winner == st.declarer:
        st.run += 1
        st.best_run = max(st.best_run, st.run)
    else:
        st.run = 0
    if _deal_decided(st):
        scoring.finish_deal(st)
    else:
        st.turn = winner


def _why_not(st: PreferanzenState, seat: int, card: str, allowed: list[str]) -> str:
    led_card = st.trick[0][1]
    led = led_card[1]
    trump = st.contract.trump if st.contract else None
    first = allowed[0]
    if lowest_beating_applies(st) and card in legal_cards(st.hands[seat], [led_card], trump):
        return "the first defender must play the lowest card that beats the taker's lead"
    if first[1] == led:
        if card[1] == led:
            return f"must beat the current winner in the led suit ({SUIT_WORDS[led]})"
        return f"must follow suit ({SUIT_WORDS[led]})"
    if trump is not None and first[1] == trump:
        if card[1] == trump:
            return "must beat the current winning trump"
        return f"must trump ({SUIT_WORDS[trump]}) when out of the led suit"
    return "that card may not be played"


def _next_player(st: PreferanzenState, seat: int) -> int:
    for k in range(1, N + 1):
        s = (seat + k) % N
        if s in st.playing:
            return s
    raise AssertionError("no next player")


def _deal_decided(st: PreferanzenState) -> bool:
    assert st.contract is not None and st.declarer is not None
    left = len(st.hands[st.declarer])
    if left == 0:
        return True
    kind = st.contract.kind
    if kind == "bettler":
        return st.tricks_won[st.declarer] > 0
    if kind == "durchmarsch":
        return sum(st.tricks_won) > st.tricks_won[st.declarer]
    if kind == "sans_atout":
        return st.best_run >= 6 or st.run + left < 6
    return False
