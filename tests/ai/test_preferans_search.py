"""The Preferans search: the bitmask state plays like the engine (same legal cards, trick winners and
tricks over random deals of every kind), the solver agrees with plain minimax on small endgames,
sampled worlds never contradict the view, and Carla and Dora are legal, reproducible from the seed
and blind to the hidden cards."""

from __future__ import annotations

import random

import pytest

from games.ai import available_versions, get_player
from games.ai.anton_preferans import AntonPreferans
from games.ai.arena import play_match
from games.ai.observation.preferans import observe
from games.ai.preferans_search.player import CarlaPreferans, DoraPreferans, SearchPreferans
from games.ai.preferans_search.selfish import SelfishSolver
from games.ai.preferans_search.solver import PreferansGame, Solver, sides
from games.ai.preferans_search.state import GAME, INDEX, MISERE, NAMES, RASPASY, Deal, from_engine, mask_of
from games.ai.preferans_search.worlds import places, replay_voids, sample_world
from games.ai.search.alphabeta import brute_force
from games.ai.search.budget import Budget, BudgetExceeded
from games.engine import CHANCE
from games.engine.preferans import RULES, PreferansState
from games.engine.preferans.play import legal_cards

FAR = 10**9


def _random_choice(legal: list[dict], rng: random.Random, seed: int) -> dict:
    """Random, but bids steer by seed: every kind of deal comes up (a game, raspasy, misère)."""
    if legal[0]["type"] == "bid" and seed % 3:
        wanted = "pass" if seed % 3 == 1 else "MIS"
        return next((a for a in legal if a["bid"] == wanted), legal[0])
    return legal[rng.randrange(len(legal))]


def _states(seed: int, player: object | None = None) -> list[PreferansState]:
    """Every state of one random deal (random choices, or `player`'s), until the deal is scored."""
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event({"pool": 10}))
    state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
    out = []
    while state.to_move not in (None, CHANCE):
        out.append(state.clone())
        legal = state.legal_actions()
        seat = state.to_move
        assert isinstance(seat, int)
        if player is not None:
            action = player.choose(state.view(seat), legal, rng)  # type: ignore[attr-defined]
        else:
            action = _random_choice(legal, rng, seed)
        state = RULES.apply_in_place(state, action)
    out.append(state)
    return out


def _play_positions(seed: int, player: object | None = None) -> list[PreferansState]:
    return [s for s in _states(seed, player) if s.phase == "play"]


@pytest.mark.parametrize("seed", range(40))
def test_the_state_plays_like_the_engine(seed: int) -> None:
    states = _states(seed, AntonPreferans() if seed % 2 else None)
    plays = [s for s in states if s.phase == "play"]
    if not plays:
        return
    deal = from_engine(plays[0])
    for state, after in zip(plays, [*plays[1:], states[-1]], strict=True):
        assert deal.legal() == sorted(INDEX[c] for c in legal_cards(state))
        assert deal.seats[deal.turn] == state.active[state.pos]
        card = next(
            c for c in state.hands[state.active[state.pos]] if c not in after.hands[state.active[state.pos]]
        )
        deal.apply(INDEX[card])
        if after.phase == "play":
            assert deal == from_engine(after)
    assert deal.over
    tricks = states[-1].rows[-1]["tricks"]
    assert [tricks[s] for s in deal.seats] == deal.tricks


def _endgames(seed: int, cards: int) -> list[Deal]:
    return [from_engine(s) for s in _play_positions(seed) if len(s.hands[s.active[s.pos]]) <= cards]


@pytest.mark.parametrize("seed", range(40))
def test_the_solver_agrees_with_brute_force(seed: int) -> None:
    for deal in _endgames(seed, 3):
        for me in range(3):
            target, maximizers = sides(deal, me)
            taken = sum(deal.tricks[p] for p in range(3) if target >> p & 1)
            game = PreferansGame(target, maximizers)
            assert (
                Solver(deal, target, maximizers, Budget(FAR, 60)).value(deal)
                == brute_force(game, deal, 99) - taken
            )
            values = Solver(deal, target, maximizers, Budget(FAR, 60)).move_values(deal)
            assert sorted(values) == deal.legal()
            for card, value in values.items():
                assert value == brute_force(game, deal.play(card), 99) - taken


@pytest.mark.parametrize("seed", range(40))
def test_the_solver_agrees_with_brute_force_on_longer_misere_and_raspasy_endgames(seed: int) -> None:
    for deal in _endgames(seed, 4)[:2]:
        if deal.kind == GAME:
            continue
        for me in range(3) if deal.kind == RASPASY else (deal.declarer,):
            target, maximizers = sides(deal, me)
            taken = sum(deal.tricks[p] for p in range(3) if target >> p & 1)
            game = PreferansGame(target, maximizers)
            values = Solver(deal, target, maximizers, Budget(FAR, 60)).move_values(deal)
            for card, value in values.items():
                assert value == brute_force(game, deal.play(card), 99) - taken


def _selfish(deal: Deal, me: int) -> tuple[int, ...]:
    """Plain max^n for raspasy: every hand minimises its own tricks, ties against `me`, then against the
    next hand; the trick vector at the end."""
    if deal.over:
        return tuple(deal.tricks)
    best: tuple[int, ...] | None = None
    for card in deal.legal():
        value = _selfish(deal.play(card), me)
        turn, nxt = deal.turn, (deal.turn + 1) % 3
        if best is None or (value[turn], -value[me], -value[nxt]) < (best[turn], -best[me], -best[nxt]):
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(40))
def test_the_selfish_raspasy_solver_agrees_with_plain_max_n(seed: int) -> None:
    deals = [d for d in _endgames(seed, 4) if d.kind == RASPASY][:3]
    for deal in deals:
        for me in range(3):
            values = SelfishSolver(deal, me, Budget(FAR, 60)).move_values(deal)
            assert sorted(values) == deal.legal()
            for card, value in values.items():
                child = deal.play(card)
                assert value == _selfish(child, me)[me] - deal.tricks[me]


def test_raspasy_endgames_are_covered() -> None:
    assert any(d.kind == RASPASY for seed in range(40) for d in _endgames(seed, 4))


def test_the_duck_estimate_counts_the_cards_that_cannot_duck() -> None:
    def estimate(mine: list[str], other: list[str], third: list[str]) -> float:
        deal = Deal(MISERE, [mask_of(mine), mask_of(other), mask_of(third)], declarer=0)
        return Solver(deal, 1, 6, Budget(FAR, 60)).estimate(deal.hands, 0)

    # sevens and eights under the others' cards: safe
    assert estimate(["7S", "8S", "7C"], ["9S", "TS", "8C"], ["JS", "QS", "9C"]) == 0
    # a bare ace against a seven: caught
    assert estimate(["AS", "7C", "7D"], ["7S", "8C", "8D"], ["9S", "9C", "9D"]) == 1
    # the others void in spades: the spade wins only if it has to be led
    assert estimate(["7S", "7C", "7D"], ["8H", "8C", "8D"], ["9H", "9C", "9D"]) == 0.5


def test_dora_searches_early_misere_defence_and_raspasy_tricks() -> None:
    """Raspasy and the misère defence are searched from the first trick (the old player left every trick
    before the last `exact_tricks` to Anton's rules); the misère declarer's early tricks stay Anton's."""
    kinds = set()
    for seed in range(1, 12):  # steered to raspasy and misère
        for state in _play_positions(seed)[:6]:
            view, legal = state.view(state.actor()), state.legal_actions()
            if state.contract >= 0 and not state.raspasy and view["contract"] != "MIS":
                continue
            if len(legal) < 2 or state.tricks_done >= 10 - DoraPreferans().exact_tricks:
                continue
            player = DoraPreferans()
            action = player.choose(view, legal, random.Random(seed))
            assert action in legal
            if not state.raspasy and view["seat"] == view["declarer"]:
                assert action == AntonPreferans().choose(view, legal, random.Random(seed))
                assert player.stats["worlds"] == 0
                kinds.add("declarer")
            else:
                assert player.stats["worlds"] > 0
                kinds.add("raspasy" if state.raspasy else "defence")
    assert kinds == {"raspasy", "defence", "declarer"}


def test_the_solver_covers_every_kind_and_stops_on_its_budget() -> None:
    kinds = {d.kind for seed in range(40) for d in _endgames(seed, 3)}
    assert kinds == {"game", "misere", "raspasy"}
    deal = from_engine(_play_positions(3)[0])
    target, maximizers = sides(deal, 0)
    with pytest.raises(BudgetExceeded):
        Solver(deal, target, maximizers, Budget(50, 60)).value(deal)


def test_an_estimate_stays_within_the_tricks_left() -> None:
    for seed in range(10):
        for state in _play_positions(seed)[::3]:
            deal = from_engine(state)
            if deal.trick:
                continue
            target, maximizers = sides(deal, 0)
            value = Solver(deal, target, maximizers, Budget(FAR, 60), stop=deal.done + 1).value(deal)
            assert 0 <= value <= 10 - deal.done


@pytest.mark.parametrize("seed", range(30))
def test_sampled_worlds_never_contradict_the_view(seed: int) -> None:
    rng = random.Random(seed)
    states = _states(seed, AntonPreferans() if seed % 3 else None)
    plays = [s for s in states if s.phase == "play"]
    # who played each card, replayed with the engine
    owner: dict[str, int] = {}
    for state, after in zip(plays, [*plays[1:], states[-1]][: len(plays)], strict=True):
        pos = state.pos
        seat = state.active[pos]
        card = next(c for c in state.hands[seat] if c not in after.hands[seat])
        owner[card] = pos
    for state in states[:-1]:
        seat = state.actor()
        view = state.view(seat)
        for _ in range(4):
            world = sample_world(observe(view), rng)
            active = state.active
            me = active.index(seat)
            assert world.hands[me] == mask_of(view["hand"])
            gone = mask_of(view["played"]) | mask_of([t["card"] for t in view["trick"]])
            talon = mask_of(view["talon"] or [])
            everything = world.out | gone | mask_of(view["discard"] or [])
            for pos in range(3):
                assert world.hands[pos] & everything == 0
                assert world.hands[pos].bit_count() == len(state.hands[active[pos]])
                everything |= world.hands[pos]
            assert everything | talon == (1 << 32) - 1
            if state.raspasy:  # turned talon cards are out of play
                assert everything & talon == 0
            for s, shown in enumerate(view["open_hands"]):
                if shown is not None:
                    assert world.hands[active.index(s)] == mask_of(shown)
            if state.phase == "play":
                _replay_is_legal(state, world.hands, owner, view)
            if view["talon"] and not state.raspasy and view["discard"] is None and state.declarer != seat:
                decl = active.index(state.declarer)
                for card in view["talon"]:
                    if card not in view["played"] and card not in [t["card"] for t in view["trick"]]:
                        assert (world.hands[decl] | world.out) >> INDEX[card] & 1


def _replay_is_legal(state: PreferansState, hands: list[int], owner: dict[str, int], view: dict) -> None:
    """The cards played so far, dealt back to the sampled hands, were each legal when played."""
    cards = [*view["played"], *(t["card"] for t in view["trick"])]
    start = hands[:]
    for card in cards:
        start[owner[card]] |= 1 << INDEX[card]
    kind = RASPASY if state.raspasy else ("misere" if view["contract"] == "MIS" else GAME)
    trump = "SCDH".index(state.trump) if state.trump else -1
    suits = tuple("SCDH".index(c[1]) for c in state.talon) if state.raspasy else ()
    declarer = state.active.index(state.declarer) if state.declarer >= 0 else -1
    deal = Deal(kind, start, trump, declarer, 0, talon_suits=suits)
    for card in cards:
        assert deal.turn == owner[card]
        assert INDEX[card] in deal.legal(), f"{card} was not legal from the sampled hand"
        deal.apply(INDEX[card])


def test_the_true_hands_satisfy_the_inferred_voids() -> None:
    for seed in range(30):
        for state in _play_positions(seed, AntonPreferans()):
            view = state.view(state.actor())
            voids = replay_voids(observe(view))
            for pos, seat in enumerate(state.active):
                assert mask_of(state.hands[seat]) & voids[pos] == 0


def test_places_add_up() -> None:
    for seed in range(10):
        for state in _states(seed, AntonPreferans())[:-1]:
            view = state.view(state.actor())
            hidden, cards, masks, sizes = places(observe(view))
            assert sum(sizes) == len(cards) == len(set(cards))
            assert all(0 < m < 1 << (len(hidden) + 1) for m in masks)


def test_registered_with_their_names() -> None:
    assert {"carla", "dora"} <= set(available_versions("preferans"))
    assert get_player("preferans", "carla").name == "Carla"
    assert get_player("preferans", "dora").name == "Dora"


@pytest.mark.parametrize("player", [CarlaPreferans, DoraPreferans])
def test_a_short_pool_with_the_search_player_at_every_seat_is_legal(player: type[CarlaPreferans]) -> None:
    seats = [player(), player(), player()]
    result = play_match("preferans", seats, seed=11, options={"pool": 10, "max_deals": 3}, check_legal=True)
    assert result["finished"] and result["deals_played"] == 3


def _swap_hidden(state: PreferansState, seat: int, rng: random.Random) -> PreferansState:
    """The same view for `seat` with the hidden cards of the other hands (and the face-down talon)
    dealt anew."""
    other = state.clone()
    view = state.view(seat)
    hidden = [s for s in state.active if s != seat and view["open_hands"][s] is None]
    pool = [c for s in hidden for c in other.hands[s]]
    talon_hidden = not state.talon_shown and not state.raspasy
    if talon_hidden:
        pool += other.talon
    rng.shuffle(pool)
    for s in hidden:
        n = len(other.hands[s])
        other.hands[s], pool = sorted(pool[:n], key=NAMES.index), pool[n:]
    if talon_hidden:
        other.talon = pool
    assert other.view(seat) == view
    return other


def test_decisions_are_reproducible_and_use_the_view_only() -> None:
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        states = _states(seed, AntonPreferans())
        for state in states[:-1:3]:
            seat = state.to_move
            assert isinstance(seat, int)
            if (state.raspasy and state.phase == "play") or len(state.legal_actions()) == 1:
                continue  # raspasy shows talon cards one by one: the shuffle could move a shown card
            swapped = _swap_hidden(state, seat, rng)
            for player in (CarlaPreferans(), DoraPreferans()) if seed < 3 else (CarlaPreferans(),):
                first = player.choose(state.view(seat), state.legal_actions(), random.Random(seed))
                again = player.choose(swapped.view(seat), swapped.legal_actions(), random.Random(seed))
                assert first == again and first in state.legal_actions()
                checked += 1
    assert checked > 20


def test_falls_back_to_anton_without_a_finished_world() -> None:
    starved = SearchPreferans(worlds=4, nodes=1, depth=2, exact_tricks=10, bid_worlds=4)
    for seed in range(6):
        for state in _states(seed, AntonPreferans())[:-1:5]:
            view, legal = state.view(state.actor()), state.legal_actions()
            assert starved.choose(view, legal, random.Random(0)) == AntonPreferans().choose(
                view, legal, random.Random(0)
            )
    assert starved.stats["worlds"] == 0


def test_the_bid_margin_holds_back_bids() -> None:
    """A bid margin above any game's worth never bids a game (it passes, or bids misère on a hand for
    it); one below any loss never passes while a bid or a hold is open to it."""

    def cheap(margin: float) -> SearchPreferans:
        return SearchPreferans(
            worlds=4, nodes=20_000, depth=1, exact_tricks=4, bid_worlds=4, bid_margin=margin
        )

    states = [s for seed in range(8) for s in _states(seed, AntonPreferans()) if s.phase == "bid"]
    passes = 0
    for state in states:
        seat = state.to_move
        assert isinstance(seat, int)
        view, legal = state.view(seat), state.legal_actions()
        strict = cheap(1_000.0).choose(view, legal, random.Random(1))["bid"]
        assert strict in ("pass", "MIS")
        passes += strict == "pass"
        if any(a["bid"] not in ("pass", "MIS") for a in legal):
            assert cheap(-1_000.0).choose(view, legal, random.Random(1))["bid"] != "pass"
    assert passes > 10
