"""Celery queues by kind of work: AI moves never wait behind projections, and every queue a task is
routed to has workers in docker-compose.yml (and in the live tests' cluster)."""

from __future__ import annotations

from pathlib import Path

import yaml

from config.celery import app

ROOT = Path(__file__).resolve().parents[2]


def queue_of(task: str) -> str:
    return str(app.amqp.router.route({}, task, (), {})["queue"].name)


def consumed(command: list[str]) -> set[str]:
    return set(command[command.index("-Q") + 1].split(","))


def test_moves_and_projections_go_to_queues_of_their_own() -> None:
    assert queue_of("games.tasks.ai_move") == "moves"
    assert queue_of("games.tasks.ai_move_store") == "moves"
    assert queue_of("games.tasks.watchdog") == "moves"
    assert queue_of("leaderboard.tasks.save_match") == "projections"
    assert queue_of("leagues.tasks.project_match") == "projections"
    assert queue_of("leagues.tasks.season_rollover") == "projections"
    assert queue_of("collusion.tasks.project_match") == "analysis"
    assert queue_of("analysis.tasks.analyse") == "analysis"
    assert queue_of("analysis.tasks.recover") == "moves"  # the sweep never waits behind analyses
    assert queue_of("notifications.tasks.deliver") == "notifications"
    assert queue_of("some.other.task") == "celery"


def test_every_queue_has_workers_and_the_move_workers_take_moves_only() -> None:
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    workers = {
        name: consumed(s["command"]) for name, s in services.items() if "worker" in s.get("command", [])
    }
    assert workers["worker"] == {"moves"}
    assert set().union(*workers.values()) >= {"moves", "projections", "analysis", "notifications", "celery"}
    assert workers["analysis"] == {"analysis"}
    assert workers["notifications"] == {"notifications"}
    cluster = (ROOT / "tests" / "live" / "cluster.py").read_text()
    assert '"-Q", "moves,projections,analysis,notifications,celery"' in cluster
