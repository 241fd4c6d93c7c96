// The auction panel: the bid ladder (Austrian or Vienna) with only the legal next steps enabled, the
// highest bid, the bids of this deal, Passe and Halten.
import { el } from "../../dom.js";
import { headWord, t, word } from "../../i18n.js";
import { seatName } from "../../seats.js";
import { choiceButton } from "./choice.js";
import { GESCHAEFT_SUITS, LADDER, NUMBER_SUIT, SPECIAL, SPIEL_SUITS, bidName, isVienna, suitLabel } from "./names.js";

function sameBid(a, b) {
  return a.bid === b.bid && (a.suit || null) === (b.suit || null);
}

function bidHistory(view, seats, style) {
  const bids = view.bids || [];
  const list = el("ol", { class: "pref-bids", "aria-label": t("Bids of this deal") });
  if (!bids.length) list.appendChild(el("li", { class: "muted" }, t("No bid yet")));
  for (const b of bids) {
    list.appendChild(el("li", { "data-seat": b.seat }, el("span", { class: "who" }, `${seatName(seats, b.seat)}: `), bidName(b, style, isVienna(view))));
  }
  return list;
}

function highLine(view, seats, style) {
  if (!view.high_bid) return el("p", { class: "pref-high" }, t("No bid yet: the first bid opens the auction."));
  return el(
    "p",
    { class: "pref-high" },
    `${t("Highest bid")}: `,
    el("strong", {}, bidName(view.high_bid, style, isVienna(view))),
    ` (${seatName(seats, view.high_bidder)})`,
  );
}

function ladderRank(view, bid) {
  // The position of a bid on the displayed ladder, to grey the steps already passed.
  if (!bid) return -1;
  if (isVienna(view)) {
    if (bid.bid in NUMBER_SUIT) return Number(bid.bid) - 1;
    if (bid.bid === "spiel") return 4 + SPIEL_SUITS.indexOf(bid.suit);
    return 7;
  }
  const level = LADDER.indexOf(bid.bid);
  return bid.bid === "geschaeft" ? level * 10 + GESCHAEFT_SUITS.indexOf(bid.suit) : level * 10;
}

export function bidPanel(payload, send, style) {
  const { view } = payload;
  const seats = payload.match.seats;
  const legal = view.legal.filter((a) => a.type === "bid");
  const vienna = isVienna(view);
  const seat = payload.seat;
  const panel = el("div", { class: "pref-panel pref-bidding", role: "group", "aria-label": word("Lizitieren") });
  panel.append(el("h3", {}, `${headWord("Lizitieren")} – ${t("your bid")}`), highLine(view, seats, style), bidHistory(view, seats, style));
  const ladder = el("div", { class: "pref-ladder", role: "group", "aria-label": t("Bid ladder") });
  const highRank = ladderRank(view, view.high_bid);
  const step = (candidate, label, rank, title) => {
    const btn = choiceButton({ type: "bid", seat, ...candidate }, legal, label, send, { title });
    if (view.high_bid && sameBid(candidate, view.high_bid)) btn.classList.add("current");
    else if (rank <= highRank) btn.classList.add("below");
    return btn;
  };
  const firstRound = t("Only on your first turn of the auction");
  if (vienna) {
    for (const n of ["1", "2", "3", "4"]) ladder.appendChild(step({ bid: n }, bidName({ bid: n }, style, true), Number(n) - 1));
    const spiel = el("div", { class: "pref-group", role: "group", "aria-label": word("Spiel") }, el("span", { class: "label" }, word("Spiel")));
    SPIEL_SUITS.forEach((s, i) => spiel.appendChild(step({ bid: "spiel", suit: s }, suitLabel(s, style), 4 + i, `${word("Spiel")}: ${firstRound}`)));
    ladder.appendChild(spiel);
    ladder.appendChild(step({ bid: "herz" }, bidName({ bid: "herz" }, style, true), 7, firstRound));
  } else {
    LADDER.forEach((name, level) => {
      if (name === "geschaeft") {
        const group = el("div", { class: "pref-group special", role: "group", "aria-label": word("Geschäft") }, el("span", { class: "label" }, word("Geschäft")));
        GESCHAEFT_SUITS.forEach((s, i) => group.appendChild(step({ bid: name, suit: s }, suitLabel(s, style), level * 10 + i, `${word("Geschäft")}: ${firstRound}`)));
        ladder.appendChild(group);
        return;
      }
      const btn = step({ bid: name }, bidName({ bid: name }, style, false), level * 10, SPECIAL.has(name) ? firstRound : undefined);
      if (SPECIAL.has(name)) btn.classList.add("special");
      ladder.appendChild(btn);
    });
  }
  panel.appendChild(ladder);
  const basic = el("div", { class: "pref-basic" });
  basic.appendChild(choiceButton({ type: "bid", seat, bid: "pass" }, legal, word("Passe"), send, { cls: "pass" }));
  const holdTitle = vienna ? t("An earlier bidder may hold a later player's number bid") : t("Forehand may hold another player's bid");
  basic.appendChild(choiceButton({ type: "bid", seat, bid: "hold" }, legal, view.high_bid ? `${word("Halten")}: ${bidName(view.high_bid, style, vienna)}` : word("Halten"), send, { cls: "hold", title: holdTitle }));
  panel.appendChild(basic);
  return panel;
}
