"""German and Russian everywhere: every translatable string of every template, Python module and JS file
has a translation in both catalogues of its app, the placeholders survive, the compiled .mo files are up
to date, and the pages rendered in German and Russian show no English UI text."""

from __future__ import annotations

import gettext
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from leagues import services as league_services
from notifications.services import notify
from tests import catalogues

PLACEHOLDER = re.compile(r"%\(\w+\)s")


def test_every_string_has_a_german_and_a_russian_translation() -> None:
    missing = catalogues.missing_translations()
    assert not missing, (
        "strings without a usable translation (language, catalogue, msgid, first use):\n" + "\n".join(missing)
    )


def test_the_check_reports_a_string_without_translation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = tmp_path / "frontend"
    (app / "templates").mkdir(parents=True)
    (app / "templates" / "x.html").write_text('{% translate "Only in English" %}', encoding="utf-8")
    po = app / "locale" / "de" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Only in English"\nmsgstr "Nur auf Englisch"\n', encoding="utf-8")
    monkeypatch.setattr(catalogues, "ROOT", tmp_path)
    monkeypatch.setattr(catalogues, "APPS", ("frontend",))
    assert catalogues.missing_translations() == [
        'ru frontend/locale/ru/LC_MESSAGES/django.po: missing msgid "Only in English"'
        " (frontend/templates/x.html:1)"
    ]
    po.write_text('#, fuzzy\nmsgid "Only in English"\nmsgstr "Nur auf Englisch"\n', encoding="utf-8")
    assert catalogues.missing_translations()[0].startswith(
        "de frontend/locale/de/LC_MESSAGES/django.po: fuzzy"
    )


def test_the_source_reader_finds_templates_python_and_js_strings() -> None:
    found = {(s.app, s.domain, s.msgid) for s in catalogues.source_strings()}
    assert ("frontend", "django", "You play as %(name)s.") in found  # blocktranslate with a variable
    assert ("frontend", "djangojs", "Step %(n)s of %(total)s") in found  # tf() in replay.js
    assert ("frontend", "djangojs", "%(n)s whist") in found  # tn() (a plural) in analysis.js
    assert ("accounts", "django", "Display name") in found  # gettext_lazy in forms.py
    assert ("games", "django", "Bummerl points to start from") in found  # an option label of a game pack


_NPLURALS = re.compile(r"nplurals=(\d+)")


def _plural_forms(path: Path) -> tuple[int, dict[str, int]]:
    """The catalogue's number of plural forms (its header) and, per plural msgid, how many forms it has."""
    text = path.read_text(encoding="utf-8")
    found = _NPLURALS.search(text)
    assert found, f"{path}: no Plural-Forms header"
    entries = re.findall(r'^msgid "(.*)"\nmsgid_plural ".*"\n((?:msgstr\[\d+\] ".*"\n?)+)', text, re.M)
    return int(found.group(1)), {msgid: body.count("msgstr[") for msgid, body in entries}


def test_every_plural_has_all_the_forms_of_its_language() -> None:
    wrong = []
    counted = 0
    for app in catalogues.APPS:
        for path in sorted((catalogues.ROOT / app / "locale").glob("*/LC_MESSAGES/*.po")):
            nplurals, entries = _plural_forms(path)
            counted += len(entries)
            wrong += [
                f"{path.relative_to(catalogues.ROOT)}: {msgid!r} has {n} of {nplurals} forms"
                for msgid, n in entries.items()
                if n != nplurals
            ]
    assert not wrong, "\n".join(wrong)
    assert counted >= 10  # the card, trick, point and player counts at least


def test_card_and_player_counts_use_the_russian_plural_forms() -> None:
    catalog = gettext.GNUTranslations(
        (catalogues.ROOT / "frontend/locale/ru/LC_MESSAGES/djangojs.mo").open("rb")
    )
    forms = [catalog.ngettext("%(n)s card", "%(n)s cards", n) % {"n": n} for n in (1, 3, 10, 21)]
    assert forms == ["1 карта", "3 карты", "10 карт", "21 карта"]
    assert catalog.ngettext("%(n)s player", "%(n)s players", 4) % {"n": 4} == "4 игрока"


def test_translations_keep_their_placeholders() -> None:
    wrong = []
    for app in catalogues.APPS:
        for path in sorted((catalogues.ROOT / app / "locale").glob("*/LC_MESSAGES/*.po")):
            for msgid, (msgstr, _fuzzy) in catalogues.read_po(path).items():
                if msgstr and sorted(PLACEHOLDER.findall(msgid)) != sorted(PLACEHOLDER.findall(msgstr)):
                    wrong.append(f"{path.relative_to(catalogues.ROOT)}: {msgid!r} -> {msgstr!r}")
    assert not wrong, "\n".join(wrong)


def test_committed_mo_files_match_their_po_files() -> None:
    stale = []
    for app in catalogues.APPS:
        for po in sorted((catalogues.ROOT / app / "locale").glob("*/LC_MESSAGES/*.po")):
            mo = po.with_suffix(".mo")
            if not mo.exists():
                stale.append(f"{mo.relative_to(catalogues.ROOT)} is missing")
                continue
            with mo.open("rb") as handle:
                catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
            # A plural entry is compiled as (msgid, form) keys; its first form stands for it.
            compiled = {
                (k[0] if isinstance(k, tuple) else k): v
                for k, v in catalog.items()
                if k and not (isinstance(k, tuple) and k[1] != 0)
            }
            source = {k: v for k, (v, fuzzy) in catalogues.read_po(po).items() if v and not fuzzy}
            if compiled != source:
                stale.append(f"{mo.relative_to(catalogues.ROOT)} differs from its .po (run compilemessages)")
    assert not stale, "\n".join(stale)


class _Text(HTMLParser):
    """The text a reader sees or hears: text nodes outside script/style, and labelling attributes."""

    SHOWN_ATTRS = ("aria-label", "title", "placeholder", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        self.parts += [v for k, v in attrs if k in self.SHOWN_ATTRS and v]
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            self.parts += [v for k, v in attrs if k == "value" and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def _shown_texts(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return [" ".join(p.split()) for p in parser.parts if p.strip()]


def _english_ui_strings(lang: str) -> dict[str, str]:
    """msgid -> translation of every string of our catalogues whose translation differs from the English."""
    english: dict[str, str] = {}
    for app in catalogues.APPS:
        for po in (catalogues.ROOT / app / "locale" / lang / "LC_MESSAGES").glob("*.po"):
            for msgid, (msgstr, _fuzzy) in catalogues.read_po(po).items():
                if msgstr and msgstr != msgid and "%(" not in msgid:
                    english[msgid] = msgstr
    return english


def _untranslated(html: str, english: dict[str, str]) -> list[str]:
    found = []
    for text in _shown_texts(html):
        bare = text.strip(" .:·–")
        if text in english or bare in english:
            found.append(text)
        else:
            found += [m for m in english if len(m.split()) >= 4 and m in text]
    return found


@pytest.fixture
def pages(match_id: int) -> list[tuple[str, str, int]]:
    """(name, path, expected status) of every page seen signed in (login and register: as a guest)."""
    anna = User.objects.get(username="anna")
    today = timezone.localdate()
    league = league_services.league_create(
        creator=anna, name="Stammtisch", game="preferans", starts_on=today, ends_on=today
    )
    notify(user=anna, kind="friend_request", params={"from": "Ben"}, url="/friends/", key="translations")
    return [
        ("home", reverse("home"), 200),
        ("new game", reverse("new-game"), 200),
        ("Preisjass quick start", reverse("preisjass"), 200),
        ("table", reverse("table", args=[match_id]), 200),
        ("replay", reverse("replay", args=[match_id]), 200),
        ("profile", reverse("player", args=["anna"]), 200),
        ("leaderboards", reverse("leaderboard-index"), 200),
        ("leaderboard", reverse("leaderboard", args=["preisjass"]), 200),
        ("leagues and the league form", reverse("leagues"), 200),
        ("league", reverse("league", args=[league.pk]), 200),
        ("friends", reverse("friends"), 200),
        ("notifications", reverse("notifications"), 200),
        ("notification settings", reverse("notification-settings"), 200),
        ("live games", reverse("live"), 200),
        ("live games of one game", reverse("live") + "?game=schnapsen", 200),
        ("missing match", "/matches/999999/", 404),
        ("missing page", "/no/such/page/", 404),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru"])
def test_every_page_speaks_the_chosen_language(
    client: Client, pages: list[tuple[str, str, int]], lang: str
) -> None:
    english = _english_ui_strings(lang)
    client.force_login(User.objects.get(username="anna"))
    client.cookies["django_language"] = lang
    problems = []
    for name, path, status in pages:
        response = client.get(path)
        assert response.status_code == status, (name, path)
        html = response.content.decode()
        assert f'<html lang="{lang}">' in html, name
        problems += [f"{name} ({path}): {text!r}" for text in _untranslated(html, english)]
    client.logout()  # (drops every cookie)
    client.cookies["django_language"] = lang
    for name, path in (("login", reverse("login")), ("register", reverse("register"))):
        response = client.get(path)
        assert response.status_code == 200 and f'<html lang="{lang}">' in response.content.decode(), name
        problems += [
            f"{name} as a guest: {text!r}" for text in _untranslated(response.content.decode(), english)
        ]
    assert not problems, f"English text on the {lang} pages:\n" + "\n".join(problems)


@pytest.mark.django_db
def test_russian_pages_read_russian(client: Client, match_id: int) -> None:
    client.cookies["django_language"] = "ru"
    home = client.get(reverse("home")).content.decode()
    assert "Открытые столы" in home and "Новая игра" in home
    assert 'value="ru"' in home  # the language switcher offers Russian
    register = client.get(reverse("register")).content.decode()
    assert "Отображаемое имя" in register and "Создать учётную запись" in register
    missing = client.get("/matches/999999/")
    assert missing.status_code == 404
    assert "Страница не найдена" in missing.content.decode() and 'href="/"' in missing.content.decode()
    catalog = client.get(reverse("jsi18n")).content.decode()
    assert "Твой ход" in catalog or json.dumps("Твой ход")[1:-1] in catalog


JS = catalogues.ROOT / "frontend" / "static" / "frontend" / "js"
_WORD_CALL = re.compile(r"""\b(?:word|headWord)\(\s*"([^"]+)"\s*\)""")
_OBJECT = r"(?:export )?const {name} = \{{(?P<body>.*?)\n?\}};"
_VALUE = re.compile(r""":\s*"([^"]+)\"""")
_KEY = re.compile(r"""^\s*(?:"([^"]+)"|([^\s:"]+)):""", re.M)
# Objects whose German values reach the page through word() (term() maps TERMS through it).
WORD_MAPS = (
    ("i18n.js", "TERMS"),
    ("games/preferans/bids.js", "CALLS"),
    ("games/preferans/bids.js", "MODES"),
    ("games/preferanzen/felt.js", "DEFENCE_WORDS"),
    ("games/preferanzen/names.js", "GAME_NAMES"),
    ("games/preferanzen/sheet.js", "BONUS_NAMES"),
)


def _object_body(path: Path, name: str) -> str:
    match = re.search(_OBJECT.format(name=name), path.read_text(encoding="utf-8"), re.S)
    assert match, f"{name} not found in {path}"
    return match.group("body")


def _german_terms() -> dict[str, str]:
    """Every German game term the browser code passes to word(), with where it is used."""
    used: dict[str, str] = {}
    for path in sorted(JS.rglob("*.js")):
        for german in _WORD_CALL.findall(path.read_text(encoding="utf-8")):
            used.setdefault(german, path.relative_to(JS).as_posix())
    for module, name in WORD_MAPS:
        for german in _VALUE.findall(_object_body(JS / module, name)):
            used.setdefault(german, f"{module} {name}")
    return used


@pytest.mark.parametrize("words", ["ENGLISH", "RUSSIAN"])
def test_every_german_game_term_has_its_english_and_russian_word(words: str) -> None:
    known = {a or b for a, b in _KEY.findall(_object_body(JS / "gamewords.js", words))}
    used = _german_terms()
    missing = [f"{german!r} ({where})" for german, where in used.items() if german not in known]
    assert not missing, f"German game terms without a word in gamewords.js {words}:\n" + "\n".join(missing)
    assert {"Pass", "Whist", "halber Whist", "Misère", "Passspiel", "Pool", "Berg", "spielt mit"} <= set(used)
