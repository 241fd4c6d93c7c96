// Replay viewer: every event of a finished match with all hands visible, forwards and backwards.
import { get } from "./api.js";
import { actionLabel } from "./actions.js";
import { analysisView } from "./analysis.js";
import { gameModule } from "./games/index.js";
import { cardName } from "./cards.js";
import { deckStyle } from "./deck.js";
import { el } from "./dom.js";
import { t, tf } from "./i18n.js";
import { seatNames } from "./seats.js";
import { scoreChart } from "./scorechart.js";
import { addControls, decorate, landmarks } from "./replaycontrols.js";
import { finishedRows, renderRowResult, renderSheet } from "./sheets.js";
import { renderFelt, staticHand } from "./tableview.js";
import { gameTitle, sheetTitle } from "./titles.js";

const root = document.getElementById("replay-app");
const matchId = Number(root.dataset.match);
const ui = {
  title: root.querySelector("[data-role=title]"),
  slider: root.querySelector("[data-role=slider]"),
  position: root.querySelector("[data-role=position]"),
  event: root.querySelector("[data-role=event]"),
  felt: root.querySelector("[data-role=felt]"),
  hand: root.querySelector("[data-role=hand]"),
  message: root.querySelector("[data-role=message]"),
  sheet: root.querySelector("[data-role=sheet]"),
  verifyBox: root.querySelector("[data-role=verify-box]"),
  verify: root.querySelector("[data-role=verify]"),
  progress: root.querySelector("[data-role=progress]"),
  controls: root.querySelector(".replay-controls"),
  analysis: root.querySelector("[data-role=analysis]"),
  decision: root.querySelector("[data-role=decision]"),
};
// The result of a deal, shown at the step where it ends.
const dealBox = el("section", { class: "replay-deal-result", "data-role": "replay-deal-result", hidden: true });
ui.event.after(dealBox);
let controls = null;
let analysis = null;
let data = null;
let index = 0;
let style = "german";

function names() {
  return seatNames(data.match.seats);
}

/** What an event did, without who did it ("7♠", "Reizen: 7 Pik"). */
function label(event) {
  if (event.type === "play") return `${cardName(event.card, style)}${event.marriage ? ` (${actionLabel({ type: "marriage" }, style)})` : ""}`;
  return describe({ ...event, seat: undefined });
}

function describe(event) {
  const who = typeof event.seat === "number" ? names()[event.seat] : "";
  switch (event.type) {
    case "start":
      return t("The match starts.");
    case "draw":
      return t("Drawing for the first player.");
    case "deal":
      return t("The cards are shuffled.");
    case "cut":
      return tf("Cut: %(n)s cards; the cards are dealt.", { n: event.count });
    case "play":
      return `${who}: ${cardName(event.card, style)}${event.marriage ? ` (${actionLabel({ type: "marriage" }, style)})` : ""}`;
    default: {
      const mod = gameModule(data && data.match && data.match.game);
      let label = null;
      try {
        label = mod.actionLabel ? mod.actionLabel(event, { game: data.match.game }, style) : null;
      } catch {
        label = null; // a game's label that needs a live view: fall back to the generic one
      }
      label = label || actionLabel(event, style);
      return who ? `${who}: ${label}` : label;
    }
  }
}

function show(i) {
  index = Math.max(0, Math.min(data.steps.length - 1, i));
  const step = data.steps[index];
  const view = step.view;
  const lastTrick = view && view.last_trick;
  let override = null;
  let winner = null;
  if (step.event.type === "play" && view && !(view.trick || []).length && lastTrick) {
    override = Array.isArray(lastTrick) ? lastTrick : lastTrick.cards;
    winner = Array.isArray(lastTrick) ? null : lastTrick.winner;
  }
  // Presence belongs to the live table, not to the replayed moment: no seat is shown away here.
  const seats = data.match.seats.map((s) => ({ ...s, away: false }));
  const model = { view, seats, mySeat: 0, allHands: step.hands, style, trickOverride: override, trickWinner: winner };
  renderFelt(ui.felt, model);
  ui.hand.replaceChildren(...staticHand(model, 0).childNodes);
  ui.slider.value = String(index);
  ui.position.textContent = tf("Step %(n)s of %(total)s", { n: index + 1, total: data.steps.length });
  ui.event.textContent = describe(step.event);
  ui.sheet.replaceChildren(renderSheet(view, names(), style));
  showDealResult(index);
  if (analysis) analysis.show(step.seq);
}

function showDealResult(i) {
  const rows = finishedRows(data.steps[i].view);
  const before = i > 0 ? finishedRows(data.steps[i - 1].view) : [];
  dealBox.hidden = rows.length <= before.length;
  if (dealBox.hidden) {
    dealBox.replaceChildren();
    return;
  }
  const view = data.steps[i].view;
  const row = rows[rows.length - 1];
  const mod = gameModule(data.match.game);
  const title = mod.rowTitle ? mod.rowTitle(view, row, rows.length) : tf("Game %(n)s is over", { n: row.game || rows.length });
  dealBox.replaceChildren(el("h2", {}, title), (mod.rowResult || renderRowResult)(view, row, names(), style));
}

// "Deals verifizieren": GET /api/matches/<id>/verify/ shown as a short report instead of raw JSON.
async function verifyDeals(ev) {
  ev.preventDefault();
  ui.verify.replaceChildren(el("p", { class: "muted" }, t("Checking the deals…")));
  let report;
  try {
    report = await get(`/api/matches/${matchId}/verify/`);
  } catch (exc) {
    ui.verify.replaceChildren(el("p", { class: "error" }, exc.message));
    return;
  }
  const rows = [
    [t("Revealed seed"), el("code", { "data-field": "seed" }, report.seed)],
    [t("Commitment (SHA-256 of the seed)"), el("code", { "data-field": "commitment" }, report.seed_commitment)],
  ];
  const list = el("dl", { class: "verify-report" });
  for (const [term, value] of rows) list.append(el("dt", {}, term), el("dd", {}, value));
  const verdict = report.verified
    ? el("p", { class: "verified yes", "data-verified": "true" }, `✓ ${t("Verified: the seed matches the commitment and gives every deal of this match.")}`)
    : el("p", { class: "verified no", "data-verified": "false" }, `✗ ${t("Not verified")}`);
  const problems = (report.problems || []).length ? el("ul", { class: "problems" }, ...report.problems.map((p) => el("li", {}, p))) : null;
  const raw = el("a", { href: `/api/matches/${matchId}/verify/` }, t("Raw data (JSON)"));
  ui.verify.replaceChildren(verdict, list, problems || "", el("p", { class: "muted" }, raw));
}

// The analysis (analysis.js) and its "next mistake" button, enabled once the figures are there.
function addAnalysis() {
  const next = el("button", { type: "button", "data-jump": "next-mistake", disabled: true }, t("Next mistake"));
  controls.extras.appendChild(next);
  analysis = analysisView(matchId, ui.analysis, ui.decision, {
    names,
    describe: (action, seat) => describe({ ...action, seat }),
    label: (action) => label(action),
    onReady: () => {
      next.disabled = false;
    },
    // a point of the evaluation chart picked: the replay goes to that decision
    onPick: (seq) => {
      if (controls) controls.stop();
      const i = data.steps.findIndex((step) => step.seq === seq);
      if (i >= 0) show(i);
    },
  });
  next.addEventListener("click", () => {
    if (controls) controls.stop();
    const seq = analysis.nextMistake(data.steps[index].seq);
    if (seq === undefined) {
      ui.message.textContent = t("No further mistake in this match.");
      return;
    }
    ui.message.textContent = "";
    show(data.steps.findIndex((step) => step.seq === seq));
  });
}

function onStep(kind) {
  if (controls) controls.stop();
  const target = { first: 0, prev: index - 1, next: index + 1, last: data.steps.length - 1 }[kind];
  show(target);
}

get(`/api/matches/${matchId}/replay/`)
  .then((payload) => {
    data = payload;
    style = deckStyle(data.match.game);
    ui.title.textContent = `${t("Replay")}: ${gameTitle(data.match.game)} #${matchId}`;
    ui.slider.max = String(data.steps.length - 1);
    root.querySelector(".sheet-box summary").textContent = sheetTitle(data.match.game);
    const keys = { first: "Home", prev: "←", next: "→", last: "End" };
    root.querySelectorAll("[data-step]").forEach((btn) => {
      decorate(btn, btn.dataset.step);
      btn.title = `${btn.getAttribute("aria-label")} (${keys[btn.dataset.step]})`;
      btn.addEventListener("click", () => onStep(btn.dataset.step));
    });
    controls = addControls(ui.controls, data.steps, { index: () => index, count: () => data.steps.length, show });
    addAnalysis();
    ui.slider.addEventListener("input", () => show(Number(ui.slider.value)));
    document.addEventListener("keydown", (ev) => {
      if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
      if (ev.target instanceof HTMLSelectElement || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      if (ev.defaultPrevented) return; // the chart's own keys
      const kind = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[ev.key];
      if (kind && ev.target !== ui.slider) {
        ev.preventDefault();
        onStep(kind);
      } else if (ev.key === "PageUp" || ev.key === "PageDown") {
        ev.preventDefault();
        controls.deal(ev.key === "PageDown");
      } else if (ev.key === "p" || ev.key === "P") {
        controls.toggle();
      }
    });
    // "?deal=3" (the challenge's deal comparison): start where that deal is dealt
    const wanted = Number(new URLSearchParams(window.location.search).get("deal"));
    show((wanted && landmarks(data.steps).deals[wanted - 1]) || 0);
    const chart = scoreChart(data);
    if (chart) ui.progress.replaceChildren(el("h2", {}, t("Score progression")), chart);
    ui.verifyBox.hidden = false;
    ui.verifyBox.querySelector("[data-action=verify]").addEventListener("click", verifyDeals);
  })
  .catch((exc) => {
    // The server's refusal is English; the one a reader meets here (a match still running) is said in the
    // page's language, with the way back to the table.
    ui.message.textContent = exc.code === "forbidden" ? t("The replay opens when the match (and its duplicate round or daily challenge) is over.") : exc.message;
  });
