// The panels of non-card actions after the auction: declaring the game, staying in or dropping out,
// inviting the other defender; and which panel the phase needs.
import { cardName } from "../../cards.js";
import { el } from "../../dom.js";
import { t, tf, word } from "../../i18n.js";
import { seatName } from "../../seats.js";
import { bidPanel } from "./bidding.js";
import { choiceButton } from "./choice.js";
import { LADDER, NUMBER_SUIT, SPECIAL, bidName, contractName, declareName, declarerWord, isVienna, suitLabel } from "./names.js";

function handBid(view) {
  const bid = view.high_bid && view.high_bid.bid;
  return isVienna(view) ? bid === "spiel" || bid === "herz" : SPECIAL.has(bid);
}

function declarePanel(payload, send, style) {
  const { view } = payload;
  const legal = view.legal.filter((a) => a.type === "declare");
  const vienna = isVienna(view);
  const seat = payload.seat;
  const panel = el("div", { class: "pref-panel pref-declare", role: "group", "aria-label": t("Declare your game") });
  panel.append(
    el("h3", {}, t("Declare your game")),
    el("p", {}, `${t("Your bid")}: `, el("strong", {}, bidName(view.high_bid, style, vienna)), ` – ${handBid(view) ? t("a hand game: the bid fixes the game.") : t("the game must be at least as high as the bid.")}`),
  );
  if (Array.isArray(view.discards) && view.discards.length) {
    panel.appendChild(el("p", { class: "pref-discards" }, `${t("Discarded")}: ${view.discards.map((c) => cardName(c, style)).join(", ")}`));
  }
  const row = el("div", { class: "pref-ladder" });
  if (vienna) {
    const fixed = view.high_bid && !(view.high_bid.bid in NUMBER_SUIT);
    const suits = fixed ? [...new Set(legal.map((a) => a.trump))] : ["C", "S", "D", "H"];
    for (const s of suits) row.appendChild(choiceButton({ type: "declare", seat, trump: s, no_aces: false }, legal, suitLabel(s, style), send));
    panel.appendChild(row);
    if (legal.some((a) => a.no_aces)) {
      const aces = el("div", { class: "pref-ladder no-aces", role: "group", "aria-label": "keine Asse" }, el("span", { class: "label" }, "+ keine Asse"));
      for (const s of suits) aces.appendChild(choiceButton({ type: "declare", seat, trump: s, no_aces: true }, legal, `${suitLabel(s, style)} + keine Asse`, send));
      panel.appendChild(aces);
    }
    return panel;
  }
  const ordinary = legal.some((a) => !SPECIAL.has(a.game));
  if (ordinary) {
    for (const name of LADDER.filter((n) => !SPECIAL.has(n))) {
      row.appendChild(choiceButton({ type: "declare", seat, game: name }, legal, bidName({ bid: name }, style, false), send));
    }
  } else {
    for (const action of legal) row.appendChild(choiceButton(action, legal, declareName(action, style, false), send));
  }
  panel.appendChild(row);
  return panel;
}

function defendPanel(payload, send, style) {
  const { view } = payload;
  const seats = payload.match.seats;
  const seat = payload.seat;
  const legal = view.legal;
  const panel = el("div", { class: "pref-panel pref-defend", role: "group", "aria-label": t("Stay in or drop out") });
  panel.append(
    el("h3", {}, t("Stay in or drop out?")),
    el(
      "p",
      {},
      tf("%(name)s plays %(game)s as %(role)s.", {
        name: seatName(seats, view.declarer),
        game: contractName(view.contract, view.high_bid, style, isVienna(view)),
        role: declarerWord(view),
      }),
      " ",
      t("A defender who stays needs at least 2 tricks."),
    ),
  );
  for (const s of [0, 1, 2]) {
    if (s !== seat && view.defense && view.defense[s]) {
      panel.appendChild(el("p", { class: "pref-other" }, `${seatName(seats, s)}: ${view.defense[s] === "stay" ? word("Mitspielen") : word("Aussteigen")}`));
    }
  }
  const row = el("div", { class: "pref-basic" });
  row.appendChild(choiceButton({ type: "defend", seat, choice: "stay" }, legal, word("Mitspielen"), send, { cls: "stay" }));
  row.appendChild(choiceButton({ type: "defend", seat, choice: "drop" }, legal, word("Aussteigen"), send, { cls: "drop" }));
  panel.appendChild(row);
  return panel;
}

function invitePanel(payload, send) {
  const { view } = payload;
  const seats = payload.match.seats;
  const seat = payload.seat;
  const other = [0, 1, 2].find((s) => s !== seat && s !== view.declarer);
  const panel = el("div", { class: "pref-panel pref-invite", role: "group", "aria-label": word("Einladen") });
  panel.append(
    el("h3", {}, t("Invite the other defender?")),
    el(
      "p",
      {},
      tf("%(name)s has dropped out.", { name: seatName(seats, other) }),
      " ",
      t("If you invite, you both play and need at least 4 tricks together; the tricks count for you."),
    ),
  );
  const row = el("div", { class: "pref-basic" });
  row.appendChild(choiceButton({ type: "invite", seat, invite: true }, view.legal, word("Einladen"), send, { cls: "invite" }));
  row.appendChild(choiceButton({ type: "invite", seat, invite: false }, view.legal, word("Nicht einladen"), send, { cls: "no-invite" }));
  panel.appendChild(row);
  return panel;
}

export function actionsPanel(payload, send, style) {
  const view = payload.view;
  if (!view || !Array.isArray(view.legal) || !view.legal.length) return null;
  switch (view.phase) {
    case "bid":
      return bidPanel(payload, send, style);
    case "declare":
      return declarePanel(payload, send, style);
    case "defend":
      return defendPanel(payload, send, style);
    case "invite":
      return invitePanel(payload, send, style);
    default:
      return null; // talon: the generic pick-two-then-confirm; play: clicks on the hand
  }
}
