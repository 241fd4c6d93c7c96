// Schnapsen words and facts shared by the panel, the felt and the sheet: suit labels, marriage points,
// the deal-end reasons, the Bummerl winner, and the labels of the special actions (written out per
// language: German, English and Russian players each have their own words for them).
import { cardName, suitName } from "../../cards.js";
import { lang, t, word } from "../../i18n.js";

const SUIT_SYMBOL = { C: "♣", S: "♠", D: "♦", H: "♥" };
export const WIN = 66;

// The engine's deal-end reasons (scoring.py) as UI strings.
const REASONS = {
  "66 reached": () => t("66 reached"),
  "closed and made": () => t("closed and made"),
  "closed, opponent reached 66": () => t("closed, opponent reached 66"),
  "closed and failed": () => t("closed and failed"),
  "last trick": () => t("last trick"),
};

export function isSeat(seat) {
  return seat === 0 || seat === 1;
}

export function suitLabel(suit, style) {
  return `${suitName(suit, style)} ${SUIT_SYMBOL[suit] || ""}`.trim();
}

const CARD_POINTS = { A: 11, T: 10, K: 4, Q: 3, J: 2 };

/** What the cards of one trick count for the player who took it. */
export function trickPoints(cards) {
  return cards.reduce((sum, card) => sum + (CARD_POINTS[card[0]] || 0), 0);
}

export function marriagePoints(suit, view) {
  return suit === view.trump ? 40 : 20;
}

/** A match of a fixed number of deals (the daily challenge): signed standings, no Bummerl. */
export function fixedDeals(view) {
  return Boolean(view && view.deals_total);
}

/** The Bummerl winner once the match is decided (0 points left), else null; in a match of fixed
 * deals whoever is ahead at its end (null on a tie). */
export function bummerlWinner(view) {
  if (!view || view.phase !== "over" || !Array.isArray(view.scores)) return null;
  if (fixedDeals(view)) return view.scores[0] === view.scores[1] ? null : view.scores[0] > view.scores[1] ? 0 : 1;
  const done = [0, 1].filter((s) => view.scores[s] === 0);
  if (done.length === 1) return done[0];
  const gp = view.game_points || [0, 0];
  return gp[0] === gp[1] ? null : gp[0] > gp[1] ? 0 : 1;
}

function jackWord(style) {
  return style === "german" ? "Trumpf-Unter" : "Trumpf-Buben";
}

function rankWord(card, style) {
  if (card[0] === "K") return "König";
  return style === "german" ? "Ober" : "Dame";
}

function russianLabel(action, view, style) {
  if (action.type === "exchange_trump") {
    const card = view && view.trump_card ? ` (на ${cardName(view.trump_card, style)})` : "";
    return `Обменять козырного ${style === "german" ? "унтера" : "валета"}${card}`;
  }
  if (action.type === "close") return "Закрыть колоду";
  if (action.type === "play" && action.marriage) {
    const suit = action.card[1];
    return `Марьяж: ${marriagePoints(suit, view || {})} (${suitName(suit, style)}) – ход: ${word(rankWord(action.card, style))}`;
  }
  return null;
}

function englishLabel(action, view, style) {
  if (action.type === "exchange_trump") {
    const card = view && view.trump_card ? ` (for the ${cardName(view.trump_card, style)})` : "";
    return `Exchange the trump ${style === "german" ? "Unter" : "Jack"}${card}`;
  }
  if (action.type === "close") return "Close the stock";
  if (action.type === "play" && action.marriage) {
    const suit = action.card[1];
    return `Marriage: ${marriagePoints(suit, view || {})} (${suitName(suit, style)}) – lead the ${word(rankWord(action.card, style))}`;
  }
  return null;
}

export function actionLabel(action, view, style) {
  if (lang() === "ru") return russianLabel(action, view, style);
  if (lang() === "en") return englishLabel(action, view, style);
  if (action.type === "exchange_trump") {
    const card = view && view.trump_card ? ` (gegen ${cardName(view.trump_card, style)})` : "";
    return `${jackWord(style)} tauschen${card}`;
  }
  if (action.type === "close") return "Zudrehen";
  if (action.type === "play" && action.marriage) {
    const suit = action.card[1];
    return `Ansagen: ${marriagePoints(suit, view || {})} (${suitName(suit, style)}) – ${rankWord(action.card, style)} ausspielen`;
  }
  return null;
}

export function reasonText(row) {
  const make = REASONS[row.reason];
  return make ? make() : String(row.reason || "");
}
