// The head row of a score sheet: its own first labels, then one column per player.
import { el } from "./dom.js";

export function headRow(names, first) {
  return el("tr", {}, ...first.map((label) => el("th", {}, label)), ...names.map((name) => el("th", { scope: "col" }, name)));
}
