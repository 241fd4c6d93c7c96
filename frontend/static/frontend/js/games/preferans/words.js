// Preferans's words outside its own panels: the home-page line and picture, the sheet's heading and
// the contract line (the contract and who whists, or Raspasy).
import { t, tf } from "../../i18n.js";
import { nameList } from "../wording.js";
import { bidText } from "./bids.js";

export const picture = { style: "french", cards: ["7S", "AS", "KS", "QS"] }; // "sieben Pik"

export function blurb() {
  return t("Russian Preferans (Sochi): bid, whist, fill your pool, settle to the last whist.");
}

export function sheetTitle() {
  return t("Score sheet of the pool");
}

export function contractText(view) {
  return bidText(view.contract);
}

export function contractLine(view, names) {
  if (view.raspasy && view.phase === "play") return t("Raspasy: everybody tries to take as few tricks as possible");
  if (!view.contract || typeof view.declarer !== "number") return "";
  const who = names[view.declarer];
  const contract = bidText(view.contract);
  const whisters = (view.whisters || []).map((s) => names[s]);
  if (view.contract === "MIS") return tf("%(name)s plays %(contract)s", { name: who, contract });
  if (!whisters.length) return tf("%(name)s plays %(contract)s; nobody whists yet", { name: who, contract });
  return tf("%(name)s plays %(contract)s; whist: %(others)s", { name: who, contract, others: nameList(whisters) });
}
