// On the Preferans felt: the bids, the last deal, the contract and the whist calls, the Stock (talon),
// the discard, the open hands and the tricks.
import { cardImage, sortHand } from "../../cards.js";
import { el } from "../../dom.js";
import { headWord, t, tf, word } from "../../i18n.js";
import { seatNames } from "../../seats.js";
import { bidNode, callText, modeText } from "./bids.js";
import { dealSummary } from "./deals.js";

function cardRow(cards, style, cls) {
  const row = el("span", { class: `prs-cards ${cls || ""}`.trim() });
  for (const c of cards) row.appendChild(cardImage(c, style, "mini"));
  return row;
}

export function felt(model) {
  const view = model.view;
  if (!view || view.game !== "preferans" || view.phase === "deal") return null;
  const names = seatNames(model.seats);
  const style = model.style;
  const box = el("div", { class: "prs-felt" });
  box.dataset.phase = view.phase;

  if (view.phase === "bid") {
    const line = el("p", { class: "prs-bids" }, el("strong", {}, `${headWord("Reizen")}: `));
    if (!view.bids.length) line.append(tf("%(name)s (forehand) opens.", { name: names[view.forehand] }));
    view.bids.forEach(([seat, bid], i) => {
      if (i) line.append(" · ");
      line.append(`${names[seat]} `, bidNode(bid));
    });
    box.appendChild(line);
    if (view.last_deal) box.appendChild(el("p", { class: "prs-last muted-light" }, tf("Last deal: %(what)s", { what: dealSummary(view.last_deal, names) })));
  }

  if (view.raspasy) {
    const name = view.raspasy_multiplier > 1 ? `${word("Passspiel")} ×${view.raspasy_multiplier}` : word("Passspiel");
    const how = t("no trump, everyone for himself: take as few tricks as you can.");
    box.appendChild(el("p", { class: "prs-contract" }, el("strong", {}, name), " – ", how));
  } else if (view.declarer !== null && view.declarer !== undefined) {
    const line = el("p", { class: "prs-contract" }, `${word("Alleinspieler")}: `, el("strong", {}, names[view.declarer]));
    if (view.contract) line.append(" · ", t("Contract"), ": ", bidNode(view.contract));
    else if (view.high_bid) line.append(" · ", t("bid"), ": ", bidNode(view.high_bid));
    box.appendChild(line);
    const calls = view.whist_calls.map((c, s) => (c ? `${names[s]}: ${callText(c) || c}` : null)).filter(Boolean);
    if (calls.length || view.mode) {
      const p = el("p", { class: "prs-calls" }, calls.join(" · "));
      if (view.mode) p.append(calls.length ? " · " : "", `${word("Whist")} ${modeText(view.mode) || view.mode}`);
      box.appendChild(p);
    }
  }

  if (Array.isArray(view.talon) && view.talon.length) {
    const label = view.raspasy ? t("Stock (turned for the first tricks)") : headWord("Stock (Prikup)");
    box.appendChild(el("div", { class: "prs-talon", role: "group", "aria-label": label }, el("span", { class: "label" }, label), cardRow(view.talon, style)));
  }
  if (Array.isArray(view.discard) && view.discard.length) {
    const label = t("Discarded (only you see them)");
    box.appendChild(el("div", { class: "prs-discard", role: "group", "aria-label": label }, el("span", { class: "label" }, label), cardRow(view.discard, style)));
  }

  const openSeats = (view.open_hands || []).map((cards, s) => (cards && s !== model.mySeat && !(model.allHands && model.allHands[String(s)]) ? s : null)).filter((s) => s !== null);
  if (openSeats.length) {
    const wrap = el("div", { class: "prs-open", role: "group", "aria-label": t("Open hands") });
    for (const s of openSeats) {
      const hand = el("div", { class: "prs-open-hand", "data-seat": s }, el("span", { class: "label" }, tf("%(name)s (open)", { name: names[s] })));
      hand.appendChild(cardRow(sortHand(view.open_hands[s], view.trump), style));
      wrap.appendChild(hand);
    }
    box.appendChild(wrap);
  }

  if (view.phase === "play") {
    const seats = view.active || [];
    const counts = seats.map((s) => `${names[s]} ${view.tricks_won[s]}`).join(" · ");
    box.appendChild(el("p", { class: "prs-tricks" }, `${t("Tricks")}: ${counts}`));
  }
  return box;
}
