// One deal of a closed challenge, side by side: for each column's match (mine, the best entry's, the
// AI's) the moves of the challenge seat in that deal, read from the match's public replay.
import { get } from "../frontend/js/api.js";
import { actionLabel } from "../frontend/js/actions.js";
import { cardName } from "../frontend/js/cards.js";
import { deckStyle } from "../frontend/js/deck.js";
import { el } from "../frontend/js/dom.js";
import { gameModule } from "../frontend/js/games/index.js";
import { t } from "../frontend/js/i18n.js";

const root = document.getElementById("compare-app");
const seat = Number(root.dataset.seat);
const deal = Number(root.dataset.deal);

function label(event, game, style) {
  if (event.type === "play") {
    const marriage = event.marriage ? ` (${actionLabel({ type: "marriage" }, style)})` : "";
    return `${cardName(event.card, style)}${marriage}`;
  }
  const mod = gameModule(game);
  let text = null;
  try {
    text = mod.actionLabel ? mod.actionLabel(event, { game }, style) : null;
  } catch {
    text = null; // a label that needs a live view: the generic one
  }
  return text || actionLabel(event, style);
}

/** The events of deal `n` (from its deal event to the next one). */
function dealSteps(steps, n) {
  const starts = steps.map((step, i) => (step.event.type === "deal" ? i : -1)).filter((i) => i >= 0);
  const from = starts[n - 1];
  if (from === undefined) return [];
  const to = starts[n] === undefined ? steps.length : starts[n];
  return steps.slice(from, to);
}

async function fill(column) {
  const list = column.querySelector("[data-role=moves]");
  try {
    const data = await get(`/api/matches/${column.dataset.match}/replay/`);
    const style = deckStyle(data.match.game);
    const moves = dealSteps(data.steps, deal).filter((step) => step.event.seat === seat);
    list.replaceChildren(...moves.map((step) => el("li", {}, label(step.event, data.match.game, style))));
    if (!moves.length) list.replaceChildren(el("li", { class: "muted" }, t("No move in this deal.")));
  } catch (exc) {
    list.replaceChildren(el("li", { class: "error" }, exc.message));
  }
}

root.querySelectorAll(".compare-col").forEach(fill);
