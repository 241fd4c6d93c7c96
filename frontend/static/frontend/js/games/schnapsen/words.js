// Schnapsen's words outside its own panels: the home-page line and picture, the sheet's heading and
// the (empty) contract line.
import { t, tf } from "../../i18n.js";

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

// The live list's scores of a Bummerl are the points still to go, so its line says so: "Bummerl 7 → 0
// · Deal 4" (a match of counted deals shows signed game points, which need no note).
export function liveStanding(score) {
  if (!score || !score.deal) return "";
  if (score.deals) return tf("Deal %(n)s of %(total)s", { n: score.deal, total: score.deals });
  const deal = tf("Deal %(n)s", { n: score.deal });
  return score.start_score ? `${tf("Bummerl %(start)s → 0", { start: score.start_score })} · ${deal}` : deal;
}
