// The Preferans score sheet: the paper drawing, Pool, Berg and Whists with the exact settlement and its
// zero sum, at the end how the mountains became whists, and the deal-by-deal log.
import { el } from "../../dom.js";
import { fmt } from "../../format.js";
import { headWord, t, tf, word } from "../../i18n.js";
import { dealRows, dealSummary, recentRun } from "./deals.js";
import { add, frac, fracPlain, fracText, norm } from "./fractions.js";
import { paperSheet } from "./paper.js";

function summaryTable(view, names) {
  const n = view.players;
  const sheet = view.sheet;
  const over = view.phase === "over";
  const table = el("table", { class: "sheet prs-summary" });
  table.appendChild(el("caption", {}, over ? t("Pool, mountain and whists; the settlement") : t("Pool, mountain and whists; the settlement if the pool ended now")));
  const head = el("tr", {}, el("th", {}, ""));
  for (let s = 0; s < n; s += 1) head.appendChild(el("th", { scope: "col" }, names[s]));
  table.createTHead().appendChild(head);
  const body = table.createTBody();
  const pool = el("tr", { class: "pool" }, el("th", { scope: "row" }, headWord("Pool (Pulja)")));
  sheet.pool.forEach((v, s) => pool.appendChild(el("td", { class: v >= sheet.target ? "num full" : "num", "data-seat": s }, `${v} / ${sheet.target}`)));
  body.appendChild(pool);
  const mountain = el("tr", { class: "mountain" }, el("th", { scope: "row" }, headWord("Berg (Gora)")));
  sheet.mountain.forEach((v, s) => mountain.appendChild(el("td", { class: "num", "data-seat": s }, String(v))));
  body.appendChild(mountain);
  for (let o = 0; o < n; o += 1) {
    const tr = el("tr", { class: "whists" }, el("th", { scope: "row" }, `${headWord("Whists")} ${tf("against %(name)s", { name: names[o] })}`));
    for (let s = 0; s < n; s += 1) {
      if (s === o) {
        tr.appendChild(el("td", { class: "num self" }, "—"));
        continue;
      }
      const exact = sheet.whists_exact[s][o];
      const value = frac(exact);
      const text = value[1] === 1 ? exact : `${fracText(value)} (${fmt(sheet.whists[s][o])})`;
      tr.appendChild(el("td", { class: "num", "data-seat": s, "data-against": o, "data-exact": exact }, text));
    }
    body.appendChild(tr);
  }
  const foot = table.createTFoot();
  const total = el("tr", { class: "total settlement" }, el("th", { scope: "row" }, headWord("Abrechnung")));
  const exacts = view.scores_exact || [];
  exacts.forEach((e, s) => {
    const value = frac(e);
    const text = value[1] === 1 ? fracText(value) : `${fracText(value)} (${fmt(view.scores[s])})`;
    total.appendChild(el("td", { class: "num", "data-seat": s, "data-exact": e, "data-value": view.scores[s] }, text));
  });
  foot.appendChild(total);
  return table;
}

function zeroLine(view) {
  const exacts = view.scores_exact || [];
  let sum = [0, 1];
  for (const e of exacts) sum = add(sum, frac(e));
  const terms = exacts.map((e, i) => {
    const v = frac(e);
    const text = fracText(v);
    return i && v[0] < 0 ? `(${text})` : text;
  });
  const line = `${t("Sum of all balances")}: ${terms.join(" + ")} = ${fracText(sum)}`;
  return el("p", { class: "prs-zero", "data-sum": fracPlain(sum) }, line, sum[0] === 0 ? ` ✓ ${t("(exactly zero)")}` : "");
}

/** At the end: how the mountains turned into whists (seed 001, "Abrechnung"). */
function settlementSteps(view, names) {
  const n = view.players;
  const mountain = view.sheet.mountain;
  const low = Math.min(...mountain);
  const list = el("ol", { class: "prs-steps" });
  list.appendChild(el("li", {}, tf("Every mountain minus the smallest one (%(low)s).", { low })));
  for (let s = 0; s < n; s += 1) {
    const rest = mountain[s] - low;
    const each = norm([rest * 10, n]);
    list.appendChild(el("li", {}, tf("%(name)s: mountain %(m)s − %(low)s = %(rest)s → %(each)s whists to each opponent", {
      name: names[s], m: mountain[s], low, rest, each: fracText(each),
    })));
  }
  list.appendChild(el("li", {}, t("Then the whists are netted pair by pair.")));
  return list;
}

function changesCell(row, seat, names) {
  const parts = [];
  if (row.pool[seat]) parts.push(`${word("Pool")} ${row.pool[seat] > 0 ? "+" : ""}${row.pool[seat]}`);
  if (row.mountain[seat]) parts.push(`${word("Berg")} ${row.mountain[seat] > 0 ? "+" : ""}${row.mountain[seat]}`);
  for (const w of row.whists || []) {
    if (w.from === seat) parts.push(`${word("Whists")} ${tf("against %(name)s", { name: names[w.against] })} +${fracText(frac(w.exact))}`);
  }
  // one box for the lines, so that a stacked cell (phone) keeps them together beside its label
  const lines = el("span", { class: "lines" });
  parts.forEach((p, i) => {
    if (i) lines.appendChild(el("br"));
    lines.append(p);
  });
  return el("td", { class: "changes", "data-seat": seat, "data-label": names[seat] }, lines);
}

function logTable(view, names, rows) {
  const n = view.players;
  // `stack`: on a phone each deal shows as labelled lines (site.css), the labels are the head's words
  const table = el("table", { class: "sheet prs-log stack" });
  table.appendChild(el("caption", {}, t("Deal by deal")));
  const [dealer, game, tricks] = [t("Dealer"), t("Game"), t("Tricks")];
  const head = el("tr", {}, ...["#", dealer, game, tricks].map((label) => el("th", { scope: "col" }, label)));
  for (let s = 0; s < n; s += 1) head.appendChild(el("th", { scope: "col" }, names[s]));
  table.createTHead().appendChild(head);
  const body = table.createTBody();
  for (const row of rows) {
    const tr = el("tr", { "data-deal": row.deal, "data-kind": row.kind });
    tr.appendChild(el("th", { scope: "row" }, String(row.deal)));
    tr.appendChild(el("td", { "data-label": dealer }, names[row.dealer]));
    tr.appendChild(el("td", { class: "what", "data-label": game }, dealSummary(row, names)));
    const played = ["contract", "misere", "raspasy"].includes(row.kind);
    tr.appendChild(el("td", { class: "num", "data-label": tricks }, played ? row.tricks.map((x, s) => (row.tricks.length === 4 && s === row.dealer ? "–" : String(x))).join(" · ") : "—"));
    for (let s = 0; s < n; s += 1) tr.appendChild(changesCell(row, s, names));
    body.appendChild(tr);
  }
  return table;
}

export function sheet(view, names) {
  const wrap = el("div", { class: "prs-sheet" });
  if (!view || !view.sheet) {
    wrap.appendChild(el("p", { class: "muted" }, t("The score sheet starts with the first game.")));
    return wrap;
  }
  const rows = dealRows(view);
  const over = view.phase === "over";
  wrap.dataset.deals = String(rows.length);
  wrap.dataset.over = over ? "true" : "false";
  const opts = view.options || {};
  const variant = word({ leningrad: "Leningrad", rostov: "Rostow" }[opts.variant] || "Sotschi");
  // A match of independent deals (the daily challenge): no pool to fill, each deal settled on its own.
  const fixed = Boolean(view.deals_total);
  const head = fixed
    ? el("p", { class: "prs-sheet-head" },
      el("strong", {}, tf("%(n)s independent deals", { n: view.deals_total })), " · ", variant, " · ",
      tf("Deal %(n)s of %(total)s", { n: Math.min(view.deal_number, view.deals_total), total: view.deals_total }))
    : el("p", { class: "prs-sheet-head" },
      el("strong", {}, tf("Pool of %(n)s", { n: view.sheet.target })), " · ", variant, " · ", tf("Deal %(n)s", { n: view.deal_number }));
  if (opts.max_deals && !fixed) head.append(" ", tf("(at most %(n)s)", { n: opts.max_deals }));
  if (over && fixed) {
    head.append(" · ", el("strong", {}, t("All deals are played: each deal is settled on its own, and the totals add them up.")));
  } else if (over) {
    const full = view.sheet.pool.every((p) => p >= view.sheet.target);
    head.append(" · ", el("strong", {}, full ? t("Every pool is full: the pool is over.")
      : t("The deal limit is reached: the missing pool points went on the mountains.")));
  }
  wrap.appendChild(head);
  wrap.appendChild(paperSheet(view, names, recentRun(rows)));
  wrap.appendChild(summaryTable(view, names));
  wrap.appendChild(zeroLine(view));
  if (over) wrap.appendChild(settlementSteps(view, names));
  if (rows.length) {
    if (rows[0].deal > 1) wrap.appendChild(el("p", { class: "muted" }, t("Earlier deals are not in this page's log (it was opened later); the totals include them.")));
    wrap.appendChild(logTable(view, names, rows));
  }
  return wrap;
}
