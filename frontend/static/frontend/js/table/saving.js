// The leaderboard save line at the end of a match (GET/POST /api/leaderboard/matches/<id>/status|save/).
// Saving runs as a separate step after the finish, so the status is polled for a few seconds while it
// is pending.
import { get, post } from "../api.js";
import { el } from "../dom.js";
import { t, tf } from "../i18n.js";
import { app, matchId, say } from "./context.js";

const save = { box: null, status: null, polls: 0, timer: null };
const SAVE_POLLS = 8;
const SAVE_POLL_MS = 1000;

export function saveBox(payload) {
  if (!save.box) {
    save.box = el("div", { class: "leaderboard-save", "data-role": "save-status", "aria-live": "polite" });
    if (payload.match.practice) showSave({ state: "not_eligible", practice: true });
    else {
      save.box.dataset.state = "saving"; // until the first answer: the save runs just after the finish
      save.box.append(el("span", { "data-message": "" }, t("Saving the result…")));
      loadSave();
    }
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
    const seat = app.shown ? app.shown.seat : null;
    const rank = status.ranks && seat !== null ? status.ranks[String(seat)] : undefined;
    // A seat the stand-in played too much of is no person's result: the server says why, in the page's language.
    const unranked = status.unranked && seat !== null ? status.unranked[String(seat)] : undefined;
    if (unranked) {
      box.dataset.state = "unranked";
      parts.push(el("span", { "data-message": "", "data-unranked": unranked.reason }, unranked.message));
    } else {
      const text = rank ? `${t("Result saved")} – ${tf("rank %(rank)s on the leaderboard", { rank })}` : t("Result saved");
      parts.push(el("strong", { "data-message": "", "data-rank": rank || "" }, `✓ ${text}`));
    }
  } else if (status.state === "unknown") {
    parts.push(el("span", { "data-message": "" }, status.message || ""));
  } else if (status.state === "pending" && save.polls < SAVE_POLLS) {
    // Saving runs just after the finish: while it may still come, no failure and no retry.
    box.dataset.state = "saving";
    parts.push(el("span", { "data-message": "" }, t("Saving the result…")));
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
