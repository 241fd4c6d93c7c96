"""The search budget: the node count ends a search reproducibly; the CPU-time cap is only a safety net,
and a search it stops is marked so the bench can count it."""

import pytest

from games.ai.search import budget as budget_module
from games.ai.search.budget import SAFETY_SECONDS, Budget, BudgetExceeded


def test_node_count_ends_the_search_without_the_time_mark():
    budget = Budget(10, 60.0)
    with pytest.raises(BudgetExceeded):
        for _ in range(11):
            budget.spend()
    assert budget.nodes_used == 11 and budget.spent and not budget.timed_out


def test_time_cap_ends_the_search_and_marks_it(monkeypatch):
    clock = iter(float(i) for i in range(10_000))
    monkeypatch.setattr(budget_module.time, "thread_time", lambda: next(clock))
    budget = Budget(10**9, 0.5)
    with pytest.raises(BudgetExceeded):
        for _ in range(10_000):
            budget.spend()
    assert budget.timed_out and budget.spent and budget.nodes_used == 256


def test_safety_cap_stays_below_the_services_hard_deadline(settings):
    assert 1.0 <= SAFETY_SECONDS < settings.AI_HARD_DEADLINE
