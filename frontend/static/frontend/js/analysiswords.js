// How the analysis writes what it found: the class of a decision, its unit and an amount in that
// unit (in the language's plural), the kind of decision.
import { fmt } from "./format.js";
import { t, tn } from "./i18n.js";

export function classLabel(name) {
  return { best: t("Best move"), inaccuracy: t("Inaccuracy"), mistake: t("Mistake"), blunder: t("Blunder") }[name] || name;
}

export function unitLabel(unit) {
  return { "game points": t("game points"), "card points": t("card points"), points: t("points"), tricks: t("tricks"), whists: t("whists") }[unit] || unit;
}

function rounded(value) {
  return Math.round(value * 100) / 100;
}

export function points(value) {
  return fmt(rounded(value));
}

/** "1 game point", "2,5 очка", "5 Stiche": an amount in the analysis's unit, in the language's plural. */
export function amount(value, unit) {
  const n = rounded(value);
  const shown = fmt(n);
  switch (unit) {
    case "game points":
      return tn("%(n)s game point", "%(n)s game points", n, shown);
    case "card points":
      return tn("%(n)s card point", "%(n)s card points", n, shown);
    case "points":
      return tn("%(n)s point", "%(n)s points", n, shown);
    case "tricks":
      return tn("%(n)s trick", "%(n)s tricks", n, shown);
    case "whists":
      return tn("%(n)s whist", "%(n)s whists", n, shown);
    default:
      return `${shown} ${unit}`;
  }
}

/** The kind of a decision as the step's heading names it. */
export function kindLabel(kind) {
  return { play: t("Card"), bid: t("Bid"), exchange: t("Discard"), declare: t("Contract"), defend: t("Defence"), mode: t("Open or closed") }[kind] || t("Decision");
}
