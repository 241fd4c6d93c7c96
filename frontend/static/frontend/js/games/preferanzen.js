// preferanzen + preference_vienna (one engine, see docs/rules/preferanzen.md): game-specific parts of
// the table (hooks: see index.js). The bid ladder with only the legal next steps enabled, the
// declaration, Mitspielen / Aussteigen / Einladen, the talon (face up only for the declarer while he
// exchanges), the contract and who defends, Bettler Ouvert's open hand, the Vienna pot, and a score
// sheet with one row per deal and running totals. Everything shown comes from the seat's view.
// Branches on view.game; game terms (seeds 000 and 002) stay German in both languages.
import { cardImage, cardName, suitName } from "../cards.js";
import { t, tf } from "../i18n.js";
import { fmt } from "../sheets.js";
import { el } from "../ui.js";

const SYM = { C: "♣", S: "♠", D: "♦", H: "♥" };

// Austrian ladder (austrian.py LADDER), lowest first. Geschäft and Herzprämie are the first-round
// special bids; the four suit steps are trump games in that suit.
const LADDER = ["kreuz", "pik", "karo", "herz", "geschaeft", "bettler", "herzpraemie", "sans_atout", "bettler_ouvert", "durchmarsch"];
const SPECIAL = new Set(["geschaeft", "herzpraemie"]);
const STEP_SUIT = { kreuz: "C", pik: "S", karo: "D", herz: "H" };
const GAME_NAMES = {
  geschaeft: "Geschäft",
  bettler: "Bettler",
  herzpraemie: "Herzprämie",
  sans_atout: "Sans Atout",
  bettler_ouvert: "Bettler Ouvert",
  durchmarsch: "Durchmarsch",
};
const GESCHAEFT_SUITS = ["C", "S", "D", "H"];

// Vienna (vienna.py): number bids 1..4 name the lowest trump, Spiel (♣ ♠ ♦) and Herz are hand bids.
const NUMBER_SUIT = { 1: "C", 2: "S", 3: "D", 4: "H" };
const SPIEL_SUITS = ["C", "S", "D"];
const BONUS_NAMES = { hearts: "Herz", four_aces: "vier Asse", no_aces: "keine Asse" };

function isVienna(view) {
  return Boolean(view) && view.game === "preference_vienna";
}

function seatName(seats, seat) {
  const info = (seats || [])[seat] || {};
  return info.name || `${t("Seat")} ${seat + 1}`;
}

function isSeat(seat) {
  return seat === 0 || seat === 1 || seat === 2;
}

function suitLabel(suit, style) {
  return `${SYM[suit] || ""} ${suitName(suit, style)}`.trim();
}

function declarerWord(view) {
  return isVienna(view) ? "Nehmer" : "Alleinspieler";
}

function signed(n) {
  if (typeof n !== "number") return fmt(n);
  return n > 0 ? `+${fmt(n)}` : fmt(n);
}

// --- names of bids and games --------------------------------------------------------------------------

/** A bid event or record ({bid, suit?}) as its German name. */
export function bidName(bid, style, vienna) {
  if (!bid) return "—";
  const { bid: b, suit } = bid;
  if (b === "pass") return "Passe";
  if (b === "hold") return "Halten";
  if (vienna) {
    if (b in NUMBER_SUIT) return `${b} (${suitLabel(NUMBER_SUIT[b], style)})`;
    if (b === "spiel") return `Spiel ${suitLabel(suit, style)}`;
    if (b === "herz") return `Herz ${SYM.H} (Handspiel)`;
    return String(b);
  }
  if (b in STEP_SUIT) return suitLabel(STEP_SUIT[b], style);
  if (b === "geschaeft") return `Geschäft ${suit ? suitLabel(suit, style) : ""}`.trim();
  if (b === "herzpraemie") return `Herzprämie ${SYM.H}`;
  return GAME_NAMES[b] || String(b);
}

/** The contract of a view or a score-sheet row (state.Contract.to_json()) as its German name. */
export function contractName(contract, bid, style, vienna) {
  if (!contract) return "—";
  let name;
  if (vienna) {
    if (contract.game === "spiel") name = `Spiel ${suitLabel(contract.trump, style)}`;
    else if (contract.game === "herz") name = `Herz ${SYM.H} (Handspiel)`;
    else name = `${suitLabel(contract.trump, style)}${bid && bid.bid in NUMBER_SUIT ? ` (${bid.bid})` : ""}`;
    if (contract.no_aces) name += " · keine Asse";
    return name;
  }
  if (contract.game in STEP_SUIT) return suitLabel(contract.trump, style);
  if (contract.game === "geschaeft") return `Geschäft ${suitLabel(contract.trump, style)}`;
  if (contract.game === "herzpraemie") return `Herzprämie ${SYM.H}`;
  return GAME_NAMES[contract.game] || String(contract.game);
}

function declareName(action, style, vienna) {
  if (vienna) return `${suitLabel(action.trump, style)}${action.no_aces ? " + keine Asse" : ""}`;
  if (action.game === "geschaeft") return `Geschäft ${suitLabel(action.suit, style)}`;
  return bidName({ bid: action.game }, style, false);
}

export function actionLabel(action, view, style) {
  const vienna = isVienna(view);
  switch (action.type) {
    case "bid":
      return bidName(action, style, vienna);
    case "declare":
      return declareName(action, style, vienna);
    case "defend":
      return action.choice === "stay" ? "Mitspielen" : "Aussteigen";
    case "invite":
      return action.invite ? "Einladen" : "Nicht einladen";
    default:
      return null;
  }
}

// --- the panel of non-card actions --------------------------------------------------------------------

function sameBid(a, b) {
  return a.bid === b.bid && (a.suit || null) === (b.suit || null);
}

/** A button for `candidate`: enabled (and sending the legal action) only when it is legal now. */
function choiceButton(candidate, legal, label, send, extra = {}) {
  const action = legal.find((a) => Object.keys(candidate).every((k) => a[k] === candidate[k]));
  const attrs = { type: "button", class: `action ${extra.cls || ""}`.trim(), "data-type": candidate.type };
  for (const [k, v] of Object.entries(candidate)) if (k !== "type") attrs[`data-${k.replace("_", "-")}`] = String(v);
  if (extra.title) attrs.title = extra.title;
  const btn = el("button", attrs, label);
  if (action) {
    btn.classList.add("legal");
    btn.addEventListener("click", () => send(action));
  } else {
    btn.disabled = true;
  }
  return btn;
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

function bidPanel(payload, send, style) {
  const { view } = payload;
  const seats = payload.match.seats;
  const legal = view.legal.filter((a) => a.type === "bid");
  const vienna = isVienna(view);
  const seat = payload.seat;
  const panel = el("div", { class: "pref-panel pref-bidding", role: "group", "aria-label": "Lizitieren" });
  panel.append(el("h3", {}, `Lizitieren – ${t("your bid")}`), highLine(view, seats, style), bidHistory(view, seats, style));
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
    const spiel = el("div", { class: "pref-group", role: "group", "aria-label": "Spiel" }, el("span", { class: "label" }, "Spiel"));
    SPIEL_SUITS.forEach((s, i) => spiel.appendChild(step({ bid: "spiel", suit: s }, suitLabel(s, style), 4 + i, `Spiel: ${firstRound}`)));
    ladder.appendChild(spiel);
    ladder.appendChild(step({ bid: "herz" }, bidName({ bid: "herz" }, style, true), 7, firstRound));
  } else {
    LADDER.forEach((name, level) => {
      if (name === "geschaeft") {
        const group = el("div", { class: "pref-group special", role: "group", "aria-label": "Geschäft" }, el("span", { class: "label" }, "Geschäft"));
        GESCHAEFT_SUITS.forEach((s, i) => group.appendChild(step({ bid: name, suit: s }, suitLabel(s, style), level * 10 + i, `Geschäft: ${firstRound}`)));
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
  basic.appendChild(choiceButton({ type: "bid", seat, bid: "pass" }, legal, "Passe", send, { cls: "pass" }));
  const holdTitle = vienna ? t("An earlier bidder may hold a later player's number bid") : t("Forehand may hold another player's bid");
  basic.appendChild(choiceButton({ type: "bid", seat, bid: "hold" }, legal, view.high_bid ? `Halten: ${bidName(view.high_bid, style, vienna)}` : "Halten", send, { cls: "hold", title: holdTitle }));
  panel.appendChild(basic);
  return panel;
}

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
      panel.appendChild(el("p", { class: "pref-other" }, `${seatName(seats, s)}: ${view.defense[s] === "stay" ? "Mitspielen" : "Aussteigen"}`));
    }
  }
  const row = el("div", { class: "pref-basic" });
  row.appendChild(choiceButton({ type: "defend", seat, choice: "stay" }, legal, "Mitspielen", send, { cls: "stay" }));
  row.appendChild(choiceButton({ type: "defend", seat, choice: "drop" }, legal, "Aussteigen", send, { cls: "drop" }));
  panel.appendChild(row);
  return panel;
}

function invitePanel(payload, send) {
  const { view } = payload;
  const seats = payload.match.seats;
  const seat = payload.seat;
  const other = [0, 1, 2].find((s) => s !== seat && s !== view.declarer);
  const panel = el("div", { class: "pref-panel pref-invite", role: "group", "aria-label": "Einladen" });
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
  row.appendChild(choiceButton({ type: "invite", seat, invite: true }, view.legal, "Einladen", send, { cls: "invite" }));
  row.appendChild(choiceButton({ type: "invite", seat, invite: false }, view.legal, "Nicht einladen", send, { cls: "no-invite" }));
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

// --- on the felt --------------------------------------------------------------------------------------

function cardRow(cards, style, label, cls) {
  const box = el("div", { class: `pref-cards ${cls}`, role: "group", "aria-label": label });
  box.appendChild(el("span", { class: "label" }, label));
  for (const card of cards) box.appendChild(cardImage(card, style, "mini"));
  return box;
}

function backs(n, style, label, cls) {
  const box = el("div", { class: `pref-cards ${cls}`, role: "group", "aria-label": `${label}: ${tf("%(n)s cards", { n })}` });
  box.appendChild(el("span", { class: "label" }, label));
  for (let i = 0; i < n; i += 1) box.appendChild(cardImage(null, style, "mini back"));
  return box;
}

function defenceLine(view, seats) {
  const parts = [];
  for (const s of [0, 1, 2]) {
    if (s === view.declarer) continue;
    let word = null;
    if (view.guest === s) word = "eingeladen";
    else if (view.defense[s] === "stay") word = "spielt mit";
    else if (view.defense[s] === "drop") word = "ausgestiegen";
    if (word) parts.push(`${seatName(seats, s)}: ${word}`);
  }
  return parts.length ? el("p", { class: "pref-defence" }, parts.join(" · ")) : null;
}

function tricksLine(view, seats) {
  const who = view.playing && view.playing.length ? view.playing : [];
  if (!who.length) return null;
  const parts = who.map((s) => `${seatName(seats, s)} ${view.tricks_won[s]}`);
  return el("p", { class: "pref-tricks" }, `${t("Tricks")}: ${parts.join(" · ")}`);
}

/** One line about a finished deal (the last one, shown while the next is bid). */
function dealSummary(view, row, seats, style) {
  const vienna = isVienna(view);
  if (row.void) return vienna ? t("All passed: the deal is void and does not count.") : t("All passed: nobody scores.");
  const who = seatName(seats, row.declarer);
  const game = contractName(row.contract, row.bid, style, vienna);
  const outcome = row.won ? t("won") : t("lost");
  const tricks = tf("%(n)s tricks", { n: row.tricks[row.declarer] });
  const money = row.scores.map((v, s) => `${seatName(seats, s)} ${signed(v)}`).join(", ");
  return `${who}: ${game} – ${outcome} (${tricks}); ${money}`;
}

export function felt(model) {
  const { view, seats, style } = model;
  if (!view || (view.game !== "preferanzen" && view.game !== "preference_vienna")) return null;
  const vienna = isVienna(view);
  const box = el("div", { class: "pref-felt", "data-phase": view.phase });
  if (typeof view.deals_total === "number") {
    const n = Math.min(view.deals_played + (view.phase === "done" ? 0 : 1), view.deals_total);
    box.appendChild(el("p", { class: "pref-deal-no" }, tf("Deal %(n)s of %(total)s", { n, total: view.deals_total })));
  }
  if (view.contract && isSeat(view.declarer)) {
    box.appendChild(
      el(
        "p",
        { class: "pref-contract", "data-declarer": view.declarer },
        `${declarerWord(view)}: `,
        el("strong", {}, seatName(seats, view.declarer)),
        " · ",
        el("strong", { class: "pref-game" }, contractName(view.contract, view.high_bid, style, vienna)),
      ),
    );
    const defence = defenceLine(view, seats);
    if (defence) box.appendChild(defence);
  } else if (view.high_bid && isSeat(view.high_bidder)) {
    const label = view.phase === "bid" ? t("Highest bid") : declarerWord(view);
    box.appendChild(el("p", { class: "pref-contract" }, `${label}: `, el("strong", {}, `${bidName(view.high_bid, style, vienna)} (${seatName(seats, view.high_bidder)})`)));
  }
  if (view.phase === "bid" && Array.isArray(view.passed) && view.passed.some(Boolean)) {
    const out = [0, 1, 2].filter((s) => view.passed[s]).map((s) => seatName(seats, s));
    box.appendChild(el("p", { class: "pref-passed" }, `Passe: ${out.join(", ")}`));
  }
  if (Array.isArray(view.talon) && view.talon.length) {
    box.appendChild(cardRow(view.talon, style, "Talon", "pref-talon open"));
  } else if (view.talon_size > 0 && view.phase !== "done" && view.phase !== "deal") {
    box.appendChild(backs(view.talon_size, style, "Talon", "pref-talon"));
  }
  if (Array.isArray(view.discards) && view.discards.length) {
    box.appendChild(cardRow(view.discards, style, t("Discarded"), "pref-discards"));
  }
  if (Array.isArray(view.open_hand) && isSeat(view.declarer)) {
    const label = `Bettler Ouvert – ${seatName(seats, view.declarer)}`;
    box.appendChild(cardRow(view.open_hand, style, label, "pref-open-hand"));
  }
  if (view.phase === "play") {
    const tricks = tricksLine(view, seats);
    if (tricks) box.appendChild(tricks);
  }
  if (vienna && typeof view.pot === "number") {
    box.appendChild(el("p", { class: "pref-pot", "data-pot": view.pot }, "Pot: ", el("strong", {}, fmt(view.pot))));
  }
  const rows = view.score_sheet || [];
  if (view.phase === "bid" && rows.length) {
    box.appendChild(el("p", { class: "pref-last-deal" }, `${t("Last deal")}: ${dealSummary(view, rows[rows.length - 1], seats, style)}`));
  }
  return box;
}

// --- the score sheet ----------------------------------------------------------------------------------

function cell(tag, text, attrs = {}) {
  return el(tag, attrs, text === undefined || text === null ? "" : text);
}

function resultText(view, row, names) {
  const vienna = isVienna(view);
  if (row.void) return vienna ? t("all passed (does not count)") : t("all passed");
  const parts = [`${row.won ? t("won") : t("lost")}, ${tf("%(n)s tricks", { n: row.tricks[row.declarer] })}`];
  for (const s of [0, 1, 2]) {
    if (s === row.declarer) continue;
    if (row.guest === s) parts.push(`${names[s]} eingeladen`);
    else if (row.defense && row.defense[s] === "drop") parts.push(`${names[s]} ausgestiegen`);
  }
  if (row.bonuses && row.bonuses.length) parts.push(`${t("Bonus")}: ${row.bonuses.map((b) => BONUS_NAMES[b] || b).join(", ")}`);
  if (row.refill) parts.push(tf("pot empty: everyone pays %(n)s again", { n: row.refill }));
  return parts.join("; ");
}

/**
 * One row per deal: number, game, declarer, result, each player's payout with the running total under
 * it; Vienna also the pot (change and level). The footer holds the totals (view.scores, for Vienna the
 * balances and the pot) and their check sum.
 */
export function sheet(view, names, style) {
  const vienna = isVienna(view);
  const rows = view.score_sheet || [];
  const n = 3;
  const wrap = el("div", { class: "pref-sheet-wrap" });
  const table = el("table", { class: `sheet pref-sheet ${vienna ? "vienna" : "austrian"}` });
  table.appendChild(
    cell("caption", vienna ? t("Balances per deal with running totals, and the pot") : t("Payout per deal with running totals")),
  );
  const head = el("tr", {});
  for (const label of [t("No."), t("Game"), declarerWord(view), t("Result")]) head.appendChild(cell("th", label, { scope: "col" }));
  names.forEach((name) => head.appendChild(cell("th", name, { scope: "col", class: "num" })));
  if (vienna) head.appendChild(cell("th", "Pot", { scope: "col", class: "num" }));
  table.createTHead().appendChild(head);
  const body = table.createTBody();

  // Running totals start at 0 (Preferanzen) or at the stake paid into the pot (Vienna), worked out
  // from the view alone: the current balances and pot minus every row's changes.
  const run = [0, 0, 0];
  let pot = 0;
  const finalTotals = vienna ? view.balances || view.scores || [0, 0, 0] : view.scores || [0, 0, 0];
  if (vienna) {
    for (let s = 0; s < n; s += 1) {
      run[s] = finalTotals[s] - rows.reduce((a, r) => a + (r.scores ? r.scores[s] : 0) - (r.refill || 0), 0);
    }
    pot = (view.pot || 0) - rows.reduce((a, r) => a + (r.pot_delta || 0) + n * (r.refill || 0), 0);
    const tr = el("tr", { class: "stake", "data-run": run.join(","), "data-pot": pot });
    tr.append(cell("th", "—", { scope: "row" }), cell("td", "Einsatz", { colspan: 3 }));
    run.forEach((v, s) => tr.appendChild(cell("td", fmt(v), { class: "num", "data-seat": s })));
    tr.appendChild(cell("td", fmt(pot), { class: "num pot" }));
    body.appendChild(tr);
  }
  rows.forEach((row, i) => {
    const scores = row.scores || [0, 0, 0];
    const delta = scores.map((v) => v - (row.refill || 0));
    delta.forEach((v, s) => {
      run[s] += v;
    });
    const tr = el("tr", { class: row.void ? "void" : row.won ? "won" : "lost", "data-deal": row.deal || i + 1 });
    tr.appendChild(cell("th", String(row.deal || i + 1), { scope: "row" }));
    tr.appendChild(cell("td", row.void ? "—" : contractName(row.contract, row.bid, style, vienna), { class: "game" }));
    tr.appendChild(cell("td", isSeat(row.declarer) ? names[row.declarer] : "—", { class: "declarer" }));
    tr.appendChild(cell("td", resultText(view, row, names), { class: "result" }));
    delta.forEach((v, s) => {
      const td = el("td", { class: "num", "data-seat": s, "data-delta": v, "data-run": run[s] });
      td.append(el("span", { class: "delta" }, signed(v)), el("span", { class: "run" }, fmt(run[s])));
      tr.appendChild(td);
    });
    if (vienna) {
      const change = (row.pot_delta || 0) + n * (row.refill || 0);
      pot += change;
      const td = el("td", { class: "num pot", "data-delta": change, "data-run": pot });
      td.append(el("span", { class: "delta" }, signed(change)), el("span", { class: "run" }, fmt(pot)));
      tr.appendChild(td);
    }
    tr.dataset.run = run.join(",");
    if (vienna) tr.dataset.pot = String(pot);
    body.appendChild(tr);
  });
  if (!rows.length) {
    const tr = el("tr", { class: "empty" });
    tr.appendChild(cell("td", t("No deal finished yet."), { colspan: 4 + n + (vienna ? 1 : 0), class: "muted" }));
    body.appendChild(tr);
  }
  const total = el("tr", { class: "total" });
  total.appendChild(cell("th", vienna ? t("Balance") : t("Total"), { scope: "row", colspan: 4 }));
  finalTotals.forEach((v, s) => total.appendChild(cell("td", fmt(v), { class: "num", "data-seat": s, "data-value": v })));
  if (vienna) total.appendChild(cell("td", fmt(view.pot), { class: "num pot", "data-value": view.pot }));
  table.createTFoot().appendChild(total);
  wrap.appendChild(table);

  const all = finalTotals.reduce((a, b) => a + b, 0);
  const sum = el("p", { class: "sheet-sum", "data-total-all": all });
  if (vienna) {
    sum.dataset.pot = String(view.pot);
    sum.dataset.check = String(all + view.pot);
    sum.textContent = `${t("Balances together")}: ${fmt(all)} · Pot: ${fmt(view.pot)} · ${t("together")}: ${fmt(all + view.pot)}`;
  } else {
    sum.dataset.check = String(all);
    sum.textContent = `${t("All players together")}: ${fmt(all)} (${tf("%(n)s of %(total)s deals", { n: view.deals_played, total: view.deals_total })})`;
  }
  wrap.appendChild(sum);
  return wrap;
}

// --- the end of the session -----------------------------------------------------------------------------

export function finalSummary(payload, names) {
  const view = payload.view;
  if (!view) return null;
  const vienna = isVienna(view);
  const totals = vienna ? view.balances || view.scores : view.scores;
  if (!Array.isArray(totals)) return null;
  const order = names.map((_, i) => i).sort((a, b) => totals[b] - totals[a]);
  const list = el("ol", { class: "ranking pref-ranking" });
  for (const s of order) {
    list.appendChild(el("li", { class: s === payload.seat ? "me" : "", "data-seat": s }, `${names[s]}: ${signed(totals[s])}`));
  }
  const box = el("div", { class: "pref-final" }, list);
  if (vienna) box.appendChild(el("p", { class: "pref-pot" }, `Pot: ${fmt(view.pot)}`));
  return box;
}
