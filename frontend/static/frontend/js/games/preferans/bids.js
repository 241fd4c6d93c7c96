// Preferans bids and calls: their German names (shown through word() in the reader's words), the
// ladder 6♠ … 10 ohne with Misère between 8 ohne and 9♠, and the tricks the defenders need.
import { el } from "../../dom.js";
import { word } from "../../i18n.js";

export const SUITS = ["S", "C", "D", "H", "NT"];
const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥" };
const RED = new Set(["D", "H"]);
export const OBLIGATION = { 6: 4, 7: 2, 8: 1, 9: 1, 10: 0 };
export const CALLS = { whist: "Whist", pass: "Pass", half: "halber Whist" };
export const MODES = { open: "offen", closed: "verdeckt" };

export function callText(call) {
  return CALLS[call] ? word(CALLS[call]) : null;
}

export function modeText(mode) {
  return MODES[mode] ? word(MODES[mode]) : null;
}

/** "7H" -> "7♥", "8NT" -> "8 ohne", "MIS" -> "Misère", "pass" -> "Pass", "hold" -> "hier". */
export function bidText(bid) {
  if (bid === "pass") return word("Pass");
  if (bid === "hold") return word("hier");
  if (bid === "MIS") return word("Misère");
  const m = /^(\d+)(S|C|D|H|NT)$/.exec(bid || "");
  if (!m) return String(bid);
  return m[2] === "NT" ? `${m[1]} ${word("ohne")}` : `${m[1]}${SUIT_SYMBOL[m[2]]}`;
}

/** The same as nodes, hearts and diamonds in red. */
export function bidNode(bid) {
  const m = /^(\d+)(S|C|D|H)$/.exec(bid || "");
  const span = el("span", { class: "prs-bid" });
  if (m) {
    span.append(m[1], el("span", { class: RED.has(m[2]) ? "suit red" : "suit" }, SUIT_SYMBOL[m[2]]));
  } else {
    span.textContent = bidText(bid);
  }
  return span;
}

export function levelOf(bid) {
  const m = /^(\d+)/.exec(bid || "");
  return m ? Number(m[1]) : 0;
}

export function ladderRows() {
  const rows = [];
  for (let level = 6; level <= 10; level += 1) {
    if (level === 9) rows.push({ label: word("Misère"), bids: ["MIS"] });
    rows.push({ label: String(level), bids: SUITS.map((s) => `${level}${s}`) });
  }
  return rows;
}
