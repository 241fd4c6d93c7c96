// Preferanzen and Vienna Preference words: the ladders, and the German names of bids, contracts and
// declarations (seeds 000 and 002), shown through word() in the reader's words.
import { suitName } from "../../cards.js";
import { word } from "../../i18n.js";

export const SYM = { C: "♣", S: "♠", D: "♦", H: "♥" };

// Austrian ladder (austrian.py LADDER), lowest first. Geschäft and Herzprämie are the first-round
// special bids; the four suit steps are trump games in that suit.
export const LADDER = ["kreuz", "pik", "karo", "herz", "geschaeft", "bettler", "herzpraemie", "sans_atout", "bettler_ouvert", "durchmarsch"];
export const SPECIAL = new Set(["geschaeft", "herzpraemie"]);
const STEP_SUIT = { kreuz: "C", pik: "S", karo: "D", herz: "H" };
const GAME_NAMES = {
  geschaeft: "Geschäft",
  bettler: "Bettler",
  herzpraemie: "Herzprämie",
  sans_atout: "Sans Atout",
  bettler_ouvert: "Bettler Ouvert",
  durchmarsch: "Durchmarsch",
};
export const GESCHAEFT_SUITS = ["C", "S", "D", "H"];

// Vienna (vienna.py): number bids 1..4 name the lowest trump, Spiel (♣ ♠ ♦) and Herz are hand bids.
export const NUMBER_SUIT = { 1: "C", 2: "S", 3: "D", 4: "H" };
export const SPIEL_SUITS = ["C", "S", "D"];

export function isVienna(view) {
  return Boolean(view) && view.game === "preference_vienna";
}

export function isSeat(seat) {
  return seat === 0 || seat === 1 || seat === 2;
}

export function suitLabel(suit, style) {
  return `${SYM[suit] || ""} ${suitName(suit, style)}`.trim();
}

export function declarerWord(view) {
  return word(isVienna(view) ? "Nehmer" : "Alleinspieler");
}

/** A bid event or record ({bid, suit?}) as its German name. */
export function bidName(bid, style, vienna) {
  if (!bid) return "—";
  const { bid: b, suit } = bid;
  if (b === "pass") return word("Passe");
  if (b === "hold") return word("Halten");
  if (vienna) {
    if (b in NUMBER_SUIT) return `${b} (${suitLabel(NUMBER_SUIT[b], style)})`;
    if (b === "spiel") return `${word("Spiel")} ${suitLabel(suit, style)}`;
    if (b === "herz") return `${word("Herz")} ${SYM.H} (${word("Handspiel")})`;
    return String(b);
  }
  if (b in STEP_SUIT) return suitLabel(STEP_SUIT[b], style);
  if (b === "geschaeft") return `${word("Geschäft")} ${suit ? suitLabel(suit, style) : ""}`.trim();
  if (b === "herzpraemie") return `${word("Herzprämie")} ${SYM.H}`;
  return GAME_NAMES[b] ? word(GAME_NAMES[b]) : String(b);
}

/** The contract of a view or a score-sheet row (state.Contract.to_json()) as its German name. */
export function contractName(contract, bid, style, vienna) {
  if (!contract) return "—";
  let name;
  if (vienna) {
    if (contract.game === "spiel") name = `${word("Spiel")} ${suitLabel(contract.trump, style)}`;
    else if (contract.game === "herz") name = `${word("Herz")} ${SYM.H} (${word("Handspiel")})`;
    else name = `${suitLabel(contract.trump, style)}${bid && bid.bid in NUMBER_SUIT ? ` (${bid.bid})` : ""}`;
    if (contract.no_aces) name += ` · ${word("keine Asse")}`;
    return name;
  }
  if (contract.game in STEP_SUIT) return suitLabel(contract.trump, style);
  if (contract.game === "geschaeft") return `${word("Geschäft")} ${suitLabel(contract.trump, style)}`;
  if (contract.game === "herzpraemie") return `${word("Herzprämie")} ${SYM.H}`;
  return GAME_NAMES[contract.game] ? word(GAME_NAMES[contract.game]) : String(contract.game);
}

export function declareName(action, style, vienna) {
  if (vienna) return `${suitLabel(action.trump, style)}${action.no_aces ? ` + ${word("keine Asse")}` : ""}`;
  if (action.game === "geschaeft") return `${word("Geschäft")} ${suitLabel(action.suit, style)}`;
  return bidName({ bid: action.game }, style, false);
}

export function actionLabel(action, view, style) {
  const vienna = isVienna(view);
  switch (action.type) {
    case "bid":
      return bidName(action, style, vienna);
    case "declare":
      return declareName(action, style, vienna);
    case "defend":
      return word(action.choice === "stay" ? "Mitspielen" : "Aussteigen");
    case "invite":
      return word(action.invite ? "Einladen" : "Nicht einladen");
    default:
      return null;
  }
}
