"""The quick phrases are one list: the server's keys (chat/phrases.py) are the table script's."""

from __future__ import annotations

import re

from chat.phrases import PHRASES
from tests.catalogues import ROOT

SCRIPT = ROOT / "frontend" / "static" / "frontend" / "js" / "table" / "chat.js"


def test_the_script_shows_every_phrase_the_server_takes_and_no_other() -> None:
    block = re.search(r"export const PHRASES = \{(.*?)\n\};", SCRIPT.read_text(), re.S)
    assert block is not None
    shown = re.findall(r"^\s+(\w+): \(\) => t\(\"([^\"]+)\"\)", block.group(1), re.M)
    assert [key for key, _ in shown] == list(PHRASES)
    assert [words for _, words in shown] == list(PHRASES.values())  # the English words, the same
