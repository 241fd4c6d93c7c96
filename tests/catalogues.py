"""Every translatable string of the project, found by reading the sources (no gettext tools needed), and
the committed message catalogues, read as gettext does: a string counts as translated when its msgstr is
non-empty and not marked fuzzy.

Each string belongs to the catalogue of the app it is written in, as `makemessages` would put it:
templates and Python in <app>/locale/<lang>/LC_MESSAGES/django.po; JavaScript in the djangojs.po of
JS_APP, whichever app's script it is, since the JavaScript catalogue (/jsi18n/) serves only that one."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("accounts", "challenges", "friends", "frontend", "games", "leaderboard", "leagues", "notifications")
JS_APP = "frontend"
LANGUAGES = ("de", "ru")
GETTEXT_NAMES = {"_", "gettext", "gettext_lazy", "gettext_noop", "pgettext", "pgettext_lazy"}

_TRANSLATE = re.compile(r"""\{%\s*trans(?:late)?\s+(?P<q>["'])(?P<s>.*?)(?P=q)(?:\s+[^%]*)?%\}""")
_BLOCK = re.compile(
    r"\{%\s*blocktrans(?:late)?(?P<args>[^%]*)%\}(?P<body>.*?)\{%\s*endblocktrans(?:late)?\s*%\}", re.S
)
_BLOCK_VAR = re.compile(r"\{\{\s*(\w+)\s*\}\}")
_PLURAL = re.compile(r"\{%\s*plural\s*%\}")
_JS_CALL = re.compile(
    r"""(?<![\w.])(?:t|tf|tn|gettext|ngettext)\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')"""
)


@dataclass(frozen=True)
class Source:
    msgid: str
    app: str
    domain: str  # "django" or "djangojs"
    where: str  # path:line of the first use


def _lineno(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _template_strings(path: Path) -> Iterator[tuple[str, int]]:
    text = path.read_text(encoding="utf-8")
    for m in _TRANSLATE.finditer(text):
        yield m.group("s"), _lineno(text, m.start())
    for m in _BLOCK.finditer(text):
        body = m.group("body")
        body = _PLURAL.split(body)[0]  # the singular is the msgid (the plural its msgid_plural)
        if "trimmed" in m.group("args").split():
            body = " ".join(line.strip() for line in body.strip().splitlines())
        yield _BLOCK_VAR.sub(r"%(\1)s", body), _lineno(text, m.start())


def _python_strings(path: Path) -> Iterator[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name in GETTEXT_NAMES:
            arg = node.args[1] if name.startswith("pgettext") and len(node.args) > 1 else node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield arg.value, node.lineno


def _js_literal(literal: str) -> str:
    if literal.startswith("'"):
        literal = '"' + literal[1:-1].replace('\\"', '"').replace('"', '\\"').replace("\\'", "'") + '"'
    return str(json.loads(literal))


def _js_strings(path: Path) -> Iterator[tuple[str, int]]:
    text = path.read_text(encoding="utf-8")
    for m in _JS_CALL.finditer(text):
        yield _js_literal(m.group(1)), _lineno(text, m.start())


def source_strings() -> list[Source]:
    """Every translatable string of the apps, once per (app, domain), in the order of the sources."""
    found: dict[tuple[str, str, str], Source] = {}
    for app in APPS:
        base = ROOT / app
        files: list[tuple[Path, str, object]] = []
        files += [(p, "django", _template_strings) for p in sorted(base.rglob("*.html"))]
        files += [
            (p, "django", _python_strings) for p in sorted(base.rglob("*.py")) if "migrations" not in p.parts
        ]
        files += [(p, "djangojs", _js_strings) for p in sorted(base.rglob("*.js"))]
        for path, domain, read in files:
            for msgid, line in read(path):  # type: ignore[operator]
                owner = JS_APP if domain == "djangojs" else app
                key = (owner, domain, msgid)
                if msgid and key not in found:
                    found[key] = Source(msgid, owner, domain, f"{path.relative_to(ROOT)}:{line}")
    return list(found.values())


def _unquote(chunks: list[str]) -> str:
    return "".join(json.loads(c) for c in chunks)


def read_po(path: Path) -> dict[str, tuple[str, bool]]:
    """msgid -> (msgstr, fuzzy) of a .po file (no contexts: the project uses none). A plural entry
    counts by its singular msgid; its msgstr is empty when any of its forms is."""
    entries: dict[str, tuple[str, bool]] = {}
    if not path.exists():
        return entries
    msgid: list[str] = []
    msgstr: list[str] = []
    fuzzy = False
    field: list[str] | None = None

    def flush() -> None:
        if msgid or msgstr:
            key = _unquote(msgid)
            if key:
                entries[key] = (_unquote(msgstr), fuzzy)

    for raw in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            flush()
            msgid, msgstr, field, fuzzy = [], [], None, True
        elif line.startswith("msgid "):
            if field is msgstr:
                flush()
                fuzzy = fuzzy and not msgstr
            msgid, msgstr, field = [line[6:]], [], None
            field = msgid
        elif line.startswith("msgid_plural "):
            field = []  # the plural's text is not a key
        elif line.startswith("msgstr "):
            msgstr = [line[7:]]
            field = msgstr
        elif line.startswith("msgstr["):
            form = line[line.index("]") + 1 :].strip()
            if line.startswith("msgstr[0]"):
                msgstr = [form]
            elif msgstr and not json.loads(form):
                msgstr = ['""']  # an empty plural form: the entry is not usable
            field = msgstr
        elif line.startswith('"') and field is not None:
            field.append(line)
        elif (not line or line.startswith("#")) and field is msgstr:
            flush()
            msgid, msgstr, field, fuzzy = [], [], None, False
    return entries


def catalogue_path(app: str, lang: str, domain: str) -> Path:
    return ROOT / app / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


def missing_translations() -> list[str]:
    """One line per string without a usable translation: language, catalogue, msgid and where it is used."""
    problems = []
    catalogues: dict[Path, dict[str, tuple[str, bool]]] = {}
    for source in source_strings():
        for lang in LANGUAGES:
            path = catalogue_path(source.app, lang, source.domain)
            entries = catalogues.setdefault(path, read_po(path))
            msgstr, fuzzy = entries.get(source.msgid, ("", False))
            if not msgstr or fuzzy:
                state = "fuzzy" if msgstr else "missing"
                shown = json.dumps(source.msgid, ensure_ascii=False)
                problems.append(f"{lang} {path.relative_to(ROOT)}: {state} msgid {shown} ({source.where})")
    return problems
