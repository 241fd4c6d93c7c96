"""Settings: the production mode passes `check --deploy` cleanly when its secrets are given."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _check(env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


def test_production_settings_pass_check_deploy_without_warnings() -> None:
    out = _check(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings_production",
            "DJANGO_SECRET_KEY": "Zx9-prod-secret-abcdefghijklmnopqrstuvwxyz0123456789-QWERTY",
            "DJANGO_ALLOWED_HOSTS": "cards.example.org",
        }
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues" in out.stdout


def test_production_settings_refuse_to_start_without_a_secret() -> None:
    out = _check({"DJANGO_SETTINGS_MODULE": "config.settings_production"})
    assert out.returncode != 0 and "DJANGO_SECRET_KEY" in out.stderr


def test_development_settings_are_flagged_by_check_deploy() -> None:
    out = _check({"DJANGO_SETTINGS_MODULE": "config.settings"})
    assert out.returncode != 0 and "security.W" in out.stdout + out.stderr
