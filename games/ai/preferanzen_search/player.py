"""The search players for Preferanzen and Vienna Preference: every decision by simulation over worlds
sampled from the seat's view (worlds.py), each world searched with perfect information (solver.py).

- Card play: every legal card gets its minimax value in each world; the best sum wins. Once few
  tricks are left (`exact_tricks`) each world is solved to the end, before that `plies` deep (to the
  end of a trick) and the rest estimated.
- Bids, the talon discard and the contract: each candidate game is played out in sampled worlds (the
  talon drawn with the hidden cards, the discard chosen as Anton would for that game) and valued by
  the declarer's expected points; a bid is made only when the best game it allows is worth more than
  the bid margin (`Margins`). Games Anton's estimate rates hopeless are not simulated.
- Defence: staying or dropping out (and inviting) by the defenders' expected points over worlds, the
  other defender's open choice taken as staying; staying must beat dropping by the stay margin.

The work per decision is bounded by a node budget, so a decision depends only on the view and the
seeded generator; the CPU-time cap (`SAFETY_SECONDS`) is only a safety net against the service's
deadline (the budgets are sized so that it does not stop a search; the bench counts any it does). A
decision that finished no world falls back to Anton.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import combinations

from games.ai.anton_preferanzen import TALON_HOPE, AntonPreferanzen, _discard_candidates
from games.ai.base import JSON
from games.ai.observation.preferanzen import PreferanzenObservation as Observation
from games.ai.observation.preferanzen import observe
from games.ai.preferanzen_search.games import (
    ACES_MASK,
    anton_keeps,
    anton_value,
    chance_of,
    declared_game,
    game_terms,
    games_for_bid,
    staying,
)
from games.ai.preferanzen_search.solver import EXACT_DEPTH, PreferanzenGame, distinct_moves, side_value
from games.ai.preferanzen_search.state import INDEX, NAMES, SUITS, Deal, Terms, mask_of, names, start
from games.ai.preferanzen_search.worlds import sample_hands, terms_from_view, world_deal
from games.ai.search.alphabeta import Table, search, values_of
from games.ai.search.budget import SAFETY_SECONDS, Budget, BudgetExceeded
from games.ai.search.player import SearchPlayer
from games.engine.information import InformationState
from games.engine.preferanzen.austrian import SPECIAL

HOPELESS = 0.15  # Anton's chance of making a game below which it is not simulated


@dataclass(frozen=True, slots=True)
class Margins:
    """How much better than its alternative a simulated choice must look before the player takes it,
    in points a deal. The simulation sees every world with open cards, which rates the defence and
    the declarer's games differently from how they play out; the margins, tuned per variant on the
    tune seeds, correct for that."""

    #: a bid is made only when the best game it allows is worth more than this
    bid: float = 1.0
    #: staying in (or inviting) must be worth this much more than dropping out (playing alone)
    stay: float = 0.0


class SearchPreferanzen(SearchPlayer):
    def __init__(
        self,
        worlds: int,
        nodes: int,
        plies: int,
        exact_tricks: int,
        contract_worlds: int,
        contract_plies: int,
        seconds: float = SAFETY_SECONDS,
        margins: Margins | None = None,
        vienna_margins: Margins | None = None,
    ) -> None:
        super().__init__(nodes, seconds, AntonPreferanzen())
        self.worlds = worlds
        self.plies = plies
        self.exact_tricks = exact_tricks
        self.contract_worlds = contract_worlds
        self.contract_plies = contract_plies
        self.margins = margins or Margins()
        self.vienna_margins = vienna_margins or self.margins

    def decide(
        self,
        view: JSON,
        legal: list[JSON],
        rng: random.Random,
        budget: Budget,
        info: InformationState | None = None,
    ) -> JSON | None:
        obs = observe(view)
        phase = obs.phase
        if phase == "play":
            return self._play(obs, legal, rng, budget)
        if phase == "bid":
            return self._bid(obs, legal, rng, budget)
        if phase == "talon":
            return self._exchange(obs, legal, rng, budget)
        if phase == "declare":
            return self._declare(obs, legal, rng, budget)
        if phase in ("defend", "invite"):
            return self._defend(obs, legal, rng, budget)
        return None

    def _margins(self, obs: Observation) -> Margins:
        return self.vienna_margins if obs.vienna else self.margins

    # ------------------------------------------------------------------ card play
    def _play(self, obs: Observation, legal: list[JSON], rng: random.Random, budget: Budget) -> JSON | None:
        me = obs.seat
        moves = distinct_moves(obs, [INDEX[a["card"]] for a in legal])
        if len(moves) == 1:
            return next(a for a in legal if a["card"] == NAMES[moves[0]])
        totals = dict.fromkeys(moves, 0.0)
        left = len(obs.hand)
        players = len(obs.playing)
        if left <= self.exact_tricks:
            depth = EXACT_DEPTH
        else:
            depth = self.plies + (players - len(obs.trick)) % players
        done = 0
        game = self._search_game(me)
        for _ in range(self.worlds):
            deal = self._world_deal(obs, rng)
            table: Table = {}
            try:
                values = dict(zip(moves, values_of(game, deal, moves, depth, budget, table), strict=True))
            except BudgetExceeded:
                break
            for move, value in values.items():
                totals[move] += value
            done += 1
        self.stats["worlds"] += done
        if not done:
            return None
        # ties go to the lowest card (it keeps the high ones)
        best = max(moves, key=lambda m: (round(totals[m], 6), -(m & 7), -m))
        return next(a for a in legal if a["card"] == NAMES[best])

    # ------------------------------------------------------------------ simulated games
    def _value(
        self, terms: Terms, hands: list[int], playing: list[int], leader: int, me: int, budget: Budget
    ) -> float:
        """`me`'s side's points for the deal dealt as `hands`, searched `contract_plies` deep."""
        deal = start(terms, hands, playing, leader)
        value = search(self._search_game(me), deal, self.contract_plies, budget, {})
        self.stats["worlds"] += 1
        return value

    def _game_value(
        self,
        obs: Observation,
        game: str,
        suit: str | None,
        worlds: list[tuple[list[int], int]],
        budget: Budget,
        fixed_hand: int | None = None,
    ) -> float:
        """The declarer's (this seat's) mean points for declaring `game` over `worlds`, taking the pile
        into the hand and discarding as Anton would unless it is a hand game or `fixed_hand` is
        given. Raises BudgetExceeded."""
        me = obs.seat
        vienna = obs.vienna
        terms = game_terms(vienna, game, suit, me, obs.pot)
        hand_game = game in SPECIAL or game in ("spiel", "herz_hand")
        total = 0.0
        for hands, pile in worlds:
            hands = hands[:]
            if fixed_hand is not None:
                hands[me] = fixed_hand
            elif not hand_game:
                hands[me] = mask_of(anton_keeps(names(hands[me] | pile), game, terms.trump, vienna))
            t = terms
            if vienna and hands[me] & ACES_MASK == ACES_MASK:
                t = replace(terms, four_aces=True)
            leader = (me + 2) % 3 if (not vienna and terms.kind == "sans_atout") else me
            total += self._value(t, hands, [0, 1, 2], leader, me, budget)
        return total / len(worlds)

    # The worlds and the side searched: one place each, so that a variant (the collusion bench's
    # players) can change what they see or play for.
    def _worlds(self, obs: Observation, rng: random.Random, count: int) -> list[tuple[list[int], int]]:
        return [sample_hands(obs, rng) for _ in range(count)]

    def _world_deal(self, obs: Observation, rng: random.Random) -> Deal:
        return world_deal(obs, rng)

    def _search_game(self, me: int) -> PreferanzenGame:
        return PreferanzenGame(me)

    # ------------------------------------------------------------------ auction
    def _bid(self, obs: Observation, legal: list[JSON], rng: random.Random, budget: Budget) -> JSON | None:
        vienna = obs.vienna
        hand = list(obs.hand)
        worlds = self._worlds(obs, rng, self.contract_worlds)
        cache: dict[tuple[str, str | None], float] = {}

        def value(game: str, suit: str | None) -> float:
            key = (game, suit)
            if key not in cache:
                rough = anton_value(hand, game, suit, vienna, TALON_HOPE)
                if chance_of(rough, game, suit, vienna) < HOPELESS:
                    cache[key] = rough
                else:
                    cache[key] = self._game_value(obs, game, suit, worlds, budget)
            return cache[key]

        def bid_value(action: JSON) -> float:
            bid = str(action["bid"])
            if bid == "hold":
                high = obs.high_bid
                assert high is not None  # a hold holds the high bid
                bid = high.bid
            return max(value(g, s) for g, s in games_for_bid(bid, action.get("suit"), vienna))

        try:
            rated = [(bid_value(a), a) for a in legal if a["bid"] != "pass"]
        except BudgetExceeded:
            return None
        good = [(v, a) for v, a in rated if v > self._margins(obs).bid]
        if not good:
            return next(a for a in legal if a["bid"] == "pass")
        best_value = max(v for v, _ in good)
        # the cheap ways up (hold, the next step) when they lead to a game as good as the best
        for v, a in good:
            if a["bid"] not in ("geschaeft", "herzpraemie", "spiel", "herz") and v >= best_value - 0.5:
                return a
        return max(good, key=lambda x: x[0])[1]

    # ------------------------------------------------------------------ talon and contract
    def _exchange(
        self, obs: Observation, legal: list[JSON], rng: random.Random, budget: Budget
    ) -> JSON | None:
        vienna = obs.vienna
        hand = list(obs.hand)
        assert obs.talon is not None and obs.high_bid is not None  # the declarer at his exchange
        pool = hand + list(obs.talon)
        high = obs.high_bid
        games = [g for g in games_for_bid(high.bid, high.suit, vienna)]
        rated = sorted(((anton_value(pool, g, s, vienna), (g, s)) for g, s in games), reverse=True)
        candidates: list[tuple[float, str, str | None, tuple[str, str]]] = []
        for _, (game, suit) in rated[:2]:
            pairs = []
            for a, b in combinations(_discard_candidates(pool, game, suit), 2):
                rest = [c for c in pool if c not in (a, b)]
                pairs.append((anton_value(rest, game, suit, vienna), a, b))
            pairs.sort(reverse=True)
            for _, a, b in pairs[:3]:
                candidates.append((0.0, game, suit, (a, b)))
        worlds = self._worlds(obs, rng, self.contract_worlds)
        best: tuple[float, tuple[str, str]] | None = None
        try:
            for _, game, suit, (a, b) in candidates:
                kept = mask_of([c for c in pool if c not in (a, b)])
                v = self._game_value(obs, game, suit, worlds, budget, fixed_hand=kept)
                if best is None or v > best[0]:
                    best = (v, (a, b))
        except BudgetExceeded:
            if best is None:
                return None
        assert best is not None
        pick = sorted(best[1])
        return next((x for x in legal if sorted(x["discard"]) == pick), None)

    def _declare(
        self, obs: Observation, legal: list[JSON], rng: random.Random, budget: Budget
    ) -> JSON | None:
        vienna = obs.vienna
        hand = list(obs.hand)
        worlds = self._worlds(obs, rng, self.contract_worlds)
        mine = mask_of(hand)
        # the likeliest games first, so that a spent budget has valued those
        rough = [anton_value(hand, *declared_game(a, vienna), vienna) for a in legal]
        rated = sorted(((v, i) for i, v in enumerate(rough)), reverse=True)
        best: tuple[float, JSON] | None = None
        try:
            for estimate, i in rated:
                action = legal[i]
                if (
                    chance_of(estimate, *declared_game(action, vienna), vienna) < HOPELESS
                    and best is not None
                ):
                    continue
                if vienna:
                    v = self._vienna_value(obs, action, worlds, budget, mine)
                else:
                    game, suit = declared_game(action, vienna)
                    v = self._game_value(obs, game, suit, worlds, budget, fixed_hand=mine)
                if best is None or v > best[0]:
                    best = (v, action)
        except BudgetExceeded:
            pass
        return None if best is None else best[1]

    def _vienna_value(
        self,
        obs: Observation,
        action: JSON,
        worlds: list[tuple[list[int], int]],
        budget: Budget,
        mine: int,
    ) -> float:
        me = obs.seat
        trump = SUITS.index(str(action["trump"]))
        terms = Terms(
            vienna=True,
            kind="trump",
            game="number",
            trump=trump,
            declarer=me,
            defense=staying(me),
            pot=obs.pot,
            no_aces=bool(action["no_aces"]),
            four_aces=mine & ACES_MASK == ACES_MASK,
        )
        total = 0.0
        for hands, _ in worlds:
            hands = hands[:]
            hands[me] = mine
            total += self._value(terms, hands, [0, 1, 2], me, me, budget)
        return total / len(worlds)

    # ------------------------------------------------------------------ defence
    def _defend(self, obs: Observation, legal: list[JSON], rng: random.Random, budget: Budget) -> JSON | None:
        me, declarer = obs.seat, obs.declarer_seat
        partner = 3 - me - declarer
        defense = list(obs.defense)
        worlds = self._worlds(obs, rng, self.contract_worlds)
        options: list[tuple[list[int], str | None, list[str | None]]] = []
        if obs.phase == "defend":
            partner_choice = defense[partner] or "stay"
            for choice in ("stay", "drop"):
                d = defense[:]
                d[me], d[partner] = choice, partner_choice
                playing = sorted([declarer] + [s for s in (me, partner) if d[s] == "stay"])
                options.append((playing, None, d))
        else:
            d = defense[:]
            options.append(([0, 1, 2], "invite", d))
            options.append((sorted([declarer, me]), None, d))
        values = []
        try:
            for playing, guest, d in options:
                values.append(self._defence_value(obs, worlds, playing, guest, d, budget))
        except BudgetExceeded:
            return None
        pick = 0 if values[0] >= values[1] + self._margins(obs).stay else 1
        return legal[pick] if _ordered(legal, obs.phase) else legal[1 - pick]

    def defence_option_values(
        self, obs: Observation, worlds: list[tuple[list[int], int]], budget: Budget
    ) -> list[float]:
        """The defender's side's expected points over `worlds` for staying and dropping out (phase
        "defend"; the other defender still to choose taken as staying), or for inviting and playing
        alone ("invite"), in that order, as `_defend` weighs them (for the post-match analysis).
        Raises BudgetExceeded."""
        me, declarer = obs.seat, obs.declarer_seat
        partner = 3 - me - declarer
        defense = list(obs.defense)
        if obs.phase == "defend":
            out = []
            for choice in ("stay", "drop"):
                d = defense[:]
                d[me], d[partner] = choice, defense[partner] or "stay"
                playing = sorted([declarer] + [s for s in (me, partner) if d[s] == "stay"])
                out.append(self._defence_value(obs, worlds, playing, None, d, budget))
            return out
        return [
            self._defence_value(obs, worlds, [0, 1, 2], "invite", defense, budget),
            self._defence_value(obs, worlds, sorted([declarer, me]), None, defense, budget),
        ]

    def _defence_value(
        self,
        obs: Observation,
        worlds: list[tuple[list[int], int]],
        playing: list[int],
        guest: str | None,
        defense: list[str | None],
        budget: Budget,
    ) -> float:
        me, declarer = obs.seat, obs.declarer_seat
        partner = 3 - me - declarer
        base = terms_from_view(replace(obs, defense=tuple(defense), guest=partner if guest else None))
        total = 0.0
        for hands, _ in worlds:
            terms = base
            if base.vienna and hands[declarer] & ACES_MASK == ACES_MASK:
                terms = replace(base, four_aces=True)
            if len(playing) == 1:  # both out: the declarer is credited with all ten tricks
                scores = terms.scores([10 if s == declarer else 0 for s in range(3)], True)
                total += side_value(start(terms, hands, playing, declarer), scores, me)
                continue
            total += self._value(terms, hands, playing, declarer, me, budget)
        return total / len(worlds)


def _ordered(legal: list[JSON], phase: str) -> bool:
    """Whether legal[0] is the first option as `_defend` lists them (stay / invite)."""
    first = legal[0]
    return first.get("choice") == "stay" if phase == "defend" else first.get("invite") is True


class CarlaPreferanzen(SearchPreferanzen):
    """The middle level, revision 2 (games/ai/levels.json): a third of Dora's worlds, exact over the last
    6 tricks. Revision 1 (8 worlds, 12,000 nodes, exact over 4) was not told apart from Anton on the
    ladder; this budget was chosen on the tune seeds (docs/ladder.md, "Carla 2")."""

    name = "Carla"

    def __init__(self) -> None:
        super().__init__(
            worlds=24, nodes=80_000, plies=3, exact_tricks=6, contract_worlds=12, contract_plies=6
        )


class DoraPreferanzen(SearchPreferanzen):
    """The strongest level, revision 3 (games/ai/levels.json): revision 2's budget, spent on the card play
    as tuned in docs/compiled.md ("Spent on strength"), with margins tuned on the tune seeds
    (docs/ladder.md, "Dora 3"): it bids more readily than its simulation says (in Vienna still more),
    and in Preferanzen stays in only when staying looks clearly better than dropping out."""

    name = "Dora"

    def __init__(self) -> None:
        super().__init__(
            worlds=64,
            nodes=600_000,
            plies=3,
            exact_tricks=8,
            contract_worlds=32,
            contract_plies=6,
            margins=Margins(bid=-1.0, stay=5.0),
            vienna_margins=Margins(bid=-3.0, stay=0.0),
        )
