"""The quick phrases: sent by key, shown in each reader's language (the table's script holds their
German and Russian words, frontend/static/frontend/js/table/chat.js; a test keeps the two lists equal).
None of them says anything about cards: they are all a table of strangers, or of partners who may not
signal, can say."""

from __future__ import annotations

# key -> the English words (the `text` of a phrase's message, and what staff read)
PHRASES: dict[str, str] = {
    "hello": "Hello!",
    "good_luck": "Good luck!",
    "have_fun": "Have fun!",
    "well_played": "Well played!",
    "thanks": "Thanks!",
    "sorry": "Sorry!",
    "one_moment": "One moment, please.",
    "good_game": "Good game!",
    "bye": "Bye!",
}
