"""EMAIL_URL: where the site's mail goes, as one URL (the settings turn it into Django's EMAIL_*).

    smtp://user:password@host:587?tls=1     SMTP with STARTTLS (port 25 when none is given)
    smtps://user:password@host:465          SMTP over TLS from the first byte (ssl=1 says the same)
    console://                              printed on the server's standard output (the default)
    file:///var/mail/kartentisch            one file per message in that directory
    locmem://                               kept in django.core.mail.outbox (the tests)

User and password are percent-decoded, so a password may hold any character written as %XX.
Anything else is an error at start-up, never a silent fallback to another backend.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

_BACKENDS = {
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
    "console": "django.core.mail.backends.console.EmailBackend",
    "file": "django.core.mail.backends.filebased.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
}
_TRUE, _FALSE = {"1", "true", "yes", "on"}, {"0", "false", "no", "off", ""}
_OPTIONS = {"tls", "ssl", "timeout"}


def _flag(query: dict[str, list[str]], name: str) -> bool:
    value = query.get(name, ["0"])[-1].strip().lower()
    if value not in _TRUE | _FALSE:
        raise ImproperlyConfigured(f"EMAIL_URL: {name}={value!r} is not 1 or 0")
    return value in _TRUE


def parse_email_url(url: str) -> dict[str, Any]:
    """The Django settings (EMAIL_BACKEND, EMAIL_HOST, ...) that `url` stands for."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme not in _BACKENDS:
        raise ImproperlyConfigured(
            f"EMAIL_URL: unknown scheme {scheme or '(none)'!r}; use one of {', '.join(sorted(_BACKENDS))}"
        )
    # Django's own defaults for whatever the URL does not set.
    config: dict[str, Any] = {
        "EMAIL_BACKEND": _BACKENDS[scheme],
        "EMAIL_FILE_PATH": None,
        "EMAIL_HOST": "localhost",
        "EMAIL_PORT": 25,
        "EMAIL_HOST_USER": "",
        "EMAIL_HOST_PASSWORD": "",
        "EMAIL_USE_TLS": False,
        "EMAIL_USE_SSL": False,
        "EMAIL_TIMEOUT": None,
    }
    if scheme == "file":
        path = unquote(parts.path)
        if not path or parts.netloc:
            raise ImproperlyConfigured("EMAIL_URL: a file URL names an absolute directory: file:///path")
        config["EMAIL_FILE_PATH"] = path
        return config
    if scheme not in ("smtp", "smtps"):
        return config
    query = parse_qs(parts.query, keep_blank_values=True)
    unknown = set(query) - _OPTIONS
    if unknown:
        raise ImproperlyConfigured(f"EMAIL_URL: unknown option(s) {', '.join(sorted(unknown))}")
    if not parts.hostname:
        raise ImproperlyConfigured("EMAIL_URL: an SMTP URL needs a host: smtp://user:password@host:587")
    try:
        port = parts.port
    except ValueError as exc:
        raise ImproperlyConfigured(f"EMAIL_URL: {exc}") from exc
    use_ssl = scheme == "smtps" or _flag(query, "ssl")
    use_tls = _flag(query, "tls")
    if use_ssl and use_tls:
        raise ImproperlyConfigured("EMAIL_URL: tls (STARTTLS) and ssl (implicit TLS) exclude each other")
    config.update(
        EMAIL_HOST=parts.hostname,
        EMAIL_PORT=port or (465 if use_ssl else 25),
        EMAIL_HOST_USER=unquote(parts.username or ""),
        EMAIL_HOST_PASSWORD=unquote(parts.password or ""),
        EMAIL_USE_TLS=use_tls,
        EMAIL_USE_SSL=use_ssl,
    )
    if "timeout" in query:
        try:
            config["EMAIL_TIMEOUT"] = float(query["timeout"][-1])
        except ValueError as exc:
            raise ImproperlyConfigured("EMAIL_URL: timeout is a number of seconds") from exc
    return config
