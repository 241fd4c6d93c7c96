// Acting on the live table: a click on a card (play it, select it, or say why not), sending an action,
// and a refused action.
import { illegalReason, splitLegal } from "../actions.js";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { renderActions } from "./choices.js";
import { app, idle, myTurn, say, ui } from "./context.js";
import { renderHand } from "./hand.js";

export function drawHand(payload) {
  renderHand(payload, clickCard);
}

export function drawActions(payload) {
  renderActions(payload, send);
}

export function clickCard(card) {
  const payload = app.shown;
  if (!payload || !payload.view) return;
  const { plays, selections } = splitLegal(payload.view.legal);
  if (myTurn(payload) && selections.length && idle()) {
    if (app.selection.has(card)) app.selection.delete(card);
    else app.selection.add(card);
    drawActions(payload);
    drawHand(payload);
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

export function send(action) {
  const payload = app.shown;
  if (!payload || app.pending) return;
  app.pending = true;
  app.pendingSeq = payload.seq;
  app.pendingAt = Date.now();
  say("");
  const { seat, ...body } = action;
  app.live.expecting = true;
  app.live.act({ ...body, seat }, payload.seq);
  drawHand(payload);
  ui.actions.replaceChildren();
}

export function onError(err) {
  app.pending = false;
  if (err.code === "forbidden" || err.code === "not_found") {
    app.live.stop();
    ui.waiting.hidden = false;
    ui.waiting.replaceChildren(el("p", { class: "error" }, err.message));
  }
  say(`${t("Not accepted")}: ${err.message}`, "error");
  if (app.shown) drawHand(app.shown);
}
