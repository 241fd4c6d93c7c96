"""The scrape config, the Grafana dashboard and the compose file agree with each other and with the
metrics the code defines."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml
from django_prometheus.middleware import Metrics

from ops import metrics

ROOT = Path(__file__).resolve().parents[2]
SUFFIXES = ("", "_total", "_count", "_sum", "_bucket", "_created")


def defined_metric_names() -> set[str]:
    """Every sample name a scrape can show (families with no labels observed yet included): ours,
    beat's queue lengths, and django-prometheus's (registered when its middleware first loads)."""
    Metrics.get_instance()
    registry = metrics.registry(queues=True)
    return {family.name + suffix for family in registry.collect() for suffix in SUFFIXES}


def named_metrics(expr: str) -> set[str]:
    return set(re.findall(r"\b(?:kartentisch|django)_[a-z_]+\b", expr))


def compose() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def scrape_configs() -> list[dict[str, Any]]:
    return yaml.safe_load((ROOT / "deploy/prometheus/prometheus.yml").read_text())["scrape_configs"]


def test_the_documented_scrape_config_is_the_deployed_one() -> None:
    text = (ROOT / "docs/monitoring.md").read_text()
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if "scrape_configs" in b]
    assert yaml.safe_load(block)["scrape_configs"] == scrape_configs()


def test_the_scrape_config_reaches_every_process_on_the_port_it_serves() -> None:
    services = compose()["services"]
    targets: dict[str, tuple[str, int]] = {}
    for job in scrape_configs():
        for sd in job.get("dns_sd_configs", []):
            for name in sd["names"]:
                targets[name] = (job.get("metrics_path", "/metrics"), sd["port"])
        for static in job.get("static_configs", []):
            for target in static["targets"]:
                host, port = target.split(":")
                targets[host] = (job.get("metrics_path", "/metrics"), int(port))
    web = services["web"]["command"]
    assert targets["web"] == ("/metrics", int(web[web.index("-p") + 1]))
    for name in ("worker", "projections", "notifications", "beat"):
        env = services[name]["environment"]
        assert targets[name] == ("/metrics", int(env["METRICS_PORT"])), name
        assert str(int(env["METRICS_PORT"])) in [str(p) for p in services[name]["expose"]]
        assert "ports" not in services[name]  # never published on the host


def test_only_the_forking_worker_runs_in_multiprocess_mode_on_a_fresh_tmpfs() -> None:
    services = compose()["services"]
    directory = services["worker"]["environment"]["PROMETHEUS_MULTIPROC_DIR"]
    assert any(mount.split(":")[0] == directory for mount in services["worker"]["tmpfs"])
    for name in ("web", "beat", "migrate"):
        assert "PROMETHEUS_MULTIPROC_DIR" not in services[name]["environment"], name
    # Every app service still gets the shared settings (the merge did not drop them).
    for name in ("web", "worker", "beat", "migrate"):
        env = services[name]["environment"]
        assert env["DJANGO_SETTINGS_MODULE"] == "config.settings_production" and "METRICS_ALLOWED" in env


def test_the_dashboard_parses_and_names_only_metrics_that_exist() -> None:
    dashboard = json.loads((ROOT / "deploy/grafana/kartentisch.json").read_text())
    exprs = [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    named = set().union(*(named_metrics(expr) for expr in exprs))
    assert named and not named - defined_metric_names(), named - defined_metric_names()
    # Every group the issue asks to watch has a panel.
    for needle in (
        "django_http_requests_latency_seconds_by_view_method",
        "kartentisch_websocket_connections",
        "kartentisch_move_seconds",
        "kartentisch_ai_move_seconds",
        "kartentisch_watchdog_tick_seconds",
        "kartentisch_watchdog_actions_total",
        "kartentisch_celery_queue_length",
        "kartentisch_db_pool_available",
        "kartentisch_leaderboard_saves_total",
        "kartentisch_leaderboard_retries_total",
        "kartentisch_projection_failures_total",
    ):
        assert any(needle in expr for expr in exprs), needle


def test_the_documented_metric_names_exist() -> None:
    text = (ROOT / "docs/monitoring.md").read_text()
    table = [line for line in text.splitlines() if line.startswith("| `")]
    named = set().union(*(named_metrics(line.split("|")[1]) for line in table))
    named = {n for n in named if not n.endswith("_")}  # "kartentisch_db_pool_max`, `_size`" lists
    assert len(named) >= 15
    assert not named - defined_metric_names(), named - defined_metric_names()
