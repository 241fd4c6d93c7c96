// The Schnapsen score sheet (game points per deal, each player counting down 7 -> 0), the result of one
// deal between deals, and the final Bummerl result.
import { el } from "../../dom.js";
import { signed } from "../../format.js";
import { t, tf, tn } from "../../i18n.js";
import { bummerlWinner, fixedDeals, isSeat, reasonText } from "./labels.js";

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
  const fixed = fixedDeals(view);
  // a match of fixed deals (the daily challenge) starts at 0 and counts won less lost, signed
  const start = fixed ? 0 : (view && view.start_score) || 7;
  const shown = (n) => (fixed ? signed(n) : String(n));
  const rows = (view && view.deals) || [];
  const wrap = el("div", { class: "schnapsen-sheet-wrap" });
  const table = el("table", { class: "sheet schnapsen-sheet" });
  const caption = fixed
    ? tf("Game points per deal over %(n)s deals; the score is won less lost.", { n: view.deals_total })
    : tf("Game points per deal; each player counts down from %(start)s to 0.", { start });
  table.appendChild(el("caption", {}, caption));
  const head = table.createTHead();
  const h1 = el("tr", {}, el("th", { rowspan: "2", scope: "col" }, t("Deal")), el("th", { rowspan: "2", scope: "col" }, t("Result")));
  const h2 = el("tr");
  for (const name of names) {
    h1.appendChild(el("th", { colspan: "2", scope: "colgroup", class: "player" }, name));
    h2.append(el("th", { scope: "col", class: "num gp" }, t("won")), el("th", { scope: "col", class: "num" }, t("Score")));
  }
  head.append(h1, h2);
  const body = table.createTBody();
  const startRow = el("tr", { class: "start" }, el("th", { scope: "row" }, "–"), td(t("Start"), "details"));
  names.forEach(() => startRow.append(td("", "num"), td(shown(start), "num stand")));
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
      tr.appendChild(td(shown(left), "num stand", { seat: s, stand: left }));
    }
    body.appendChild(tr);
  }
  const foot = table.createTFoot();
  const total = el("tr", { class: "total" }, el("th", { scope: "row" }, t("Total")), td("", ""));
  const scores = (view && view.scores) || [start, start];
  for (let s = 0; s < names.length; s += 1) {
    total.append(td(String(won[s]), "num gp-total", { seat: s, gp: won[s] }), td(shown(scores[s]), "num stand-total", { seat: s, stand: scores[s] }));
  }
  foot.appendChild(total);
  wrap.appendChild(table);
  const winner = bummerlWinner(view);
  if (winner !== null) {
    const won = fixed ? tf("%(name)s is ahead after every deal", { name: names[winner] }) : tf("%(name)s wins the Bummerl", { name: names[winner] });
    wrap.appendChild(el("p", { class: "bummerl-winner", "data-winner": String(winner) }, `${won} (${t("Score")} ${shown(scores[0])} : ${shown(scores[1])})`));
  }
  return wrap;
}

function gamePointsWon(n) {
  return tn("%(n)s game point won", "%(n)s game points won", n);
}

/** The result of one finished deal, for the dialog between deals. */
export function rowResult(view, row, names) {
  const box = el("div", { class: "schnapsen-row-result", "data-winner": String(row.winner) });
  const gp = (row.game_points || [])[row.winner] || 0;
  box.appendChild(el("p", { class: "deal-winner" }, el("strong", {}, tn("%(name)s wins %(n)s game point", "%(name)s wins %(n)s game points", gp).replace("%(name)s", () => names[row.winner])), ` – ${reasonText(row)}`));
  const detail = detailText(row, names);
  if (detail) box.appendChild(el("p", { class: "muted" }, detail));
  const scores = row.scores || (view && view.scores) || [];
  if (fixedDeals(view)) {
    const standing = tf("Score after deal %(n)s of %(total)s", { n: row.deal, total: view.deals_total });
    box.appendChild(el("p", { class: "bummerl-now" }, `${standing}: ${names.map((n, s) => `${n} ${signed(scores[s])}`).join(" · ")}`));
    return box;
  }
  box.appendChild(el("p", { class: "bummerl-now" }, `${tf("Bummerl %(start)s → 0", { start: (view && view.start_score) || 7 })}: ${names.map((n, s) => `${n} ${scores[s]}`).join(" · ")}`));
  return box;
}

/** The final screen's result: the Bummerl winner first, then the score left (7 -> 0). */
export function finalSummary(payload, names) {
  const view = payload.view;
  if (!view) return null;
  const winner = bummerlWinner(view);
  const box = el("div", { class: "schnapsen-final" });
  const fixed = fixedDeals(view);
  if (winner !== null) {
    const won = fixed ? tf("%(name)s is ahead after every deal", { name: names[winner] }) : tf("%(name)s wins the Bummerl", { name: names[winner] });
    box.appendChild(el("p", { class: "bummerl-winner", "data-winner": String(winner) }, el("strong", {}, won)));
  }
  // the Bummerl: fewest points left first; fixed deals: the highest score first
  const order = [0, 1].sort((a, b) => (fixed ? view.scores[b] - view.scores[a] : view.scores[a] - view.scores[b]));
  const list = el("ol", { class: "ranking" });
  for (const s of order) {
    const score = fixed ? signed(view.scores[s]) : view.scores[s];
    const li = el("li", { class: s === payload.seat ? "me" : "", "data-seat": String(s), "data-score": String(view.scores[s]) },
      `${names[s]}: ${score} (${gamePointsWon((view.game_points || [])[s] || 0)})`);
    list.appendChild(li);
  }
  box.appendChild(list);
  return box;
}
