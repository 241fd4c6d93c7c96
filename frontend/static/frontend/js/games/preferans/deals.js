// Finished deals: one line about a deal, and the deal rows this page has seen (the view carries only
// the latest one as last_deal) with the newest unbroken run of them.
import { t, tricksText, word } from "../../i18n.js";
import { bidText, levelOf } from "./bids.js";

export function dealSummary(row, names) {
  const who = row.declarer === null || row.declarer === undefined ? "" : names[row.declarer];
  switch (row.kind) {
    case "raspasy":
      return row.multiplier > 1 ? `${word("Passspiel")} ×${row.multiplier}` : word("Passspiel");
    case "misere":
      return `${who}: ${word("Misère")}, ${row.tricks[row.declarer] ? tricksText(row.tricks[row.declarer]) : t("clean")}`;
    case "no_whist":
      return `${who}: ${bidText(row.contract)}, ${t("nobody whisted")}`;
    case "half_whist":
      return `${who}: ${bidText(row.contract)}, ${word("halber Whist")}`;
    case "contract": {
      const level = levelOf(row.contract);
      const made = row.tricks[row.declarer] >= level;
      const whist = row.whisters.length ? `${word("Whist")} ${row.whisters.map((s) => names[s]).join(", ")}` : "";
      return `${who}: ${bidText(row.contract)} ${made ? t("made") : t("lost")} (${tricksText(row.tricks[row.declarer])})${whist ? `, ${whist}` : ""}`;
    }
    default:
      return row.kind;
  }
}

// Deal rows seen by this page (the view carries the latest one as last_deal), by deal number.
const LOG = new Map();

export function dealRows(view) {
  if (Array.isArray(view.deals)) return view.deals;
  if (view.last_deal) LOG.set(view.last_deal.deal, view.last_deal);
  const upto = view.last_deal ? view.last_deal.deal : 0;
  return [...LOG.values()].filter((r) => r.deal <= upto).sort((a, b) => a.deal - b.deal);
}

/** The rows of the newest unbroken run of deals up to the last one: for the running totals. */
export function recentRun(rows) {
  const run = [];
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    if (run.length && rows[i].deal !== run[0].deal - 1) break;
    run.unshift(rows[i]);
  }
  return run;
}
