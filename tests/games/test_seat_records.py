"""The rule of games.results.seat_records at its edges, on hand-made event rows: a quarter of a seat's
decisions by the stand-in still counts, one more does not; half of the last deal still counts, more does
not."""

from __future__ import annotations

from games.results.seat_records import SeatFacts, records_of

HUMAN, AI = SeatFacts(0, False, ""), SeatFacts(1, True, "dora")
Deal = list[str | None]  # the human seat's decisions in one deal, by command id (None: no id)
STAND_IN: Deal = ["ai:1"]  # one decision by the stand-in


def rows(*deals: Deal) -> list[tuple[str, int | None, str | None]]:
    """Event rows: per deal, the human seat's decisions, each answered by the AI seat."""
    out: list[tuple[str, int | None, str | None]] = [("start", None, None)]
    for deal in deals:
        out.append(("deal", None, None))
        for n, command in enumerate(deal):
            out += [("play", 0, command), ("play", 1, f"ai:{n}")]
    return out


def reason(*deals: Deal) -> str:
    return records_of([HUMAN, AI], rows(*deals))[0].unranked_reason


def test_a_quarter_counts_and_more_does_not() -> None:
    own: Deal = [None, "c-1", "c-2"]
    assert reason(STAND_IN * 4 + own * 4, own * 4) == ""  # 4 of 28
    assert reason(STAND_IN * 4 + own, own * 3) == ""  # 4 of 16
    assert reason(STAND_IN * 5 + own, own * 3) == "stand_in"  # 5 of 17


def test_half_of_the_last_deal_counts_and_more_does_not() -> None:
    first: Deal = [None] * 20
    assert reason(first, STAND_IN * 2 + [None, None]) == ""
    assert reason(first, STAND_IN * 3 + [None]) == "stand_in_last_deal"
    assert reason(STAND_IN * 3 + [None], first) == ""  # an early deal is no last deal
    assert reason(first, []) == ""  # a last deal without a decision of the seat


def test_records_name_the_ai_versions_played_against() -> None:
    records = records_of([HUMAN, AI, SeatFacts(2, True, "")], rows([None]))
    assert [(r.ai_version, r.opponent_ai_versions) for r in records] == [
        ("", ["anton", "dora"]),
        ("dora", ["anton"]),
        ("anton", ["dora"]),  # an AI seat stored without a version plays Anton
    ]
    assert [r.human_result for r in records] == [True, False, False]
    assert records[1].decisions.total == 0  # an AI seat's moves are its own, never the stand-in's
