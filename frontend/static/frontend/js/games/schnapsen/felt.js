// The Schnapsen felt: the stock with the trump card turned across beneath it, and the facts of the deal
// (Bummerl count-down, own points, pending marriage, tricks, marriages, exchanges).
import { cardImage, cardName, cardSVG } from "../../cards.js";
import { el } from "../../dom.js";
import { signed } from "../../format.js";
import { t, tf } from "../../i18n.js";
import { seatName } from "../../seats.js";
import { WIN, fixedDeals, isSeat, marriagePoints, suitLabel } from "./labels.js";

function stockNode(view, seats, style) {
  const box = el("div", { class: "schnapsen-stock" });
  const trumpCard = view.trump_card;
  const faceDown = Math.max(0, (view.stock_size || 0) - (trumpCard ? 1 : 0));
  if (!trumpCard && faceDown === 0) {
    const empty = el("div", { class: "stock-empty", "data-state": "exhausted" }, t("Stock exhausted"));
    box.appendChild(empty);
    box.dataset.state = "exhausted";
    return box;
  }
  const pile = el("div", { class: "pile", role: "img" });
  const label = [tf("Stock: %(n)s face down", { n: faceDown })];
  if (trumpCard) {
    const across = cardImage(trumpCard, style, "small across");
    across.classList.add("trump-under");
    pile.appendChild(across);
    label.push(`${t("Trump card")}: ${cardName(trumpCard, style)}`);
  }
  for (let i = 0; i < Math.min(faceDown, 4); i += 1) {
    const back = el("span", { class: "card small back" });
    back.style.setProperty("--i", String(i)); // through the CSSOM: the CSP refuses style attributes
    back.appendChild(cardSVG(null, style));
    pile.appendChild(back);
  }
  pile.appendChild(el("span", { class: "stock-count", "data-count": String(faceDown) }, String(faceDown)));
  box.dataset.state = view.closed ? "closed" : "open";
  if (view.closed) {
    pile.classList.add("closed");
    pile.appendChild(el("span", { class: "closed-mark" }, t("closed")));
  }
  const who = view.closed && isSeat(view.closed_by) ? tf("Closed by %(name)s", { name: seatName(seats, view.closed_by) }) : "";
  if (who) label.push(who);
  pile.setAttribute("aria-label", label.join(", "));
  box.appendChild(pile);
  const caption = el("p", { class: "stock-caption" }, `${t("Stock")}: ${faceDown}`);
  if (trumpCard) caption.append(el("br"), `${t("Trump card")}: ${cardName(trumpCard, style)}`);
  if (who) caption.append(el("br"), el("strong", { class: "closed-by" }, who));
  box.appendChild(caption);
  return box;
}

function factsNode(view, seats, style) {
  const list = el("ul", { class: "schnapsen-facts" });
  const me = isSeat(view.seat) ? view.seat : null;
  const start = view.start_score || 7;
  if (Array.isArray(view.scores)) {
    const fixed = fixedDeals(view);
    // a match of fixed deals counts game points won less lost, with a sign
    const label = fixed
      ? tf("Deal %(n)s of %(total)s", { n: Math.min(view.deal_number || 1, view.deals_total), total: view.deals_total })
      : tf("Bummerl %(start)s → 0", { start });
    const item = el("li", { class: "bummerl" }, el("span", { class: "label" }, label), " ");
    [0, 1].forEach((s, i) => {
      if (i) item.append(" · ");
      const shown = fixed ? signed(view.scores[s]) : String(view.scores[s]);
      item.append(el("span", { class: "who", "data-seat": String(s) }, `${seatName(seats, s)} `), el("strong", { "data-bummerl": String(s) }, shown));
    });
    list.appendChild(item);
  }
  if (me !== null && Array.isArray(view.points) && typeof view.points[me] === "number") {
    const item = el("li", { class: "own-points", "data-points": String(view.points[me]) }, tf("Your points: %(n)s of %(win)s", { n: view.points[me], win: WIN }));
    const pending = Array.isArray(view.pending) ? view.pending[me] : 0;
    if (pending) {
      item.append(" ", el("span", { class: "pending", "data-pending": String(pending) }, tf("+%(n)s announced, counts from your first trick", { n: pending })));
    }
    list.appendChild(item);
  }
  if (Array.isArray(view.tricks)) {
    const item = el("li", { class: "tricks" }, `${t("Tricks")}: `);
    [0, 1].forEach((s, i) => {
      if (i) item.append(" · ");
      item.append(`${seatName(seats, s)} `, el("strong", { "data-tricks": String(s) }, String(view.tricks[s])));
    });
    list.appendChild(item);
  }
  if (Array.isArray(view.marriages) && view.marriages.length) {
    const text = view.marriages.map((m) => `${seatName(seats, m.seat)} ${marriagePoints(m.suit, view)} (${suitLabel(m.suit, style)})`).join(", ");
    list.appendChild(el("li", { class: "marriages" }, `${t("Marriages")}: ${text}`));
  }
  for (const ex of view.exchanges || []) {
    list.appendChild(el("li", { class: "exchange" }, tf("%(name)s took %(card)s in exchange", { name: seatName(seats, ex.seat), card: cardName(ex.card, style) })));
  }
  if (view.strict && view.phase === "play") {
    list.appendChild(el("li", { class: "strict" }, t("Follow suit and beat: the stock is closed or exhausted.")));
  }
  return list;
}

export function felt(model) {
  const { view, seats, style } = model;
  if (!view || !view.trump) return null;
  const box = el("div", { class: "schnapsen-felt" });
  box.append(stockNode(view, seats, style), factsNode(view, seats, style));
  return box;
}
