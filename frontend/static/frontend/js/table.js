// The live table: connects to the match and draws each state it gets (the felt, my hand, my choices,
// the score sheet, the result between games and at the end). The parts live in table/.
import { get } from "./api.js";
import { deckStyle } from "./deck.js";
import { contractLine } from "./contract.js";
import { el } from "./dom.js";
import { t, tf } from "./i18n.js";
import { MatchLive, STALL_MS } from "./live.js";
import { finishedRows, renderSheet } from "./sheets.js";
import { drawActions, drawHand, onError } from "./table/acting.js";
import { onChat, renderChat } from "./table/chat.js";
import { app, matchId, myTurn, names, ui } from "./table/context.js";
import { renderFinal } from "./table/final.js";
import { showGameOver } from "./table/gameover.js";
import { renderTools } from "./table/tools.js";
import { trickNote } from "./table/tricknote.js";
import { renderTurn, waitingForAPerson } from "./table/turns.js";
import { renderWaiting } from "./table/waiting.js";
import { renderFelt } from "./tableview.js";
import { gameTitle, sheetTitle } from "./titles.js";
import { sleep } from "./ui.js";

const pauseSetting = localStorage.getItem("kt.trickPause");

/** How long a finished trick stays (ms): the server's pacing (its AI waits as long before the next
 * lead), unless this browser set its own (the tests: "kt.trickPause"). */
function trickPause(state) {
  if (pauseSetting !== null) return Number(pauseSetting);
  const seconds = state && state.match ? state.match.trick_pause : undefined;
  return typeof seconds === "number" ? seconds * 1000 : 1200;
}

// --- incoming states -----------------------------------------------------------------------------

function onState(payload) {
  app.queue.push(payload);
  pump();
}

function lastTrickKey(view) {
  return view && view.last_trick ? JSON.stringify(view.last_trick) : "";
}

function trickOf(lastTrick) {
  if (Array.isArray(lastTrick)) return { cards: lastTrick, winner: null };
  return { cards: lastTrick.cards || [], winner: lastTrick.winner };
}

/** The state an action on its way was sent at, again (a resync or poll asked before the action was
 * sent, answered after): drawing it would offer the same choice a second time while the first is still
 * on its way. It is held back, the newest one only, until the action is answered (a newer state: the
 * held one is dropped), refused (onError: it is drawn) or has gone unanswered for STALL_MS (it counts
 * as lost: the held state is drawn, and the player can act again). */
function stillAnswering(next) {
  return app.pending && next.seq <= app.pendingSeq && Date.now() - app.pendingAt < STALL_MS;
}

function holdBack(state) {
  app.heldBack = state;
  clearTimeout(app.heldTimer);
  app.heldTimer = setTimeout(releaseHeld, Math.max(0, app.pendingAt + STALL_MS - Date.now()));
}

/** Draw the state held back, unless a newer one is on screen by now. */
function releaseHeld() {
  const held = app.heldBack;
  app.heldBack = null;
  clearTimeout(app.heldTimer);
  if (held && (!app.shown || held.seq >= app.shown.seq)) onState(held);
}

// States are drawn one after the other; a state that finished a trick first shows the full trick for
// trickPause(), and one that finished a game opens the dialog between games.
async function pump() {
  if (app.pumping) return;
  app.pumping = true;
  try {
    while (app.queue.length) {
      const next = app.queue.shift();
      if (stillAnswering(next)) {
        holdBack(next);
        continue;
      }
      const prev = app.shown;
      const sameMatchGame = prev && prev.view && next.view;
      const newTrick = sameMatchGame && next.view.last_trick && lastTrickKey(next.view) !== lastTrickKey(prev.view);
      noteTrick(prev, next);
      const pause = trickPause(next);
      if (newTrick && pause > 0 && !(next.view.trick || []).length) {
        const { cards, winner } = trickOf(next.view.last_trick);
        app.overlay = true;
        render(next, { trickOverride: cards, trickWinner: winner });
        await sleep(pause);
        app.overlay = false;
      }
      const grew = sameMatchGame && finishedRows(next.view).length > finishedRows(prev.view).length;
      app.pending = false;
      render(next);
      if (grew && next.match.status === "running") {
        showGameOver(next);
        drawHand(next);
      }
    }
  } finally {
    app.pumping = false;
  }
  if (app.shown) drawHand(app.shown);
}

/** Remember who took the newest last trick (told from the state before it where the view does not say). */
function noteTrick(prev, next) {
  const key = lastTrickKey(next.view);
  if (!key || key === app.trickNote.key) return;
  const text = trickNote(prev && prev.view, next.view, next.match.seats, next.seat);
  app.trickNote = { key, text };
}

// --- drawing -------------------------------------------------------------------------------------

function render(payload, overlay = {}) {
  app.shown = payload;
  const { match, view } = payload;
  app.style = deckStyle(match.game);
  document.title = `${gameTitle(match.game)} #${match.id} – Kartentisch`;
  ui.title.textContent = `${gameTitle(match.game)} #${match.id}`;
  ui.info.replaceChildren(...infoLine(payload, overlay));
  showContract(payload);
  drawFelt(payload, overlay);
  renderTools(payload, onState);
  renderWaiting(payload);
  renderTurn(payload, onState);
  renderChat(payload);
  drawActions(payload);
  drawHand(payload);
  ui.sheetBox.querySelector("summary").textContent = sheetTitle(match.game);
  ui.sheet.replaceChildren(renderSheet(view, names(payload), app.style));
  renderFinal(payload);
  // Waiting for news: a lost push must not freeze the table; but at a turn-based table another
  // player's move may take days, and nothing is asked for meanwhile (the push brings it).
  const waitingLong = waitingForAPerson(payload) && !app.pending;
  app.live.expecting = match.status === "open" || (match.status === "running" && !waitingLong && (!myTurn(payload) || app.pending));
}

// The rules link next to the title and the contract in one line above the felt (contract.js).
const rulesLink = document.querySelector("[data-role=rules-link]");
const contractBox = document.querySelector("[data-role=contract-line]");

function showContract(payload) {
  rulesLink.href = `/rules/${encodeURIComponent(payload.match.game)}/`;
  rulesLink.hidden = false;
  const line = contractLine(payload.view, names(payload), app.style);
  contractBox.textContent = line;
  contractBox.hidden = !line;
}

function drawFelt(payload, overlay = {}) {
  const { match, view } = payload;
  renderFelt(ui.felt, {
    view,
    seats: match.seats,
    mySeat: payload.seat,
    allHands: payload.all_hands || null,
    style: app.style,
    connected: app.connection !== "offline",
    trickNote: app.trickNote.key === lastTrickKey(view) ? app.trickNote.text : "",
    ...overlay,
  });
}

function infoLine(payload, overlay = {}) {
  const { match, view } = payload;
  const parts = [];
  if (view && view.game_number) {
    parts.push(el("span", { class: "game-no" }, tf("Game %(n)s of %(total)s", { n: Math.min(view.game_number, view.games_total || 12), total: view.games_total || 12 })));
  } else if (view && view.deal_number) {
    // a match of a fixed number of deals (the daily challenge) says how many
    const deal = view.deals_total
      ? tf("Deal %(n)s of %(total)s", { n: Math.min(view.deal_number, view.deals_total), total: view.deals_total })
      : tf("Deal %(n)s", { n: view.deal_number });
    parts.push(el("span", { class: "game-no" }, deal));
  }
  if (match.practice) parts.push(el("span", { class: "badge practice" }, t("Practice (hands shown)")));
  if (payload.seat === null) parts.push(el("span", { class: "badge" }, t("Spectator")));
  if (overlay.trickOverride) {
    // While the finished trick is shown: who took it, not yet who plays next.
    const note = app.trickNote.key === lastTrickKey(view) ? app.trickNote.text : "";
    if (note) parts.push(el("strong", { class: "turn-line trick-note", "data-role": "trick-note", "aria-live": "polite" }, note));
  } else if (view && payload.seat !== null && match.status === "running") {
    const whose = myTurn(payload) ? t("Your turn") : tf("%(name)s to move", { name: names(payload)[view.to_move] || "…" });
    if (typeof view.to_move === "number") parts.push(el("strong", { class: "turn-line", "aria-live": "polite" }, whose));
  }
  return parts;
}

// --- start ---------------------------------------------------------------------------------------

ui.sheetBox.addEventListener("toggle", () => localStorage.setItem("kt.sheetOpen", ui.sheetBox.open ? "1" : "0"));
if (localStorage.getItem("kt.sheetOpen") === "1") ui.sheetBox.open = true;

window.kartentisch = { app, get live() { return app.live; } }; // for debugging in the console
// A seat went away or came back: its mark on the felt, on the state shown and on those still queued.
function onPresence(seat, away) {
  for (const payload of [app.shown, ...app.queue]) {
    const s = payload && payload.match.seats.find((x) => x.index === seat);
    if (s) s.away = away;
  }
  if (app.shown && !app.overlay) drawFelt(app.shown);
}

app.live = new MatchLive(matchId, {
  onState,
  onError: (err) => {
    onError(err);
    releaseHeld(); // the action was refused: the state held back for it is the table as it is
  },
  onChat,
  onPresence,
  onStatus: (s) => {
    ui.status.textContent = s === "live" ? t("connected") : t("reconnecting...");
    ui.status.dataset.state = s;
    app.connection = s;
    if (app.shown && !app.overlay) drawFelt(app.shown);
  },
});

get(`/api/matches/${matchId}/view/`)
  .then((payload) => {
    onState(payload);
    app.live.start();
  })
  .catch((exc) => onError({ code: exc.code, message: exc.message }));
