// The choices on the live table besides playing a card: the game's own panel (a bid ladder, ...) or one
// button per action, and the confirm button while cards are being selected (a discard).
import { actionLabel, cardListField, splitLegal } from "../actions.js";
import { el } from "../dom.js";
import { gameModule } from "../games/index.js";
import { tn } from "../i18n.js";
import { app, myTurn, ui } from "./context.js";

/** send(action) sends one action. */
export function renderActions(payload, send) {
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
    ui.actions.appendChild(el("p", { class: "hint" }, tn("Choose %(n)s card in your hand.", "Choose %(n)s cards in your hand.", need)));
    ui.actions.appendChild(btn);
  }
}
