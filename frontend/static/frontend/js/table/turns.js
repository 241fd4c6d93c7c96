// A turn-based table (match.turn_based): the days per move, the time left to the seat to move, and,
// when that seat has run out of time, the other players' choice: the AI plays it for the rest of the
// match, or the table ends (POST /api/matches/<id>/overdue/). Redrawn with every state and once a
// minute, so the time left counts down while the page is open.
import { post } from "../api.js";
import { el } from "../dom.js";
import { t, tf, tn } from "../i18n.js";
import { timeLeftText } from "../turnclock.js";
import { confirmDialog } from "../ui.js";
import { app, matchId, names, say, ui } from "./context.js";

let onStateRef = null;

/** My own seat was handed to the AI (I ran out of time): the seat is no longer mine to play. */
export function handedToAi(payload) {
  const seat = payload && payload.seat !== null && payload.match.seats[payload.seat];
  return Boolean(seat && seat.handed_to_ai);
}

/** Another person's move at a turn-based table: nothing is expected for hours or days. */
export function waitingForAPerson(payload) {
  const turn = payload && payload.match.turn;
  return Boolean(payload && payload.match.turn_based && turn && turn.deadline && turn.seat !== payload.seat);
}

/** onState(payload) takes the view the server answers a choice with. */
export function renderTurn(payload, onState) {
  onStateRef = onState;
  const box = ui.turnBox;
  const { match } = payload;
  if (!match.turn_based || match.status !== "running") {
    box.hidden = true;
    box.replaceChildren();
    box.dataset.key = "";
    return;
  }
  const turn = match.turn || {};
  const left = turn.deadline ? Date.parse(turn.deadline) - Date.now() : null;
  const over = Boolean(turn.overdue || (left !== null && left <= 0));
  const key = JSON.stringify([payload.seq, turn, payload.seat, handedToAi(payload), over, left === null ? null : Math.floor(left / 60000)]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = false;
  const who = names(payload)[turn.seat] || "…";
  const mine = turn.seat === payload.seat;
  const parts = [el("span", { class: "badge turn-based" }, tn("Turn-based: %(n)s day per move", "Turn-based: %(n)s days per move", match.days_per_move))];
  if (handedToAi(payload)) {
    parts.push(el("p", { class: "turn-clock", "data-role": "handed" }, t("You ran out of time: the AI plays your seat for the rest of this match, and its result is not ranked.")));
  } else if (left !== null && !over) {
    const text = mine ? tf("Your time: %(left)s", { left: timeLeftText(left) }) : tf("Time of %(name)s: %(left)s", { name: who, left: timeLeftText(left) });
    parts.push(el("p", { class: "turn-clock", "data-role": "time-left", title: deadlineText(turn.deadline) }, text));
  } else if (over && mine) {
    parts.push(el("p", { class: "turn-clock overdue", "data-role": "overdue-own" }, t("Your time is up. Move now, before the other players decide.")));
  } else if (over) {
    parts.push(...choice(payload, turn, who));
  }
  box.replaceChildren(...parts);
}

function deadlineText(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : tf("until %(when)s", { when: date.toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" }) });
}

function choice(payload, turn, who) {
  const decider = (turn.deciders || []).includes(payload.seat);
  const parts = [el("p", { class: "turn-clock overdue", "data-role": "overdue" }, tf("%(name)s has run out of time.", { name: who }))];
  if (!decider) {
    parts.push(el("p", { class: "muted" }, t("The other players decide: the AI plays the seat, or the table ends.")));
    return parts;
  }
  const voted = (turn.end_votes || []).includes(payload.seat);
  const ai = el("button", { type: "button", class: "primary", "data-choice": "ai" }, tf("Let the AI play for %(name)s", { name: who }));
  ai.addEventListener("click", () => choose("ai"));
  const end = el("button", { type: "button", class: "danger", "data-choice": "end", disabled: voted }, t("End the table"));
  end.addEventListener("click", () => confirmEnd());
  parts.push(el("p", { class: "turn-choices" }, ai, end));
  const note = [tf("The AI then plays %(name)s's seat for the rest of the match, and that seat's result is not ranked.", { name: who })];
  if ((turn.deciders || []).length > 1) note.push(t("The table ends only when every other player chooses to end it."));
  parts.push(el("p", { class: "muted" }, note.join(" ")));
  if (voted) parts.push(el("p", { class: "muted", "data-role": "end-voted" }, t("You chose to end the table; it ends when every other player chooses so too.")));
  return parts;
}

async function confirmEnd() {
  const ok = await confirmDialog(t("End this table for everyone? It stops here and counts as abandoned."), t("End the table"));
  if (ok) choose("end");
}

async function choose(which) {
  if (app.pending) return;
  app.pending = true;
  try {
    const answer = await post(`/api/matches/${matchId}/overdue/`, { choice: which });
    app.pending = false;
    if (answer.outcome === "end_voted") say(t("Your choice is noted."));
    if (onStateRef) onStateRef(answer);
  } catch (exc) {
    app.pending = false;
    say(exc.message, "error");
  }
}

// The time left counts down while the page is open (the deadline passing shows the choice).
setInterval(() => {
  if (app.shown && !app.overlay && app.shown.match.turn_based) renderTurn(app.shown, onStateRef);
}, 30000);
