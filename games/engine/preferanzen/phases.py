"""The shared flow of a deal, one small function per phase: deal, bid, talon, declare, defend,
invite, play. Each `apply_*` validates completely before it changes the state."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from games.engine.base import JSON, IllegalAction
from games.engine.cards import DECK_32
from games.engine.preferanzen.play import legal_cards, winning_index

if TYPE_CHECKING:
    from games.engine.preferanzen.state import PrefState

N = 3
SUIT_WORDS = {"C": "clubs", "S": "spades", "D": "diamonds", "H": "hearts"}
_DECK_SET = frozenset(DECK_32)


# ---------------------------------------------------------------------- legal actions
def legal_actions(st: PrefState) -> list[JSON]:
    seat = st.turn
    if seat is None or st.phase in ("deal", "done"):
        return []
    if st.phase == "bid":
        return st.variant.bid_actions(st, seat)
    if st.phase == "talon":
        return _exchange_actions(st, seat)
    if st.phase == "declare":
        return st.variant.declare_actions(st)
    if st.phase == "defend":
        return [{"type": "defend", "seat": seat, "choice": c} for c in ("stay", "drop")]
    if st.phase == "invite":
        return [{"type": "invite", "seat": seat, "invite": b} for b in (True, False)]
    return [{"type": "play", "seat": seat, "card": c} for c in playable(st, seat)]


def _exchange_actions(st: PrefState, seat: int) -> list[JSON]:
    pool = sorted(st.hands[seat] + st.talon)
    return [{"type": "exchange", "seat": seat, "discard": [a, b]} for a, b in combinations(pool, 2)]


def lowest_beating_applies(st: PrefState) -> bool:
    return (
        st.variant.first_defender_lowest
        and len(st.playing) == N
        and len(st.trick) == 1
        and st.trick[0][0] == st.declarer
    )


def playable(st: PrefState, seat: int) -> list[str]:
    trump = st.contract.trump if st.contract else None
    return legal_cards(st.hands[seat], [c for _, c in st.trick], trump, lowest_beating_applies(st))


def match_legal(event: JSON, legal: list[JSON], what: str) -> JSON:
    """The legal action equal to `event` (same keys, same value types), else IllegalAction."""
    for action in legal:
        if action.keys() == event.keys() and all(
            type(event[k]) is type(action[k]) and event[k] == action[k] for k in action
        ):
            return action
    allowed = ", ".join(_describe(a) for a in legal)
    raise IllegalAction(f"{what} (allowed now: {allowed})")


def _describe(action: JSON) -> str:
    return " ".join(str(v) for k, v in action.items() if k not in ("type", "seat"))


# ---------------------------------------------------------------------- deal
def apply_deal(st: PrefState, event: JSON) -> None:
    if set(event) != {"type", "deck"}:
        raise IllegalAction("a deal event has exactly the fields type and deck")
    deck = event["deck"]
    if not isinstance(deck, list) or len(deck) != 32 or set(deck) != _DECK_SET:
        raise IllegalAction("a deal must carry all 32 cards (7 to ace) exactly once")
    note = st.variant.before_deal(st)
    fh = (st.dealer + 1) % N
    order = [fh, (fh + 1) % N, (fh + 2) % N]
    hands: list[list[str]] = [[] for _ in range(N)]
    pos = 0
    for packet in (3, 0, 4, 3):  # 3 each, the talon, 4 each, 3 each
        if packet == 0:
            st.talon = list(deck[pos : pos + 2])
            pos += 2
            continue
        for s in order:
            hands[s].extend(deck[pos : pos + packet])
            pos += packet
    st.hands = hands
    st.discards = []
    st.deal_no += 1
    st.passed = [False] * N
    st.acted = [False] * N
    st.bids = []
    st.high = None
    st.high_seat = None
    st.declarer = None
    st.contract = None
    st.defense = [None] * N
    st.guest = None
    st.flags = {}
    st.playing = []
    st.trick = []
    st.tricks_won = [0] * N
    st.history = []
    st.run = 0
    st.best_run = 0
    if note is not None:
        st.rows.append(note)
    st.phase = "bid"
    st.turn = fh


# ---------------------------------------------------------------------- bid
def apply_bid(st: PrefState, event: JSON) -> None:
    seat = event["seat"]
    action = match_legal(event, st.variant.bid_actions(st, seat), "that bid is not allowed")
    st.acted[seat] = True
    st.bids.append({k: v for k, v in action.items() if k != "type"})
    ends = st.variant.record_bid(st, action)
    nxt = None if ends else _next_bidder(st, seat)
    if nxt is not None:
        st.turn = nxt
        return
    if st.high_seat is None:
        _void_deal(st)
        return
    st.declarer = st.high_seat
    st.turn = st.declarer
    st.phase = "talon" if st.variant.takes_talon(st.high or {}) else "declare"


def _next_bidder(st: PrefState, seat: int) -> int | None:
    for k in range(1, N + 1):
        s = (seat + k) % N
        if not st.passed[s] and s != st.high_seat:
            return s
    return None


def _void_deal(st: PrefState) -> None:
    st.rows.append(st.variant.settle_void(st))
    if st.variant.void_deal_counts:
        st.deals_played += 1
    _next_deal(st)


def _next_deal(st: PrefState) -> None:
    st.dealer = (st.dealer + 1) % N
    st.turn = None
    st.phase = "done" if st.deals_played >= st.options["deals"] else "deal"


# ---------------------------------------------------------------------- talon
def apply_exchange(st: PrefState, event: JSON) -> None:
    if set(event) != {"type", "seat", "discard"}:
        raise IllegalAction("an exchange event has exactly the fields type, seat and discard")
    discard = event["discard"]
    seat = event["seat"]
    pool = st.hands[seat] + st.talon
    if not isinstance(discard, list) or len(discard) != 2 or not all(isinstance(c, str) for c in discard):
        raise IllegalAction("discard exactly two cards")
    if discard[0] == discard[1] or any(c not in pool for c in discard):
        raise IllegalAction("discard two different cards from your hand and the talon")
    st.hands[seat] = [c for c in pool if c not in discard]
    st.discards = list(discard)
    st.talon = []
    st.phase = "declare"


# ---------------------------------------------------------------------- declare
def apply_declare(st: PrefState, event: JSON) -> None:
    action = match_legal(
        event, st.variant.declare_actions(st), "the game must be at least as high as the bid"
    )
    declarer = event["seat"]
    st.contract = st.variant.contract_for(st, action)
    if st.contract.kind == "trump":
        st.phase = "defend"
        st.turn = (declarer + 1) % N
    else:
        _start_play(st, [0, 1, 2])


# ---------------------------------------------------------------------- defend / invite
def apply_defend(st: PrefState, event: JSON) -> None:
    seat = event["seat"]
    action = match_legal(event, legal_actions(st), "a defender either stays or drops out")
    st.defense[seat] = action["choice"]
    assert st.declarer is not None
    first, second = (st.declarer + 1) % N, (st.declarer + 2) % N
    if seat == first:
        st.turn = second
        return
    stays = [s for s in (first, second) if st.defense[s] == "stay"]
    if len(stays) == 2:
        _start_play(st, [0, 1, 2])
    elif len(stays) == 1:
        st.phase = "invite"
        st.turn = stays[0]
    else:  # both dropped out: the declarer is credited with all ten tricks, no play
        st.tricks_won[st.declarer] = 10
        _finish_deal(st)


def apply_invite(st: PrefState, event: JSON) -> None:
    seat = event["seat"]
    action = match_legal(event, legal_actions(st), "the remaining defender invites or not")
    assert st.declarer is not None
    if action["invite"]:
        st.guest = 3 - st.declarer - seat
        _start_play(st, [0, 1, 2])
    else:
        _start_play(st, sorted([st.declarer, seat]))


def _start_play(st: PrefState, seats: list[int]) -> None:
    st.playing = seats
    st.phase = "play"
    st.trick = []
    st.turn = st.variant.leader(st)


# ---------------------------------------------------------------------- play
def apply_play(st: PrefState, event: JSON) -> None:
    if set(event) != {"type", "seat", "card"}:
        raise IllegalAction("a play event has exactly the fields type, seat and card")
    seat, card = event["seat"], event["card"]
    hand = st.hands[seat]
    if not isinstance(card, str) or card not in hand:
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
    st.tricks_won[winner] += 1
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
        _finish_deal(st)
    else:
        st.turn = winner


def _why_not(st: PrefState, seat: int, card: str, allowed: list[str]) -> str:
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


def _next_player(st: PrefState, seat: int) -> int:
    for k in range(1, N + 1):
        s = (seat + k) % N
        if s in st.playing:
            return s
    raise AssertionError("no next player")


def _deal_decided(st: PrefState) -> bool:
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


def _finish_deal(st: PrefState) -> None:
    st.rows.append(st.variant.settle(st))
    st.deals_played += 1
    _next_deal(st)
