"""A race of concurrent submits for the same seq, for bench/store.py and the test suite (not a benchmark)."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from django.db import connection

from games.errors import GameError
from games.live.actors import Actor
from games.models import Match, MatchEvent
from games.services.matches import match_act
from games.store.events import load_state


@dataclass
class RaceOutcome:
    successes: int
    conflicts: int
    other_errors: list[str]
    seqs: list[int]


def race_submits(match: Match, actor: Actor, writers: int = 8) -> RaceOutcome:
    """`writers` threads submit a different legal action for the same expected seq at the same moment."""
    match.refresh_from_db()
    state = load_state(match)
    legal = state.legal_actions()
    expected = match.version
    barrier = threading.Barrier(writers)
    lock = threading.Lock()
    outcome = RaceOutcome(0, 0, [], [])

    def submit(i: int) -> None:
        action = {k: v for k, v in legal[i % len(legal)].items() if k != "seat"}
        try:
            barrier.wait()
            match_act(
                match_id=match.pk, actor=actor, action=action, expected_seq=expected, command_id=f"race-{i}"
            )
            with lock:
                outcome.successes += 1
        except GameError as exc:
            with lock:
                if exc.code == "stale_seq":
                    outcome.conflicts += 1
                else:
                    outcome.other_errors.append(f"{exc.code}: {exc.message}")
        except Exception as exc:
            with lock:
                outcome.other_errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    outcome.seqs = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
    return outcome
