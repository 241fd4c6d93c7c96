"""The Preisjass search state agrees with the engine, the single-agent search with a plain recursion,
the sampled worlds with everything the view shows, and Dora plays legal, reproducible moves from the
view alone."""

from __future__ import annotations

import copy
import random

import pytest

from games.ai import available_versions, get_player
from games.ai.anton_preisjass import AntonPreisjass
from games.ai.observation.preisjass import observe
from games.ai.preisjass_search import player as dora_module
from games.ai.preisjass_search.player import DoraPreisjass, SearchPreisjass
from games.ai.preisjass_search.solver import (
    KEEP,
    LOOK_HORIZON,
    LOOK_KEEP,
    Lines,
    Lookahead,
    Policy,
    anton,
    anton_at,
    greedy,
    playout,
    void_after,
)
from games.ai.preisjass_search.state import INDEX, PLAYERS, SUIT_MASK, Deal, bits, legal_mask, mask_of
from games.ai.preisjass_search.worlds import Chain, Evidence, Worlds
from games.ai.search.budget import Budget
from games.engine.cards import DECK_36, SUITS
from games.engine.preisjass import RULES, Phase, PreisjassState
from games.engine.preisjass.cards import legal_cards

DECK = list(DECK_36)


def _dealt(seed: int) -> tuple[PreisjassState, random.Random]:
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event())
    while state.phase != Phase.PLAY:
        state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
    return state, rng


def _positions(seed: int, by_anton: bool = False) -> list[PreisjassState]:
    """Every position of one game, played at random or by four Antons (which makes realistic voids)."""
    state, rng = _dealt(seed)
    anton_player = AntonPreisjass()
    out = []
    while state.phase == Phase.PLAY and len(state.games) == 0:
        out.append(state.clone())
        legal = state.legal_actions()
        seat = state.seat_to_play
        if by_anton:
            action = anton_player.choose(state.view(seat), legal, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state = RULES.apply_in_place(state, action)
    return out


@pytest.mark.parametrize("seed", range(40))
def test_the_deal_follows_the_engine(seed: int) -> None:
    """Same legal cards, and after every card the same hands, trick, leader (the trick winner) and
    points, over random games."""
    positions = _positions(seed)
    for state, after in zip(positions, [*positions[1:], None], strict=True):
        deal = Deal.from_engine(state)
        assert deal.turn == state.seat_to_play
        hand, trump = state.hands[state.seat_to_play], state.trump
        assert trump is not None
        assert sorted(DECK[c] for c in deal.moves()) == sorted(legal_cards(hand, state.trick, trump))
        if after is None:
            continue
        played = next(c for c in hand if c not in after.hands[state.seat_to_play])
        nxt = deal.play(INDEX[played])
        if after.phase == Phase.PLAY:
            expected = Deal.from_engine(after)
            assert (nxt.hands, nxt.leader, nxt.trick, nxt.done, nxt.points) == (
                expected.hands,
                expected.leader,
                expected.trick,
                expected.done,
                expected.points,
            )
        else:  # the game's last card: the engine has moved on to the next deal
            assert nxt.over and list(nxt.points) == after.games[-1]["points"]
            assert sum(nxt.points) == 157


def test_the_bauer_alone_need_not_follow_trump_and_no_undertrump() -> None:
    trump = SUITS.index("H")
    hand = mask_of(["JH", "6C", "7S"])
    assert legal_mask(hand, (INDEX["AH"],), trump) == hand
    hand = mask_of(["JH", "6H", "7S"])
    assert legal_mask(hand, (INDEX["AH"],), trump) == mask_of(["JH", "6H"])
    # void in clubs, a trump King on the table: the 6 of trumps would undertrump while a spade is held
    hand = mask_of(["6H", "AH", "7S"])
    assert legal_mask(hand, (INDEX["6C"], INDEX["KH"]), trump) == mask_of(["AH", "7S"])


def test_from_view_is_the_engine_deal_when_the_hidden_hands_are_right() -> None:
    for state in _positions(5)[::3]:
        seat = state.seat_to_play
        hidden = [mask_of(h) for h in state.hands]
        assert vars_of(Deal.from_view(observe(state.view(seat)), hidden)) == vars_of(Deal.from_engine(state))


def vars_of(deal: Deal) -> tuple[object, ...]:
    return (deal.trump, deal.hands, deal.leader, deal.trick, deal.done, deal.points)


def _best_line(deal: Deal, me: int, policy: Policy, voids: list[int]) -> int:
    """Plain recursion: the most card points `me` can win from `deal` on while the others play `policy`."""
    if deal.over:
        return 0
    seat = deal.turn
    options = deal.moves() if seat == me else [policy(list(deal.hands), seat, deal.trick, deal.trump, voids)]
    best = -1
    for card in options:
        shown = list(voids)
        if deal.trick:
            lead, suit, trump = deal.trick[0] // 9, card // 9, deal.trump
            if lead == trump and suit != trump:
                shown[seat] |= SUIT_MASK[trump] & ~(1 << (9 * trump + 5))
            elif lead != trump and suit not in (lead, trump):
                shown[seat] |= SUIT_MASK[lead]
        after = deal.play(card)
        best = max(best, after.points[me] - deal.points[me] + _best_line(after, me, policy, shown))
    return best


@pytest.mark.parametrize("seed", range(8))
def test_single_agent_lines_agree_with_plain_recursion(seed: int) -> None:
    checked = 0
    for state in _positions(seed, by_anton=True):
        if len(state.tricks) < 5:
            continue
        deal = Deal.from_engine(state)
        me = deal.turn
        voids = [0, 0, 0, 0]
        policy = anton if seed % 2 else greedy
        lines = Lines(me, deal.trump, policy, greedy, Budget(10**9, 60.0), exact=9)
        for card in deal.moves():
            after = deal.play(card)
            expected = after.points[me] - deal.points[me] + _best_line(after, me, policy, voids)
            assert lines.value(deal, voids, card) == expected
            checked += 1
    assert checked >= 4


def test_playouts_end_the_game_with_all_points() -> None:
    for state in _positions(2)[::5]:
        deal = Deal.from_engine(state)
        for policy in (greedy, anton):
            gained = playout(deal, policy, 0, greedy, [0, 0, 0, 0])
            assert sum(gained) + sum(deal.points) == 157


def _looked_ahead_by_hand(deal: Deal, others: Policy) -> int:
    """The lookahead's rule written out: every legal card played to the end of the trick on the
    engine-checked Deal, the others replying by their rule; the points the seat takes with it, less
    LOOK_KEEP x KEEP fading over its last LOOK_HORIZON cards; the first best card."""
    seat = deal.turn
    left = deal.hands[seat].bit_count() - 1
    best, best_value = -1, -1e9
    for card in deal.moves():
        after = deal.play(card)
        while after.trick:
            after = after.play(others(list(after.hands), after.turn, after.trick, after.trump, [0, 0, 0, 0]))
        value: float = after.points[seat] - deal.points[seat]
        value -= LOOK_KEEP * min(1.0, left / LOOK_HORIZON) * KEEP[deal.trump][card]
        if value > best_value:
            best, best_value = card, value
    return best


@pytest.mark.parametrize("seed", range(8))
def test_the_lookahead_plays_the_trick_out_for_every_card_it_could_take_it_with(seed: int) -> None:
    """It tries only the cards that could take the trick, yet chooses as trying every card does."""
    policy = anton_at(-1, -1)
    for state in _positions(seed, by_anton=True):
        deal = Deal.from_engine(state)
        budget = Budget(10**6, 60.0)
        chosen = Lookahead(policy, budget)(list(deal.hands), deal.turn, deal.trick, deal.trump, [0, 0, 0, 0])
        assert chosen == _looked_ahead_by_hand(deal, policy)
        assert budget.nodes_used <= 3 * len(deal.moves())


def test_seeing_every_hand_the_lookahead_takes_far_more_than_greedy_against_three_antons() -> None:
    """The rule Dora plays herself by in a playout: one seat on it, the others on Anton's, every hand
    seen, over 50 deals and each seat in turn."""
    taken = {"greedy": 0, "lookahead": 0}
    for seed in range(50):
        state, _ = _dealt(1000 + seed)
        view = state.view(0)
        others = anton_at(INDEX[view["bodentrumpf"]], view["dealer"])
        deal = Deal.from_engine(state)
        for me in range(PLAYERS):
            taken["greedy"] += playout(deal, others, me, greedy)[me]
            taken["lookahead"] += playout(deal, others, me, Lookahead(others, Budget(10**6, 60.0)))[me]
    per_game = {name: points / 200 for name, points in taken.items()}
    assert per_game["lookahead"] > per_game["greedy"] + 5, per_game


def _consistent(state: PreisjassState, seat: int, hands: list[int]) -> None:
    """The world's hands explain every card the other seats played in this game."""
    view = state.view(seat)
    unseen = {c for c in DECK if c not in view["played"] and c not in view["hand"]}
    dealt = [set(bits(h)) for h in hands]
    assert hands[seat] == 0
    assert set().union(*dealt) == {INDEX[c] for c in unseen}
    assert sum(len(d) for d in dealt) == len(unseen)
    for s in range(PLAYERS):
        if s != seat:
            assert len(dealt[s]) == len(state.hands[s])
    if view["bodentrumpf"] in unseen and view["dealer"] != seat:
        assert INDEX[view["bodentrumpf"]] in dealt[view["dealer"]]
    tricks = [t["cards"] for t in view["tricks"]] + ([view["trick"]] if view["trick"] else [])
    for s in range(PLAYERS):
        if s == seat:
            continue
        held = {DECK[c] for c in dealt[s]}  # the seat's hand, rebuilt backwards through the game
        for cards in reversed(tricks):
            for i, entry in enumerate(cards):
                if entry["seat"] == s:
                    held.add(entry["card"])
                    before = [e["card"] for e in cards[:i]]
                    assert entry["card"] in legal_cards(sorted(held), before, view["trump"])


@pytest.mark.parametrize("seed", range(16))
def test_sampled_worlds_never_contradict_the_view(seed: int) -> None:
    rng = random.Random(seed)
    for state in _positions(seed, by_anton=True)[::2]:
        seat = state.seat_to_play
        worlds = Worlds(observe(state.view(seat)))
        for _ in range(6):
            _consistent(state, seat, worlds.hands(rng))


def _swap_hidden(state: PreisjassState, rng: random.Random) -> PreisjassState:
    """The same view for the seat to play with other hidden hands (a world sampled for it)."""
    seat = state.seat_to_play
    other = state.clone()
    hands = Worlds(observe(state.view(seat))).hands(rng)
    for s in range(PLAYERS):
        if s != seat:
            other.hands[s] = sorted((DECK[c] for c in bits(hands[s])), key=DECK.index)
    assert other.view(seat) == state.view(seat)
    return other


def test_dora_is_legal_reproducible_and_uses_the_view_only() -> None:
    player = SearchPreisjass(worlds=6, nodes=3000, exact_tricks=2)
    decided = 0
    for seed in range(3):
        for state in _positions(seed, by_anton=True)[1::4]:
            seat = state.seat_to_play
            view, legal = state.view(seat), state.legal_actions()
            frozen = copy.deepcopy(view)
            first = player.choose(view, legal, random.Random(seed))
            assert first in legal and view == frozen
            swapped = _swap_hidden(state, random.Random(seed + 100))
            again = player.choose(swapped.view(seat), swapped.legal_actions(), random.Random(seed))
            assert again == first
            decided += len(legal) > 1
    assert decided >= 5 and player.stats["worlds"] > 0 and player.stats["nodes"] > 0


def test_dora_falls_back_to_anton_without_a_finished_world() -> None:
    state = _positions(1)[4]
    seat = state.seat_to_play
    view, legal = state.view(seat), state.legal_actions()
    starved = SearchPreisjass(worlds=5, nodes=1, exact_tricks=2)
    expected = AntonPreisjass().choose(view, legal, random.Random(0))
    assert starved.choose(view, legal, random.Random(0)) == expected
    assert starved.stats["worlds"] == 0


def test_dora_is_registered_and_plays_a_game_of_the_run_legally(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "dora" in available_versions("preisjass")
    assert isinstance(get_player("preisjass", "dora"), DoraPreisjass)
    assert get_player("preisjass", "dora").name == "Dora"
    monkeypatch.setattr(dora_module, "DORA_NODES", 2000)
    player = DoraPreisjass()
    state, rng = _dealt(9)
    while state.phase == Phase.PLAY:
        legal = state.legal_actions()
        action = player.choose(state.view(state.seat_to_play), legal, rng)
        assert action in legal
        state = RULES.apply_in_place(state, action)
    assert sum(state.games[-1]["points"]) == 157


@pytest.mark.parametrize("seed", range(4))
def test_the_anton_policy_makes_every_choice_anton_makes(seed: int) -> None:
    """Four Antons play six games of a run; at every choice the policy, given the true hands and what
    the table has seen, picks Anton's card (the Bodentrumpf with the dealer, the Bauer's rule for
    trump voids and Anton's order of the cards included)."""
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event())
    player = AntonPreisjass()
    choices = 0
    voids = [0, 0, 0, 0]
    while len(state.games) < 6:
        if state.phase != Phase.PLAY:
            state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
            voids = [0, 0, 0, 0]
            continue
        seat = state.seat_to_play
        view, legal = state.view(seat), state.legal_actions()
        action = player.choose(view, legal, rng)
        deal = Deal.from_engine(state)
        if len(legal) > 1:
            policy = anton_at(INDEX[view["bodentrumpf"]], view["dealer"])
            assert DECK[policy(list(deal.hands), seat, deal.trick, deal.trump, voids)] == action["card"]
            choices += 1
        void_after(voids, seat, deal.trick, INDEX[action["card"]], deal.trump)
        state = RULES.apply_in_place(state, action)
    assert choices > 150


def test_the_true_world_explains_every_choice_of_players_who_follow_the_model() -> None:
    """Four seats play the `anton` policy on the real hands: the real world has no miss, while worlds
    sampled from the view alone often have some (the evidence tells worlds apart)."""
    rng = random.Random(4)
    sampled_misses = []
    for seed in range(6):
        state, _ = _dealt(seed)
        trump = SUITS.index(state.trump or "C")
        voids = [0, 0, 0, 0]
        for _ in range(4 * 5 + seed % 4):
            deal = Deal.from_engine(state)
            seat = deal.turn
            card = anton(list(deal.hands), seat, deal.trick, trump, voids)
            if deal.trick:  # the table learns a void as in a playout
                lead, suit = deal.trick[0] // 9, card // 9
                if lead == trump and suit != trump:
                    voids[seat] |= SUIT_MASK[trump] & ~(1 << (9 * trump + 5))
                elif suit not in (lead, trump):
                    voids[seat] |= SUIT_MASK[lead]
            state = RULES.apply_in_place(state, {"type": "play", "seat": seat, "card": DECK[card]})
        view = state.view(state.seat_to_play)
        evidence = Evidence(observe(view), trump)
        assert evidence.misses([mask_of(h) for h in state.hands], anton, 99) == 0
        worlds = Worlds(observe(view))
        for _ in range(10):
            hands = worlds.hands(rng)
            hands[view["seat"]] = mask_of(view["hand"])
            sampled_misses.append(evidence.misses(hands, anton, 99))
    assert sum(m > 0 for m in sampled_misses) >= 10


def _misses_by_replay(evidence: Evidence, hands: list[int], policy: Policy) -> int:
    """The others' unexplained choices counted the plain way: the game replayed in order from the
    hands the world's seats held at its start."""
    now = [hands[s] | evidence.played[s] for s in range(PLAYERS)]
    voids = [0, 0, 0, 0]
    missed = 0
    for cards in evidence.tricks:
        trick: tuple[int, ...] = ()
        for seat, card in cards:
            if seat != evidence.me:
                options = legal_mask(now[seat], trick, evidence.trump)
                if options & (options - 1) and policy(now, seat, trick, evidence.trump, voids) != card:
                    missed += 1
            now[seat] ^= 1 << card
            void_after(voids, seat, trick, card, evidence.trump)
            trick = (*trick, card)
    return missed


@pytest.mark.parametrize("seed", range(6))
def test_a_seats_misses_add_up_to_the_worlds_and_depend_on_its_own_hand_alone(seed: int) -> None:
    """`seat_misses` over the other seats sums to `misses` and to the count of a plain replay of the
    game, and swapping cards between two seats leaves
    the third seat's count as it was (its choices saw the others' cards only as one pool)."""
    rng = random.Random(seed)
    for state in _positions(seed, by_anton=True)[8::3]:
        view = state.view(state.seat_to_play)
        trump = SUITS.index(view["trump"])
        evidence, worlds = Evidence(observe(view), trump), Worlds(observe(view))
        policy = anton_at(INDEX[view["bodentrumpf"]], view["dealer"])
        for _ in range(4):
            hands = worlds.hands(rng)
            hands[view["seat"]] = mask_of(view["hand"])
            each = {s: evidence.seat_misses(hands, s, policy, 99) for s in worlds.others}
            assert sum(each.values()) == evidence.misses(hands, policy, 99)
            assert sum(each.values()) == _misses_by_replay(evidence, hands, policy)
            a, b, c = worlds.others
            both = (1 << a) | (1 << b)  # the cards the view lets either seat hold change hands
            free = [x for x in bits(hands[a] | hands[b]) if worlds.allowed[x] & both == both]
            rng.shuffle(free)
            swapped = list(hands)
            keep = hands[a] & ~sum(1 << x for x in free)
            room = hands[a].bit_count() - keep.bit_count()
            swapped[a] = keep | sum(1 << x for x in free[:room])
            swapped[b] = (hands[a] | hands[b]) & ~swapped[a]
            assert evidence.seat_misses(swapped, c, policy, 99) == each[c]


def test_the_chain_draws_worlds_that_explain_the_play_and_never_contradict_the_view() -> None:
    """Past the third trick of games of four Antons few worlds drawn afresh explain every choice of the
    others; the chain's worlds mostly do, each one consistent with the view, its count of misses true."""
    rng = random.Random(3)
    fresh, chained = [], []
    for seed in range(4):
        for state in _positions(seed, by_anton=True)[14:30:4]:
            seat = state.seat_to_play
            view = state.view(seat)
            evidence, worlds = Evidence(observe(view), SUITS.index(view["trump"])), Worlds(observe(view))
            policy = anton_at(INDEX[view["bodentrumpf"]], view["dealer"])
            chain = Chain(worlds, evidence, policy, rng, mask_of(view["hand"]))
            for _ in range(20):
                hands, missed = chain.draw()
                assert missed == evidence.misses(hands, policy, 99)
                chained.append(missed)
                hidden = list(hands)
                hidden[seat] = 0
                _consistent(state, seat, hidden)
                sampled = worlds.hands(rng)
                sampled[seat] = mask_of(view["hand"])
                fresh.append(evidence.misses(sampled, policy, 99))
            assert chain.calls > 0
    explained = sum(m == 0 for m in chained) / len(chained)
    assert explained > 0.8 and explained > 3 * sum(m == 0 for m in fresh) / len(fresh)


def test_the_strength_bench_counts_points_per_game_of_the_run() -> None:
    from bench.ai_strength import GAMES, duplicate

    measure = GAMES["preisjass"]
    assert (measure.unit, measure.reference) == ("points_per_game", 39.25)
    result = {"totals": [600, 300, 500, 484], "games_played": 12, "deals": [{}] * 12}
    assert [measure.score(result, s) for s in range(PLAYERS)] == [50.0, 25.0, 500 / 12, 484 / 12]
    figure = duplicate("preisjass", "random", pairs=2, first_seed=7, budget=1.0)
    assert (figure["pairs"], figure["matches"], figure["deals"]) == (2, 8, 96)
    assert figure["low"] <= figure["mean"] < 39.25  # random plays below Anton's fair share
