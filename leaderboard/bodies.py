"""The boards' public answers, serialised once per change and kept in the cache (leaderboard.cache): each
API page as JSON bytes, and the board page's table as HTML in each language.

Both are the same for every reader, guest or player: the API reads no session, and the page's own
parts (the menu with the reader's name, the CSRF tokens) are rendered around the cached table on each
request. Nothing about the reader may ever go into these bodies: a "my row" would be added beside them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.http import HttpResponseBase
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from games import packs
from games.catalog.ai_words import version_name
from games.catalog.titles import game_title
from games.packs.base import in_language
from leaderboard import cache, selectors
from leaderboard.models import TOP_N

# Stands for the endpoint's absolute URL in a cached API page: the scheme and host come from each
# request, so one body serves every host name the site answers to.
BASE = "\x00base\x00"
_BASE_IN_BODY = json.dumps(BASE)[1:-1].encode()
#: seconds any cache may keep an API page
MAX_AGE = 60
_DIGEST = 16  # bytes of SHA-256 of the cached body, stored in front of it (for the ETag)


@dataclass(frozen=True, slots=True)
class ApiAnswer:
    body: bytes
    etag: str


def api_page_build(game: str, page: int, page_size: int) -> bytes:
    """One API page serialised afresh (from the board's cached rows), as the cache holds it: its digest,
    then the JSON with BASE for the endpoint's URL. NotFound for a board or page that does not exist."""
    payload: dict[str, Any] = selectors.board_page(game, page, page_size)
    link = BASE + "?page={}&page_size=" + str(page_size)
    payload["next"] = link.format(page + 1) if page < payload["pages"] else None
    payload["previous"] = link.format(page - 1) if page > 1 else None
    # as DRF's JSONRenderer writes it
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    return hashlib.sha256(body).digest()[:_DIGEST] + body


def api_page(game: str, page: int, page_size: int) -> bytes:
    """The cached form of an API page (`api_page_build`), built on a miss."""
    key = cache.api_key(game, page, page_size)
    stored = cache.body_get(key)
    if stored is None:
        stored = api_page_build(game, page, page_size)
        cache.body_set(key, stored)
    return stored


def api_answer(game: str, page: int, page_size: int, base: str) -> ApiAnswer:
    """An API page's body for the endpoint at `base` (its absolute URL) and its ETag."""
    return api_answer_from(api_page(game, page, page_size), base)


def api_answer_from(stored: bytes, base: str) -> ApiAnswer:
    """The body and ETag of a cached API page (`api_page_build`) for the endpoint at `base`."""
    base_json = json.dumps(base, ensure_ascii=False)[1:-1].encode()
    etag = hashlib.sha256(stored[:_DIGEST] + base_json).hexdigest()[:32]
    return ApiAnswer(stored[_DIGEST:].replace(_BASE_IN_BODY, base_json), f'"{etag}"')


def not_modified(if_none_match: str, etag: str) -> bool:
    """Whether a request's If-None-Match header (its value, "" when absent) names the page's ETag."""
    tags = {tag.strip() for tag in if_none_match.split(",")}
    return etag in tags or "*" in tags


def api_headers(response: HttpResponseBase, etag: str) -> None:
    """The board API's own headers: its ETag, cacheable by anyone for a minute, readable from any site."""
    response["ETag"] = etag
    response["Access-Control-Allow-Origin"] = "*"
    patch_cache_control(response, public=True, max_age=MAX_AGE)
    patch_vary_headers(response, ["Accept"])


def board_table_build(game: str) -> str:
    """The board page's content (heading, notes, the table of the top 100) rendered afresh in the active
    language. Every name, link and figure in it is public."""
    top = selectors.board_top(game)
    usernames = selectors.entry_usernames([row["id"] for row in top])
    rows = [
        {
            **row,
            "username": usernames.get(row["id"], ""),
            "saved": datetime.fromisoformat(row["saved_at"]),
            "against": ", ".join(version_name(v) for v in row["opponent_ai_versions"]),
            "level": version_name(row["ai_version"]) if row["ai_version"] else "",
        }
        for row in top
    ]
    pack = packs.pack(game)
    context = {
        "game": game,
        "title": game_title(game),
        # what the board ranks, in the game's own words (games/packs)
        "ranks": in_language(pack.board_ranks, get_language() or "en"),
        "rows": rows,
        "top_n": TOP_N,
        "has_sacks": any(row["sacks"] is not None for row in rows) or pack.sacks,
    }
    return render_to_string("leaderboard/board_table.html", context)


def board_table(game: str) -> str:
    """The board page's content in the active language, from the cache (built on a miss). A language the
    site does not list is rendered each time (its key would never be cleared)."""
    language = get_language() or ""
    if language not in {code for code, _ in settings.LANGUAGES}:
        return board_table_build(game)
    key = cache.table_key(game, language)
    stored = cache.body_get(key)
    if stored is not None:
        return stored.decode()
    html = board_table_build(game)
    cache.body_set(key, html.encode())
    return html
