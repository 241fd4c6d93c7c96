"""bench ceiling: the all-seeing Dora gets the real deal in the form of her own worlds, only where she is
told to see, and the bench scores her as bench ai_strength scores Dora."""

from __future__ import annotations

import random

import pytest

from bench import ceiling
from bench.ai_strength import mean_interval
from games.ai import get_player
from games.ai.arena import play_match
from games.ai.base import Player
from games.ai.observation.preferans import observe
from games.ai.preferans_search.state import bits, mask_of
from games.ai.preferans_search.worlds import World, places
from games.engine import GameState

OPTIONS = {"pool": 10, "max_deals": 8}


def _place_of(card: int, world: World, hidden: list[int]) -> int:
    """The index of the card's place in `places` terms: a hidden position's index, or OUT."""
    for i, pos in enumerate(hidden):
        if world.hands[pos] >> card & 1:
            return i
    assert world.out >> card & 1, f"card {card} is nowhere in the world"
    return len(hidden)


def test_the_true_world_is_one_of_the_worlds_dora_could_draw() -> None:
    """At every decision of Anton matches (bids, exchange, contract, whist calls, play; a misère, open
    play and raspasy; three players and four, where the dealer sits out), the true world holds the
    real hands, and every card the seat cannot see lies in a place the sampler allows, the places
    filled to the sizes the sampler fills."""
    phases: set[str] = set()
    kinds: set[str] = set()

    def check(state: GameState) -> None:
        seat = state.to_move
        assert isinstance(seat, int)
        obs = observe(state.view(seat))
        world = ceiling.true_world(obs, state)
        phases.add(obs.phase)
        if obs.phase == "play":
            kinds.add("raspasy" if obs.raspasy else "misère" if obs.contract == "MIS" else "game")
            if any(cards is not None for s, cards in enumerate(obs.open_hands) if s != obs.seat):
                kinds.add("open")
        real = state.hands  # type: ignore[attr-defined]
        assert world.hands == [mask_of(real[s]) for s in obs.active]
        hidden, unseen, masks, sizes = places(obs)
        counts = [0] * len(sizes)
        for card, allowed in zip(unseen, masks, strict=True):
            place = _place_of(card, world, hidden)
            assert allowed >> place & 1, (obs.phase, card, place)
            counts[place] += 1
        assert counts == sizes, (obs.phase, counts, sizes)
        # and nothing else is out: no card the seat sees
        assert set(bits(world.out)) <= set(unseen)

    anton = get_player("preferans", "anton")
    # seeds whose eight deals hold a misère, open play and raspasy (found by playing them)
    for players, seed in ((3, 5), (3, 2), (4, 10)):
        options = {**OPTIONS, "players": players}
        play_match("preferans", [anton] * players, seed=seed, options=options, before_decision=check)
    assert {"bid", "exchange", "declare", "whist", "play"} <= phases, phases
    assert {"game", "misère", "raspasy", "open"} <= kinds, kinds


def test_seeing_the_talon_puts_the_real_talon_out_of_play_in_the_auction_only() -> None:
    """With `--sees talon` every world of a bid holds the real talon as the cards out of play and the
    other hands drawn from the rest; after the auction the worlds are Dora's own."""
    sight = ceiling.Sight("talon")
    seeing = _small(ceiling.SeeingPreferans(sight))
    dora = _small(get_player("preferans", "dora"))
    bids = later = 0

    def check(state: GameState) -> None:
        nonlocal bids, later
        sight.look(state)
        seat = state.to_move
        assert isinstance(seat, int)
        obs = observe(state.view(seat))
        worlds = seeing._worlds(obs, random.Random(1), 3)  # type: ignore[attr-defined]
        if obs.phase != "bid":
            assert worlds == dora._worlds(obs, random.Random(1), 3)  # type: ignore[attr-defined]
            later += 1
            return
        talon = mask_of(state.talon)  # type: ignore[attr-defined]
        for world in worlds:
            assert world.out == talon
            assert world.hands[obs.active.index(seat)] == mask_of(obs.hand)
            dealt = [bits(hand) for hand in world.hands]
            assert sorted(c for hand in dealt for c in hand) == sorted(set(range(32)) - set(bits(talon)))
            assert [len(cards) for cards in dealt] == [10, 10, 10]
        bids += 1

    anton = get_player("preferans", "anton")
    for players, seed in ((3, 5), (4, 10)):  # four players: the dealer sits out, his cards in no world
        options = {**OPTIONS, "players": players}
        play_match("preferans", [anton] * players, seed=seed, options=options, before_decision=check)
    assert bids > 10 and later > 10


def _decisions(player: Player, seed: int, sight: ceiling.Sight | None) -> list[dict]:
    """Every action the player at seat 0 takes in one short match beside two Antons."""
    taken: list[dict] = []

    class Recording:
        name = player.name

        def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict:
            action = player.choose(view, legal, rng)
            taken.append(action)
            return action

    anton = get_player("preferans", "anton")
    play_match(
        "preferans",
        [Recording(), anton, anton],
        seed=seed,
        options={"pool": 10, "max_deals": 2},
        ai_rng=random.Random(seed),
        before_decision=sight.look if sight else None,
    )
    return taken


def _small(player: Player) -> Player:
    player.nodes = 4_000  # type: ignore[attr-defined]
    player.worlds = player.bid_worlds = 4  # type: ignore[attr-defined]
    return player


def test_the_seeing_player_is_dora_where_it_does_not_see() -> None:
    """Told to see from a trick after the last, it takes Dora's every decision; seeing, it does not."""
    dora = _decisions(_small(get_player("preferans", "dora")), 7, None)
    blind = ceiling.Sight("play", from_trick=10)
    assert _decisions(_small(ceiling.SeeingPreferans(blind)), 7, blind) == dora
    seeing = ceiling.Sight("all")
    assert _decisions(_small(ceiling.SeeingPreferans(seeing)), 7, seeing) != dora


@pytest.mark.parametrize("game", ["preferans", "preisjass"])
def test_the_bench_prints_the_mean_of_its_duplicate_sets_whatever_the_processes(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ceiling.run(["--game", game, "--pairs", "3", "--budget", "0.02", "--jobs", "2", "--per-set"])
    lines = capsys.readouterr().out.splitlines()
    row = next(line for line in lines if line.startswith(game)).split()
    alone = ceiling.ceiling(game, 3, 2_000_000, "all", 0, 0.02, jobs=1)
    assert sorted(alone["set_scores"]) == [2_000_000, 2_000_001, 2_000_002]
    mean, low, high = mean_interval(list(alone["set_scores"].values()))
    assert f"{mean:.2f}" in row and f"{low:.2f}..{high:.2f}" in row
    # --per-set: each set's score by its seed, as the run measured it
    cells = [line.split() for line in lines]
    for seed, score in alone["set_scores"].items():
        assert [str(seed), f"{score:.3f}"] in cells
