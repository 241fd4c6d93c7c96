"""The image and the compose file: no local clutter in the image, a non-root server, and the proxy
settings that make the limits count the real client."""

from __future__ import annotations

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


def test_compose_passes_the_trusted_proxies_and_daphne_does_not_trust_the_header_itself() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    web = compose["services"]["web"]
    assert web["environment"]["TRUSTED_PROXIES"] == "${TRUSTED_PROXIES:-}"
    assert web["command"][0] == "daphne" and not any("proxy-headers" in arg for arg in web["command"])
