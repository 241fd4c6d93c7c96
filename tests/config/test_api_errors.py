"""Every error under /api/ is JSON in the error shape, in every settings module: development with DEBUG
on (Django's debug pages) and off, and production; for every method, with the trailing slash or
without it; 404, 405 and 500."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import Client

from games.models import Match

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
# No endpoint at all; an endpoint's path without its slash; a path below an endpoint that is none.
NO_ENDPOINT = ("/api/nothing-here/", "/api/nothing-here", "/api/matches", "/api/matches/1/dance")


def error_of(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"] == "application/json", response.content[:300]
    error = response.json()["error"]
    assert set(error) == {"code", "message"} and isinstance(error["message"], str)
    return dict(error)


@pytest.fixture(params=[True, False], ids=["debug", "no-debug"])
def debug(request: pytest.FixtureRequest, settings: Any) -> bool:
    settings.DEBUG = request.param
    return bool(request.param)


def test_a_path_naming_no_endpoint_is_a_json_404_for_every_method(debug: bool) -> None:
    c = Client(raise_request_exception=False)
    for path in NO_ENDPOINT:
        for method in METHODS:
            r = c.generic(method, path, "{}", content_type="application/json")
            assert error_of(r, 404)["code"] == "not_found", (method, path)
        head = c.head(path)
        assert (head.status_code, head["Content-Type"]) == (404, "application/json")
    assert Match.objects.count() == 0


def test_an_endpoint_without_its_slash_is_named_not_redirected(debug: bool) -> None:
    c = Client(raise_request_exception=False)
    for method in ("get", "post"):
        error = error_of(getattr(c, method)("/api/matches"), 404)
        assert (
            error["message"]
            == "no API endpoint at /api/matches (the endpoint is /api/matches/, with the slash)"
        )
    assert error_of(c.get("/api/nothing-here"), 404)["message"] == "no API endpoint at /api/nothing-here"


def test_a_method_an_endpoint_does_not_take_is_a_json_405(debug: bool) -> None:
    c = Client(raise_request_exception=False)
    for method, path in (("put", "/api/games/"), ("delete", "/api/games/"), ("put", "/api/docs/")):
        r = getattr(c, method)(path)
        assert error_of(r, 405)["code"] == "method_not_allowed", (method, path)
        assert "GET" in r["Allow"]
    assert c.generic("BREW", "/api/games/").status_code == 405


def test_a_failing_view_is_a_json_500(debug: bool) -> None:
    c = Client(raise_request_exception=False)
    with mock.patch("games.api.views.GamesView.get", side_effect=RuntimeError("a bug")):
        for accept in ("application/json", "text/html"):
            error = error_of(c.get("/api/games/", HTTP_ACCEPT=accept), 500)
            assert error["code"] == "server_error" and "a bug" not in error["message"]


def test_django_s_404_and_403_raised_in_a_view_keep_their_message(debug: bool) -> None:
    c = Client(raise_request_exception=False)
    for raised, status, code in (
        (Http404("no such table"), 404, "not_found"),
        (PermissionDenied("not yours"), 403, "permission_denied"),
    ):
        with mock.patch("games.api.views.GamesView.get", side_effect=raised):
            assert error_of(c.get("/api/games/"), status) == {"code": code, "message": str(raised)}


def test_pages_outside_the_api_keep_django_s_pages(debug: bool) -> None:
    page = Client().get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    assert Client().get("/leagues").status_code == 301  # the slash redirect stays outside /api/


def test_production_answers_every_api_error_in_the_shape(tmp_path: Path) -> None:
    code = """
import json
from unittest import mock
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
c = Client(HTTP_HOST="cards.example.org", raise_request_exception=False)
def show(r):
    print(json.dumps([r.status_code, r["Content-Type"], json.loads(r.content)["error"]["code"]]))
for path in ("/api/nothing-here/", "/api/nothing-here", "/api/matches"):
    for method in ("get", "post", "put", "patch", "delete", "options"):
        show(getattr(c, method)(path, secure=True))
show(c.put("/api/docs/", secure=True))
show(c.delete("/api/games/", secure=True, HTTP_ACCEPT="text/html,*/*;q=0.8"))
with mock.patch("games.api.views.GamesView.get", side_effect=RuntimeError("a bug")):
    show(c.get("/api/games/", secure=True, HTTP_ACCEPT="text/html,*/*;q=0.8"))
"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env |= {
        "DJANGO_SETTINGS_MODULE": "config.settings_production",
        "DJANGO_SECRET_KEY": "Zx9-prod-secret-abcdefghijklmnopqrstuvwxyz0123456789-QWERTY",
        "DJANGO_ALLOWED_HOSTS": "cards.example.org",
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
    }
    setup = "import django; django.setup()\n"
    out = subprocess.run(
        [sys.executable, "-c", setup + code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert answers[:18] == [[404, "application/json", "not_found"]] * 18
    assert answers[18:] == [
        [405, "application/json", "method_not_allowed"],
        [405, "application/json", "method_not_allowed"],
        [500, "application/json", "server_error"],
    ]
