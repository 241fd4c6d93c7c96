// schnapsen: game-specific parts of the table (see index.js for the hooks): the stock with the trump
// card turned across beneath it, the facts of the deal (own points, pending marriage, tricks, the
// Bummerl count-down), a panel for exchanging the trump Jack, closing and declaring marriages, the
// score sheet of the deals (7 -> 0) and the Bummerl result. Only what the seat's view gives is shown.
import { cardImage, cardName, cardSVG, suitName } from "../cards.js";
import { t, tf } from "../i18n.js";
import { el } from "../ui.js";

const SUIT_SYMBOL = { C: "♣", S: "♠", D: "♦", H: "♥" };
const WIN = 66;

// The engine's deal-end reasons (scoring.py) as UI strings.
const REASONS = {
  "66 reached": () => t("66 reached"),
  "closed and made": () => t("closed and made"),
  "closed, opponent reached 66": () => t("closed, opponent reached 66"),
  "closed and failed": () => t("closed and failed"),
  "last trick": () => t("last trick"),
};

function seatName(seats, seat) {
  const info = (seats || [])[seat] || {};
  return info.name || `${t("Seat")} ${seat + 1}`;
}

function isSeat(seat) {
  return seat === 0 || seat === 1;
}

function suitLabel(suit, style) {
  return `${suitName(suit, style)} ${SUIT_SYMBOL[suit] || ""}`.trim();
}

function marriagePoints(suit, view) {
  return suit === view.trump ? 40 : 20;
}

/** The Bummerl winner once the match is decided (0 points left), else null. */
export function bummerlWinner(view) {
  if (!view || view.phase !== "over" || !Array.isArray(view.scores)) return null;
  const done = [0, 1].filter((s) => view.scores[s] === 0);
  if (done.length === 1) return done[0];
  const gp = view.game_points || [0, 0];
  return gp[0] === gp[1] ? null : gp[0] > gp[1] ? 0 : 1;
}

// --- labels (game terms stay German in both languages, like i18n.js TERMS) ---------------------------

function jackWord(style) {
  return style === "german" ? "Trumpf-Unter" : "Trumpf-Buben";
}

function rankWord(card, style) {
  if (card[0] === "K") return "König";
  return style === "german" ? "Ober" : "Dame";
}

export function actionLabel(action, view, style) {
  if (action.type === "exchange_trump") {
    const card = view && view.trump_card ? ` (gegen ${cardName(view.trump_card, style)})` : "";
    return `${jackWord(style)} tauschen${card}`;
  }
  if (action.type === "close") return "Zudrehen";
  if (action.type === "play" && action.marriage) {
    const suit = action.card[1];
    return `Ansagen: ${marriagePoints(suit, view || {})} (${suitName(suit, style)}) – ${rankWord(action.card, style)} ausspielen`;
  }
  return null;
}

// --- the panel of non-card actions --------------------------------------------------------------------

export function actionsPanel(payload, send, style) {
  const view = payload.view;
  const legal = (view && view.legal) || [];
  const special = legal.filter((a) => a.type === "exchange_trump" || a.type === "close" || (a.type === "play" && a.marriage));
  if (!special.length) return null;
  const panel = el("div", { class: "schnapsen-actions", role: "group", "aria-label": t("Exchange, close, marriages") });
  const stockRow = el("div", { class: "row stock-actions" });
  const marriageRow = el("div", { class: "row marriage-actions" });
  // Exchange, close, then the marriages: 40 before 20, by suit, the King before the Queen.
  const rank = (a) => {
    if (a.type === "exchange_trump") return 0;
    if (a.type === "close") return 1;
    return 10 + (marriagePoints(a.card[1], view) === 40 ? 0 : 10) + "CSHD".indexOf(a.card[1]) * 2 + (a.card[0] === "K" ? 0 : 1);
  };
  special.sort((a, b) => rank(a) - rank(b));
  for (const action of special) {
    const btn = el("button", { type: "button", class: "action", "data-type": action.type }, actionLabel(action, view, style));
    if (action.type === "close") {
      btn.title = t("Close the stock: nobody draws any more, follow suit and beat from now on; you must reach 66.");
      btn.classList.add("close-stock");
    }
    if (action.type === "exchange_trump") btn.classList.add("exchange");
    if (action.marriage) {
      btn.dataset.marriage = action.card;
      btn.classList.add("marriage", `suit-${action.card[1]}`);
    }
    btn.addEventListener("click", () => send(action));
    (action.marriage ? marriageRow : stockRow).appendChild(btn);
  }
  if (stockRow.childNodes.length) panel.appendChild(stockRow);
  if (marriageRow.childNodes.length) {
    panel.appendChild(marriageRow);
    panel.appendChild(el("p", { class: "hint" }, t("A click on a card in your hand plays it without announcing.")));
  }
  return panel;
}

// --- the felt: stock, trump card, facts of the deal ---------------------------------------------------

function stockNode(view, seats, style) {
  const box = el("div", { class: "schnapsen-stock" });
  const trumpCard = view.trump_card;
  const faceDown = Math.max(0, (view.stock_size || 0) - (trumpCard ? 1 : 0));
  if (!trumpCard && faceDown === 0) {
    const empty = el("div", { class: "stock-empty", "data-state": "exhausted" }, t("Stock exhausted"));
    box.appendChild(empty);
    box.dataset.state = "exhausted";
    return box;
  }
  const pile = el("div", { class: "pile", role: "img" });
  const label = [tf("Stock: %(n)s face down", { n: faceDown })];
  if (trumpCard) {
    const across = cardImage(trumpCard, style, "small across");
    across.classList.add("trump-under");
    pile.appendChild(across);
    label.push(`${t("Trump card")}: ${cardName(trumpCard, style)}`);
  }
  for (let i = 0; i < Math.min(faceDown, 4); i += 1) {
    const back = el("span", { class: "card small back" });
    back.style.setProperty("--i", String(i)); // through the CSSOM: the CSP refuses style attributes
    back.appendChild(cardSVG(null, style));
    pile.appendChild(back);
  }
  pile.appendChild(el("span", { class: "stock-count", "data-count": String(faceDown) }, String(faceDown)));
  box.dataset.state = view.closed ? "closed" : "open";
  if (view.closed) {
    pile.classList.add("closed");
    pile.appendChild(el("span", { class: "closed-mark" }, t("closed")));
  }
  const who = view.closed && isSeat(view.closed_by) ? tf("Closed by %(name)s", { name: seatName(seats, view.closed_by) }) : "";
  if (who) label.push(who);
  pile.setAttribute("aria-label", label.join(", "));
  box.appendChild(pile);
  const caption = el("p", { class: "stock-caption" }, `${t("Stock")}: ${faceDown}`);
  if (trumpCard) caption.append(el("br"), `${t("Trump card")}: ${cardName(trumpCard, style)}`);
  if (who) caption.append(el("br"), el("strong", { class: "closed-by" }, who));
  box.appendChild(caption);
  return box;
}

function factsNode(view, seats, style) {
  const list = el("ul", { class: "schnapsen-facts" });
  const me = isSeat(view.seat) ? view.seat : null;
  const start = view.start_score || 7;
  if (Array.isArray(view.scores)) {
    const item = el("li", { class: "bummerl" }, el("span", { class: "label" }, tf("Bummerl %(start)s → 0", { start })), " ");
    [0, 1].forEach((s, i) => {
      if (i) item.append(" · ");
      item.append(el("span", { class: "who", "data-seat": String(s) }, `${seatName(seats, s)} `), el("strong", { "data-bummerl": String(s) }, String(view.scores[s])));
    });
    list.appendChild(item);
  }
  if (me !== null && Array.isArray(view.points) && typeof view.points[me] === "number") {
    const item = el("li", { class: "own-points", "data-points": String(view.points[me]) }, tf("Your points: %(n)s of %(win)s", { n: view.points[me], win: WIN }));
    const pending = Array.isArray(view.pending) ? view.pending[me] : 0;
    if (pending) {
      item.append(" ", el("span", { class: "pending", "data-pending": String(pending) }, tf("+%(n)s announced, counts from your first trick", { n: pending })));
    }
    list.appendChild(item);
  }
  if (Array.isArray(view.tricks)) {
    const item = el("li", { class: "tricks" }, `${t("Tricks")}: `);
    [0, 1].forEach((s, i) => {
      if (i) item.append(" · ");
      item.append(`${seatName(seats, s)} `, el("strong", { "data-tricks": String(s) }, String(view.tricks[s])));
    });
    list.appendChild(item);
  }
  if (Array.isArray(view.marriages) && view.marriages.length) {
    const text = view.marriages.map((m) => `${seatName(seats, m.seat)} ${marriagePoints(m.suit, view)} (${suitLabel(m.suit, style)})`).join(", ");
    list.appendChild(el("li", { class: "marriages" }, `${t("Marriages")}: ${text}`));
  }
  for (const ex of view.exchanges || []) {
    list.appendChild(el("li", { class: "exchange" }, tf("%(name)s took %(card)s in exchange", { name: seatName(seats, ex.seat), card: cardName(ex.card, style) })));
  }
  if (view.strict && view.phase === "play") {
    list.appendChild(el("li", { class: "strict" }, t("Follow suit and beat: the stock is closed or exhausted.")));
  }
  return list;
}

export function felt(model) {
  const { view, seats, style } = model;
  if (!view || !view.trump) return null;
  const box = el("div", { class: "schnapsen-felt" });
  box.append(stockNode(view, seats, style), factsNode(view, seats, style));
  return box;
}

// --- the score sheet ------------------------------------------------------------------------------------

function reasonText(row) {
  const make = REASONS[row.reason];
  return make ? make() : String(row.reason || "");
}

function detailText(row, names) {
  const parts = [];
  if (Array.isArray(row.points) && Array.isArray(row.tricks)) {
    parts.push(tf("points %(a)s : %(b)s, tricks %(c)s : %(d)s", { a: row.points[0], b: row.points[1], c: row.tricks[0], d: row.tricks[1] }));
  }
  if (isSeat(row.closed_by)) {
    let text = tf("closed by %(name)s", { name: names[row.closed_by] });
    if (row.closure) text += ` (${tf("opponent then: %(p)s points, %(n)s tricks", { p: row.closure.opponent_points, n: row.closure.opponent_tricks })})`;
    parts.push(text);
  }
  return parts.join("; ");
}

function td(text, cls, data = {}) {
  const cell = el("td", { class: cls || null }, text);
  for (const [k, v] of Object.entries(data)) cell.dataset[k] = String(v);
  return cell;
}

export function sheet(view, names) {
  const start = (view && view.start_score) || 7;
  const rows = (view && view.deals) || [];
  const wrap = el("div", { class: "schnapsen-sheet-wrap" });
  const table = el("table", { class: "sheet schnapsen-sheet" });
  table.appendChild(el("caption", {}, tf("Game points per deal; each player counts down from %(start)s to 0.", { start })));
  const head = table.createTHead();
  const h1 = el("tr", {}, el("th", { rowspan: "2", scope: "col" }, t("Deal")), el("th", { rowspan: "2", scope: "col" }, t("Result")));
  const h2 = el("tr");
  for (const name of names) {
    h1.appendChild(el("th", { colspan: "2", scope: "colgroup", class: "player" }, name));
    h2.append(el("th", { scope: "col", class: "num" }, t("won")), el("th", { scope: "col", class: "num" }, t("Score")));
  }
  head.append(h1, h2);
  const body = table.createTBody();
  const startRow = el("tr", { class: "start" }, el("th", { scope: "row" }, "–"), td(t("Start"), "details"));
  names.forEach(() => startRow.append(td("", "num"), td(String(start), "num stand")));
  body.appendChild(startRow);
  const won = [0, 0];
  for (const row of rows) {
    const tr = el("tr", { class: "deal", "data-deal": String(row.deal), "data-winner": String(row.winner) });
    tr.appendChild(el("th", { scope: "row" }, String(row.deal)));
    const gpWinner = (row.game_points || [])[row.winner] || 0;
    const result = el("td", { class: "details" }, el("strong", {}, `${names[row.winner] || ""} +${gpWinner}`), ` – ${reasonText(row)}`);
    const detail = detailText(row, names);
    if (detail) result.append(el("br"), el("small", {}, detail));
    tr.appendChild(result);
    for (let s = 0; s < names.length; s += 1) {
      const gp = (row.game_points || [])[s] || 0;
      won[s] += gp;
      tr.appendChild(td(gp ? `+${gp}` : "", gp ? "num gp won" : "num gp", { seat: s, gp }));
      const left = Array.isArray(row.scores) ? row.scores[s] : Math.max(0, start - won[s]);
      tr.appendChild(td(String(left), "num stand", { seat: s, stand: left }));
    }
    body.appendChild(tr);
  }
  const foot = table.createTFoot();
  const total = el("tr", { class: "total" }, el("th", { scope: "row" }, t("Total")), td("", ""));
  const scores = (view && view.scores) || [start, start];
  for (let s = 0; s < names.length; s += 1) {
    total.append(td(String(won[s]), "num gp-total", { seat: s, gp: won[s] }), td(String(scores[s]), "num stand-total", { seat: s, stand: scores[s] }));
  }
  foot.appendChild(total);
  wrap.appendChild(table);
  const winner = bummerlWinner(view);
  if (winner !== null) {
    wrap.appendChild(el("p", { class: "bummerl-winner", "data-winner": String(winner) },
      `${tf("%(name)s wins the Bummerl", { name: names[winner] })} (${t("Score")} ${scores[0]} : ${scores[1]})`));
  }
  return wrap;
}

// --- between deals and at the end (hooks used by table.js) ---------------------------------------------

function gamePointsWon(n) {
  return n === 1 ? t("1 game point won") : tf("%(n)s game points won", { n });
}

/** The result of one finished deal, for the dialog between deals. */
export function rowResult(view, row, names) {
  const box = el("div", { class: "schnapsen-row-result", "data-winner": String(row.winner) });
  const gp = (row.game_points || [])[row.winner] || 0;
  box.appendChild(el("p", { class: "deal-winner" }, el("strong", {}, gp === 1 ? tf("%(name)s wins 1 game point", { name: names[row.winner] }) : tf("%(name)s wins %(n)s game points", { name: names[row.winner], n: gp })), ` – ${reasonText(row)}`));
  const detail = detailText(row, names);
  if (detail) box.appendChild(el("p", { class: "muted" }, detail));
  const scores = row.scores || (view && view.scores) || [];
  box.appendChild(el("p", { class: "bummerl-now" }, `${tf("Bummerl %(start)s → 0", { start: (view && view.start_score) || 7 })}: ${names.map((n, s) => `${n} ${scores[s]}`).join(" · ")}`));
  return box;
}

/** The final screen's result: the Bummerl winner first, then the score left (7 -> 0). */
export function finalSummary(payload, names) {
  const view = payload.view;
  if (!view) return null;
  const winner = bummerlWinner(view);
  const box = el("div", { class: "schnapsen-final" });
  if (winner !== null) box.appendChild(el("p", { class: "bummerl-winner", "data-winner": String(winner) }, el("strong", {}, tf("%(name)s wins the Bummerl", { name: names[winner] }))));
  const order = [0, 1].sort((a, b) => view.scores[a] - view.scores[b]);
  const list = el("ol", { class: "ranking" });
  for (const s of order) {
    const li = el("li", { class: s === payload.seat ? "me" : "", "data-seat": String(s), "data-score": String(view.scores[s]) },
      `${names[s]}: ${view.scores[s]} (${gamePointsWon((view.game_points || [])[s] || 0)})`);
    list.appendChild(li);
  }
  box.appendChild(list);
  return box;
}
