"""A per-decision budget: a node count (the part that keeps decisions reproducible) and a CPU-time
cap on the calling thread (a safety net for slow machines, so a decision never runs over).

The node budgets are sized so that a decision takes well under the cap on a busy machine; the cap
(`SAFETY_SECONDS`, below the service's 2 s hard deadline) only stops a search that would otherwise
miss that deadline. A decision stopped by the cap is marked `timed_out` (the bench counts them): it
may differ from the same decision on a quicker machine, every other decision depends only on the view
and the seeded generator."""

from __future__ import annotations

import time
from typing import Final, final

from mypy_extensions import i64

SAFETY_SECONDS: Final = 1.5


class BudgetExceeded(Exception):
    """Raised inside a search when its budget is spent; the caller keeps what it finished."""


@final
class Budget:
    def __init__(self, nodes: i64, seconds: float) -> None:
        self.nodes_left = nodes
        self.nodes_used: i64 = 0
        self.seconds = seconds
        self.started = time.thread_time()
        self._check_every: i64 = 256
        #: the CPU-time cap, not the node count, ended this search
        self.timed_out = False

    def spend(self) -> None:
        """Count one node; raise BudgetExceeded once the nodes or the time are used up."""
        self.nodes_used += 1
        self.nodes_left -= 1
        if self.nodes_left < 0:
            raise BudgetExceeded
        if self.nodes_used % self._check_every == 0 and self.elapsed() > self.seconds:
            self.nodes_left = -1
            self.timed_out = True
            raise BudgetExceeded

    def elapsed(self) -> float:
        return time.thread_time() - self.started

    @property
    def spent(self) -> bool:
        return self.nodes_left < 0
