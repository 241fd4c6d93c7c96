// The result of one finished deal (the dialog between deals, the replay at a deal's end): the game and
// who played it, won or lost with how many tricks, then per player the tricks, the payment and the
// running total (Vienna: the balance and the pot).
import { el } from "../../dom.js";
import { fmt, signed } from "../../format.js";
import { t, tf, word } from "../../i18n.js";
import { contractName, declarerWord, isSeat, isVienna } from "./names.js";
import { resultText } from "./sheet.js";

/** Totals after `row`: the view's totals minus what the later rows added (the replay shows old rows). */
function totalsAfter(view, row) {
  const vienna = isVienna(view);
  const rows = view.score_sheet || [];
  const totals = [...((vienna ? view.balances : view.scores) || [0, 0, 0])];
  let pot = view.pot || 0;
  for (const later of rows.slice(rows.indexOf(row) + 1)) {
    totals.forEach((_, s) => {
      totals[s] -= (later.scores ? later.scores[s] : 0) - (later.refill || 0);
    });
    pot -= (later.pot_delta || 0) + 3 * (later.refill || 0);
  }
  return { totals, pot };
}

export function rowResult(view, row, names, style) {
  const vienna = isVienna(view);
  const box = el("div", { class: "deal-result pref-result", "data-role": "deal-result", "data-deal": row.deal || "" });
  if (row.void) {
    box.appendChild(el("p", { class: "deal-contract" }, el("strong", {}, vienna ? t("all passed (does not count)") : t("all passed"))));
  } else {
    const who = isSeat(row.declarer) ? names[row.declarer] : "—";
    box.appendChild(el("p", { class: "deal-contract", "data-field": "contract" },
      `${declarerWord(view)}: `, el("strong", {}, who), ` – ${contractName(row.contract, row.bid, style, vienna)}`));
    box.appendChild(el("p", { class: row.won ? "deal-outcome won" : "deal-outcome lost", "data-field": "outcome" }, resultText(view, row, names)));
  }
  const { totals, pot } = totalsAfter(view, row);
  const table = el("table", { class: "sheet deal-table" });
  table.createTHead().appendChild(el("tr", {}, ...[t("Player"), t("Tricks"), t("Payment"), vienna ? t("Balance") : t("Total")].map((h) => el("th", { scope: "col" }, h))));
  const body = table.createTBody();
  names.forEach((name, s) => {
    const paid = (row.scores ? row.scores[s] : 0) - (row.refill || 0);
    body.appendChild(el("tr", { "data-seat": s, class: s === row.declarer ? "declarer" : "" },
      el("th", { scope: "row" }, name),
      el("td", { class: "num", "data-field": "tricks" }, row.tricks ? String(row.tricks[s]) : "—"),
      el("td", { class: "num", "data-field": "payment" }, signed(paid)),
      el("td", { class: "num", "data-field": "total" }, fmt(totals[s]))));
  });
  box.appendChild(table);
  if (vienna) {
    const change = (row.pot_delta || 0) + 3 * (row.refill || 0);
    box.appendChild(el("p", { class: "deal-pot" }, `${word("Pot")}: ${signed(change)} → ${fmt(pot)}`));
  }
  return box;
}

export function rowTitle(view, row, number) {
  return tf("Deal %(n)s is over", { n: row.deal || number });
}
