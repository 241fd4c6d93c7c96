// The live table's shared state: the page's elements, what is on screen, and small facts about it.
import { seatNames } from "../seats.js";

export const root = document.getElementById("table-app");
export const matchId = Number(root.dataset.match);

export const ui = {
  title: root.querySelector("[data-role=title]"),
  status: root.querySelector("[data-role=status]"),
  info: root.querySelector("[data-role=info]"),
  felt: root.querySelector("[data-role=felt]"),
  actions: root.querySelector("[data-role=actions]"),
  hand: root.querySelector("[data-role=hand]"),
  message: root.querySelector("[data-role=message]"),
  sheet: root.querySelector("[data-role=sheet]"),
  sheetBox: root.querySelector("[data-role=sheet-box]"),
  tools: root.querySelector("[data-role=tools]"),
  menu: root.querySelector("[data-role=menu]"),
  waiting: root.querySelector("[data-role=waiting]"),
  turnBox: root.querySelector("[data-role=turn-box]"),
  final: root.querySelector("[data-role=final]"),
  gameOver: root.querySelector("[data-role=game-over]"),
};

export const app = {
  shown: null, // the payload on screen
  queue: [],
  pumping: false,
  pending: false, // an action is on its way
  pendingSeq: -1, // the seq it was sent at
  pendingAt: 0, // and when (Date.now())
  heldBack: null, // a state of that seq that arrived meanwhile, not drawn (table.js: stillAnswering)
  heldTimer: 0,
  selection: new Set(),
  style: "german",
  focusCard: null,
  overlay: false, // the finished-trick pause is on screen
  live: null, // the MatchLive connection, from the start on
  connection: "connecting", // then "live" or "offline", as the connection reports
  trickNote: { key: "", text: "" }, // who took the last trick on screen, and its worth
};

export function say(text, kind = "info") {
  ui.message.textContent = text;
  ui.message.dataset.kind = kind;
}

export function names(payload) {
  return seatNames(payload.match.seats);
}

export function myTurn(payload) {
  if (!payload || !payload.view || payload.seat === null || payload.view.to_move !== payload.seat) return false;
  // A turn-based seat handed to the AI (its player ran out of time) is the AI's to play.
  const seat = payload.match.seats[payload.seat];
  return !(seat && seat.handed_to_ai);
}

export function idle() {
  return !app.pumping && app.queue.length === 0 && !app.overlay;
}
