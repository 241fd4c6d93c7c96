// The table chat (the chat app, over the match socket): the seated players talk among themselves, the
// spectators among themselves, never across. A button in the table's head opens the panel and counts
// what came while it was closed; on a phone the panel lies under the hand (it never covers the hand or
// the trick), on a wide screen beside the table. Every word is set as text, never as HTML.
import { api, get, post } from "../api.js";
import { el, setChildren } from "../dom.js";
import { clock } from "../format.js";
import { t, tf } from "../i18n.js";
import { confirmDialog } from "../ui.js";
import { app, root } from "./context.js";

// The quick phrases by key (chat/phrases.py has the same keys, with the English words).
export const PHRASES = {
  hello: () => t("Hello!"),
  good_luck: () => t("Good luck!"),
  have_fun: () => t("Have fun!"),
  well_played: () => t("Well played!"),
  thanks: () => t("Thanks!"),
  sorry: () => t("Sorry!"),
  one_moment: () => t("One moment, please."),
  good_game: () => t("Good game!"),
  bye: () => t("Bye!"),
};
const KEPT = 100; // messages kept on the page
const WIDE = window.matchMedia("(min-width: 64rem)");
const matchId = Number(root.dataset.match);

const toggle = root.querySelector("[data-role=chat-toggle]");
const badge = root.querySelector("[data-role=chat-unread]");
const panel = root.querySelector("[data-role=chat]");

const state = {
  messages: [], // as the socket sent them, oldest first
  rules: null, // the last chat_history's {audience, open, can_write, phrases_only, phrases}
  shown: false, // the table has a chat for this reader (a seat among AI players alone has none)
  open: false,
  unread: 0,
  seat: undefined, // the seat the history was read for
  mutes: [],
  mutesRead: false,
};

// --- the panel, built once ---------------------------------------------------------------------------

const title = el("h2", { id: "chat-title" });
const close = el("button", { type: "button", class: "secondary chat-close", "aria-label": t("Close the chat") }, "×");
const note = el("p", { class: "chat-note", "data-role": "chat-note" });
const log = el("ol", { class: "chat-log", "data-role": "chat-log", "aria-live": "polite", "aria-labelledby": "chat-title" });
const empty = el("p", { class: "chat-empty", "data-role": "chat-empty" }, t("No messages yet."));
const phrases = el("div", { class: "chat-phrases", "data-role": "chat-phrases", role: "group", "aria-label": t("Quick phrases") });
const input = el("input", {
  type: "text",
  name: "chat-text",
  maxlength: 300,
  autocomplete: "off",
  enterkeyhint: "send",
  "aria-label": t("Your message"),
  placeholder: t("Your message"),
});
const form = el("form", { class: "chat-form", "data-role": "chat-form" }, input, el("button", { type: "submit", class: "primary" }, t("Send")));
const status = el("p", { class: "chat-status", "data-role": "chat-status", role: "status" });
const mutesBox = el("details", { class: "chat-mutes", "data-role": "chat-mutes", hidden: true });

panel.setAttribute("aria-labelledby", "chat-title");
panel.append(el("div", { class: "chat-head" }, title, close), note, log, empty, phrases, form, status, mutesBox);

for (const [key, words] of Object.entries(PHRASES)) {
  const btn = el("button", { type: "button", class: "secondary", "data-phrase": key }, words());
  btn.addEventListener("click", () => send({ phrase: key }));
  phrases.appendChild(btn);
}
form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = input.value.trim();
  if (text && send({ text })) input.value = "";
});
toggle.addEventListener("click", () => setOpen(!state.open, true));
close.addEventListener("click", () => {
  setOpen(false, true);
  toggle.focus();
});

function send(message) {
  if (!app.live || !app.live.chat(message)) {
    say(t("No connection to the server."), "error");
    return false;
  }
  say("");
  return true;
}

function say(text, kind = "info") {
  status.textContent = text;
  status.dataset.kind = kind;
}

function setOpen(open, byHand = false) {
  state.open = open && state.shown;
  panel.hidden = !state.open;
  toggle.setAttribute("aria-expanded", String(state.open));
  root.classList.toggle("with-chat", state.open);
  if (byHand && WIDE.matches) localStorage.setItem("kt.chatOpen", state.open ? "1" : "0");
  if (state.open) {
    state.unread = 0;
    showUnread();
    log.scrollTop = log.scrollHeight;
    if (byHand && !WIDE.matches) panel.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }
}

function showUnread() {
  badge.hidden = state.unread === 0;
  badge.textContent = state.unread > 9 ? "9+" : String(state.unread);
  toggle.setAttribute("aria-label", state.unread ? tf("Chat (%(n)s new)", { n: state.unread }) : t("Chat"));
}

// --- what the socket brings ---------------------------------------------------------------------------

/** A chat message, a chat history, or a refusal of my chat message ({t: "error", code, message}). */
export function onChat(data) {
  if (data.t === "error") {
    say(data.message, "error");
    return;
  }
  if (data.t === "chat_history") {
    state.rules = data;
    state.messages = data.messages.slice(-KEPT);
    drawRules();
    drawLog(state.messages.map(line));
    if (data.can_write && !state.mutesRead) readMutes();
    return;
  }
  state.messages.push(data);
  if (state.messages.length > KEPT) {
    state.messages.shift();
    log.firstElementChild.remove();
  }
  if (!data.mine && !state.open) {
    state.unread += 1;
    showUnread();
  }
  drawLog([...log.children, line(data)]); // appended: the live region reads out the new line only
}

/** On every state drawn: whether this reader has a chat here, and whether it is still open. */
export function renderChat(payload) {
  const { match } = payload;
  const seat = payload.seat === undefined ? null : payload.seat;
  // A player among AI seats alone has nobody to talk to; spectators always have each other.
  const shown = seat === null || match.seats.some((s) => s.index !== seat && s.kind !== "ai");
  if (shown !== state.shown) {
    state.shown = shown;
    toggle.hidden = !shown;
    setOpen(shown && WIDE.matches && localStorage.getItem("kt.chatOpen") !== "0");
  }
  if (state.seat !== undefined && state.seat !== seat && app.live) app.live.chatHistory(); // sat down
  state.seat = seat;
  if (state.rules && ["finished", "abandoned"].includes(match.status) && state.rules.open) {
    state.rules = { ...state.rules, open: false };
    drawRules();
  }
}

function drawRules() {
  const rules = state.rules;
  const players = rules.audience === "players";
  title.textContent = players ? t("Table chat") : t("Spectators' chat");
  let text = players ? t("Only the players at this table read this chat.") : t("Spectators' chat: the players do not read it.");
  if (!rules.open) text = t("The match is over: the chat is closed.");
  else if (!rules.can_write) text = `${text} ${t("Log in or sit at a table as a guest to write.")}`;
  else if (rules.phrases_only) text = t("At this table the players chat with the quick phrases only until the match ends, so that nobody can signal their cards.");
  note.textContent = text;
  const writing = rules.open && rules.can_write;
  phrases.hidden = !writing;
  form.hidden = !writing || rules.phrases_only;
}

function drawLog(lines) {
  const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  setChildren(log, lines);
  empty.hidden = lines.length > 0;
  const last = state.messages[state.messages.length - 1];
  if (atEnd || (last && last.mine)) log.scrollTop = log.scrollHeight; // follow the talk, unless reading back
}

function line(message) {
  const words = message.phrase && PHRASES[message.phrase] ? PHRASES[message.phrase]() : message.text;
  const item = el(
    "li",
    { class: `chat-line${message.mine ? " mine" : ""}${message.phrase ? " phrase" : ""}`, "data-id": message.id },
    el("p", {}, el("strong", { class: "chat-from" }, message.from), " ", el("time", { datetime: message.at }, clock(message.at)), " ", el("span", { class: "chat-text" }, words)),
  );
  if (!message.mine && state.rules && state.rules.can_write) item.appendChild(lineActions(message));
  return item;
}

function lineActions(message) {
  const mute = el("button", { type: "button", class: "secondary", "data-action": "mute" }, t("Mute"));
  const report = el("button", { type: "button", class: "secondary", "data-action": "report" }, t("Report"));
  const label = tf("Mute or report %(name)s", { name: message.from });
  const more = el("details", { class: "chat-more" }, el("summary", { "aria-label": label, title: label }, "⋯"), el("div", {}, mute, report));
  mute.addEventListener("click", () => {
    more.open = false;
    muteAuthor(message);
  });
  report.addEventListener("click", () => {
    more.open = false;
    reportMessage(message);
  });
  return more;
}

// --- mutes and reports (REST) -------------------------------------------------------------------------

async function muteAuthor(message) {
  try {
    showMutes((await post("/api/chat/mutes/", { message: message.id })).mutes);
    say(tf("Muted: you no longer see the messages of %(name)s.", { name: message.from }));
    app.live.chatHistory();
  } catch (exc) {
    say(exc.message, "error");
  }
}

async function reportMessage(message) {
  const ok = await confirmDialog(tf("Report this message of %(name)s to the staff? The conversation is sent with it.", { name: message.from }), t("Report"));
  if (!ok) return;
  try {
    await post(`/api/matches/${matchId}/chat/report/`, { message: message.id });
    say(t("Reported. Thank you: the staff will look at it."));
  } catch (exc) {
    say(exc.message, "error");
  }
}

async function readMutes() {
  state.mutesRead = true;
  try {
    showMutes((await get("/api/chat/mutes/")).mutes);
  } catch {
    state.mutesRead = false;
  }
}

function showMutes(mutes) {
  state.mutes = mutes;
  mutesBox.hidden = mutes.length === 0;
  const items = mutes.map((m) => {
    const undo = el("button", { type: "button", class: "link", "data-action": "unmute" }, t("Unmute"));
    undo.addEventListener("click", () => unmute(m));
    return el("li", {}, m.name, " ", undo);
  });
  mutesBox.replaceChildren(el("summary", {}, tf("Muted players: %(n)s", { n: mutes.length })), el("ul", {}, ...items));
  mutesBox.open = mutesBox.open && mutes.length > 0;
}

async function unmute(mute) {
  try {
    showMutes((await api("DELETE", `/api/chat/mutes/${mute.id}/`)).mutes);
    app.live.chatHistory();
  } catch (exc) {
    say(exc.message, "error");
  }
}
