// The Preferans panels of non-card actions: the bid ladder, the contract, whist / pass / halber Whist,
// offen / verdeckt, and the partner's cards in open whist; and the labels of those actions.
import { cardName, cardSVG, sortHand } from "../../cards.js";
import { el } from "../../dom.js";
import { t, tf, word } from "../../i18n.js";
import { seatNames } from "../../seats.js";
import { OBLIGATION, callText, modeText, bidNode, bidText, ladderRows, levelOf } from "./bids.js";

function button(label, action, send, extra = {}) {
  const btn = el("button", { type: "button", class: `action ${extra.class || ""}`.trim(), "data-type": extra.type || (action && action.type) }, label);
  for (const [k, v] of Object.entries(extra.data || {})) btn.dataset[k] = v;
  if (extra.title) btn.title = extra.title;
  if (!action) btn.disabled = true;
  else btn.addEventListener("click", () => send(action));
  return btn;
}

function ladder(allowed, send, type, field, withMisere) {
  const grid = el("div", { class: "prs-ladder", role: "group", "aria-label": t("Bid ladder") });
  for (const row of ladderRows()) {
    if (row.bids[0] === "MIS" && !withMisere) continue;
    const line = el("div", { class: row.bids[0] === "MIS" ? "prs-rung misere" : "prs-rung" });
    line.appendChild(el("span", { class: "prs-level", "aria-hidden": "true" }, row.label));
    for (const bid of row.bids) {
      const btn = button(bidNode(bid), allowed.get(bid), send, { type, data: { [field]: bid } });
      btn.setAttribute("aria-label", bidText(bid));
      line.appendChild(btn);
    }
    grid.appendChild(line);
  }
  return grid;
}

function bidPanel(view, legal, send, names) {
  const allowed = new Map(legal.map((a) => [a.bid, a]));
  const box = el("div", { class: "prs-panel prs-bidding", role: "group", "aria-label": t("Your bid") });
  const head = el("p", { class: "prs-head" }, el("strong", {}, word("Reizen")), " ");
  if (view.high_bid) head.append(tf("highest bid: %(bid)s", { bid: bidText(view.high_bid) }));
  else head.append(t("no bid yet"));
  if (view.min_bid && view.min_bid !== "6S") head.append(" · ", tf("lowest bid: %(bid)s", { bid: bidText(view.min_bid) }));
  box.appendChild(head);
  box.appendChild(ladder(allowed, send, "bid", "bid", true));
  const holder = view.high_bid ? view.bids.filter((b) => b[1] !== "pass" && b[1] !== "hold").slice(-1)[0] : null;
  const holdTitle = holder ? tf("hold %(bid)s of %(name)s", { bid: bidText(view.high_bid), name: names[holder[0]] }) : "";
  const pass = button(word("Pass"), allowed.get("pass"), send, { type: "bid", class: "pass", data: { bid: "pass" } });
  const holdLabel = allowed.has("hold") ? `${word("hier")} (${bidText(view.high_bid)})` : word("hier");
  const hold = button(holdLabel, allowed.get("hold"), send, { type: "bid", data: { bid: "hold" }, title: holdTitle });
  const foot = el("p", { class: "prs-foot buttons" }, pass, hold);
  box.appendChild(foot);
  return box;
}

function declarePanel(view, legal, send) {
  const allowed = new Map(legal.map((a) => [a.contract, a]));
  const box = el("div", { class: "prs-panel prs-declare", role: "group", "aria-label": t("Announce the contract") });
  box.appendChild(el("p", { class: "prs-head" }, el("strong", {}, t("Announce the contract")), " ", tf("(at least %(bid)s)", { bid: bidText(view.high_bid) })));
  box.appendChild(ladder(allowed, send, "declare", "contract", false));
  return box;
}

function whistPanel(view, legal, send, names) {
  const allowed = new Map(legal.map((a) => [a.call, a]));
  const level = levelOf(view.contract);
  const box = el("div", { class: "prs-panel prs-whist", role: "group", "aria-label": word("Whist") });
  const plays = tf("%(name)s plays %(contract)s.", { name: names[view.declarer], contract: bidText(view.contract) });
  const need = tf("The defenders need %(n)s tricks together.", { n: OBLIGATION[level] ?? "—" });
  box.appendChild(el("p", { class: "prs-head" }, el("strong", {}, plays), " ", need));
  const halfUsed = view.whist_calls.some((c) => c === "half");
  const row = el("p", { class: "buttons" });
  for (const call of ["whist", "pass", "half"]) {
    if (call === "half" && !allowed.has("half") && !(level === 6 || level === 7)) continue;
    row.appendChild(button(callText(call), allowed.get(call), send, { type: "defend", data: { call } }));
  }
  box.appendChild(row);
  if (halfUsed) box.appendChild(el("p", { class: "hint" }, t("Your partner said halber Whist: whist now, or pass and the contract is written without play.")));
  return box;
}

function modePanel(view, legal, send) {
  const allowed = new Map(legal.map((a) => [a.mode, a]));
  const box = el("div", { class: "prs-panel prs-mode", role: "group", "aria-label": t("Open or closed") });
  const how = t("Offen: both defenders' hands lie open and you play both; verdeckt: each keeps his cards.");
  box.appendChild(el("p", { class: "prs-head" }, el("strong", {}, t("You whist alone.")), " ", how));
  const open = button(word("offen"), allowed.get("open"), send, { type: "mode", data: { mode: "open" } });
  const closed = button(word("verdeckt"), allowed.get("closed"), send, { type: "mode", data: { mode: "closed" } });
  box.appendChild(el("p", { class: "buttons" }, open, closed));
  return box;
}

/** Open whist: the lone whister plays his partner's cards too; they are not in his own hand. */
function partnerPanel(view, legal, send, style, names) {
  const mine = new Set(view.hand || []);
  const plays = new Map(legal.filter((a) => a.type === "play" && !mine.has(a.card)).map((a) => [a.card, a]));
  if (!plays.size) return null;
  const partner = view.turn;
  const cards = (view.open_hands && view.open_hands[partner]) || [...plays.keys()];
  const box = el("div", { class: "prs-panel prs-partner", role: "group", "aria-label": tf("Cards of %(name)s", { name: names[partner] }) });
  box.appendChild(el("p", { class: "prs-head" }, el("strong", {}, tf("Play for %(name)s", { name: names[partner] }))));
  const row = el("div", { class: "prs-partner-cards" });
  for (const card of sortHand(cards, view.trump)) {
    const action = plays.get(card);
    const btn = el("button", { type: "button", class: `card prs-card ${action ? "legal" : "illegal"}`, "data-card": card, "aria-label": cardName(card, style) });
    btn.appendChild(cardSVG(card, style));
    if (action) btn.addEventListener("click", () => send(action));
    else btn.disabled = true;
    row.appendChild(btn);
  }
  box.appendChild(row);
  return box;
}

export function actionsPanel(payload, send, style) {
  const view = payload.view;
  const legal = (view && view.legal) || [];
  if (!legal.length) return null;
  const names = seatNames(payload.match.seats);
  switch (legal[0].type) {
    case "bid":
      return bidPanel(view, legal, send, names);
    case "declare":
      return declarePanel(view, legal, send);
    case "defend":
      return whistPanel(view, legal, send, names);
    case "mode":
      return modePanel(view, legal, send);
    case "play":
      return partnerPanel(view, legal, send, style, names);
    default:
      return null; // the exchange: choose two cards in the hand, then "Drücken"
  }
}

export function actionLabel(action) {
  if (action.type === "bid") return bidText(action.bid);
  if (action.type === "declare") return bidText(action.contract);
  if (action.type === "defend") return callText(action.call);
  if (action.type === "mode") return modeText(action.mode);
  return null;
}
