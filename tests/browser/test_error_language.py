"""A refused request reads in the page's language: German and Russian pages show the error code's own
sentence, an English page the server's precise one (the code is the same in all three)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

REFUSED_JS = """async () => {
  const api = await import('/static/frontend/js/api.js');
  const refused = async (call) => {
    try { await call(); return null; } catch (exc) {
      return {code: exc.code, message: exc.message, detail: exc.detail};
    }
  };
  const one = {kind: 'human', name: ''};
  return {
    missing: await refused(() => api.post('/api/matches/999999/actions/', {action: {type: 'pass'}, seq: 1})),
    bad: await refused(() => api.post('/api/matches/', {game: 'schnapsen', name: 'Erna', seats: [one]})),
  };
}"""


@pytest.mark.parametrize(
    ("lang", "missing", "bad"),
    [
        ("de", "Nicht gefunden.", "Die Anfrage wurde nicht angenommen."),
        ("ru", "Не найдено.", "Запрос не принят."),
    ],
)
def test_refusals_read_in_german_and_russian(new_page: Any, lang: str, missing: str, bad: str) -> None:
    page, _ = new_page(lang)
    page.goto("/")
    refused = page.evaluate(REFUSED_JS)
    assert (refused["missing"]["code"], refused["missing"]["message"]) == ("not_found", missing)
    assert (refused["bad"]["code"], refused["bad"]["message"]) == ("bad_request", bad)
    assert refused["bad"]["detail"] != bad  # the server's own sentence stays with the error


def test_an_english_page_keeps_the_server_s_sentence(new_page: Any) -> None:
    page, _ = new_page("en")
    page.goto("/")
    refused = page.evaluate(REFUSED_JS)
    assert refused["missing"]["code"] == "not_found"
    assert refused["missing"]["message"] == refused["missing"]["detail"] != ""
    assert "seat" in refused["bad"]["message"]
