"""Verifiably fair deals.

When a match is created the server draws a 32-byte secret seed with a CSPRNG and publishes only
`commitment = SHA-256(seed)`. Every chance event (card draws, deck orders, cuts) is produced by the
engine's `chance_event(state, rng)` with

    rng = random.Random(int.from_bytes(HMAC-SHA256(key=seed, msg=f"chance:{k}"), "big"))

where `k` counts the match's chance events from 0. Numbering chance events (not all events) lets the
tables of a duplicate round share one seed and get the same deals whatever is played in between.
When the match is over the seed is revealed; `manage.py verify_match <id>` (or anyone with the seed
and the public event log) recomputes every chance event and checks them and the commitment.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets


def new_seed() -> str:
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def chance_rng(seed: str, index: int) -> random.Random:
    digest = hmac.new(bytes.fromhex(seed), f"chance:{index}".encode(), hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


def decision_rng(seed: str, seq: int) -> random.Random:
    """The generator an AI seat of a shared-deal table (a duplicate round, a daily challenge) draws
    from for its move at `seq`: from the seed, so that two tables that reached the same position by
    the same moves meet the same AI decision, and independent of the chance events (another message)."""
    digest = hmac.new(bytes.fromhex(seed), f"decision:{seq}".encode(), hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


def verify(events: list[dict[str, object]], seed: str, published_commitment: str) -> list[str]:
    """Problems found when recomputing every chance event of a finished match (empty: all fair)."""
    from games.engine import CHANCE, IllegalAction, get_rules

    problems: list[str] = []
    if commitment(seed) != published_commitment:
        problems.append("the seed does not match the published commitment")
    if not events:
        return [*problems, "no events"]
    rules = get_rules(str(events[0].get("game")))
    state = rules.initial_state(events[0])
    index = 0
    for seq, event in enumerate(events[1:], start=2):
        if state.to_move == CHANCE:
            expected = rules.chance_event(state, chance_rng(seed, index))
            index += 1
            if expected != event:
                problems.append(f"event {seq} ({event.get('type')}) differs from the one the seed gives")
        try:
            state = rules.apply_in_place(state, event)
        except IllegalAction as exc:
            return [*problems, f"event {seq} ({event.get('type')}) does not replay: {exc.reason}"]
        except (TypeError, KeyError, ValueError) as exc:
            return [*problems, f"event {seq} ({event.get('type')}) is malformed: {exc}"]
    return problems
