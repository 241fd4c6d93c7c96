// The Schnapsen panel of non-card actions: exchange the trump Jack, close the stock, announce marriages.
import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { actionLabel, marriagePoints } from "./labels.js";

export function actionsPanel(payload, send, style) {
  const view = payload.view;
  const legal = (view && view.legal) || [];
  const special = legal.filter((a) => a.type === "exchange_trump" || a.type === "close" || (a.type === "play" && a.marriage));
  if (!special.length) return null;
  const panel = el("div", { class: "schnapsen-actions", role: "group", "aria-label": t("Exchange, close, marriages") });
  const stockRow = el("div", { class: "row stock-actions" });
  const marriageRow = el("div", { class: "row marriage-actions" });
  // Exchange, close, then the marriages: 40 before 20, by suit, the King before the Queen.
  const rank = (a) => {
    if (a.type === "exchange_trump") return 0;
    if (a.type === "close") return 1;
    return 10 + (marriagePoints(a.card[1], view) === 40 ? 0 : 10) + "CSHD".indexOf(a.card[1]) * 2 + (a.card[0] === "K" ? 0 : 1);
  };
  special.sort((a, b) => rank(a) - rank(b));
  for (const action of special) {
    const btn = el("button", { type: "button", class: "action", "data-type": action.type }, actionLabel(action, view, style));
    if (action.type === "close") {
      btn.title = t("Close the stock: nobody draws any more, follow suit and beat from now on; you must reach 66.");
      btn.classList.add("close-stock");
    }
    if (action.type === "exchange_trump") btn.classList.add("exchange");
    if (action.marriage) {
      btn.dataset.marriage = action.card;
      btn.classList.add("marriage", `suit-${action.card[1]}`);
    }
    btn.addEventListener("click", () => send(action));
    (action.marriage ? marriageRow : stockRow).appendChild(btn);
  }
  if (stockRow.childNodes.length) panel.appendChild(stockRow);
  if (marriageRow.childNodes.length) {
    panel.appendChild(marriageRow);
    panel.appendChild(el("p", { class: "hint" }, t("A click on a card in your hand plays it without announcing.")));
  }
  return panel;
}
