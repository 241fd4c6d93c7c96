// Schnapsen's words outside its own panels: the home-page line and picture, the sheet's heading and
// the contract line (trump, and who closed the stock).
import { suitName } from "../../cards.js";
import { t, tf } from "../../i18n.js";

export const picture = { style: "french", cards: ["QH", "KH", "AH"] }; // a marriage and the Ass

export function blurb() {
  return t("Two players race to 66 with tricks and marriages; first to bring the Bummerl to zero wins.");
}

export function sheetTitle() {
  return t("Score sheet of the Bummerl");
}

export function contractLine(view, names, style) {
  if (!view.trump) return "";
  const line = tf("Trump: %(suit)s", { suit: suitName(view.trump, style) });
  if (typeof view.closed_by === "number") return `${line} · ${tf("%(name)s has closed the stock", { name: names[view.closed_by] })}`;
  return line;
}
