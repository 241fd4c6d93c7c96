"""Rules that silence a notification sent by one player to another, registered by the apps that know
why (the friends app: nothing from a player either of the two blocked). The notifications app imports
none of them; each registers its rule in its AppConfig.ready()."""

from __future__ import annotations

from collections.abc import Callable

#: (reader's user id, sender's user id) -> True when the notification must not be made
MuteRule = Callable[[int, int], bool]

_rules: list[MuteRule] = []


def mute_rule_register(rule: MuteRule) -> None:
    if rule not in _rules:
        _rules.append(rule)


def is_muted(user_id: int, actor_id: int | None) -> bool:
    return actor_id is not None and any(rule(user_id, actor_id) for rule in _rules)
