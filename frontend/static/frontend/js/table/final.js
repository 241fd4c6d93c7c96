// The end of a match: the result (the game's own summary, else a ranking by points), the leaderboard
// save line, and the ways on: play again, the replay, the leaderboard, home.
import { post } from "../api.js";
import { el } from "../dom.js";
import { fmt } from "../format.js";
import { gameModule } from "../games/index.js";
import { t, tn } from "../i18n.js";
import { fillScoreChart } from "../scorechart.js";
import { app, matchId, names, root, say, ui } from "./context.js";
import { lastRowResult } from "./gameover.js";
import { saveBox } from "./saving.js";

// The score progression is fetched once (from the replay) and kept across redraws.
const chartBox = el("div", { class: "score-progress", "data-role": "score-progress" });
let chartAsked = false;

export function renderFinal(payload) {
  const { match, view } = payload;
  if (!["finished", "abandoned"].includes(match.status)) {
    ui.final.hidden = true;
    return;
  }
  if (ui.gameOver.open) ui.gameOver.close();
  ui.final.hidden = false;
  const nm = names(payload);
  const parts = [el("h2", {}, match.status === "finished" ? t("The match is over") : t("The match was abandoned"))];
  const mod = view ? gameModule(view.game) : {};
  const summary = mod.finalSummary ? mod.finalSummary(payload, nm, app.style) : null;
  if (summary) parts.push(summary);
  else if (view && Array.isArray(view.scores)) {
    const order = nm.map((_, i) => i).sort((a, b) => view.scores[b] - view.scores[a]);
    const list = el("ol", { class: "ranking" });
    for (const s of order) {
      list.appendChild(el("li", { class: s === payload.seat ? "me" : "" }, `${nm[s]}: ${tn("%(n)s point", "%(n)s points", view.scores[s], fmt(view.scores[s]))}`));
    }
    parts.push(list);
  }
  // The match ended with a game (deal): its result, as the dialog shows it after every other one.
  const last = match.status === "finished" && view ? lastRowResult(payload, "h3") : null;
  if (last) parts.push(el("section", { class: "last-row", "data-role": "last-row" }, ...last));
  parts.push(chartBox);
  if (!chartAsked) {
    chartAsked = true;
    fillScoreChart(chartBox, match);
  }
  const results = root.dataset.challenge;
  if (results) {
    // A daily challenge: its score and place are on the challenge's page; no board, no second go.
    const go = el("a", { class: "button primary", href: results, "data-action": "challenge-results" }, t("Challenge results"));
    const home = el("a", { class: "button secondary", href: root.dataset.home }, t("Home"));
    parts.push(el("p", { class: "buttons" }, go, home));
    ui.final.replaceChildren(...parts);
    return;
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
