"""Settings read from the environment.

Nothing set: the embedded default (SQLite, in-memory channel layer, AI moves in-process), so one
command starts a playable server. With DATABASE_URL and REDIS_URL set: PostgreSQL through psycopg 3,
channels-redis and a Celery Redis broker. `config.settings_production` hardens this for deployment.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
from email.utils import parseaddr
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config.channel_prefix import channel_prefix
from config.email_url import parse_email_url
from ops.cache_pool import redis_cache

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key-change-me-in-production-0123456789")
DEBUG = env_bool("DJANGO_DEBUG", True)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")
# Reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed; none by default, so the
# header is ignored. ops/client_address.py is the one place that reads it.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES")
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError as _exc:
        raise ImproperlyConfigured(f"TRUSTED_PROXIES: {_proxy!r} is not an address or CIDR range") from _exc

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "axes",
    "accounts",
    "games",
    "leagues",
    "leaderboard",
    "challenges",
    "friends",
    "notifications",
    "chat",
    "analysis",
    "collusion",
    "frontend",
]

MIDDLEWARE = [
    # Requests and latency by view (Before first, After next to last: the latency includes the rest).
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    # Every error under /api/ in the API's error shape, whichever layer below answered it.
    "games.api.errors.ApiErrorMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "games.api.errors.ApiCommonMiddleware",  # Django's, without the slash redirects under /api/
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "games.identity.browser.BrowserTokenMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
    # Last: turns a locked-out login (site or admin) into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Content-Security-Policy on every response: scripts, styles and connections (the websockets
# included) from this site only; no inline script, style or event handler anywhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# --- data stores -------------------------------------------------------------------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")

if DATABASE_URL:
    pool_size = int(os.environ.get("DATABASE_POOL_SIZE", "0"))
    if pool_size:
        # The ASGI server (config/asgi.py sets the size): there every request and socket call runs
        # in a thread of its own, and a persistent connection would stay with its thread until that
        # is collected, so busy web processes ran PostgreSQL out of connections. A pool per process.
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0, conn_health_checks=True)}
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": pool_size,
            "timeout": 10,  # seconds to wait for a free connection before the call fails
        }
        # A web process frozen inside a transaction (a stop, a swap storm) would hold its row locks,
        # and with them its table and every watchdog tick, until it ran again: PostgreSQL ends such
        # a session after this many seconds idle in its transaction (which rolls back). A web
        # process's transactions are a few statements long; 0 switches this off.
        idle_ms = int(float(os.environ.get("DATABASE_IDLE_TRANSACTION_TIMEOUT", "10")) * 1000)
        DATABASES["default"]["OPTIONS"]["options"] = f"-c idle_in_transaction_session_timeout={idle_ms}"
    else:  # Celery, manage.py, the tests: long-lived threads keep their connection
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
    # Test runs name their own database, so two runs on one server never collide.
    DATABASES["default"]["TEST"] = {"NAME": f"test_kartentisch_{os.getpid()}"}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # A busy writer makes others wait instead of failing at once.
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
            # A file, not shared-cache memory: only a file honours the busy timeout across threads.
            # One file per test run, so parallel runs never share it.
            "TEST": {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")},
        }
    }

# The channel layer's Redis servers (comma-separated): channels-redis shards the channels and groups
# over them by a hash of the name. The Celery broker and the cache stay on REDIS_URL.
CHANNEL_REDIS_URLS = env_list("CHANNEL_REDIS_URLS") or ([REDIS_URL] if REDIS_URL else [])

if CHANNEL_REDIS_URLS:
    # Pub/sub: a group message is published once and each web process hands it to its own sockets
    # (the list-based layer pops every socket's copy from Redis one round trip at a time). A push
    # lost while Redis restarts is made good by the clients' resync.
    # The prefix carries the database number: pub/sub channels are the whole server's
    # (config/channel_prefix.py).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": CHANNEL_REDIS_URLS, "prefix": channel_prefix(CHANNEL_REDIS_URLS[0])},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {"default": redis_cache(REDIS_URL)}  # one pool per process, not one per websocket
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Celery: a Redis broker when REDIS_URL is set, otherwise tasks run in-process ------------------
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL or env_bool("CELERY_TASK_ALWAYS_EAGER")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "30"))
}
CELERY_TASK_IGNORE_RESULT = True

# --- auth ----------------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Brute force: django-axes refuses logins (site and admin) after LOGIN_FAILURE_LIMIT failures for one
# username or from one address, each counted on its own, for LOGIN_COOLOFF_MINUTES.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = dt.timedelta(minutes=float(os.environ.get("LOGIN_COOLOFF_MINUTES", "30")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_CLIENT_IP_CALLABLE = "ops.client_address.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the lock ends when it says it does
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "profile"
LOGOUT_REDIRECT_URL = "home"

# --- mail (config/email_url.py): verification links and password resets ---------------------------
# Unset: every message is printed on the server's console (the embedded default); the tests keep
# theirs in django.core.mail.outbox whatever this says.
EMAIL_URL = os.environ.get("EMAIL_URL", "console://")
_mail = parse_email_url(EMAIL_URL)
EMAIL_BACKEND = _mail["EMAIL_BACKEND"]
EMAIL_FILE_PATH = _mail["EMAIL_FILE_PATH"]
EMAIL_HOST = _mail["EMAIL_HOST"]
EMAIL_PORT = _mail["EMAIL_PORT"]
EMAIL_HOST_USER = _mail["EMAIL_HOST_USER"]
EMAIL_HOST_PASSWORD = _mail["EMAIL_HOST_PASSWORD"]
EMAIL_USE_TLS = _mail["EMAIL_USE_TLS"]
EMAIL_USE_SSL = _mail["EMAIL_USE_SSL"]
EMAIL_TIMEOUT = _mail["EMAIL_TIMEOUT"]
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Kartentisch <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Days an e-mail verification link stays valid; a password reset link, PASSWORD_RESET_TIMEOUT
# (Django's, seconds: three days).
EMAIL_VERIFICATION_DAYS = float(os.environ.get("EMAIL_VERIFICATION_DAYS", "3"))
# Seconds before one account is sent another verification or reset mail (a stranger may ask for
# resets of any address, a player for resends): within them the request is answered, no mail sent.
ACCOUNT_MAIL_INTERVAL = float(os.environ.get("ACCOUNT_MAIL_INTERVAL", "60"))

# --- notifications (docs/notifications.md) ----------------------------------------------------------
# The site's address as players reach it: the links in notification e-mails start with it.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# Seconds between two looks of an open page at the unread count (doubling while nothing changes, up to
# 8 times as long; none while the page is hidden).
NOTIFICATIONS_POLL_SECONDS = float(os.environ.get("NOTIFICATIONS_POLL_SECONDS", "30"))
# Web Push: the VAPID key pair (`manage.py vapid_keys`; base64url), unset: push is off. The contact
# (mailto: or https:) is sent to the push services with every message.
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("WEBPUSH_VAPID_PRIVATE_KEY", "").strip()
WEBPUSH_VAPID_PUBLIC_KEY = os.environ.get("WEBPUSH_VAPID_PUBLIC_KEY", "").strip()
WEBPUSH_CONTACT = os.environ.get("WEBPUSH_CONTACT", "") or f"mailto:{parseaddr(DEFAULT_FROM_EMAIL)[1]}"
# The push services the server posts to (a host or any subdomain of it): a browser's subscription to
# any other address is refused, so that no player can make the server post where they like.
WEBPUSH_ENDPOINT_HOSTS = env_list(
    "WEBPUSH_ENDPOINT_HOSTS",
    "fcm.googleapis.com,updates.push.services.mozilla.com,notify.windows.com,push.apple.com",
)

# --- i18n ----------------------------------------------------------------------------------------
LANGUAGE_CODE = "de"
LANGUAGES = [("de", "Deutsch"), ("en", "English"), ("ru", "Русский")]
TIME_ZONE = "Europe/Vienna"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
WHITENOISE_USE_FINDERS = DEBUG
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- REST API ------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["games.api.auth.CsrfSessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_RATES": {
        "writes": os.environ.get("THROTTLE_WRITES", "600/min"),
        "registrations": os.environ.get("THROTTLE_REGISTRATIONS", "30/hour"),
    },
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "games.api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Kartentisch API",
    "DESCRIPTION": "Matches, seats, views and actions of the card-game platform.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # games.api.converters.IdConverter: at most 18 digits
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 0, "maximum": 10**18 - 1}},
}

# --- game platform -------------------------------------------------------------------------------
# Seconds from a move to an AI seat's move after it (0 in tests; the AI thinks meanwhile); a finished
# trick stays visible TRICK_PAUSE seconds (table.js shows it as long), and an AI's lead after it waits
# the longer of the two. A human's wait at a table of AI (`python -m bench turns`) is mostly these.
AI_MOVE_DELAY = float(os.environ.get("AI_MOVE_DELAY", "0.5"))
TRICK_PAUSE = float(os.environ.get("TRICK_PAUSE", "1.0"))
# A snapshot of a match's engine state every this many events, so a cold load replays at most as many
# (games.store.state_snapshots); 0: none taken or used.
STATE_SNAPSHOT_EVERY = int(os.environ.get("STATE_SNAPSHOT_EVERY", "100"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # Server-side move timings of the websocket consumers, for `python -m bench live`.
    "loggers": {
        "games.timing": {"level": "DEBUG" if env_bool("LOG_TIMING") else "WARNING"},
        # one line at start: the AI search core compiled or pure Python (ops/startup.py)
        "kartentisch.startup": {"level": "INFO"},
    },
}
# --- metrics (ops/metrics.py, docs/monitoring.md) ------------------------------------------------
# Addresses or CIDR ranges (comma-separated) whose requests /metrics answers; everyone else gets a 404.
METRICS_ALLOWED = env_list("METRICS_ALLOWED") or ["127.0.0.1", "::1"]
# The Celery worker's and beat's metrics port (0: none); the web processes answer on their own port.
METRICS_PORT = int(os.environ.get("METRICS_PORT", "0"))
# The Celery queues whose length beat reports.
METRICS_QUEUES = env_list("METRICS_QUEUES") or ["moves", "projections", "analysis", "notifications", "celery"]

AI_RUNNER = os.environ.get("AI_RUNNER", "celery" if REDIS_URL else "thread")
# Open or running tables one player (account or guest) may hold a seat at; 0 switches the cap off.
MAX_OPEN_TABLES = int(os.environ.get("MAX_OPEN_TABLES", "5"))
WS_THROTTLE_MESSAGES = int(os.environ.get("WS_THROTTLE_MESSAGES", "100"))
WS_THROTTLE_WINDOW = float(os.environ.get("WS_THROTTLE_WINDOW", "20"))
# Shared by all sockets of one actor (user, guest, else address) per window, in the cache.
WS_ACTOR_MESSAGES = int(os.environ.get("WS_ACTOR_MESSAGES", "300"))
WS_LOBBY_MESSAGES = int(os.environ.get("WS_LOBBY_MESSAGES", "20"))
# Table chat messages one actor may send per WS_THROTTLE_WINDOW, at all tables together.
CHAT_MESSAGES = int(os.environ.get("CHAT_MESSAGES", "8"))
# Open sockets per seat (all web processes) and lobby sockets per actor (per web process).
WS_SEAT_SOCKETS = int(os.environ.get("WS_SEAT_SOCKETS", "5"))
WS_LOBBY_SOCKETS = int(os.environ.get("WS_LOBBY_SOCKETS", "10"))
# The live list (/live/, GET /api/matches/live/, the lobby socket's "live" messages; docs/live-games.md):
# each web process reads it at most once every LIVE_TICK seconds and pushes it to its lobby sockets
# only when it changed; a running table without a move for LIVE_IDLE seconds is not listed.
LIVE_TICK = float(os.environ.get("LIVE_TICK", "5"))
LIVE_IDLE = float(os.environ.get("LIVE_IDLE", "300"))
# Each web process tells the watchdog it is alive every PRESENCE_HEARTBEAT seconds; the sockets of
# one silent for PRESENCE_EXPIRY (killed) stop counting, so their players count as away. The expiry
# must leave room for a few missed beats (a system check insists on 3); 0 switches it off.
PRESENCE_HEARTBEAT = float(os.environ.get("PRESENCE_HEARTBEAT", "10"))
PRESENCE_EXPIRY = float(os.environ.get("PRESENCE_EXPIRY", "60"))
# A human seat that is away (socket closed) this long while it is its turn is played by Anton;
# a running match with every human away this long ends as abandoned.
DISCONNECT_TIMEOUT = float(os.environ.get("DISCONNECT_TIMEOUT", "60"))
ABANDON_TIMEOUT = float(os.environ.get("ABANDON_TIMEOUT", "600"))
# A table whose only human is away (every other seat an AI) is paused instead: it waits this many
# days for its player, then is abandoned as above.
PAUSED_TABLE_DAYS = float(os.environ.get("PAUSED_TABLE_DAYS", "7"))
# The length of a day of a turn-based table's days per move, in seconds (tests shorten it).
TURN_DAY_SECONDS = float(os.environ.get("TURN_DAY_SECONDS", "86400"))
# An AI move not stored this long after it became due is enqueued again by the watchdog; after
# AI_HARD_DEADLINE seconds a legal fallback move is played.
AI_STALL_AFTER = float(os.environ.get("AI_STALL_AFTER", "5"))
AI_HARD_DEADLINE = float(os.environ.get("AI_HARD_DEADLINE", "2"))
# The watchdog: a Celery beat task with Redis, a thread in the embedded server.
WATCHDOG_INTERVAL = float(os.environ.get("WATCHDOG_INTERVAL", "1"))
WATCHDOG_THREAD = env_bool("WATCHDOG_THREAD", False)
# Analyse every finished match at once (docs/analysis.md) instead of when somebody first asks: a
# Schnapsen Bummerl costs seconds, a Preisjass run up to a minute of one core on the analysis queue.
ANALYSIS_ON_FINISH = env_bool("ANALYSIS_ON_FINISH", False)
# The daily challenge: its day runs midnight to midnight here; its AI seats play this level where the
# game has it (else, and by default, the game's strongest).
CHALLENGE_TIME_ZONE = os.environ.get("CHALLENGE_TIME_ZONE", "Europe/Vienna")
CHALLENGE_AI_LEVEL = os.environ.get("CHALLENGE_AI_LEVEL", "")
# How the par (that AI in the player's seat too) is played: "" = as AI_RUNNER says.
CHALLENGE_PAR_RUNNER = os.environ.get("CHALLENGE_PAR_RUNNER", "")
# Otherwise a match with a human player is analysed as it ends, as if its first player with quota
# left had asked (analysis.services.analysis_request_for_players): the quota and the caps below apply.
ANALYSIS_FOR_PLAYERS = env_bool("ANALYSIS_FOR_PLAYERS", True)
# Who pays for them (analysis.admission): a match's players and staff start an analysis, everybody
# reads a finished one. Analyses one account (or guest) may start in any 24 hours, staff unlimited
# (0: no quota); analyses queued or running at once on the whole site, one more is refused as busy
# (0: no cap); and under way at once per player, staff unlimited (0: no limit).
ANALYSIS_DAILY_QUOTA = int(os.environ.get("ANALYSIS_DAILY_QUOTA", "20"))
ANALYSIS_MAX_ACTIVE = int(os.environ.get("ANALYSIS_MAX_ACTIVE", "4"))
ANALYSIS_ACTIVE_PER_PLAYER = int(os.environ.get("ANALYSIS_ACTIVE_PER_PLAYER", "1"))
# A running analysis holds a lease of this many seconds, renewed as it progresses; the sweep (every
# ANALYSIS_SWEEP_INTERVAL seconds: Celery beat, a thread of the embedded server) hands an analysis
# whose lease ran out (its worker died) to another worker, so lease + interval stay under a minute.
ANALYSIS_LEASE = float(os.environ.get("ANALYSIS_LEASE", "30"))
ANALYSIS_SWEEP_INTERVAL = float(os.environ.get("ANALYSIS_SWEEP_INTERVAL", "15"))
# Celery queues by kind of work, each with workers of its own (docker-compose.yml), so a burst of slow
# projections never delays a move: "moves" (AI moves, the watchdog) and "projections" (leaderboard saves,
# league projections, season rollover) and "analysis" (post-match analyses). Anything else goes to
# Celery's default queue, "celery".
CELERY_TASK_ROUTES = {
    # a snapshot of a long match's state is a projection: never in the way of a move
    "games.tasks.state_snapshot": {"queue": "projections"},
    "games.tasks.*": {"queue": "moves"},
    "leaderboard.tasks.*": {"queue": "projections"},
    "leagues.tasks.*": {"queue": "projections"},
    # the challenge's roll is a few queries; its par plays a whole challenge with the AI: minutes of CPU
    "challenges.tasks.roll": {"queue": "projections"},
    "challenges.tasks.play_par": {"queue": "analysis"},
    # the sweep for lost analyses is a query and an enqueue: with the watchdog, never behind the
    # analyses it looks after
    "analysis.tasks.recover": {"queue": "moves"},
    # the collusion monitor values a finished match's card play: seconds to tens of seconds a pool, so it
    # runs on the analysis workers, never in front of a leaderboard save
    "collusion.tasks.*": {"queue": "analysis"},
    # post-match analyses take seconds to a minute of CPU each: a queue and workers of their own
    "analysis.tasks.*": {"queue": "analysis"},
    # e-mails and pushes wait on mail servers and push services: workers of their own, never in the
    # way of a move or a projection
    "notifications.tasks.*": {"queue": "notifications"},
}
CELERY_BEAT_SCHEDULE = {
    "games-watchdog": {"task": "games.tasks.watchdog", "schedule": WATCHDOG_INTERVAL},
    # Archive seasons past their end date and start the next one of recurring leagues (hourly).
    "leagues-season-rollover": {"task": "leagues.tasks.season_rollover", "schedule": 3600.0},
    # Open the day's challenges at midnight (CHALLENGE_TIME_ZONE) and close the past ones: every minute.
    "challenges-roll": {"task": "challenges.tasks.roll", "schedule": 60.0},
    # Hand analyses whose worker died (lease run out) or whose hand-over was lost to a worker again.
    "analysis-recover": {
        "task": "analysis.tasks.recover",
        "schedule": ANALYSIS_SWEEP_INTERVAL,
        "options": {"expires": ANALYSIS_SWEEP_INTERVAL},  # a sweep that waited that long is stale
    },
}
# The beat entries the embedded server (WATCHDOG_THREAD) runs in its own beat stand-in thread
# (games/services/embedded_beat.py); an entry left out has an embedded stand-in of its own, or none.
EMBEDDED_BEAT = ["games-watchdog", "leagues-season-rollover", "challenges-roll"]
