// The live table: connects to the match, draws the felt and my hand, turns legal actions into
// clicks and buttons, shows the score sheet, the result between games and at the end.
import { gameModule } from "./games/index.js";
import { ApiError, get, patch, post } from "./api.js";
import { actionLabel, cardListField, illegalReason, splitLegal } from "./actions.js";
import { cardName, cardSVG, deckStyle, sortHand } from "./cards.js";
import { gameTitle, t, tf } from "./i18n.js";
import { MatchLive } from "./live.js";
import { finishedRows, fmt, renderRowResult, renderSheet } from "./sheets.js";
import { renderFelt, staticHand } from "./tableview.js";
import { confirmDialog, el, sleep } from "./ui.js";

const root = document.getElementById("table-app");
const matchId = Number(root.dataset.match);
const pauseSetting = localStorage.getItem("kt.trickPause");
const TRICK_PAUSE = pauseSetting === null ? 1200 : Number(pauseSetting);

const ui = {
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
  waiting: root.querySelector("[data-role=waiting]"),
  final: root.querySelector("[data-role=final]"),
  gameOver: root.querySelector("[data-role=game-over]"),
};

const app = {
  shown: null, // the payload on screen
  queue: [],
  pumping: false,
  pending: false, // an action is on its way
  selection: new Set(),
  style: "german",
  focusCard: null,
  overlay: false, // the finished-trick pause is on screen
};

function say(text, kind = "info") {
  ui.message.textContent = text;
  ui.message.dataset.kind = kind;
}

function names(payload) {
  return payload.match.seats.map((s, i) => s.name || `${t("Seat")} ${i + 1}`);
}

function myTurn(payload) {
  return Boolean(payload && payload.view && payload.seat !== null && payload.view.to_move === payload.seat);
}

function idle() {
  return !app.pumping && app.queue.length === 0 && !app.overlay;
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

async function pump() {
  if (app.pumping) return;
  app.pumping = true;
  try {
    while (app.queue.length) {
      const next = app.queue.shift();
      const prev = app.shown;
      const sameMatchGame = prev && prev.view && next.view;
      const newTrick = sameMatchGame && next.view.last_trick && lastTrickKey(next.view) !== lastTrickKey(prev.view);
      if (newTrick && TRICK_PAUSE > 0 && !(next.view.trick || []).length) {
        const { cards, winner } = trickOf(next.view.last_trick);
        app.overlay = true;
        render(next, { trickOverride: cards, trickWinner: winner });
        await sleep(TRICK_PAUSE);
        app.overlay = false;
      }
      const grew = sameMatchGame && finishedRows(next.view).length > finishedRows(prev.view).length;
      app.pending = false;
      render(next);
      if (grew && next.match.status === "running") {
        showGameOver(next);
        renderHand(next);
      }
    }
  } finally {
    app.pumping = false;
  }
  if (app.shown) renderHand(app.shown);
}

// --- drawing -------------------------------------------------------------------------------------

function render(payload, overlay = {}) {
  app.shown = payload;
  const { match, view } = payload;
  app.style = deckStyle(match.game);
  document.title = `${gameTitle(match.game)} #${match.id} – Kartentisch`;
  ui.title.textContent = `${gameTitle(match.game)} #${match.id}`;
  ui.info.replaceChildren(...infoLine(payload));
  renderFelt(ui.felt, {
    view,
    seats: match.seats,
    mySeat: payload.seat,
    allHands: payload.all_hands || null,
    style: app.style,
    ...overlay,
  });
  renderTools(payload);
  renderWaiting(payload);
  renderActions(payload);
  renderHand(payload);
  ui.sheet.replaceChildren(renderSheet(view, names(payload), app.style));
  renderFinal(payload);
  live.expecting = match.status === "open" || (match.status === "running" && (!myTurn(payload) || app.pending));
}

function infoLine(payload) {
  const { match, view } = payload;
  const parts = [];
  if (view && view.game_number) {
    parts.push(el("span", { class: "game-no" }, tf("Game %(n)s of %(total)s", { n: Math.min(view.game_number, view.games_total || 12), total: view.games_total || 12 })));
  } else if (view && view.deal_number) {
    parts.push(el("span", { class: "game-no" }, tf("Deal %(n)s", { n: view.deal_number })));
  }
  if (match.practice) parts.push(el("span", { class: "badge practice" }, t("Practice (hands shown)")));
  if (payload.seat === null) parts.push(el("span", { class: "badge" }, t("Spectator")));
  if (view && payload.seat !== null && match.status === "running") {
    const whose = view.to_move === payload.seat ? t("Your turn") : tf("%(name)s to move", { name: names(payload)[view.to_move] || "…" });
    if (typeof view.to_move === "number") parts.push(el("strong", { class: "turn-line", "aria-live": "polite" }, whose));
  }
  return parts;
}

function renderTools(payload) {
  const { match } = payload;
  ui.tools.replaceChildren();
  const seated = payload.seat !== null && payload.seat !== undefined;
  const others = match.seats.filter((s) => s.index !== payload.seat);
  if (seated && match.status === "running" && !match.practice && others.every((s) => s.kind === "ai")) {
    const btn = el("button", { type: "button", class: "secondary", "data-action": "show-hands" }, t("Show all hands"));
    btn.addEventListener("click", showHands);
    ui.tools.appendChild(btn);
  }
  if (payload.is_opener && match.status !== "finished") {
    const label = el("label", { class: "toggle" });
    const box = el("input", { type: "checkbox" });
    box.checked = match.spectators_allowed;
    box.addEventListener("change", async () => {
      try {
        await patch(`/api/matches/${matchId}/`, { spectators_allowed: box.checked });
      } catch (exc) {
        box.checked = !box.checked;
        say(exc.message, "error");
      }
    });
    label.append(box, ` ${t("Spectators allowed")}`);
    ui.tools.appendChild(label);
  }
  if (match.seed_commitment) ui.tools.appendChild(commitmentBadge(match.seed_commitment));
  const leave = el("button", { type: "button", class: "danger", "data-action": "leave" }, t("Quit"));
  leave.addEventListener("click", quit);
  ui.tools.appendChild(leave);
}

function commitmentBadge(commitment) {
  const tip = tf("Fair deals: the server committed to its secret seed before the first card (SHA-256 %(c)s). The seed is revealed after the match, so anyone can check every deal.", { c: commitment });
  return el(
    "span",
    { class: "commitment", "data-role": "commitment", title: tip, tabindex: 0, "aria-label": tip },
    `${t("Fair deals")}: `,
    el("code", {}, `${commitment.slice(0, 10)}…`),
  );
}

function renderWaiting(payload) {
  const { match } = payload;
  if (match.status !== "open") {
    ui.waiting.hidden = true;
    return;
  }
  ui.waiting.hidden = false;
  const list = el("ul", { class: "seat-list" });
  for (const s of match.seats) {
    list.appendChild(el("li", {}, `${s.index + 1}. ${s.free ? t("free seat") : s.name}${s.kind === "ai" ? ` ${t("(AI)")}` : ""}`));
  }
  const parts = [el("h2", {}, t("Waiting for players")), list];
  if (payload.seat === null && match.seats.some((s) => s.free)) {
    const form = el("form", { class: "join-form" });
    const needName = root.dataset.user === "";
    if (needName) {
      form.appendChild(el("label", { for: "join-name" }, t("Your name (may appear publicly)")));
      const input = el("input", { id: "join-name", name: "name", required: "", maxlength: "40", autocomplete: "nickname" });
      input.value = root.dataset.guestName || "";
      form.appendChild(input);
    }
    form.appendChild(el("button", { type: "submit" }, t("Take a seat")));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const name = needName ? form.querySelector("input").value : "";
      try {
        await post(`/api/matches/${matchId}/join/`, { name });
        location.reload();
      } catch (exc) {
        say(exc.message, "error");
      }
    });
    parts.push(form);
  } else {
    parts.push(el("p", { class: "muted" }, t("The match starts as soon as every seat is taken.")));
  }
  ui.waiting.replaceChildren(...parts);
}

function renderActions(payload) {
  ui.actions.replaceChildren();
  const view = payload.view;
  if (!view || !myTurn(payload) || app.overlay) return;
  const { selections, buttons } = splitLegal(view.legal);
  const mod = gameModule(view.game);
  const panel = mod.actionsPanel ? mod.actionsPanel(payload, send, app.style) : null;
  if (panel) ui.actions.appendChild(panel);
  for (const action of panel ? [] : buttons) {
    const label = (mod.actionLabel && mod.actionLabel(action, view, app.style)) || actionLabel(action, app.style);
    const btn = el("button", { type: "button", class: "action" }, label);
    btn.dataset.type = action.type;
    btn.addEventListener("click", () => send(action));
    ui.actions.appendChild(btn);
  }
  if (selections.length) {
    const field = cardListField(selections[0]);
    const need = selections[0][field].length;
    const chosen = [...app.selection];
    const match = selections.find((a) => a[field].length === chosen.length && a[field].every((c) => app.selection.has(c)));
    const label = `${actionLabel({ type: selections[0].type }, app.style)} (${chosen.length}/${need})`;
    const btn = el("button", { type: "button", class: "action primary", "data-type": selections[0].type }, label);
    btn.disabled = !match;
    btn.addEventListener("click", () => {
      if (match) {
        app.selection.clear();
        send(match);
      }
    });
    ui.actions.appendChild(el("p", { class: "hint" }, tf("Choose %(n)s cards in your hand.", { n: need })));
    ui.actions.appendChild(btn);
  }
}

function renderHand(payload) {
  const view = payload.view;
  const seat = payload.seat;
  if (seat === null || seat === undefined || !view) {
    const bottom = seat === null || seat === undefined ? 0 : seat;
    const model = { view, seats: payload.match.seats, mySeat: bottom, allHands: payload.all_hands, style: app.style };
    ui.hand.replaceChildren(...staticHand(model, bottom).childNodes);
    ui.hand.dataset.key = "";
    return;
  }
  const ready = myTurn(payload) && idle() && !app.pending && !ui.gameOver.open;
  const { plays, selections } = splitLegal(ready ? view.legal : []);
  const selecting = selections.length > 0;
  const keepFocus = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
  // A talon shown in the view (and not yet in the hand) is offered with the hand while discarding.
  const fromTalon = selecting && Array.isArray(view.talon) ? view.talon.filter((c) => !view.hand.includes(c)) : [];
  const sorted = sortHand([...view.hand, ...fromTalon], view.trump);
  // Same cards as on screen: update the buttons in place, so a click in progress keeps its target.
  const key = `${app.style}|${sorted.join(",")}`;
  const reuse = ui.hand.dataset.key === key;
  const buttons = reuse ? [...ui.hand.querySelectorAll("button.card")] : [];
  for (const [i, card] of sorted.entries()) {
    const legal = plays.has(card);
    let btn = buttons[i];
    if (!reuse) {
      btn = el("button", { type: "button", class: "card", "data-card": card });
      btn.setAttribute("aria-label", cardName(card, app.style));
      btn.appendChild(cardSVG(card, app.style));
      const offset = i - (sorted.length - 1) / 2;
      btn.style.setProperty("--rot", `${offset * 2.5}deg`);
      btn.style.setProperty("--dip", `${Math.abs(offset) ** 1.6 * 0.12}rem`);
      if (fromTalon.includes(card)) btn.classList.add("from-talon");
      btn.addEventListener("click", () => clickCard(card));
      btn.addEventListener("keydown", (ev) => moveFocus(ev, btn));
      buttons.push(btn);
    }
    btn.classList.remove("selectable", "selected", "legal", "illegal");
    btn.removeAttribute("aria-pressed");
    btn.removeAttribute("aria-disabled");
    if (selecting) {
      btn.classList.add("selectable");
      btn.setAttribute("aria-pressed", app.selection.has(card) ? "true" : "false");
      if (app.selection.has(card)) btn.classList.add("selected");
    } else if (legal) {
      btn.classList.add("legal");
    } else {
      btn.classList.add("illegal");
      btn.setAttribute("aria-disabled", "true");
    }
  }
  if (!reuse) {
    ui.hand.replaceChildren(...buttons);
    ui.hand.dataset.key = key;
  }
  ui.hand.classList.toggle("my-turn", ready);
  ui.hand.dataset.ready = ready ? "true" : "false";
  if (keepFocus) {
    const again = ui.hand.querySelector(`[data-card="${keepFocus}"]`) || ui.hand.querySelector(".card.legal");
    if (again) again.focus();
  }
}

function moveFocus(ev, btn) {
  const step = { ArrowRight: 1, ArrowLeft: -1, Home: -100, End: 100 }[ev.key];
  if (!step) return;
  ev.preventDefault();
  const all = [...ui.hand.querySelectorAll("button.card")];
  const i = all.indexOf(btn);
  const j = Math.max(0, Math.min(all.length - 1, i + step));
  all[j].focus();
}

// --- acting --------------------------------------------------------------------------------------

function clickCard(card) {
  const payload = app.shown;
  if (!payload || !payload.view) return;
  const { plays, selections } = splitLegal(payload.view.legal);
  if (myTurn(payload) && selections.length && idle()) {
    if (app.selection.has(card)) app.selection.delete(card);
    else app.selection.add(card);
    renderActions(payload);
    renderHand(payload);
    return;
  }
  if (!myTurn(payload) || !plays.has(card)) {
    say(illegalReason(card, payload.view, app.style, myTurn(payload)), "refused");
    return;
  }
  if (!idle() || app.pending) {
    say(t("One moment: the table is still updating."));
    return;
  }
  send(plays.get(card));
}

function send(action) {
  const payload = app.shown;
  if (!payload || app.pending) return;
  app.pending = true;
  say("");
  const { seat, ...body } = action;
  live.expecting = true;
  live.act({ ...body, seat }, payload.seq);
  renderHand(payload);
  ui.actions.replaceChildren();
}

function onError(err) {
  app.pending = false;
  if (err.code === "forbidden" || err.code === "not_found") {
    live.stop();
    ui.waiting.hidden = false;
    ui.waiting.replaceChildren(el("p", { class: "error" }, err.message));
  }
  say(`${t("Not accepted")}: ${err.message}`, "error");
  if (app.shown) renderHand(app.shown);
}

async function showHands() {
  const ok = await confirmDialog(
    t("Show every hand? The run then counts as practice and is not entered in the leaderboard."),
    t("Show all hands"),
  );
  if (!ok) return;
  try {
    onState(await post(`/api/matches/${matchId}/show-hands/`));
  } catch (exc) {
    say(exc.message, "error");
  }
}

async function quit() {
  const payload = app.shown;
  const over = payload && ["finished", "abandoned"].includes(payload.match.status);
  if (!over) {
    const ok = await confirmDialog(t("Really quit this match? You leave the table."), t("Quit"));
    if (!ok) return;
    try {
      if (payload && payload.seat !== null) await post(`/api/matches/${matchId}/leave/`);
    } catch (exc) {
      if (!(exc instanceof ApiError) || exc.status >= 500) {
        say(exc.message, "error");
        return;
      }
    }
  }
  live.stop();
  location.href = root.dataset.home;
}

// --- between games and at the end ----------------------------------------------------------------

function showGameOver(payload) {
  const rows = finishedRows(payload.view);
  const row = rows[rows.length - 1];
  const dlg = ui.gameOver;
  const number = row.game || rows.length;
  const body = [
    el("h2", {}, tf("Game %(n)s is over", { n: number })),
    (gameModule(payload.view.game).rowResult || renderRowResult)(payload.view, row, names(payload), app.style),
  ];
  const next = el("button", { type: "button", class: "primary", "data-action": "next-game", autofocus: "" },
    payload.view.game === "preisjass" ? t("Next game - cut and deal") : t("Next deal"));
  next.addEventListener("click", () => dlg.close());
  dlg.addEventListener("close", () => app.shown && renderHand(app.shown), { once: true });
  body.push(el("p", {}, next));
  dlg.replaceChildren(...body);
  if (!dlg.open) dlg.showModal();
}

function renderFinal(payload) {
  const { match, view } = payload;
  if (!["finished", "abandoned"].includes(match.status)) {
    ui.final.hidden = true;
    return;
  }
  if (ui.gameOver.open) ui.gameOver.close();
  ui.final.hidden = false;
  const nm = names(payload);
  const parts = [el("h2", {}, match.status === "finished" ? t("The match is over") : t("The match was abandoned"))];
  const summary = view && gameModule(view.game).finalSummary ? gameModule(view.game).finalSummary(payload, nm, app.style) : null;
  if (summary) parts.push(summary);
  else if (view && Array.isArray(view.scores)) {
    const order = nm.map((_, i) => i).sort((a, b) => view.scores[b] - view.scores[a]);
    const list = el("ol", { class: "ranking" });
    for (const s of order) {
      let text = `${nm[s]}: ${fmt(view.scores[s])} ${t("points")}`;
      if (view.sheet && view.sheet.sacks) text += `, ${view.sheet.sacks[s]} ${t("Sacks")}`;
      list.appendChild(el("li", { class: s === payload.seat ? "me" : "" }, text));
    }
    parts.push(list);
  }
  parts.push(saveBox(payload));
  const again = el("button", { type: "button", class: "primary", "data-action": "play-again" }, t("Play again"));
  again.addEventListener("click", () => playAgain(payload));
  const replay = el("a", { class: "button", href: `/matches/${matchId}/replay/`, "data-action": "replay" }, t("Watch the replay"));
  const board = el("a", { class: "button secondary", href: `/leaderboard/${encodeURIComponent(match.game)}/`, "data-action": "leaderboard" }, t("Leaderboard"));
  const home = el("a", { class: "button secondary", href: root.dataset.home }, t("Home"));
  parts.push(el("p", { class: "buttons" }, again, replay, board, home));
  ui.final.replaceChildren(...parts);
}

// The leaderboard save line (GET/POST /api/leaderboard/matches/<id>/status|save/). Saving runs as a
// separate step after the finish, so the status is polled for a few seconds while it is pending.
const save = { box: null, status: null, polls: 0, timer: null };
const SAVE_POLLS = 8;
const SAVE_POLL_MS = 1000;

function saveBox(payload) {
  if (!save.box) {
    save.box = el("div", { class: "leaderboard-save", "data-role": "save-status", "aria-live": "polite" });
    if (payload.match.practice) showSave({ state: "not_eligible", practice: true });
    else loadSave();
  }
  return save.box;
}

async function loadSave() {
  clearTimeout(save.timer);
  try {
    showSave(await get(`/api/leaderboard/matches/${matchId}/status/`));
  } catch (exc) {
    if (!save.status) showSave({ state: "unknown", message: exc.message });
  }
}

async function retrySave(button) {
  button.disabled = true;
  say("");
  try {
    save.polls = SAVE_POLLS; // an answer is final: no more polling
    showSave(await post(`/api/leaderboard/matches/${matchId}/save/`));
  } catch (exc) {
    button.disabled = false;
    say(`${t("Result not saved yet")}: ${exc.message}`, "error");
  }
}

function showSave(status) {
  save.status = status;
  const box = save.box;
  box.dataset.state = status.state;
  const parts = [];
  if (status.practice || (status.state === "not_eligible" && app.shown && app.shown.match.practice)) {
    parts.push(el("span", { "data-message": "" }, t("Practice run: not entered in the leaderboard.")));
  } else if (status.state === "not_eligible") {
    parts.push(el("span", { "data-message": "" }, t("No result for the leaderboard")));
  } else if (status.state === "saved") {
    parts.push(el("strong", { "data-message": "" }, `✓ ${t("Result saved")}`));
  } else if (status.state === "unknown") {
    parts.push(el("span", { "data-message": "" }, status.message || ""));
  } else {
    parts.push(el("span", { "data-message": "" }, t("Result not saved yet")));
    if (status.can_retry) {
      const retry = el("button", { type: "button", class: "secondary", "data-action": "save-again" }, t("Save result again"));
      retry.addEventListener("click", () => retrySave(retry));
      parts.push(" ", retry);
    }
  }
  box.replaceChildren(...parts);
  if (status.state === "pending" && save.polls < SAVE_POLLS) {
    save.polls += 1;
    save.timer = setTimeout(loadSave, SAVE_POLL_MS);
  }
}

async function playAgain(payload) {
  const { match } = payload;
  const mine = payload.seat === null ? match.seats.findIndex((s) => s.kind === "human") : payload.seat;
  try {
    const created = await post("/api/matches/", {
      game: match.game,
      options: match.options,
      seats: match.seats.map((s) => ({ kind: s.kind, name: s.kind === "ai" ? s.name : "" })),
      creator_seat: Math.max(0, mine),
      ai_version: match.ai_version || "anton",
      spectators_allowed: match.spectators_allowed,
      name: root.dataset.user ? "" : (match.seats[mine] || {}).name || root.dataset.guestName || "",
    });
    location.href = `/matches/${created.id}/`;
  } catch (exc) {
    say(exc.message, "error");
  }
}

// --- start ---------------------------------------------------------------------------------------

ui.sheetBox.addEventListener("toggle", () => localStorage.setItem("kt.sheetOpen", ui.sheetBox.open ? "1" : "0"));
if (localStorage.getItem("kt.sheetOpen") === "1") ui.sheetBox.open = true;

window.kartentisch = { app, get live() { return live; } }; // for debugging in the console
const live = new MatchLive(matchId, {
  onState,
  onError,
  onStatus: (s) => {
    ui.status.textContent = s === "live" ? t("connected") : t("reconnecting...");
    ui.status.dataset.state = s;
  },
});

get(`/api/matches/${matchId}/view/`)
  .then((payload) => {
    onState(payload);
    live.start();
  })
  .catch((exc) => onError({ code: exc.code, message: exc.message }));
