// My hand on the live table: one button per card, marked legal, illegal or selectable; the buttons are
// updated in place while the cards stay the same, so a click in progress keeps its target.
import { splitLegal } from "../actions.js";
import { cardName, cardSVG, sortHand } from "../cards.js";
import { el } from "../dom.js";
import { staticHand } from "../tableview.js";
import { app, idle, myTurn, ui } from "./context.js";

/** onCard(card) is called when a card is clicked. */
export function renderHand(payload, onCard) {
  const view = payload.view;
  const seat = payload.seat;
  if (seat === null || seat === undefined || !view) {
    const bottom = seat === null || seat === undefined ? 0 : seat;
    const model = { view, seats: payload.match.seats, mySeat: bottom, allHands: payload.all_hands, style: app.style };
    ui.hand.replaceChildren(...staticHand(model, bottom).childNodes);
    ui.hand.dataset.key = "";
    return;
  }
  const ready = myTurn(payload) && idle() && !app.pending && !ui.gameOver.open;
  const { plays, selections } = splitLegal(ready ? view.legal : []);
  const selecting = selections.length > 0;
  const keepFocus = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
  // A talon shown in the view (and not yet in the hand) is offered with the hand while discarding.
  const fromTalon = selecting && Array.isArray(view.talon) ? view.talon.filter((c) => !view.hand.includes(c)) : [];
  const sorted = sortHand([...view.hand, ...fromTalon], view.trump);
  // Same cards as on screen: update the buttons in place, so a click in progress keeps its target.
  const key = `${app.style}|${sorted.join(",")}`;
  const reuse = ui.hand.dataset.key === key;
  const buttons = reuse ? [...ui.hand.querySelectorAll("button.card")] : [];
  for (const [i, card] of sorted.entries()) {
    const legal = plays.has(card);
    let btn = buttons[i];
    if (!reuse) {
      btn = el("button", { type: "button", class: "card", "data-card": card });
      btn.setAttribute("aria-label", cardName(card, app.style));
      btn.appendChild(cardSVG(card, app.style));
      const offset = i - (sorted.length - 1) / 2;
      btn.style.setProperty("--rot", `${offset * 2.5}deg`);
      btn.style.setProperty("--dip", `${Math.abs(offset) ** 1.6 * 0.12}rem`);
      if (fromTalon.includes(card)) btn.classList.add("from-talon");
      btn.addEventListener("click", () => onCard(card));
      btn.addEventListener("keydown", (ev) => moveFocus(ev, btn));
      buttons.push(btn);
    }
    btn.classList.remove("selectable", "selected", "legal", "illegal");
    btn.removeAttribute("aria-pressed");
    btn.removeAttribute("aria-disabled");
    if (selecting) {
      btn.classList.add("selectable");
      btn.setAttribute("aria-pressed", app.selection.has(card) ? "true" : "false");
      if (app.selection.has(card)) btn.classList.add("selected");
    } else if (legal) {
      btn.classList.add("legal");
    } else if (plays.size) {
      // Greyed only while a card is to be played: during bidding the hand is what you bid on.
      btn.classList.add("illegal");
      btn.setAttribute("aria-disabled", "true");
    }
  }
  if (!reuse) {
    ui.hand.replaceChildren(...buttons);
    ui.hand.dataset.key = key;
  }
  ui.hand.style.setProperty("--n", String(sorted.length));
  ui.hand.classList.toggle("my-turn", ready);
  ui.hand.dataset.ready = ready ? "true" : "false";
  if (keepFocus) {
    const again = ui.hand.querySelector(`[data-card="${keepFocus}"]`) || ui.hand.querySelector(".card.legal");
    if (again) again.focus();
  }
}

function moveFocus(ev, btn) {
  const step = { ArrowRight: 1, ArrowLeft: -1, Home: -100, End: 100 }[ev.key];
  if (!step) return;
  ev.preventDefault();
  const all = [...ui.hand.querySelectorAll("button.card")];
  const i = all.indexOf(btn);
  const j = Math.max(0, Math.min(all.length - 1, i + step));
  all[j].focus();
}
