// Draws the felt from a view: the other seats around, the trick in the middle, the trump, and the
// bottom seat's hand. Used by the live table and by the replay viewer.
import { gameModule } from "./games/index.js";
import { cardImage, cardName, cardSVG, isCard, sortHand, suitName } from "./cards.js";
import { el } from "./dom.js";
import { fmt } from "./format.js";
import { cardsText, t, tf } from "./i18n.js";
import { seatName } from "./seats.js";

const LAYOUTS = {
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top-left", "top-right", "right"],
};

export function positions(n, bottom) {
  const layout = LAYOUTS[n] || LAYOUTS[4];
  const out = {};
  for (let seat = 0; seat < n; seat += 1) out[seat] = layout[(seat - bottom + n) % n] || "top";
  return out;
}

function badge(text, cls) {
  return el("span", { class: `badge ${cls}` }, text);
}

/** The name plate of one seat: name, KI mark, to-move, dealer, cards, score. */
function plate(model, seat, pos) {
  const { view, seats } = model;
  const info = seats[seat] || {};
  const box = el("div", { class: `seat pos-${pos}` });
  box.dataset.seat = String(seat);
  const toMove = view && view.to_move === seat && !model.trickOverride; // the finished trick first
  if (toMove) box.classList.add("to-move");
  const head = el("div", { class: "plate" });
  const name = el("span", { class: "name" }, seatName(seats, seat));
  head.appendChild(name);
  if (info.kind === "ai") head.appendChild(badge(t("(AI)"), "ai"));
  if (seat === model.mySeat) head.appendChild(badge(t("you"), "me"));
  if (view && view.dealer === seat) head.appendChild(badge(t("Dealer"), "dealer"));
  if (toMove) head.appendChild(badge(t("to move"), "turn"));
  // The own seat is never away while this page is connected, whatever summary it was drawn from.
  const present = seat === model.mySeat && model.connected;
  if (info.left) head.appendChild(badge(t("left"), "left"));
  else if (info.away && !present) head.appendChild(badge(t("away"), "away"));
  if (info.autoplay || info.handed_to_ai) head.appendChild(badge(t("AI plays"), "auto"));
  box.appendChild(head);
  const facts = el("div", { class: "facts" });
  const count = view && view.hand_sizes ? view.hand_sizes[seat] : 0;
  const countText = el("span", { class: "count" }, cardsText(count));
  countText.dataset.count = String(count);
  facts.appendChild(countText);
  if (view && Array.isArray(view.scores) && typeof view.scores[seat] === "number") {
    facts.appendChild(el("span", { class: "score" }, `${t("Points")}: ${fmt(view.scores[seat])}`));
  }
  const extra = view ? gameModule(view.game).seatFacts(view, seat) : null;
  if (extra) facts.appendChild(extra);
  box.appendChild(facts);
  return box;
}

function miniHand(model, seat) {
  const { view, allHands, style } = model;
  const wrap = el("div", { class: "mini-hand" });
  const open = allHands && allHands[String(seat)];
  if (open) {
    wrap.classList.add("open");
    wrap.setAttribute("aria-label", tf("Hand of %(name)s", { name: seatName(model.seats, seat) }));
    for (const card of sortHand(open, view && view.trump)) wrap.appendChild(cardImage(card, style, "mini"));
  } else {
    const count = view && view.hand_sizes ? view.hand_sizes[seat] : 0;
    wrap.setAttribute("aria-hidden", "true");
    for (let i = 0; i < Math.min(count, 12); i += 1) {
      const back = el("span", { class: "card mini back" });
      back.appendChild(cardSVG(null, style));
      wrap.appendChild(back);
    }
  }
  return wrap;
}

function centre(model, pos, before) {
  const { view, style } = model;
  const box = el("div", { class: "centre" });
  const trick = el("div", { class: "trick" });
  trick.setAttribute("aria-label", t("Trick"));
  trick.setAttribute("role", "group");
  const entries = model.trickOverride || (view && view.trick) || [];
  for (const entry of entries) {
    const img = cardImage(entry.card, style, `in-trick at-${pos[entry.seat]}`);
    if (!before.has(entry.card)) img.classList.add("fresh");
    if (model.trickWinner === entry.seat) img.classList.add("winner");
    img.dataset.seat = String(entry.seat);
    trick.appendChild(img);
  }
  if (model.trickOverride) trick.classList.add("finished");
  box.appendChild(trick);
  box.appendChild(trumpInfo(model));
  const mod = gameModule(view && view.game);
  if (mod.felt) {
    const extra = mod.felt(model);
    if (extra) box.appendChild(extra);
  }
  const last = view && view.last_trick;
  if (last && !model.trickOverride) {
    const cards = Array.isArray(last) ? last : last.cards || [];
    const lastBox = el("div", { class: "last-trick" });
    lastBox.setAttribute("role", "group");
    lastBox.setAttribute("aria-label", t("Last trick"));
    lastBox.appendChild(el("span", { class: "label" }, t("Last trick")));
    for (const entry of cards) {
      const img = cardImage(entry.card, style, "mini");
      img.dataset.seat = String(entry.seat);
      if (!Array.isArray(last) && last.winner === entry.seat) img.classList.add("winner");
      lastBox.appendChild(img);
    }
    if (model.trickNote) lastBox.appendChild(el("span", { class: "trick-note", "data-role": "trick-note" }, model.trickNote));
    box.appendChild(lastBox);
  }
  return box;
}

function trumpInfo(model) {
  const { view, style } = model;
  const info = el("div", { class: "trump-info" });
  if (!view) return info;
  const trumpCard = view.bodentrumpf || view.trump_card;
  if (isCard(trumpCard)) {
    const fig = el("figure", { class: "trump-card" });
    fig.appendChild(cardImage(trumpCard, style, "small"));
    const cap = el("figcaption");
    const label = gameModule(view.game).trumpCardLabel();
    cap.textContent = `${label}: ${cardName(trumpCard, style)}`;
    fig.appendChild(cap);
    info.appendChild(fig);
  }
  if (view.trump) info.appendChild(el("p", { class: "trump" }, `${t("Trump")}: ${suitName(view.trump, style)}`));
  if (typeof view.stock_size === "number") info.appendChild(el("p", { class: "stock" }, `${t("Stock")}: ${view.stock_size}`));
  if (view.closed) info.appendChild(el("p", { class: "closed" }, t("closed")));
  const contract = view.contract !== null && view.contract !== undefined ? gameModule(view.game).contractText(view, style) : "";
  if (contract) info.appendChild(el("p", { class: "contract" }, `${t("Contract")}: ${contract}`));
  return info;
}

/** The bottom hand as pictures (replay, spectators) — the live table builds buttons instead. */
export function staticHand(model, seat) {
  const hand = el("div", { class: "hand" });
  const cards = (model.allHands && model.allHands[String(seat)]) || (model.view && seat === model.view.seat ? model.view.hand : null);
  if (cards) {
    for (const card of sortHand(cards, model.view && model.view.trump)) hand.appendChild(cardImage(card, model.style));
  } else {
    const count = model.view && model.view.hand_sizes ? model.view.hand_sizes[seat] : 0;
    for (let i = 0; i < count; i += 1) {
      const back = el("span", { class: "card back" });
      back.appendChild(cardSVG(null, model.style));
      hand.appendChild(back);
    }
  }
  return hand;
}

/**
 * Draw the felt into `root`. model: {view, seats, mySeat, allHands, style, trickOverride, trickWinner,
 * trickNote, connected}. Returns the bottom seat index. A card that was not in the trick drawn last time
 * is marked `fresh` (it slides in).
 */
export function renderFelt(root, model) {
  const n = model.seats.length || (model.view && model.view.hand_sizes ? model.view.hand_sizes.length : 4);
  const bottom = model.mySeat === null || model.mySeat === undefined ? 0 : model.mySeat;
  const pos = positions(n, bottom);
  root.replaceChildren();
  root.dataset.players = String(n);
  root.dataset.phase = (model.view && model.view.phase) || "";
  for (let seat = 0; seat < n; seat += 1) {
    const box = plate(model, seat, pos[seat]);
    if (seat !== bottom) box.appendChild(miniHand(model, seat));
    root.appendChild(box);
  }
  const before = new Set((root.dataset.trick || "").split(","));
  const trick = model.trickOverride || (model.view && model.view.trick) || [];
  root.dataset.trick = trick.map((e) => e.card).join(",");
  root.appendChild(centre(model, pos, before));
  return bottom;
}
