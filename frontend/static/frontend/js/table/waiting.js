// The live table while it waits for players: the seats, and the form to take a free seat.
import { post } from "../api.js";
import { el, setChildren } from "../dom.js";
import { t } from "../i18n.js";
import { matchId, root, say, ui } from "./context.js";
import { tableLink } from "./share.js";

export function renderWaiting(payload) {
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
  const link = tableLink(match);
  const parts = [el("h2", {}, t("Waiting for players")), ...(link ? [shareLink(link)] : []), list];
  const invite = root.dataset.invite || "";
  if (payload.seat === null && match.private && !invite) {
    parts.push(el("p", { class: "muted", "data-role": "invite-required" }, t("This table is private: a seat is taken with its invitation link only.")));
  } else if (payload.seat === null && match.seats.some((s) => s.free)) {
    parts.push(joinForm(invite));
  } else {
    parts.push(el("p", { class: "muted" }, t("The match starts as soon as every seat is taken.")));
  }
  setChildren(ui.waiting, parts);
}

// The form to take a free seat. Built once and kept across redraws: a state message that arrives
// while the visitor types their name (their own socket's first state, another player joining) must
// not wipe what they typed.
let join = null;

function joinForm(invite) {
  if (!join) join = buildJoinForm(invite);
  return join;
}

function buildJoinForm(invite) {
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
      await post(`/api/matches/${matchId}/join/`, invite ? { name, invite } : { name });
      location.reload();
    } catch (exc) {
      say(exc.message, "error");
    }
  });
  return form;
}

// The table's address to send to other players, with a button that copies it. Built once and kept
// across redraws (every state message redraws the waiting box), so "Link copied" stays put.
let share = null;

function shareLink(url) {
  if (!share) share = buildShareLink(url);
  return share;
}

function buildShareLink(url) {
  const input = el("input", { type: "text", readonly: "", value: url, "data-role": "share-url", "aria-label": t("Link to this table") });
  const button = el("button", { type: "button", class: "secondary", "data-action": "copy-link" }, t("Copy link"));
  const done = el("span", { class: "muted", "data-role": "share-done", "aria-live": "polite" });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.select(); // no clipboard access: the link is selected for copying by hand
      done.textContent = t("Press Ctrl+C to copy the selected link.");
      return;
    }
    done.textContent = t("Link copied");
  });
  return el("div", { class: "share-link", "data-role": "share-link" }, el("p", {}, t("Invite players with this link:")), el("p", { class: "share-row" }, input, " ", button, " ", done));
}
