"""The image and the compose file: no local clutter in the image, a non-root server, and the proxy
settings that make the limits count the real client."""

from __future__ import annotations

import os
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_dockerignore_keeps_environment_history_databases_and_caches_out() -> None:
    ignored = {
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    for entry in (".venv", ".git", "db.sqlite3", "**/__pycache__", ".pytest_cache", ".mypy_cache"):
        assert entry in ignored, entry
    assert {"artifacts", "staticfiles", ".env"} <= ignored


def test_the_image_runs_as_a_non_root_user() -> None:
    lines = [line.split() for line in (ROOT / "Dockerfile").read_text().splitlines() if line.strip()]
    users = [words[1] for words in lines if words[0] == "USER"]
    assert users and users[-1] not in {"root", "0"}
    last_user = max(i for i, words in enumerate(lines) if words[0] == "USER")
    assert not any(words[0] == "RUN" for words in lines[last_user:])  # nothing runs as root after it
    assert lines[-1][0] == "CMD"


def test_compose_names_the_real_client_through_its_proxy_only() -> None:
    """The replicas publish no port; nginx is the one entry and sets X-Real-IP (and X-Forwarded-For) to
    the peer it saw, replacing the client's own; daphne reads the client from X-Real-IP."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    web, proxy = compose["services"]["web"], compose["services"]["proxy"]
    assert "ports" not in web and web["expose"] == ["8000"]
    command = web["command"]
    assert command[0] == "daphne" and "--proxy-headers" in command
    assert command[command.index("--proxy-headers-host") + 1] == "X-Real-IP"
    assert web["environment"]["TRUSTED_PROXIES"] == "${TRUSTED_PROXIES:-}"
    assert proxy["ports"] == ["${HTTP_PORT:-80}:80"]
    assert "./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in proxy["volumes"]
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    for line in (
        "proxy_set_header X-Real-IP $remote_addr;",
        "proxy_set_header X-Forwarded-For $remote_addr;",
        "proxy_set_header Upgrade $http_upgrade;",
        "server web:8000;",
    ):
        assert line in conf, line
    assert "$proxy_add_x_forwarded_for" not in conf  # appending would keep the client's own entries


def test_daphne_with_those_flags_takes_the_proxy_s_address_not_the_client_s_header() -> None:
    from daphne.utils import parse_x_forwarded_for

    headers = {b"x-real-ip": [b"203.0.113.7"], b"x-forwarded-for": [b"198.51.100.66, 10.0.0.2"]}
    address, _ = parse_x_forwarded_for(
        headers, address_header_name="X-Real-IP", original_addr=["172.18.0.9", 50000]
    )
    assert address[0] == "203.0.113.7"
    # Without the proxy's header the peer stays the peer (the replicas are reachable only via the proxy).
    address, _ = parse_x_forwarded_for(
        {b"x-forwarded-for": [b"198.51.100.66"]},
        address_header_name="X-Real-IP",
        original_addr=["172.18.0.9", 50000],
    )
    assert address == ["172.18.0.9", 50000]


def test_compose_shards_the_channel_layer_over_redis_services_every_process_waits_for() -> None:
    """Every app process (web, workers, beat) gets the same layer hosts, each a Redis service of the
    file that the apps wait for; the broker and the cache stay on REDIS_URL, one of the shards."""
    import urllib.parse

    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    apps = [
        name for name, service in services.items() if "CHANNEL_REDIS_URLS" in service.get("environment", {})
    ]
    assert {"web", "worker", "projections", "beat", "migrate"} <= set(apps)
    for name in apps:
        env = services[name]["environment"]
        shards = env["CHANNEL_REDIS_URLS"].split(",")
        assert len(shards) >= 2 and env["REDIS_URL"] in shards
        for url in shards:
            host = urllib.parse.urlsplit(url).hostname
            assert services[host]["image"].startswith("redis:"), host
            assert "healthcheck" in services[host]
            assert services[name]["depends_on"].get(host, {}).get("condition") == "service_healthy" or (
                name != "migrate" and host in services["migrate"]["depends_on"]
            ), (name, host)


def test_the_proxy_writes_its_trusted_balancers_at_start() -> None:
    """The nginx image runs the executable *.sh files of /docker-entrypoint.d/ before nginx starts: the
    balancer script is mounted there with the list from the environment (empty by default), and the
    config includes the file it writes (tests/config/test_proxy.py runs both in nginx)."""
    proxy = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]["proxy"]
    assert proxy["environment"]["TRUSTED_LOAD_BALANCERS"] == "${TRUSTED_LOAD_BALANCERS:-}"
    mount = "./deploy/nginx-balancers.sh:/docker-entrypoint.d/40-trusted-balancers.sh:ro"
    assert mount in proxy["volumes"]
    assert os.access(ROOT / "deploy" / "nginx-balancers.sh", os.X_OK)
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    script = (ROOT / "deploy" / "nginx-balancers.sh").read_text()
    assert 'out="${TRUSTED_LOAD_BALANCERS_CONF:-/etc/nginx/trusted-balancers.conf}"' in script
    for line in (
        "include /etc/nginx/trusted-balancers.conf;",
        "real_ip_header X-Forwarded-For;",
        "real_ip_recursive on;",
        "proxy_set_header X-Forwarded-Proto $forwarded_proto;",
    ):
        assert line in conf, line
