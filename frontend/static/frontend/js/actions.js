// Legal actions, generically: plain card plays are clicks on the hand; every other action becomes a
// button labelled from its type and fields; actions that name several cards (a discard) are chosen
// by selecting cards in the hand first. New games get their controls for free this way.
import { cardName, isCard, suitName } from "./cards.js";
import { t, term, tf } from "./i18n.js";

const SUIT_SYMBOL = { C: "♣", S: "♠", D: "♦", H: "♥" };

/** A card play with no extra fields: the hand's click does it. */
export function isPlainPlay(action) {
  return action.type === "play" && isCard(action.card) && Object.keys(action).every((k) => ["type", "seat", "card"].includes(k));
}

/** The field of an action that lists several cards (e.g. "discard"), or null. */
export function cardListField(action) {
  for (const [k, v] of Object.entries(action)) {
    if (Array.isArray(v) && v.length > 0 && v.every(isCard)) return k;
  }
  return null;
}

export function splitLegal(legal) {
  const plays = new Map();
  const selections = [];
  const buttons = [];
  for (const action of legal || []) {
    if (isPlainPlay(action)) plays.set(action.card, action);
    else if (cardListField(action)) selections.push(action);
    else buttons.push(action);
  }
  return { plays, selections, buttons };
}

function formatValue(key, value, style) {
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (isCard(value) && ["card", "cards", "trump_card", "discard"].includes(key)) return cardName(value, style);
  if (typeof value === "string") {
    if (key === "suit" || key === "trump") {
      if (value in SUIT_SYMBOL) return `${suitName(value, style)} ${SUIT_SYMBOL[value]}`;
    }
    const contract = /^(\d+)(C|S|D|H|NT)$/.exec(value);
    if (contract) return `${contract[1]} ${contract[2] === "NT" ? term("NT") : SUIT_SYMBOL[contract[2]]}`;
    return term(value);
  }
  if (Array.isArray(value)) return value.map((v) => formatValue(key, v, style)).join(", ");
  if (value === null || value === undefined) return "—";
  return String(value);
}

/** A readable label for any action dict, e.g. "Reizen: 7 ♥" or "Ausspielen: Herz König (Ansage (20/40))". */
export function actionLabel(action, style) {
  const parts = [];
  const extras = [];
  for (const [k, v] of Object.entries(action)) {
    if (k === "type" || k === "seat") continue;
    if (typeof v === "boolean") {
      if (v) extras.push(term(k));
      else if (Object.keys(action).length <= 3) parts.push(`${term(k)}: ${t("no")}`);
      continue;
    }
    parts.push(formatValue(k, v, style));
  }
  let label = term(action.type);
  if (parts.length) label += `: ${parts.join(" · ")}`;
  if (extras.length) label += ` (${extras.join(", ")})`;
  return label;
}

/** Why a card may not be played now: a short sentence plus the allowed cards. */
export function illegalReason(card, view, style, myTurn) {
  if (!myTurn) return t("It is not your turn.");
  const { plays } = splitLegal(view.legal);
  if (plays.size === 0) return t("No card may be played now: first choose one of the buttons.");
  const allowed = [...plays.keys()];
  const trump = view.trump;
  const trick = view.trick || [];
  let why = t("This card may not be played now.");
  if (trick.length) {
    const led = trick[0].card[1];
    const mustFollow = allowed.some((c) => c[1] === led);
    const trumps = trump && allowed.some((c) => c[1] === trump);
    if (led === trump && card[1] !== trump && mustFollow) {
      why = tf("Trump was led: you must follow with trump (%(suit)s).", { suit: suitName(trump, style) });
    } else if (mustFollow && card[1] !== led && card[1] !== trump) {
      why = trumps
        ? tf("You must follow suit (%(suit)s) or play trump.", { suit: suitName(led, style) })
        : tf("You must follow suit (%(suit)s).", { suit: suitName(led, style) });
    } else if (card[1] === trump && trumps) {
      why = t("Under-trumping is not allowed here.");
    } else if (allowed.every((c) => c[1] === trump) && card[1] !== trump) {
      why = t("You must play trump.");
    }
  }
  const list = allowed.map((c) => cardName(c, style)).join(", ");
  return `${why} ${tf("Allowed: %(cards)s.", { cards: list })}`;
}
