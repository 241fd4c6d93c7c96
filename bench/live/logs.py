"""What the live bench reads from the cluster's processes (the consumers' timing lines, the watchdog's
task results) and how it writes a row of its table."""

from __future__ import annotations

import argparse
import ast
import contextlib
from collections import Counter
from pathlib import Path

from bench.table import percentile
from tests.live.cluster import (
    Cluster,
)


def profiled(args: argparse.Namespace, cluster: str) -> dict[str, str]:
    """PROFILE_DIR for a cluster's web processes (ops/profiling.py) with --profile."""
    return {"PROFILE_DIR": str(Path(args.profile).resolve() / cluster)} if args.profile else {}


def server_side(logs: Path) -> list[tuple[float, float, float]]:
    """From the web processes' timing lines: for each human act, its arrival (wall clock) and the
    time from there to the acting seat's next state leaving, and to the last of all seats' next
    states leaving."""
    acts: list[tuple[str, int, str, float]] = []
    sent: dict[tuple[str, str], list[tuple[int, float]]] = {}
    for log in sorted(logs.glob("web*.log")):
        for line in log.read_text(errors="replace").splitlines():
            parts = line.split()
            if len(parts) != 5 or parts[0] not in ("act", "sent"):
                continue
            kind, match_text, seq_text, seat_text, at = parts
            if kind == "act":
                acts.append((match_text, int(seq_text), seat_text, float(at)))
            else:
                sent.setdefault((match_text, seat_text), []).append((int(seq_text), float(at)))
    by_match: dict[str, list[tuple[str, list[tuple[int, float]]]]] = {}
    for (m, other), times in sent.items():
        by_match.setdefault(m, []).append((other, sorted(times)))
    out: list[tuple[float, float, float]] = []
    for match, seq, seat, arrived in acts:
        firsts = {other: next((t for s, t in times if s > seq), None) for other, times in by_match[match]}
        answered = {other: t for other, t in firsts.items() if t is not None}
        if seat in answered and len(answered) == len(firsts):  # not the last act (refused: not logged)
            out.append((arrived, answered[seat] - arrived, max(answered.values()) - arrived))
    return out


def watchdog_actions(cluster: Cluster) -> str:
    """What the watchdog did during the cluster's run, from the worker's log (its task results): a
    stand-in or a released web process turns the bots' acts stale."""
    totals: Counter[str] = Counter()
    for line in cluster.log("worker", tail=None).splitlines():
        if "games.tasks.watchdog" in line and "succeeded" in line and "{" in line:
            with contextlib.suppress(ValueError, SyntaxError):
                totals.update(ast.literal_eval(line[line.index("{") :]))
    return ", ".join(f"{k} {v}" for k, v in sorted(totals.items()) if v) or "none"


def row(what: str, samples: list[float], target: str, notes: str) -> list[object]:
    ms = [s * 1000 for s in samples]
    if not ms:
        return [what, 0, "-", "-", "-", target, notes]
    return [what, len(ms), percentile(ms, 50), percentile(ms, 95), max(ms), target, notes]


# --- guests and tables ---------------------------------------------------------------------------
