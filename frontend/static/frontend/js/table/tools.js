// The table's menu (a <details> in the page head): show all hands (practice), spectators allowed, the
// fair-deals commitment, and quitting the match. Built again only when one of its facts changes, so an
// open menu keeps its focus while the game goes on.
import { ApiError, patch, post } from "../api.js";
import { el } from "../dom.js";
import { t, tf } from "../i18n.js";
import { confirmDialog } from "../ui.js";
import { app, matchId, root, say, ui } from "./context.js";
import { shareLink, tableLink } from "./share.js";

/** onState(payload) takes the state the server answers with after "show all hands". */
export function renderTools(payload, onState) {
  const { match } = payload;
  const seated = payload.seat !== null && payload.seat !== undefined;
  const others = match.seats.filter((s) => s.index !== payload.seat);
  const canShow = seated && match.status === "running" && !match.practice && others.every((s) => s.kind === "ai");
  const opener = payload.is_opener && match.status !== "finished";
  const over = ["finished", "abandoned"].includes(match.status);
  const link = over ? null : tableLink(match);
  const key = JSON.stringify([canShow, opener, opener && match.spectators_allowed, match.seed_commitment || "", over, link]);
  if (ui.tools.dataset.key === key) return;
  ui.tools.dataset.key = key;
  ui.tools.replaceChildren();
  if (canShow) {
    const btn = el("button", { type: "button", class: "secondary", "data-action": "show-hands" }, t("Show all hands"));
    btn.addEventListener("click", () => showHands(onState));
    ui.tools.appendChild(btn);
  }
  if (opener) {
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
  if (link) {
    const btn = el("button", { type: "button", class: "secondary", "data-action": "share" }, t("Share table"));
    btn.addEventListener("click", () => share(link));
    ui.tools.appendChild(btn);
  }
  if (match.seed_commitment) ui.tools.appendChild(commitmentBadge(match.seed_commitment));
  if (over) return; // nothing to quit: the end screen has its own ways on
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

// The menu closes on Escape and on a click elsewhere, as a menu does.
ui.menu.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && ui.menu.open) {
    ui.menu.open = false;
    ui.menu.querySelector("summary").focus();
  }
});
document.addEventListener("click", (ev) => {
  if (ui.menu.open && !ui.menu.contains(ev.target)) ui.menu.open = false;
});

async function share(link) {
  const done = await shareLink(link);
  ui.menu.open = false;
  if (done === null) say(tf("Copy this link: %(url)s", { url: link }));
  else if (done) say(done);
}

async function showHands(onState) {
  ui.menu.open = false;
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
  ui.menu.open = false;
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
  app.live.stop();
  location.href = root.dataset.home;
}
