// Finished deals: one line about a deal, every finished deal's row (the view carries them all, so the
// log is complete after a reload) and the newest unbroken run of them.
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

/** Every finished deal's row, oldest first (view.deals). */
export function dealRows(view) {
  return Array.isArray(view.deals) ? view.deals : [];
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
