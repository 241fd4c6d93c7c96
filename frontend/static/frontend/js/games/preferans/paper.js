// The Preferans score sheet drawn as on paper: a rectangle, the pool size in a circle in the middle, one
// sector per player with the whists, the pool and the mountain as running totals ("2.4.10").
import { svgEl } from "../../dom.js";
import { t, tf, word } from "../../i18n.js";
import { add, frac, fracText, sub } from "./fractions.js";

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
export function paperSheet(view, names, run) {
  const n = view.players;
  const sheet = view.sheet;
  const W = 640;
  const H = 400;
  const cx = W / 2;
  const cy = H / 2;
  const K = [1, 0.74, 0.5, 0.27];
  const root = svgEl("svg", { viewBox: `-30 -30 ${W + 60} ${H + 60}`, class: "prs-paper", role: "img" });
  root.setAttribute("aria-label", t("The score sheet drawn as on paper"));
  root.appendChild(svgEl("rect", { x: -30, y: -30, width: W + 60, height: H + 60, class: "paper" }));
  for (const k of K) root.appendChild(svgEl("rect", { x: cx - cx * k, y: cy - cy * k, width: W * k, height: H * k, class: k === 1 ? "frame" : "ring" }));
  const rays = n === 4 ? [[0, 0], [W, 0], [W, H], [0, H]] : [[cx, 0], [W, H], [0, H]];
  const r = 34;
  for (const [x, y] of rays) {
    const len = Math.hypot(x - cx, y - cy);
    root.appendChild(svgEl("line", { x1: cx + ((x - cx) * r) / len, y1: cy + ((y - cy) * r) / len, x2: x, y2: y, class: "ray" }));
  }
  root.appendChild(svgEl("circle", { cx, cy, r, class: "centre" }));
  const target = root.appendChild(svgEl("text", { x: cx, y: cy, class: "target", "dominant-baseline": "middle" }));
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
    const text = root.appendChild(svgEl("text", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rot})`, class: cls, "dominant-baseline": "middle" }));
    for (const [content, pcls] of parts) {
      const span = text.appendChild(svgEl("tspan", pcls ? { class: pcls } : {}));
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
      write(x, y, edge.rot, "whists", [[`${tf("against %(name)s", { name: names[o] })}: `, "lbl"], [hist.join("."), "val"]]);
      if (j > 0) {
        const f = (slots[j - 1] + slots[j]) / 2;
        const [x1, y1] = at(edge, f, K[0]);
        const [x2, y2] = at(edge, f, K[1]);
        root.appendChild(svgEl("line", { x1, y1, x2, y2, class: "slot" }));
      }
    });
    const kp = (K[1] + K[2]) / 2;
    const [px, py] = at(edge, 0.5, kp);
    const poolHist = history([sheet.pool[g], 1], run, (row) => [row.pool[g], 1]);
    const full = sheet.pool[g] >= sheet.target;
    write(px, py, edge.rot, full ? "pool full" : "pool", [[`${word("Pool")} `, "lbl"], [poolHist.join("."), "val"], [full ? " ✓" : "", "lbl"]]);
    const km = (K[2] + K[3]) / 2;
    const [mx, my] = at(edge, 0.5, km);
    const mountHist = history([sheet.mountain[g], 1], run, (row) => [row.mountain[g], 1]);
    write(mx, my, edge.rot, "mountain", [[`${word("Berg")} `, "lbl"], [mountHist.join("."), "val"]]);
    write(edge.name[0], edge.name[1], edge.rot, "name", [[names[g], ""]]);
  }
  return root;
}
