// The result of one finished deal (the dialog between deals, the replay at a deal's end): the game in
// one line, then per player the tricks, what the deal wrote on the sheet (Pool, Berg, Whists) and the
// balance if the pool ended now.
import { el } from "../../dom.js";
import { fmt } from "../../format.js";
import { t, tf, word } from "../../i18n.js";
import { dealSummary } from "./deals.js";
import { add, frac, fracText } from "./fractions.js";

/** What the deal wrote for `seat`: Pool and Berg, and the whists summed per opponent. */
function sheetEntries(row, seat, names) {
  const parts = [];
  if (row.pool[seat]) parts.push(`${word("Pool")} ${row.pool[seat] > 0 ? "+" : ""}${row.pool[seat]}`);
  if (row.mountain[seat]) parts.push(`${word("Berg")} ${row.mountain[seat] > 0 ? "+" : ""}${row.mountain[seat]}`);
  const whists = new Map();
  for (const w of row.whists || []) {
    if (w.from === seat) whists.set(w.against, add(whists.get(w.against) || [0, 1], frac(w.exact)));
  }
  for (const [against, value] of whists) parts.push(`${word("Whist")} ${tf("against %(name)s", { name: names[against] })} +${fracText(value)}`);
  return parts.join(", ") || "—";
}

export function rowResult(view, row, names) {
  const box = el("div", { class: "deal-result prs-result", "data-role": "deal-result", "data-deal": row.deal, "data-kind": row.kind });
  box.appendChild(el("p", { class: "deal-contract", "data-field": "contract" }, el("strong", {}, dealSummary(row, names))));
  const played = ["contract", "misere", "raspasy"].includes(row.kind);
  const latest = !view.last_deal || view.last_deal.deal === row.deal;
  const table = el("table", { class: "sheet deal-table" });
  const heads = [t("Player"), t("Tricks"), t("On the sheet")];
  if (latest) heads.push(t("Balance"));
  table.createTHead().appendChild(el("tr", {}, ...heads.map((h) => el("th", { scope: "col" }, h))));
  const body = table.createTBody();
  names.forEach((name, s) => {
    const sitting = row.tricks.length === 4 && s === row.dealer; // the dealer of four sits out
    const tr = el("tr", { "data-seat": s, class: s === row.declarer ? "declarer" : "" },
      el("th", { scope: "row" }, name),
      el("td", { class: "num", "data-field": "tricks" }, played && !sitting ? String(row.tricks[s]) : "—"));
    tr.appendChild(el("td", { class: "changes", "data-field": "payment" }, sheetEntries(row, s, names)));
    if (latest) tr.appendChild(el("td", { class: "num", "data-field": "total" }, fmt((view.scores || [])[s])));
    body.appendChild(tr);
  });
  box.appendChild(table);
  return box;
}

export function rowTitle(view, row, number) {
  return tf("Deal %(n)s is over", { n: row.deal || number });
}
