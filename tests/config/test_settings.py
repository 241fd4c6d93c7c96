"""Settings: the production mode passes `check --deploy` cleanly when its secrets are given."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

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
            "EMAIL_URL": "smtp://kartentisch:p%40ss@mail.example.org:587?tls=1",
            "DEFAULT_FROM_EMAIL": "Kartentisch <noreply@cards.example.org>",
        }
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues" in out.stdout


def test_production_settings_without_a_mail_server_are_flagged_by_check_deploy() -> None:
    out = _check(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings_production",
            "DJANGO_SECRET_KEY": "Zx9-prod-secret-abcdefghijklmnopqrstuvwxyz0123456789-QWERTY",
            "DJANGO_ALLOWED_HOSTS": "cards.example.org",
        }
    )
    assert out.returncode != 0
    assert "accounts.W001" in out.stderr + out.stdout and "accounts.W002" in out.stderr + out.stdout


def test_production_settings_refuse_to_start_without_a_secret() -> None:
    out = _check({"DJANGO_SETTINGS_MODULE": "config.settings_production"})
    assert out.returncode != 0 and "DJANGO_SECRET_KEY" in out.stderr


def test_development_settings_are_flagged_by_check_deploy() -> None:
    out = _check({"DJANGO_SETTINGS_MODULE": "config.settings"})
    assert out.returncode != 0 and "security.W" in out.stdout + out.stderr


def _production(env_extra: dict[str, str], code: str) -> subprocess.CompletedProcess[str]:
    """Run `code` with the production settings set up under the given environment."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings_production", **env_extra})
    setup = "import django; django.setup()\nfrom django.conf import settings\n"
    return subprocess.run(
        [sys.executable, "-c", setup + code], cwd=ROOT, env=env, capture_output=True, text=True
    )


PRODUCTION = {
    "DJANGO_SECRET_KEY": "Zx9-prod-secret-abcdefghijklmnopqrstuvwxyz0123456789-QWERTY",
    "DJANGO_ALLOWED_HOSTS": "cards.example.org",
}


@pytest.mark.parametrize("secret", [None, "", "  "])
def test_a_missing_secret_key_is_a_clear_configuration_error(secret: str | None) -> None:
    env = {"DJANGO_ALLOWED_HOSTS": "cards.example.org"}
    if secret is not None:
        env["DJANGO_SECRET_KEY"] = secret
    out = _production(env, "print(settings.SECRET_KEY)")
    assert out.returncode != 0
    assert "ImproperlyConfigured: DJANGO_SECRET_KEY must be set" in out.stderr


def test_production_hosts_are_only_the_named_ones_and_the_api_speaks_json_only(tmp_path: Path) -> None:
    code = (
        "from django.test import Client\n"
        "print(settings.ALLOWED_HOSTS)\n"
        "c = Client(HTTP_HOST='cards.example.org')\n"
        "r = c.get('/api/games/', HTTP_ACCEPT='text/html,application/xhtml+xml,*/*;q=0.8', secure=True)\n"
        "print(r.status_code, r['Content-Type'])\n"
        "print(Client(HTTP_HOST='localhost').get('/api/games/', secure=True).status_code)\n"
        "print(Client(HTTP_HOST='127.0.0.1').get('/healthz').content.decode())\n"
    )
    out = _production({**PRODUCTION, "SQLITE_PATH": str(tmp_path / "db.sqlite3")}, code)
    assert out.returncode == 0, out.stderr
    hosts, api, localhost, health = out.stdout.splitlines()
    assert hosts == "['cards.example.org']"
    assert api == "200 application/json"  # a browser asks for HTML and gets no browsable API
    assert localhost == "400"  # not an allowed host in production
    assert health == "ok"  # the container's own probe still answers


def _layer_broker_cache(**env: str) -> list[object]:
    """The channel layer's hosts, the Celery broker and the cache's server under the given variables."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "REDIS_", "CHANNEL_"))}
    code = (
        "import django, json; django.setup(); from django.conf import settings as s; "
        "print(json.dumps([s.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('hosts'), "
        "s.CELERY_BROKER_URL, s.CACHES['default'].get('LOCATION')]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def test_channel_redis_urls_shard_the_layer_and_leave_the_broker_and_cache_on_redis_url() -> None:
    main, a, b = "redis://main:6379/0", "redis://layer-a:6379/0", "redis://layer-b:6379/0"
    assert _layer_broker_cache(REDIS_URL=main, CHANNEL_REDIS_URLS=f"{a}, {b}") == [[a, b], main, main]
    assert _layer_broker_cache(REDIS_URL=main) == [[main], main, main]
    assert _layer_broker_cache(CHANNEL_REDIS_URLS=a)[0] == [a]
