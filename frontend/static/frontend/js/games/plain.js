// The neutral game module: what the generic table uses for a game that declares no hook of its own
// (and for a name no module claims, so a sixth game still gets a plain table). Every game module is
// laid over this one in index.js; the optional hooks listed there have no neutral version.

import { t, tf } from "../i18n.js";

export const name = "";

/** The deck drawn unless the player chose one (cards.js draws "german" and "french"). */
export const deckStyle = "french";

/** The home page's picture: a few cards fanned out, in this deck. */
export const picture = { style: "french", cards: ["AH", "KH", "QH"] };

/** The page of the game's quick start, or "" when it has none. */
export const quickStart = "";

/** One line about the game on its home-page tile. */
export function blurb() {
  return "";
}

/** The heading of the score sheet. */
export function sheetTitle() {
  return t("Score sheet of the session");
}

/** The current contract in one line ("" when there is nothing to explain yet). */
export function contractLine() {
  return "";
}

/** The contract of the view in words for the trump box ("" shows none); a contract that is a plain
 * string shows as it is, one that is an object needs the game's own words. */
export function contractText(view) {
  return typeof view.contract === "string" ? view.contract : "";
}

/** The caption of the card turned up for trump. */
export function trumpCardLabel() {
  return t("Trump card");
}

/** Extra facts on a seat's name plate (a Node), or null. */
export function seatFacts() {
  return null;
}

/** The score chart's title and x axis: one point per deal. */
export function chartAxis() {
  return { title: t("Score after each deal"), xLabel: t("Deal") };
}

/** Where a match of the live list stands, from its public score (games/live/watchlist.py: {scores,
 * deal, deals, ...}): "Deal 4", "Deal 3 of 12"; "" before the first deal. */
export function liveStanding(score) {
  if (!score || !score.deal) return "";
  return score.deals ? tf("Deal %(n)s of %(total)s", { n: score.deal, total: score.deals }) : tf("Deal %(n)s", { n: score.deal });
}
