"""The ranking on a hand-made field: per deal the share of the other entries beaten (ties half), the
average over the deals, ties to whoever finished first."""

from __future__ import annotations

import random

import pytest

from challenges.standings import Card, Field, rank


def test_percentages_and_places_of_a_hand_made_field() -> None:
    # three deals, four entries; finishing order a, b, c, d
    cards = [
        Card(entry=1, finished=1, scores=(3.0, -1.0, 0.0)),
        Card(entry=2, finished=2, scores=(3.0, 2.0, -2.0)),
        Card(entry=3, finished=3, scores=(-2.0, 2.0, 1.0)),
        Card(entry=4, finished=4, scores=(1.0, -3.0, 1.0)),
    ]
    ranked = rank(cards, 3)
    # deal 1: 3 3 -2 1 -> a and b beat two, tie one: (2 + .5) / 3
    assert ranked.deal_percent(0, 3.0) == pytest.approx(100 * 2.5 / 3)
    assert ranked.deal_percent(0, -2.0) == 0
    assert ranked.deal_percent(0, 1.0) == pytest.approx(100 / 3)
    # deal 2: -1 2 2 -3
    assert ranked.deal_percent(1, 2.0) == pytest.approx(100 * 2.5 / 3)
    assert ranked.deal_percent(1, -1.0) == pytest.approx(100 / 3)
    # deal 3: 0 -2 1 1
    assert ranked.deal_percent(2, 1.0) == pytest.approx(100 * 2.5 / 3)
    # overall: a = (2.5 + 1 + 1) / 9, b = (2.5 + 2.5 + 0) / 9, c = (0 + 2.5 + 2.5) / 9, d = (1 + 0 + 2.5) / 9
    # b and c tie on 5 matchpoints: b finished first
    assert ranked.order == (2, 3, 1, 4)
    assert ranked.halves == (10, 10, 9, 7)
    assert [ranked.percent(h) for h in ranked.halves] == pytest.approx(
        [100 * 5 / 9, 100 * 5 / 9, 50, 100 * 3.5 / 9]
    )
    assert ranked.place_of(1) == 3 and ranked.place_of(99) is None
    # a score from outside the field (the par): 2 on deal 1 beats -2 and 1 of four entries
    assert ranked.outside_percent(0, 2.0) == 50
    assert ranked.outside_percent(0, 3.0) == pytest.approx(100 * 3 / 4)


def test_the_percentages_of_an_average_field_average_fifty() -> None:
    cards = [Card(entry=i, finished=i, scores=(float(i % 3), float(-i % 5))) for i in range(1, 12)]
    ranked = rank(cards, 2)
    percents = [ranked.percent(h) for h in ranked.halves]
    assert None not in percents
    assert sum(p for p in percents if p is not None) / len(percents) == pytest.approx(50)


def test_a_lone_entry_has_no_percentage_yet() -> None:
    ranked = rank([Card(entry=7, finished=0, scores=(1.0,))], 1)
    assert ranked.order == (7,) and ranked.percent(ranked.halves[0]) is None
    assert ranked.deal_percent(0, 1.0) is None


def _reference(cards: list[Card], deals: int) -> tuple[list[int], list[int]]:
    """The definition, entry by entry: 2 halves per other entry beaten on a deal, 1 per tie; best
    total first, ties to the earlier finish, then the lower id."""
    totals = {
        c.entry: sum(
            2 * sum(o.scores[d] < c.scores[d] for o in cards)
            + sum(o.scores[d] == c.scores[d] for o in cards if o is not c)
            for d in range(deals)
        )
        for c in cards
    }
    order = sorted(cards, key=lambda c: (-totals[c.entry], c.finished, c.entry))
    return [c.entry for c in order], [totals[c.entry] for c in order]


def test_a_field_kept_between_rankings_ranks_as_the_definition() -> None:
    rng = random.Random(3)
    deals = 4
    cards = [
        Card(
            entry=i,
            finished=rng.randrange(30),
            scores=tuple(float(rng.choice((-2, 0, 0, 1, 3))) for _ in range(deals)),
        )
        for i in range(1, 61)
    ]
    field = Field(deals)
    ranked: set[int] = set()
    # entries arrive in batches, out of finishing order; some are taken out (a hold) and come back
    for step in range(12):
        batch = cards[5 * step : 5 * step + 5]
        ranked |= {c.entry for c in batch}
        if step % 4 == 3:
            ranked -= {cards[step].entry, cards[step + 20].entry}
        if step % 4 == 0 and step:
            ranked.add(cards[step - 1].entry)
        field.sync(ranked, [c for c in cards if c.entry in ranked])
        standing = field.rank()
        present = [c for c in cards if c.entry in ranked]
        order, halves = _reference(present, deals)
        assert list(standing.order) == order and list(standing.halves) == halves
        assert rank(present, deals).order == standing.order
        assert standing.entries == len(present)
