// preisjass (seed 003): game-specific parts of the table (hooks: see index.js).
// The score sheet: points per game with the Bodentrumpf, totals, sacks, and the check that all players
// together hold 157 points a game; at the end the ranking with each player's sacks. A run is twelve
// games, so the words and the chart count games, not deals; the deck is German; it has a quick start.
import { cardImage, cardName, suitName } from "../cards.js";
import { el } from "../dom.js";
import { fmt } from "../format.js";
import { t, tf, tn } from "../i18n.js";
import { headRow } from "../sheethead.js";

const POINTS_PER_GAME = 157;

export const name = "preisjass";
export const deckStyle = "german";
export const picture = { style: "german", cards: ["9H", "JH", "AH"] }; // Nell, Bauer and Ass of trumps
export const quickStart = "/preisjass/";

export function blurb() {
  return t("Four players, each alone: twelve games, the Bodentrumpf sets trump, best runs on the public list.");
}

export function sheetTitle() {
  return t("Score sheet of the run");
}

export function contractLine(view, names, style) {
  if (!view.trump) return "";
  return tf("Trump: %(suit)s (Bodentrumpf) – everybody plays for themselves", { suit: suitName(view.trump, style) });
}

export function trumpCardLabel() {
  return t("Bodentrumpf");
}

/** The points each player has taken in the game being played. */
export function seatFacts(view, seat) {
  if (!view.game_points) return null;
  return el("span", { class: "game-points" }, `${t("this game")}: ${fmt(view.game_points[seat])}`);
}

export function chartAxis() {
  return { title: t("Score after each game"), xLabel: t("Game") };
}

/** The live list's line of a run: "Game 3 of 12" (its games are the deals). */
export function liveStanding(score) {
  return score && score.deal ? tf("Game %(n)s of %(total)s", { n: score.deal, total: score.deals || 12 }) : "";
}

function gameRow(row, style) {
  const trumpCell = el("td", { class: "trump-cell" });
  if (row.bodentrumpf) {
    trumpCell.append(cardImage(row.bodentrumpf, style, "mini"), el("span", { class: "sr-only-sm" }, suitName(row.trump, style)));
    trumpCell.title = cardName(row.bodentrumpf, style);
  }
  const tr = el("tr", { "data-game": row.game }, el("th", {}, String(row.game)), trumpCell);
  row.points.forEach((p, i) => {
    const sack = row.sacks[i];
    tr.appendChild(el("td", { class: sack ? "num sack" : "num" }, fmt(p), sack ? el("span", { class: "sack-mark" }, ` ${t("Sack")}`) : null));
  });
  return tr;
}

function footRow(cls, label, values) {
  return el("tr", { class: cls }, el("th", {}, label), el("td", {}, ""), ...values.map((v) => el("td", { class: "num" }, fmt(v))));
}

export function sheet(view, names, style) {
  const sheet = view.sheet || { games: [], totals: [], sacks: [] };
  const table = el("table", { class: "sheet preisjass-sheet" }, el("caption", {}, t("Points per game, total and sacks")));
  table.createTHead().appendChild(headRow(names, [t("Game"), t("Trump")]));
  const tbody = table.createTBody();
  for (const row of sheet.games) tbody.appendChild(gameRow(row, style));
  const tfoot = table.createTFoot();
  tfoot.append(footRow("total", t("Total"), sheet.totals || []), footRow("sacks", t("Sacks"), sheet.sacks || []));
  const all = (sheet.totals || []).reduce((a, b) => a + b, 0);
  const games = view.games_total || 12;
  const sum = el(
    "p",
    { class: "sheet-sum", "data-total-all": all },
    `${t("All players together")}: ${fmt(all)} ${t("of")} ${fmt(POINTS_PER_GAME * games)} ${t("points")} (${sheet.games.length}/${games} ${t("games")})`,
  );
  return el("div", {}, table, sum);
}

/** "1 sack", "3 sacks" (Russian: "1 мешок", "3 мешка", "5 мешков"). */
function sackCount(n) {
  return tn("%(n)s sack", "%(n)s sacks", n);
}

/** The final ranking: points, then each player's sacks. */
export function finalSummary(payload, names) {
  const { view } = payload;
  if (!view || !Array.isArray(view.scores)) return null;
  const order = names.map((_, i) => i).sort((a, b) => view.scores[b] - view.scores[a]);
  const list = el("ol", { class: "ranking" });
  for (const s of order) {
    let text = `${names[s]}: ${tn("%(n)s point", "%(n)s points", view.scores[s], fmt(view.scores[s]))}`;
    if (view.sheet && view.sheet.sacks) text += `, ${sackCount(view.sheet.sacks[s])}`;
    list.appendChild(el("li", { class: s === payload.seat ? "me" : "" }, text));
  }
  return list;
}

/**
 * The result between games: each player's points of the game (sacks marked), the standings after it
 * and, once the next game is cut, who cut how many cards and the Bodentrumpf it shows (seed 003).
 */
export function rowResult(view, row, names, style) {
  const games = (view.sheet && view.sheet.games) || [];
  const upto = games.filter((g) => g.game <= row.game);
  const totals = names.map((_, s) => upto.reduce((a, g) => a + g.points[s], 0));
  const order = names.map((_, s) => s).sort((a, b) => totals[b] - totals[a]);
  const table = el("table", { class: "sheet deal-table" });
  table.createTHead().appendChild(el("tr", {}, ...[t("Player"), t("this game"), t("Total")].map((h) => el("th", { scope: "col" }, h))));
  const body = table.createTBody();
  for (const s of order) {
    const sack = row.sacks[s] ? el("span", { class: "sack-mark" }, ` ${t("Sack")}`) : null;
    body.appendChild(el("tr", { "data-seat": s },
      el("th", { scope: "row" }, names[s]),
      el("td", { class: "num", "data-field": "points" }, fmt(row.points[s]), sack),
      el("td", { class: "num", "data-field": "total" }, fmt(totals[s]))));
  }
  const box = el("div", { class: "deal-result preisjass-result", "data-role": "deal-result", "data-deal": row.game }, table);
  box.appendChild(el("p", { class: "muted" }, tf("Standings after %(n)s of %(total)s games", { n: upto.length, total: view.games_total || 12 })));
  const cut = view.cut;
  if (cut && view.game_number === row.game + 1 && view.bodentrumpf) {
    box.appendChild(el("p", { class: "next-cut", "data-role": "next-cut" },
      tf("Game %(n)s: %(name)s cuts %(count)s cards; the Bodentrumpf is %(card)s, so %(suit)s is trump.", {
        n: view.game_number, name: names[cut.seat], count: cut.count, card: cardName(view.bodentrumpf, style), suit: suitName(view.trump, style),
      })));
  }
  return box;
}

/** The button that closes the result between games. */
export function nextRowLabel() {
  return t("Next game - cut and deal");
}
