// Schnapsen's words outside its own panels: the home-page line and picture, the sheet's heading and
// the (empty) contract line.
import { t } from "../../i18n.js";

export const picture = { style: "french", cards: ["QH", "KH", "AH"] }; // a marriage and the Ass

export function blurb() {
  return t("Two players race to 66 with tricks and marriages; first to bring the Bummerl to zero wins.");
}

export function sheetTitle() {
  return t("Score sheet of the Bummerl");
}

// No line above the felt: the felt names the trump beside the stock and its trump card, and the stock's
// caption says who closed it, so a line here would only repeat them (issue 29).
export function contractLine() {
  return "";
}
