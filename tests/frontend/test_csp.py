"""The Content-Security-Policy: on every page, with no inline script or style allowed, and templates
that need none (no inline <script>, no on...= handler, no style attribute or <style> block)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = [
    p
    for app in ("frontend", "accounts", "leagues", "leaderboard")
    for p in sorted((ROOT / app / "templates").rglob("*.html"))
]


def directives(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {words[0]: words[1:] for words in parts}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/", "/new/", "/preisjass/", "/leaderboard/", "/leagues/", "/accounts/login/", "/admin/login/"]
)
def test_every_page_sends_a_policy_without_inline_script_or_style(path: str) -> None:
    response = Client().get(path)
    assert response.status_code == 200
    policy = directives(response["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"] and policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["connect-src"] == ["'self'"]


@pytest.mark.django_db
def test_api_docs_load_their_script_from_a_file() -> None:
    page = Client().get("/api/docs/")
    html = page.content.decode()
    assert page.status_code == 200 and "script-src 'self';" in page["Content-Security-Policy"] + ";"
    assert not re.search(r"<script>\s*\S", html)  # every script has a src
    assert Client().get("/api/docs/?script").status_code == 200


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_templates_have_no_inline_script_handler_or_style(template: Path) -> None:
    html = template.read_text()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, tag
    assert not re.search(r"\son[a-z]+\s*=", html)
    assert not re.search(r"\sstyle\s*=|<style\b", html)


SCRIPTS = [
    p for app in ("frontend", "leagues", "leaderboard") for p in sorted((ROOT / app / "static").rglob("*.js"))
]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_scripts_write_no_style_attribute_and_evaluate_no_strings(script: Path) -> None:
    """Style attributes (el(tag, {style: ...}), setAttribute("style"), HTML strings) are refused by the
    policy; styles go through the CSSOM (node.style) or classes."""
    code = script.read_text()
    assert not re.search(r"""\bel\(\s*["'][a-z]+["']\s*,\s*\{[^}]*\bstyle\s*:""", code)
    assert not re.search(r"""setAttribute\(\s*["']style""", code)
    assert not re.search(r"\beval\(|new Function\(|innerHTML|insertAdjacentHTML", code)
