// preferans (Russian Preferans, Sochi; seed 001): the bid ladder 6♠ … 10 ohne with Misère between
// 8 ohne and 9♠, the contract, whist / pass / halber Whist, offen / verdeckt, the partner's cards in
// open whist; on the felt the bids, the Stock (talon), the contract, the whist calls and the open hands;
// under the table the score sheet drawn as on paper (Pool, Berg, Whists against each opponent), a
// per-deal log and the exact settlement. Everything comes from the seat view; game terms stay German.
import { cardImage, cardName, cardSVG, sortHand } from "../cards.js";
import { t, tf } from "../i18n.js";
import { fmt } from "../sheets.js";

const SUITS = ["S", "C", "D", "H", "NT"];
const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥" };
const RED = new Set(["D", "H"]);
const OBLIGATION = { 6: 4, 7: 2, 8: 1, 9: 1, 10: 0 };
const CALLS = { whist: "Whist", pass: "Pass", half: "halber Whist" };
const MODES = { open: "offen", closed: "verdeckt" };
const SVG_NS = "http://www.w3.org/2000/svg";

// --- small helpers ---------------------------------------------------------------------------------

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

function seatName(names, seat) {
  return (names && names[seat]) || `${t("Seat")} ${seat + 1}`;
}

function seatNames(model) {
  return (model.seats || []).map((s, i) => s.name || `${t("Seat")} ${i + 1}`);
}

/** "7H" -> "7♥", "8NT" -> "8 ohne", "MIS" -> "Misère", "pass" -> "Pass", "hold" -> "hier". */
export function bidText(bid) {
  if (bid === "pass") return "Pass";
  if (bid === "hold") return "hier";
  if (bid === "MIS") return "Misère";
  const m = /^(\d+)(S|C|D|H|NT)$/.exec(bid || "");
  if (!m) return String(bid);
  return m[2] === "NT" ? `${m[1]} ohne` : `${m[1]}${SUIT_SYMBOL[m[2]]}`;
}

/** The same as nodes, hearts and diamonds in red. */
function bidNode(bid) {
  const m = /^(\d+)(S|C|D|H)$/.exec(bid || "");
  const span = h("span", { class: "prs-bid" });
  if (m) {
    span.append(m[1], h("span", { class: RED.has(m[2]) ? "suit red" : "suit" }, SUIT_SYMBOL[m[2]]));
  } else {
    span.textContent = bidText(bid);
  }
  return span;
}

function levelOf(bid) {
  const m = /^(\d+)/.exec(bid || "");
  return m ? Number(m[1]) : 0;
}

function ladderRows() {
  const rows = [];
  for (let level = 6; level <= 10; level += 1) {
    if (level === 9) rows.push({ label: "Misère", bids: ["MIS"] });
    rows.push({ label: String(level), bids: SUITS.map((s) => `${level}${s}`) });
  }
  return rows;
}

// --- exact fractions (the view's "70/3" strings) -----------------------------------------------------

function gcd(a, b) {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x || 1;
}

function frac(text) {
  const [p, q] = String(text).split("/");
  return norm([Number(p), q === undefined ? 1 : Number(q)]);
}

function norm([p, q]) {
  const sign = q < 0 ? -1 : 1;
  const g = gcd(p, q);
  return [(sign * p) / g, (sign * q) / g];
}

function add(a, b) {
  return norm([a[0] * b[1] + b[0] * a[1], a[1] * b[1]]);
}

function sub(a, b) {
  return add(a, [-b[0], b[1]]);
}

function fracText([p, q]) {
  const num = p < 0 ? `−${-p}` : String(p);
  return q === 1 ? num : `${num}/${q}`;
}

function fracPlain([p, q]) {
  return q === 1 ? String(p) : `${p}/${q}`;
}

// --- the action panel --------------------------------------------------------------------------------

function button(label, action, send, extra = {}) {
  const btn = h("button", { type: "button", class: `action ${extra.class || ""}`.trim(), "data-type": extra.type || (action && action.type) }, label);
  for (const [k, v] of Object.entries(extra.data || {})) btn.dataset[k] = v;
  if (extra.title) btn.title = extra.title;
  if (!action) btn.disabled = true;
  else btn.addEventListener("click", () => send(action));
  return btn;
}

function ladder(allowed, send, type, field, withMisere) {
  const grid = h("div", { class: "prs-ladder", role: "group", "aria-label": t("Bid ladder") });
  for (const row of ladderRows()) {
    if (row.bids[0] === "MIS" && !withMisere) continue;
    const line = h("div", { class: row.bids[0] === "MIS" ? "prs-rung misere" : "prs-rung" });
    line.appendChild(h("span", { class: "prs-level", "aria-hidden": "true" }, row.label));
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
  const box = h("div", { class: "prs-panel prs-bidding", role: "group", "aria-label": t("Your bid") });
  const head = h("p", { class: "prs-head" }, h("strong", {}, "Reizen"), " ");
  if (view.high_bid) head.append(tf("highest bid: %(bid)s", { bid: bidText(view.high_bid) }));
  else head.append(t("no bid yet"));
  if (view.min_bid && view.min_bid !== "6S") head.append(" · ", tf("lowest bid: %(bid)s", { bid: bidText(view.min_bid) }));
  box.appendChild(head);
  box.appendChild(ladder(allowed, send, "bid", "bid", true));
  const holder = view.high_bid ? view.bids.filter((b) => b[1] !== "pass" && b[1] !== "hold").slice(-1)[0] : null;
  const holdTitle = holder ? tf("hold %(bid)s of %(name)s", { bid: bidText(view.high_bid), name: seatName(names, holder[0]) }) : "";
  const foot = h("p", { class: "prs-foot buttons" },
    button("Pass", allowed.get("pass"), send, { type: "bid", class: "pass", data: { bid: "pass" } }),
    button(allowed.has("hold") ? `hier (${bidText(view.high_bid)})` : "hier", allowed.get("hold"), send, {
      type: "bid",
      data: { bid: "hold" },
      title: holdTitle,
    }),
  );
  box.appendChild(foot);
  return box;
}

function declarePanel(view, legal, send) {
  const allowed = new Map(legal.map((a) => [a.contract, a]));
  const box = h("div", { class: "prs-panel prs-declare", role: "group", "aria-label": t("Announce the contract") });
  box.appendChild(h("p", { class: "prs-head" }, h("strong", {}, t("Announce the contract")), " ",
    tf("(at least %(bid)s)", { bid: bidText(view.high_bid) })));
  box.appendChild(ladder(allowed, send, "declare", "contract", false));
  return box;
}

function whistPanel(view, legal, send, names) {
  const allowed = new Map(legal.map((a) => [a.call, a]));
  const level = levelOf(view.contract);
  const box = h("div", { class: "prs-panel prs-whist", role: "group", "aria-label": "Whist" });
  box.appendChild(h("p", { class: "prs-head" },
    h("strong", {}, tf("%(name)s plays %(contract)s.", { name: seatName(names, view.declarer), contract: bidText(view.contract) })),
    " ",
    tf("The defenders need %(n)s tricks together.", { n: OBLIGATION[level] ?? "—" })));
  const halfUsed = view.whist_calls.some((c) => c === "half");
  const row = h("p", { class: "buttons" });
  for (const call of ["whist", "pass", "half"]) {
    if (call === "half" && !allowed.has("half") && !(level === 6 || level === 7)) continue;
    row.appendChild(button(CALLS[call], allowed.get(call), send, { type: "defend", data: { call } }));
  }
  box.appendChild(row);
  if (halfUsed) box.appendChild(h("p", { class: "hint" }, t("Your partner said halber Whist: whist now, or pass and the contract is written without play.")));
  return box;
}

function modePanel(view, legal, send) {
  const allowed = new Map(legal.map((a) => [a.mode, a]));
  const box = h("div", { class: "prs-panel prs-mode", role: "group", "aria-label": t("Open or closed") });
  box.appendChild(h("p", { class: "prs-head" }, h("strong", {}, t("You whist alone.")), " ",
    t("Offen: both defenders' hands lie open and you play both; verdeckt: each keeps his cards.")));
  box.appendChild(h("p", { class: "buttons" },
    button("offen", allowed.get("open"), send, { type: "mode", data: { mode: "open" } }),
    button("verdeckt", allowed.get("closed"), send, { type: "mode", data: { mode: "closed" } })));
  return box;
}

/** Open whist: the lone whister plays his partner's cards too; they are not in his own hand. */
function partnerPanel(view, legal, send, style, names) {
  const mine = new Set(view.hand || []);
  const plays = new Map(legal.filter((a) => a.type === "play" && !mine.has(a.card)).map((a) => [a.card, a]));
  if (!plays.size) return null;
  const partner = view.turn;
  const cards = (view.open_hands && view.open_hands[partner]) || [...plays.keys()];
  const box = h("div", { class: "prs-panel prs-partner", role: "group", "aria-label": tf("Cards of %(name)s", { name: seatName(names, partner) }) });
  box.appendChild(h("p", { class: "prs-head" }, h("strong", {}, tf("Play for %(name)s", { name: seatName(names, partner) }))));
  const row = h("div", { class: "prs-partner-cards" });
  for (const card of sortHand(cards, view.trump)) {
    const action = plays.get(card);
    const btn = h("button", { type: "button", class: `card prs-card ${action ? "legal" : "illegal"}`, "data-card": card, "aria-label": cardName(card, style) });
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
  const names = payload.match.seats.map((s, i) => s.name || `${t("Seat")} ${i + 1}`);
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
  if (action.type === "defend") return CALLS[action.call] || null;
  if (action.type === "mode") return MODES[action.mode] || null;
  return null;
}

// --- the felt ---------------------------------------------------------------------------------------

function cardRow(cards, style, cls) {
  const row = h("span", { class: `prs-cards ${cls || ""}`.trim() });
  for (const c of cards) row.appendChild(cardImage(c, style, "mini"));
  return row;
}

function dealSummary(row, names) {
  const who = row.declarer === null || row.declarer === undefined ? "" : seatName(names, row.declarer);
  switch (row.kind) {
    case "raspasy":
      return row.multiplier > 1 ? `Passspiel ×${row.multiplier}` : "Passspiel";
    case "misere":
      return `${who}: Misère, ${row.tricks[row.declarer] ? tf("%(n)s tricks", { n: row.tricks[row.declarer] }) : t("clean")}`;
    case "no_whist":
      return `${who}: ${bidText(row.contract)}, ${t("nobody whisted")}`;
    case "half_whist":
      return `${who}: ${bidText(row.contract)}, halber Whist`;
    case "contract": {
      const level = levelOf(row.contract);
      const made = row.tricks[row.declarer] >= level;
      const whist = row.whisters.length ? `Whist ${row.whisters.map((s) => seatName(names, s)).join(", ")}` : "";
      return `${who}: ${bidText(row.contract)} ${made ? t("made") : t("lost")} (${tf("%(n)s tricks", { n: row.tricks[row.declarer] })})${whist ? `, ${whist}` : ""}`;
    }
    default:
      return row.kind;
  }
}

export function felt(model) {
  const view = model.view;
  if (!view || view.game !== "preferans" || view.phase === "deal") return null;
  const names = seatNames(model);
  const style = model.style;
  const box = h("div", { class: "prs-felt" });
  box.dataset.phase = view.phase;

  if (view.phase === "bid") {
    const line = h("p", { class: "prs-bids" }, h("strong", {}, "Reizen: "));
    if (!view.bids.length) line.append(tf("%(name)s (Vorhand) opens.", { name: seatName(names, view.forehand) }));
    view.bids.forEach(([seat, bid], i) => {
      if (i) line.append(" · ");
      line.append(`${seatName(names, seat)} `, bidNode(bid));
    });
    box.appendChild(line);
    if (view.last_deal) box.appendChild(h("p", { class: "prs-last muted-light" }, tf("Last deal: %(what)s", { what: dealSummary(view.last_deal, names) })));
  }

  if (view.raspasy) {
    box.appendChild(h("p", { class: "prs-contract" }, h("strong", {}, view.raspasy_multiplier > 1 ? `Passspiel ×${view.raspasy_multiplier}` : "Passspiel"),
      " – ", t("no trump, everyone for himself: take as few tricks as you can.")));
  } else if (view.declarer !== null && view.declarer !== undefined) {
    const line = h("p", { class: "prs-contract" }, "Alleinspieler: ", h("strong", {}, seatName(names, view.declarer)));
    if (view.contract) line.append(" · ", t("Contract"), ": ", bidNode(view.contract));
    else if (view.high_bid) line.append(" · ", t("bid"), ": ", bidNode(view.high_bid));
    box.appendChild(line);
    const calls = view.whist_calls.map((c, s) => (c ? `${seatName(names, s)}: ${CALLS[c] || c}` : null)).filter(Boolean);
    if (calls.length || view.mode) {
      const p = h("p", { class: "prs-calls" }, calls.join(" · "));
      if (view.mode) p.append(calls.length ? " · " : "", `Whist ${MODES[view.mode] || view.mode}`);
      box.appendChild(p);
    }
  }

  if (Array.isArray(view.talon) && view.talon.length) {
    const label = view.raspasy ? t("Stock (turned for the first tricks)") : "Stock (Prikup)";
    box.appendChild(h("div", { class: "prs-talon", role: "group", "aria-label": label }, h("span", { class: "label" }, label), cardRow(view.talon, style)));
  }
  if (Array.isArray(view.discard) && view.discard.length) {
    box.appendChild(h("div", { class: "prs-discard", role: "group", "aria-label": t("Discarded (only you see them)") },
      h("span", { class: "label" }, t("Discarded (only you see them)")), cardRow(view.discard, style)));
  }

  const openSeats = (view.open_hands || []).map((cards, s) => (cards && s !== model.mySeat && !(model.allHands && model.allHands[String(s)]) ? s : null)).filter((s) => s !== null);
  if (openSeats.length) {
    const wrap = h("div", { class: "prs-open", role: "group", "aria-label": t("Open hands") });
    for (const s of openSeats) {
      const hand = h("div", { class: "prs-open-hand", "data-seat": s }, h("span", { class: "label" }, tf("%(name)s (open)", { name: seatName(names, s) })));
      hand.appendChild(cardRow(sortHand(view.open_hands[s], view.trump), style));
      wrap.appendChild(hand);
    }
    box.appendChild(wrap);
  }

  if (view.phase === "play") {
    const seats = view.active || [];
    const counts = seats.map((s) => `${seatName(names, s)} ${view.tricks_won[s]}`).join(" · ");
    box.appendChild(h("p", { class: "prs-tricks" }, `${t("Tricks")}: ${counts}`));
  }
  return box;
}

// --- the score sheet ---------------------------------------------------------------------------------

// Deal rows seen by this page (the view carries the latest one as last_deal), by deal number.
const LOG = new Map();

function dealRows(view) {
  if (Array.isArray(view.deals)) return view.deals;
  if (view.last_deal) LOG.set(view.last_deal.deal, view.last_deal);
  const upto = view.last_deal ? view.last_deal.deal : 0;
  return [...LOG.values()].filter((r) => r.deal <= upto).sort((a, b) => a.deal - b.deal);
}

/** The rows of the newest unbroken run of deals up to the last one: for the running totals. */
function recentRun(rows) {
  const run = [];
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    if (run.length && rows[i].deal !== run[0].deal - 1) break;
    run.unshift(rows[i]);
  }
  return run;
}

/**
 * Running totals as written on paper ("2.4.10"): the value after each deal that changed it, worked
 * back from today's value. `change(row)` gives one deal's change as a fraction.
 */
function history(current, run, change) {
  const values = [current];
  let value = current;
  for (let i = run.length - 1; i >= 0; i -= 1) {
    const d = change(run[i]);
    if (d[0] === 0) continue;
    value = sub(value, d);
    values.unshift(value);
  }
  if (values.length > 1 && values[0][0] === 0) values.shift();
  const texts = values.map(fracText);
  return texts.length > 6 ? ["…", ...texts.slice(-5)] : texts;
}

function whistChange(row, from, against) {
  let sum = [0, 1];
  for (const w of row.whists || []) if (w.from === from && w.against === against) sum = add(sum, frac(w.exact));
  return sum;
}

const LAYOUTS = { 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };
// Clockwise on the page: bottom -> left -> top -> right.
const CLOCKWISE = ["bottom", "left", "top", "right"];

function sectorPositions(n, bottom) {
  const layout = LAYOUTS[n] || LAYOUTS[3];
  const out = {};
  for (let seat = 0; seat < n; seat += 1) out[seat] = layout[(seat - bottom + n) % n];
  return out;
}

/**
 * The paper sheet: a rectangle, the pool size in a circle in the middle, one sector per player;
 * in each sector from the edge inwards the whists (one slot per opponent), the pool, the mountain.
 * Each player's writing faces him (left and right sectors are turned).
 */
function paperSheet(view, names, run) {
  const n = view.players;
  const sheet = view.sheet;
  const W = 640;
  const H = 400;
  const cx = W / 2;
  const cy = H / 2;
  const K = [1, 0.74, 0.5, 0.27];
  const root = svg("svg", { viewBox: `-30 -30 ${W + 60} ${H + 60}`, class: "prs-paper", role: "img" });
  root.setAttribute("aria-label", t("The score sheet drawn as on paper"));
  svg("rect", { x: -30, y: -30, width: W + 60, height: H + 60, class: "paper" }, root);
  for (const k of K) svg("rect", { x: cx - cx * k, y: cy - cy * k, width: W * k, height: H * k, class: k === 1 ? "frame" : "ring" }, root);
  const rays = n === 4 ? [[0, 0], [W, 0], [W, H], [0, H]] : [[cx, 0], [W, H], [0, H]];
  const r = 34;
  for (const [x, y] of rays) {
    const len = Math.hypot(x - cx, y - cy);
    svg("line", { x1: cx + ((x - cx) * r) / len, y1: cy + ((y - cy) * r) / len, x2: x, y2: y, class: "ray" }, root);
  }
  svg("circle", { cx, cy, r, class: "centre" }, root);
  const target = svg("text", { x: cx, y: cy, class: "target", "dominant-baseline": "middle" }, root);
  target.textContent = String(sheet.target);

  // Per position: the edge from the writer's left to his right, and the text rotation.
  const EDGES = {
    bottom: { a: [0, H], b: [W, H], rot: 0, name: [cx, H + 20] },
    left: { a: [0, 0], b: [0, H], rot: 90, name: [-18, cy] },
    top: { a: [W, 0], b: [0, 0], rot: 180, name: [cx, -18] },
    right: { a: [W, H], b: [W, 0], rot: -90, name: [W + 18, cy] },
  };
  const pos = sectorPositions(n, view.seat === null || view.seat === undefined ? 0 : view.seat);
  const seatAt = {};
  for (const [seat, p] of Object.entries(pos)) seatAt[p] = Number(seat);
  const order = (LAYOUTS[n] || LAYOUTS[3]).slice().sort((x, y) => CLOCKWISE.indexOf(x) - CLOCKWISE.indexOf(y));

  const at = (edge, f, k) => {
    const px = edge.a[0] + (edge.b[0] - edge.a[0]) * f;
    const py = edge.a[1] + (edge.b[1] - edge.a[1]) * f;
    return [cx + (px - cx) * k, cy + (py - cy) * k];
  };
  const write = (x, y, rot, cls, parts) => {
    const text = svg("text", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rot})`, class: cls, "dominant-baseline": "middle" }, root);
    for (const [content, pcls] of parts) {
      const span = svg("tspan", pcls ? { class: pcls } : {}, text);
      span.textContent = content;
    }
    return text;
  };

  for (let seat = 0; seat < n; seat += 1) {
    const p = pos[seat];
    const edge = EDGES[p];
    const g = seat;
    // opponents along the whist strip: the clockwise-next at the writer's left, the previous at his right
    const i = order.indexOf(p);
    const next = seatAt[order[(i + 1) % order.length]];
    const prev = seatAt[order[(i - 1 + order.length) % order.length]];
    const opponents = n === 4 ? [next, seatAt[order[(i + 2) % 4]], prev] : [next, prev];
    const slots = opponents.length === 3 ? [1 / 6, 1 / 2, 5 / 6] : [1 / 4, 3 / 4];
    const kw = (K[0] + K[1]) / 2;
    opponents.forEach((o, j) => {
      const [x, y] = at(edge, slots[j], kw);
      const hist = history(frac(sheet.whists_exact[g][o]), run, (row) => whistChange(row, g, o));
      write(x, y, edge.rot, "whists", [[`${tf("against %(name)s", { name: seatName(names, o) })}: `, "lbl"], [hist.join("."), "val"]]);
      if (j > 0) {
        const f = (slots[j - 1] + slots[j]) / 2;
        const [x1, y1] = at(edge, f, K[0]);
        const [x2, y2] = at(edge, f, K[1]);
        svg("line", { x1, y1, x2, y2, class: "slot" }, root);
      }
    });
    const kp = (K[1] + K[2]) / 2;
    const [px, py] = at(edge, 0.5, kp);
    const poolHist = history([sheet.pool[g], 1], run, (row) => [row.pool[g], 1]);
    const full = sheet.pool[g] >= sheet.target;
    write(px, py, edge.rot, full ? "pool full" : "pool", [["Pool ", "lbl"], [poolHist.join("."), "val"], [full ? " ✓" : "", "lbl"]]);
    const km = (K[2] + K[3]) / 2;
    const [mx, my] = at(edge, 0.5, km);
    const mountHist = history([sheet.mountain[g], 1], run, (row) => [row.mountain[g], 1]);
    write(mx, my, edge.rot, "mountain", [["Berg ", "lbl"], [mountHist.join("."), "val"]]);
    write(edge.name[0], edge.name[1], edge.rot, "name", [[seatName(names, g), ""]]);
  }
  return root;
}

function cellText(tag, text, cls, attrs = {}) {
  return h(tag, { class: cls, ...attrs }, text);
}

function summaryTable(view, names) {
  const n = view.players;
  const sheet = view.sheet;
  const over = view.phase === "over";
  const table = h("table", { class: "sheet prs-summary" });
  table.appendChild(h("caption", {}, over ? t("Pool, Berg and Whists; the settlement") : t("Pool, Berg and Whists; the settlement if the pool ended now")));
  const head = h("tr", {}, h("th", {}, ""));
  for (let s = 0; s < n; s += 1) head.appendChild(h("th", { scope: "col" }, seatName(names, s)));
  table.createTHead().appendChild(head);
  const body = table.createTBody();
  const pool = h("tr", { class: "pool" }, h("th", { scope: "row" }, "Pool (Pulja)"));
  sheet.pool.forEach((v, s) => pool.appendChild(cellText("td", `${v} / ${sheet.target}`, v >= sheet.target ? "num full" : "num", { "data-seat": s })));
  body.appendChild(pool);
  const mountain = h("tr", { class: "mountain" }, h("th", { scope: "row" }, "Berg (Gora)"));
  sheet.mountain.forEach((v, s) => mountain.appendChild(cellText("td", String(v), "num", { "data-seat": s })));
  body.appendChild(mountain);
  for (let o = 0; o < n; o += 1) {
    const tr = h("tr", { class: "whists" }, h("th", { scope: "row" }, `Whists ${tf("against %(name)s", { name: seatName(names, o) })}`));
    for (let s = 0; s < n; s += 1) {
      if (s === o) {
        tr.appendChild(cellText("td", "—", "num self"));
        continue;
      }
      const exact = sheet.whists_exact[s][o];
      const value = frac(exact);
      const text = value[1] === 1 ? exact : `${fracText(value)} (${fmt(sheet.whists[s][o])})`;
      tr.appendChild(cellText("td", text, "num", { "data-seat": s, "data-against": o, "data-exact": exact }));
    }
    body.appendChild(tr);
  }
  const foot = table.createTFoot();
  const total = h("tr", { class: "total settlement" }, h("th", { scope: "row" }, "Abrechnung"));
  const exacts = view.scores_exact || [];
  exacts.forEach((e, s) => {
    const value = frac(e);
    const text = value[1] === 1 ? fracText(value) : `${fracText(value)} (${fmt(view.scores[s])})`;
    total.appendChild(cellText("td", text, "num", { "data-seat": s, "data-exact": e, "data-value": view.scores[s] }));
  });
  foot.appendChild(total);
  return table;
}

function zeroLine(view) {
  const exacts = view.scores_exact || [];
  let sum = [0, 1];
  for (const e of exacts) sum = add(sum, frac(e));
  const terms = exacts.map((e, i) => {
    const v = frac(e);
    const text = fracText(v);
    return i && v[0] < 0 ? `(${text})` : text;
  });
  return h("p", { class: "prs-zero", "data-sum": fracPlain(sum) },
    `${t("Sum of all balances")}: ${terms.join(" + ")} = ${fracText(sum)}`,
    sum[0] === 0 ? ` ✓ ${t("(exactly zero)")}` : "");
}

/** At the end: how the mountains turned into whists (seed 001, "Abrechnung"). */
function settlementSteps(view, names) {
  const n = view.players;
  const mountain = view.sheet.mountain;
  const low = Math.min(...mountain);
  const list = h("ol", { class: "prs-steps" });
  list.appendChild(h("li", {}, tf("Every mountain minus the smallest one (%(low)s).", { low })));
  for (let s = 0; s < n; s += 1) {
    const rest = mountain[s] - low;
    const each = norm([rest * 10, n]);
    list.appendChild(h("li", {}, tf("%(name)s: Berg %(m)s − %(low)s = %(rest)s → %(each)s Whists to each opponent", {
      name: seatName(names, s), m: mountain[s], low, rest, each: fracText(each),
    })));
  }
  list.appendChild(h("li", {}, t("Then the whists are netted pair by pair.")));
  return list;
}

function changesCell(row, seat, names) {
  const parts = [];
  if (row.pool[seat]) parts.push(`Pool ${row.pool[seat] > 0 ? "+" : ""}${row.pool[seat]}`);
  if (row.mountain[seat]) parts.push(`Berg ${row.mountain[seat] > 0 ? "+" : ""}${row.mountain[seat]}`);
  for (const w of row.whists || []) {
    if (w.from === seat) parts.push(`Whists ${tf("against %(name)s", { name: seatName(names, w.against) })} +${fracText(frac(w.exact))}`);
  }
  const td = h("td", { class: "changes", "data-seat": seat });
  parts.forEach((p, i) => {
    if (i) td.appendChild(h("br"));
    td.append(p);
  });
  return td;
}

function logTable(view, names, rows) {
  const n = view.players;
  const table = h("table", { class: "sheet prs-log" });
  table.appendChild(h("caption", {}, t("Deal by deal")));
  const head = h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("Dealer")), h("th", { scope: "col" }, t("Game")), h("th", { scope: "col" }, t("Tricks")));
  for (let s = 0; s < n; s += 1) head.appendChild(h("th", { scope: "col" }, seatName(names, s)));
  table.createTHead().appendChild(head);
  const body = table.createTBody();
  for (const row of rows) {
    const tr = h("tr", { "data-deal": row.deal, "data-kind": row.kind });
    tr.appendChild(h("th", { scope: "row" }, String(row.deal)));
    tr.appendChild(h("td", {}, seatName(names, row.dealer)));
    tr.appendChild(h("td", { class: "what" }, dealSummary(row, names)));
    const played = ["contract", "misere", "raspasy"].includes(row.kind);
    tr.appendChild(h("td", { class: "num" }, played ? row.tricks.map((x, s) => (row.tricks.length === 4 && s === row.dealer ? "–" : String(x))).join(" · ") : "—"));
    for (let s = 0; s < n; s += 1) tr.appendChild(changesCell(row, s, names));
    body.appendChild(tr);
  }
  return table;
}

export function sheet(view, names) {
  const wrap = h("div", { class: "prs-sheet" });
  if (!view || !view.sheet) {
    wrap.appendChild(h("p", { class: "muted" }, t("The score sheet starts with the first game.")));
    return wrap;
  }
  const rows = dealRows(view);
  const over = view.phase === "over";
  wrap.dataset.deals = String(rows.length);
  wrap.dataset.over = over ? "true" : "false";
  const opts = view.options || {};
  const head = h("p", { class: "prs-sheet-head" },
    h("strong", {}, tf("Pool of %(n)s", { n: view.sheet.target })), " · ",
    opts.variant && opts.variant !== "sochi" ? opts.variant : "Sotschi", " · ",
    tf("Deal %(n)s", { n: view.deal_number }));
  if (opts.max_deals) head.append(" ", tf("(at most %(n)s)", { n: opts.max_deals }));
  if (over) {
    const full = view.sheet.pool.every((p) => p >= view.sheet.target);
    head.append(" · ", h("strong", {}, full ? t("Every pool is full: the pool is over.")
      : t("The deal limit is reached: the missing pool points went on the mountains.")));
  }
  wrap.appendChild(head);
  wrap.appendChild(paperSheet(view, names, recentRun(rows)));
  wrap.appendChild(summaryTable(view, names));
  wrap.appendChild(zeroLine(view));
  if (over) wrap.appendChild(settlementSteps(view, names));
  if (rows.length) {
    if (rows[0].deal > 1) wrap.appendChild(h("p", { class: "muted" }, t("Earlier deals are not in this page's log (it was opened later); the totals include them.")));
    wrap.appendChild(logTable(view, names, rows));
  }
  return wrap;
}

