"""Small helpers every benchmark uses: timing percentiles, a plain-text table, and tasks run in processes."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def percentile(samples: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank."""
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    index = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples) if samples else float("nan")


def run_all(fn: Callable[..., T], tasks: Sequence[tuple[Any, ...]], jobs: int) -> list[T]:
    """`fn(*task)` for every task, in order: in `jobs` processes when more than one, else here."""
    if jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(min(jobs, len(tasks))) as pool:
            return list(pool.map(fn, *zip(*tasks, strict=True)))
    return [fn(*task) for task in tasks]


def timed(fn: Callable[[], object]) -> float:
    """Seconds one call takes."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    cells = [[str(c) for c in header]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    print(f"\n{title}")
    line = "  ".join("-" * w for w in widths)
    print("  ".join(h.ljust(w) for h, w in zip(cells[0], widths, strict=True)))
    print(line)
    for row in cells[1:]:
        print(
            "  ".join(
                c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )


def _fmt(value: object) -> str:
    if isinstance(value, float):
        if value >= 100:
            return f"{value:,.0f}"
        return f"{value:.3g}" if value < 1 else f"{value:.2f}"
    return str(value)
