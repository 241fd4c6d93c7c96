"""A compact Preferanzen / Vienna Preference deal in play, for search: hands as 32-bit masks, a move is
a card index.

Card index = suit * 8 + rank, suits in "CSDH", ranks 7 8 9 T J Q K A (a higher index is the stronger
card inside a suit). `Terms` holds what stays fixed during play (variant, contract, declarer, who
defends, the pot); `Deal` what changes. The rules follow games/engine/preferanzen (cards.py, play.py,
austrian.py and vienna.py settle); tests/ai/test_preferanzen_search_state.py checks them against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, final

from mypy_extensions import i64, mypyc_attr

from games.ai.search.masks import POPCOUNT_12, bits

N: Final = 3
SUITS: Final = "CSDH"
RANKS: Final = "789TJQKA"
NAMES: Final = tuple(RANKS[i % 8] + SUITS[i // 8] for i in range(32))
INDEX: Final = {name: i for i, name in enumerate(NAMES)}
SUIT_MASK: Final = tuple(0xFF << (8 * s) for s in range(4))
ALL_CARDS: Final = (1 << 32) - 1
ACES: Final = sum(1 << (8 * s + 7) for s in range(4))

TRUMP: Final = "trump"
BETTLER: Final = "bettler"
SANS_ATOUT: Final = "sans_atout"
DURCHMARSCH: Final = "durchmarsch"
#: Austrian fixed-value games (the declarer wins or loses the value, each other seat half of it)
FIXED_VALUE: Final = {"bettler": 20, "sans_atout": 40, "bettler_ouvert": 60, "durchmarsch": 80}


def mask_of(cards: list[str] | tuple[str, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


def names(mask: int) -> list[str]:
    return [NAMES[c] for c in bits(mask)]


def beats(card: i64, winner: i64, trump: i64) -> bool:
    """Whether `card` played now beats the card currently winning the trick."""
    if card >> 3 == winner >> 3:
        return card > winner
    return card >> 3 == trump


def follow_mask(hand: i64, lead: i64, winner: i64, trump: i64, lowest: bool) -> i64:
    """The cards of `hand` that may be played to a trick led with `lead` and won so far by `winner`
    (engine: cards.legal_cards): a higher card of the led suit, else a lower one, else a trump that
    beats, else any trump, else anything. `lowest`: only the lowest beating card (Vienna)."""
    group = hand & SUIT_MASK[lead >> 3]
    if not group:
        if trump < 0:
            return hand
        group = hand & SUIT_MASK[trump]
        if not group:
            return hand
    if group & SUIT_MASK[winner >> 3]:  # same suit as the winner: higher cards beat
        higher = group & ~((2 << int(winner)) - 1)  # int(): see native.py on shifts
    elif trump >= 0 and group & SUIT_MASK[trump]:  # trumps over a non-trump winner
        higher = group
    else:
        higher = 0
    if not higher:
        return group
    if lowest:
        return higher & -higher
    return higher


@dataclass(frozen=True)
class Terms:
    """What is fixed while a deal is played out."""

    vienna: bool
    kind: str  # trump / bettler / sans_atout / durchmarsch
    game: str  # the contract's game key ("herzpraemie", "bettler_ouvert", "number", ...)
    trump: int  # suit index, -1 without trumps
    declarer: int
    defense: tuple[str | None, str | None, str | None] = (None, None, None)
    guest: int | None = None
    pot: int = 0  # Vienna: what the pot holds
    no_aces: bool = False
    four_aces: bool = False  # Vienna: the declarer held all four aces after the exchange

    def scores(self, tricks: list[int], won: bool) -> list[int]:
        """Every seat's points for the deal (engine: the variant's `settle`)."""
        if self.vienna:
            return _vienna(self, tricks, won)
        return _austrian(self, tricks, won)


def _austrian(t: Terms, tricks: list[int], won: bool) -> list[int]:
    d = t.declarer
    defense = list(t.defense)
    scores = [0] * N
    if t.kind != TRUMP:
        value = FIXED_VALUE[t.game]
        for s in range(N):
            scores[s] = (value if won else -value) if s == d else (-value // 2 if won else value // 2)
        return scores
    for s in ((d + 1) % N, (d + 2) % N):
        if defense[s] == "drop":
            lives, credited = True, 0
        elif t.guest is not None:
            credited = tricks[s] + tricks[t.guest]
            lives = credited >= 4
        else:
            credited = tricks[s]
            lives = credited >= 2
        points = ((-3 if won else 4) if lives else (-8 if won else -2)) + credited
        if t.game == "herzpraemie":
            points += -5 if won else 5
        scores[s] = points
    scores[d] = -(scores[0] + scores[1] + scores[2])
    return scores


def _vienna(t: Terms, tricks: list[int], won: bool) -> list[int]:
    d = t.declarer
    defense = list(t.defense)
    delta = [0] * N
    delta[d] = delta[d] + (min(10, t.pot) if won else -20)
    defenders = ((d + 1) % N, (d + 2) % N)
    for s in defenders:
        if defense[s] != "stay":
            continue
        taken, need = tricks[s], 2
        if t.guest is not None:
            taken += tricks[t.guest]
            need = 4
        delta[s] = delta[s] + taken
        delta[d] = delta[d] - taken
        if taken < need:
            delta[s] = delta[s] - 10
    bonuses = (1 if t.trump == 3 else 0) + (1 if won and t.four_aces else 0) + (1 if t.no_aces else 0)
    sign = 1 if won else -1
    for s in defenders:
        delta[s] = delta[s] - sign * 10 * bonuses
        delta[d] = delta[d] + sign * 10 * bonuses
    return delta


Triple = tuple[i64, i64, i64]  # a figure per seat


def at3(triple: Triple, seat: i64) -> i64:
    """Seat `seat`'s figure."""
    return triple[0] if seat == 0 else triple[1] if seat == 1 else triple[2]


def put3(triple: Triple, seat: i64, value: i64) -> Triple:
    """The triple with seat `seat`'s figure set to `value`."""
    if seat == 0:
        return (value, triple[1], triple[2])
    if seat == 1:
        return (triple[0], value, triple[2])
    return (triple[0], triple[1], value)


@final
@mypyc_attr(acyclic=True, free_list_len=1)  # compiled: no garbage collector's bookkeeping, one reused
class Deal:
    """A deal in play. `turn` is the seat to play, `trick` the cards of the trick so far (in order, with
    `trick_seats`), `winner_card` the card winning it so far. `over` once the deal is decided. The
    per-seat figures (`hands`, `tricks`, `order`) are triples (`at3` reads one, `put3` changes it), so
    that a copy copies no lists; compiled, 64-bit ints held in the object itself."""

    def __init__(
        self,
        terms: Terms,
        hands: Triple,
        turn: i64,
        order: Triple,
        trick: tuple[int, ...] = (),
        trick_seats: tuple[int, ...] = (),
        winner_card: i64 = -1,
        winner_seat: i64 = -1,
        tricks: Triple = (0, 0, 0),
        run: i64 = 0,
        best_run: i64 = 0,
        over: bool = False,
    ) -> None:
        """Every field as it is (`start` begins a deal's play)."""
        self.terms = terms
        self.hands = hands
        self.turn = turn
        #: the next seat to play after each seat (-1: not playing)
        self.order = order
        self.trick = trick
        self.trick_seats = trick_seats
        self.winner_card = winner_card
        self.winner_seat = winner_seat
        self.tricks = tricks
        self.run = run
        self.best_run = best_run
        self.over = over

    @property
    def playing(self) -> list[int]:
        return [s for s in range(N) if at3(self.order, s) >= 0]

    def copy(self) -> Deal:
        return Deal(
            self.terms,
            self.hands,
            self.turn,
            self.order,
            self.trick,
            self.trick_seats,
            self.winner_card,
            self.winner_seat,
            self.tricks,
            self.run,
            self.best_run,
            self.over,
        )

    # -- moves --------------------------------------------------------------------------------------
    def legal_mask(self) -> i64:
        hand = at3(self.hands, self.turn)
        if not self.trick:
            return hand
        t = self.terms
        lowest = (
            t.vienna
            and len(self.trick) == 1
            and self.trick_seats[0] == t.declarer
            and self.order[0] >= 0
            and self.order[1] >= 0
            and self.order[2] >= 0
        )
        return follow_mask(hand, self.trick[0], self.winner_card, t.trump, lowest)

    def moves(self) -> list[int]:
        return bits(self.legal_mask())

    def play(self, card: i64) -> Deal:
        new = self.copy()
        new.apply(card)
        return new

    def apply(self, card: i64) -> None:
        seat = self.turn
        self.hands = put3(self.hands, seat, at3(self.hands, seat) & ~(1 << int(card)))
        if not self.trick or beats(card, self.winner_card, self.terms.trump):
            self.winner_card, self.winner_seat = card, seat
        self.trick += (card,)
        self.trick_seats += (seat,)
        if len(self.trick) < self.players:
            self.turn = at3(self.order, seat)
            return
        winner = self.winner_seat
        self.tricks = put3(self.tricks, winner, at3(self.tricks, winner) + 1)
        self.trick, self.trick_seats = (), ()
        self.winner_card = self.winner_seat = -1
        self.turn = winner
        declarer = self.terms.declarer
        if winner == declarer:
            self.run += 1
            if self.run > self.best_run:
                self.best_run = self.run
        else:
            self.run = 0
        self.over = self._decided()

    @property
    def players(self) -> i64:
        order = self.order
        return 3 - (order[0] < 0) - (order[1] < 0) - (order[2] < 0)

    def _decided(self) -> bool:
        t = self.terms
        left = cards_in(at3(self.hands, t.declarer))
        if left == 0:
            return True
        if t.kind == BETTLER:
            return at3(self.tricks, t.declarer) > 0
        if t.kind == DURCHMARSCH:
            tricks = self.tricks
            return tricks[0] + tricks[1] + tricks[2] > at3(tricks, t.declarer)
        if t.kind == SANS_ATOUT:
            return self.best_run >= 6 or self.run + left < 6
        return False

    # -- the result ---------------------------------------------------------------------------------
    def won(self) -> bool:
        """Whether the declarer made the contract (meaningful once `over`)."""
        t = self.terms
        tricks = self.tricks
        taken = at3(tricks, t.declarer)
        if t.kind == TRUMP:
            return taken >= 6
        if t.kind == BETTLER:
            return taken == 0
        if t.kind == SANS_ATOUT:
            return self.best_run >= 6
        return taken == tricks[0] + tricks[1] + tricks[2] and at3(self.hands, t.declarer) == 0

    def scores(self) -> list[int]:
        """Every seat's points for the deal (meaningful once `over`)."""
        tricks = self.tricks
        return self.terms.scores([tricks[0], tricks[1], tricks[2]], self.won())


def start(terms: Terms, hands: list[int], playing: list[int], turn: int) -> Deal:
    """The deal with `hands` (a mask per seat) before its first trick, the seats `playing`, `turn`
    to lead."""
    return Deal(terms, (hands[0], hands[1], hands[2]), turn, _order(playing))


def cards_in(mask: i64) -> i64:
    """The number of cards in a 32-bit mask (`int.bit_count`, which compiled code calls as a Python
    method; see POPCOUNT_12)."""
    return POPCOUNT_12[mask & 0xFFF] + POPCOUNT_12[mask >> 12 & 0xFFF] + POPCOUNT_12[mask >> 24]


def _order(playing: list[int]) -> Triple:
    nxt = [-1, -1, -1]
    for s in playing:
        for k in (1, 2, 3):
            o = (s + k) % N
            if o in playing:
                nxt[s] = o
                break
    return (nxt[0], nxt[1], nxt[2])


# ---------------------------------------------------------------------- from the engine / to actions
def terms_of(state: object, seat_pot: int | None = None) -> Terms:
    """The Terms of an engine state in play (its contract, defence and pot)."""
    from games.engine.preferanzen.state import PreferanzenState

    assert isinstance(state, PreferanzenState)
    contract = state.contract
    assert contract is not None and state.declarer is not None
    vienna = state.variant.key == "preference_vienna"
    return Terms(
        vienna=vienna,
        kind=contract.kind,
        game=contract.game,
        trump=SUITS.index(contract.trump) if contract.trump else -1,
        declarer=state.declarer,
        defense=(state.defense[0], state.defense[1], state.defense[2]),
        guest=state.guest,
        pot=state.pot if seat_pot is None else seat_pot,
        no_aces=contract.no_aces,
        four_aces=bool(state.flags.get("four_aces")),
    )


def from_engine(state: object) -> Deal:
    """The Deal of an engine state in play (tests and full-information tools only: it reads every
    hand)."""
    from games.engine.preferanzen.state import PreferanzenState

    assert isinstance(state, PreferanzenState)
    deal = start(terms_of(state), [mask_of(h) for h in state.hands], list(state.playing), state.turn or 0)
    deal.tricks = (state.tricks_won[0], state.tricks_won[1], state.tricks_won[2])
    deal.run, deal.best_run = state.run, state.best_run
    for seat, card in state.trick:
        _replay_card(deal, seat, INDEX[card])
    return deal


def _replay_card(deal: Deal, seat: int, card: int) -> None:
    """Put a card already played to the open trick (its holder no longer has it)."""
    if not deal.trick or beats(card, deal.winner_card, deal.terms.trump):
        deal.winner_card, deal.winner_seat = card, seat
    deal.trick += (card,)
    deal.trick_seats += (seat,)


def to_action(card: int, seat: int) -> dict[str, object]:
    return {"type": "play", "seat": seat, "card": NAMES[card]}
