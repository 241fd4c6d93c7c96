// The live list's tables (GET /api/matches/live/, the lobby socket's "live" messages) as the /live/
// page's cards and the lobby's lines: the game, where the match stands, the players with the score the
// table shows for each, and a link to watch. Every fact is the table's public score (games/live/
// watchlist.py): nothing here can show a card.
import { el } from "./dom.js";
import { fmt } from "./format.js";
import { gameModule } from "./games/index.js";
import { t } from "./i18n.js";
import { gameTitle } from "./titles.js";

/** Where the match stands, in its game's words: "Game 2 of 12", "Bummerl 7 → 0 · Deal 4" ("" if unknown). */
export function standing(entry) {
  return gameModule(entry.game).liveStanding(entry.score);
}

function playerName(player) {
  return player.ai ? `${player.name} ${t("(AI)")}` : player.name;
}

function scoreOf(entry, seat) {
  const scores = (entry.score && entry.score.scores) || [];
  return fmt(scores[seat]);
}

/** The players in seat order, each with their score, as one wrapping line of name–score pairs. */
function players(entry) {
  return el(
    "ul",
    { class: "live-players", "aria-label": t("Players and score") },
    ...entry.players.map((p, seat) =>
      el("li", { "data-seat": seat }, el("span", { class: "name" }, playerName(p)), " ", el("strong", { class: "score" }, scoreOf(entry, seat))),
    ),
  );
}

/** One table as a card of the /live/ page. */
export function liveCard(entry) {
  const title = el("h2", { class: "live-title" }, gameTitle(entry.game), " ", el("span", { class: "muted" }, `#${entry.id}`));
  const watch = el("a", { class: "button primary", href: entry.watch_url, "data-watch": entry.id }, t("Watch"));
  const where = standing(entry);
  return el(
    "li",
    { class: "live-card", "data-match": entry.id, "data-game": entry.game },
    el("div", { class: "live-head" }, title, watch),
    where ? el("p", { class: "live-standing" }, where) : null,
    players(entry),
  );
}

/** One table as a line of the lobby's list. */
export function liveLine(entry) {
  const where = standing(entry);
  const names = entry.players.map((p, seat) => `${playerName(p)} ${scoreOf(entry, seat)}`).join(" · ");
  return el(
    "li",
    { "data-match": entry.id, "data-game": entry.game },
    el("strong", {}, `${gameTitle(entry.game)} #${entry.id}`),
    ` – ${where ? `${where}: ` : ""}${names} `,
    el("a", { href: entry.watch_url, "data-watch": entry.id }, t("watch")),
  );
}

/**
 * Show `entries` in `box` as made by `make` (liveCard or liveLine), or `empty` when there are none.
 * A table whose entry did not change keeps its node, so a focused "watch" link keeps its focus.
 */
const shownNodes = new WeakMap(); // box -> Map(id -> {key, node}) of what it shows

export function showTables(box, entries, make, empty) {
  const kept = shownNodes.get(box) || new Map();
  const next = new Map();
  const nodes = entries.map((entry) => {
    const key = JSON.stringify(entry);
    const old = kept.get(entry.id);
    const node = old && old.key === key ? old.node : make(entry);
    next.set(entry.id, { key, node });
    return node;
  });
  shownNodes.set(box, next);
  box.dataset.count = String(entries.length);
  box.replaceChildren(...(nodes.length ? nodes : [el("li", { class: "muted live-empty" }, empty)]));
}
