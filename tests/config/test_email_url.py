"""EMAIL_URL (config/email_url.py): one URL names the mail backend and its server; a wrong one stops the
start with a message that says what is wrong."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.email_url import parse_email_url

ROOT = Path(__file__).resolve().parents[2]
SMTP = "django.core.mail.backends.smtp.EmailBackend"


def test_smtp_with_starttls_and_a_percent_encoded_password() -> None:
    config = parse_email_url("smtp://kartentisch%40example.org:p%40ss%3Aw0rd@mail.example.org:587?tls=1")
    assert config["EMAIL_BACKEND"] == SMTP
    assert (config["EMAIL_HOST"], config["EMAIL_PORT"]) == ("mail.example.org", 587)
    assert (config["EMAIL_HOST_USER"], config["EMAIL_HOST_PASSWORD"]) == (
        "kartentisch@example.org",
        "p@ss:w0rd",
    )
    assert (config["EMAIL_USE_TLS"], config["EMAIL_USE_SSL"], config["EMAIL_TIMEOUT"]) == (True, False, None)


@pytest.mark.parametrize(
    ("url", "port", "ssl"),
    [
        ("smtps://mail.example.org", 465, True),
        ("smtp://mail.example.org?ssl=1&timeout=7.5", 465, True),
        ("smtp://mail.example.org", 25, False),
        ("SMTP://relay.local:2525?tls=0", 2525, False),
    ],
)
def test_ports_and_implicit_tls(url: str, port: int, ssl: bool) -> None:
    config = parse_email_url(url)
    assert config["EMAIL_PORT"] == port and config["EMAIL_USE_SSL"] is ssl and not config["EMAIL_USE_TLS"]
    assert config["EMAIL_HOST_USER"] == "" and config["EMAIL_HOST_PASSWORD"] == ""


def test_the_other_backends() -> None:
    assert parse_email_url("console://")["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert parse_email_url("locmem://")["EMAIL_BACKEND"] == "django.core.mail.backends.locmem.EmailBackend"
    file = parse_email_url("file:///var/mail/kartentisch")
    assert file["EMAIL_BACKEND"] == "django.core.mail.backends.filebased.EmailBackend"
    assert file["EMAIL_FILE_PATH"] == "/var/mail/kartentisch"


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("", "unknown scheme '(none)'"),
        ("mail.example.org:587", "unknown scheme 'mail.example.org'"),
        ("imap://mail.example.org", "unknown scheme 'imap'"),
        ("smtp://", "needs a host"),
        ("smtp://mail.example.org:port", "Port could not be cast"),
        ("smtp://mail.example.org?tls=maybe", "tls='maybe' is not 1 or 0"),
        ("smtp://mail.example.org?tsl=1", "unknown option(s) tsl"),
        ("smtps://mail.example.org?tls=1", "exclude each other"),
        ("smtp://mail.example.org?timeout=soon", "timeout is a number"),
        ("file://relative/dir", "absolute directory"),
    ],
)
def test_a_wrong_url_is_a_clear_configuration_error(url: str, says: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL: ") as failure:
        parse_email_url(url)
    assert says in str(failure.value)


def _settings(**env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "EMAIL_"))}
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_TLS, s.DEFAULT_FROM_EMAIL)"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
    )


def test_the_embedded_default_prints_mail_on_the_console_and_the_settings_read_email_url() -> None:
    default = _settings()
    assert default.returncode == 0, default.stderr
    assert default.stdout.split()[0] == "django.core.mail.backends.console.EmailBackend"
    configured = _settings(
        EMAIL_URL="smtp://u:p@mail.example.org:587?tls=1",
        DEFAULT_FROM_EMAIL="Kartentisch <noreply@example.org>",
    )
    assert configured.stdout.split() == [
        SMTP,
        "mail.example.org",
        "587",
        "True",
        "Kartentisch",
        "<noreply@example.org>",
    ]
    wrong = _settings(EMAIL_URL="smtp//mail.example.org")
    assert wrong.returncode != 0 and "ImproperlyConfigured: EMAIL_URL: unknown scheme" in wrong.stderr
