// The dialog between games: the result of the game just finished, and the button to go on.
import { el } from "../dom.js";
import { gameModule } from "../games/index.js";
import { t, tf } from "../i18n.js";
import { finishedRows, renderRowResult } from "../sheets.js";
import { drawHand } from "./acting.js";
import { app, names, root, ui } from "./context.js";

/** The title and result table of the newest finished game (deal) of `payload`, or null before the first. */
export function lastRowResult(payload, heading = "h2") {
  const mod = gameModule(payload.view.game);
  const rows = finishedRows(payload.view);
  const row = rows[rows.length - 1];
  if (!row) return null;
  const number = row.game || rows.length;
  return [
    el(heading, {}, mod.rowTitle ? mod.rowTitle(payload.view, row, number) : tf("Game %(n)s is over", { n: number })),
    (mod.rowResult || renderRowResult)(payload.view, row, names(payload), app.style),
  ];
}

export function showGameOver(payload) {
  const dlg = ui.gameOver;
  const body = lastRowResult(payload) || [];
  const mod = gameModule(payload.view.game);
  const label = mod.nextRowLabel ? mod.nextRowLabel() : t("Next deal");
  const next = el("button", { type: "button", class: "primary", "data-action": "next-game", autofocus: "" }, label);
  next.addEventListener("click", () => dlg.close());
  // The next deal is already dealt: its cards stay hidden until the player goes on.
  root.classList.add("between-deals");
  dlg.addEventListener("close", () => {
    root.classList.remove("between-deals");
    if (app.shown) drawHand(app.shown);
  }, { once: true });
  body.push(el("p", {}, next));
  dlg.replaceChildren(...body);
  if (!dlg.open) dlg.showModal();
}
