// Small line charts as inline SVG: a y axis with a few round ticks, numbered x positions, one line with
// dots per series and a legend under it (HTML, so it wraps on a phone). With `pick`, every x position
// is a focusable column (click or tap it, or move along with the arrow keys) and `figure.mark(i)`
// draws the marker of the current one.
import { el, svgEl } from "./dom.js";
import { fmt } from "./format.js";

const COLORS = ["#1f5d9e", "#c8102e", "#2e7d32", "#b8860b", "#6a3d9a"];
const W = 360;
const H = 210;
const PAD = { left: 46, right: 12, top: 12, bottom: 40 };

function niceStep(span) {
  const raw = span / 4 || 1;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

function text(x, y, content, attrs = {}) {
  const node = svgEl("text", { x, y, "font-size": 11, fill: "#333", ...attrs });
  node.textContent = content;
  return node;
}

/** series: [{name, values: [number|null, ...]}] (values[i] is at x = i + xStart). pick (optional):
 * {label(i) -> the position's accessible name, onPick(i)}. Returns a <figure> (with `mark(i)` when
 * pick is given: i null hides the marker). */
export function lineChart({ series, title, xLabel, yLabel, xStart = 1, pick = null }) {
  const values = series.flatMap((s) => s.values).filter((v) => typeof v === "number");
  const count = Math.max(0, ...series.map((s) => s.values.length));
  let lo = Math.min(0, ...values);
  let hi = Math.max(0, ...values);
  if (hi === lo) hi = lo + 1;
  const whole = values.every((v) => Number.isInteger(v));
  const step = whole ? Math.max(1, niceStep(hi - lo)) : niceStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const x = (i) => PAD.left + (count <= 1 ? 0.5 : i / (count - 1)) * (W - PAD.left - PAD.right);
  const y = (v) => PAD.top + (1 - (v - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);

  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: pick ? "group" : "img", "aria-label": title });
  svg.appendChild(svgEl("title", {}, title));
  for (let v = lo; v <= hi + step / 2; v += step) {
    svg.appendChild(svgEl("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), stroke: v === 0 ? "#888" : "#e2e2e2" }));
    svg.appendChild(text(PAD.left - 5, y(v) + 4, fmt(Math.round(v * 100) / 100), { "text-anchor": "end" }));
  }
  const every = Math.max(1, Math.ceil(count / 10));
  for (let i = 0; i < count; i += 1) {
    // the last position is always numbered; a regular tick too close before it is left out
    if ((i % every === 0 && count - 1 - i >= Math.max(2, every / 2)) || i === count - 1) svg.appendChild(text(x(i), H - PAD.bottom + 15, String(i + xStart), { "text-anchor": "middle" }));
  }
  svg.appendChild(text((PAD.left + W - PAD.right) / 2, H - 6, xLabel, { "text-anchor": "middle", "font-size": 12 }));
  svg.appendChild(text(12, (PAD.top + H - PAD.bottom) / 2, yLabel, { "text-anchor": "middle", "font-size": 12, transform: `rotate(-90 12 ${(PAD.top + H - PAD.bottom) / 2})` }));
  const legend = el("ul", { class: "chart-legend" });
  series.forEach((s, k) => {
    const color = COLORS[k % COLORS.length];
    const pts = s.values.map((v, i) => (typeof v === "number" ? [x(i), y(v)] : null)).filter(Boolean);
    const g = svg.appendChild(svgEl("g", { class: "series", "data-series": s.name, "data-points": pts.length }));
    g.appendChild(svgEl("polyline", { points: pts.map((p) => p.join(",")).join(" "), fill: "none", stroke: color, "stroke-width": 2 }));
    for (const [px, py] of pts) g.appendChild(svgEl("circle", { cx: px, cy: py, r: 2.6, fill: color }));
    legend.appendChild(el("li", {}, el("span", { class: `swatch c${k % COLORS.length}` }), s.name));
  });
  const figure = el("figure", { class: "chart-box" }, svg, legend, el("figcaption", { class: "muted" }, title));
  if (pick) figure.mark = pickable(svg, { series, count, x, y, pick });
  return figure;
}

// The columns over the plot (one per x position, on top of the lines), the roving focus among them and
// the marker of the current position. Returns mark(i).
function pickable(svg, { series, count, x, y, pick }) {
  const marker = svg.appendChild(svgEl("g", { class: "current", "data-role": "chart-marker", display: "none" }));
  const line = marker.appendChild(svgEl("line", { class: "marker", y1: PAD.top, y2: H - PAD.bottom }));
  const dots = series.map(() => marker.appendChild(svgEl("circle", { class: "marker-dot", r: 5 })));
  const width = count > 1 ? (W - PAD.left - PAD.right) / (count - 1) : W - PAD.left - PAD.right;
  const columns = svg.appendChild(svgEl("g", { class: "picks" }));
  const rects = [];
  for (let i = 0; i < count; i += 1) {
    const rect = svgEl("rect", {
      class: "pick", x: x(i) - width / 2, y: PAD.top, width, height: H - PAD.top - PAD.bottom,
      role: "button", tabindex: i === 0 ? "0" : "-1", "aria-label": pick.label(i), "data-decision": i,
    });
    rect.appendChild(svgEl("title", {}, pick.label(i)));
    rect.addEventListener("click", () => pick.onPick(i));
    rects.push(columns.appendChild(rect));
  }
  const rove = (i) => rects.forEach((r, k) => r.setAttribute("tabindex", k === i ? "0" : "-1"));
  columns.addEventListener("keydown", (ev) => {
    const at = rects.indexOf(ev.target);
    if (at < 0) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at + 1, ArrowDown: at - 1, Home: 0, End: count - 1 }[ev.key];
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      pick.onPick(at);
    } else if (to !== undefined) {
      ev.preventDefault(); // not the page's own arrow keys as well
      const i = Math.max(0, Math.min(count - 1, to));
      rove(i);
      rects[i].focus();
      pick.onPick(i);
    }
  });
  return (i) => {
    rects.forEach((r, k) => (k === i ? r.setAttribute("aria-current", "true") : r.removeAttribute("aria-current")));
    if (i === null || i === undefined || i < 0 || i >= count) {
      marker.setAttribute("display", "none");
      return;
    }
    if (!rects.some((r) => r === document.activeElement)) rove(i);
    marker.setAttribute("display", "inline");
    marker.dataset.decision = String(i);
    line.setAttribute("x1", x(i));
    line.setAttribute("x2", x(i));
    series.forEach((s, k) => {
      const v = s.values[i];
      dots[k].setAttribute("visibility", typeof v === "number" ? "visible" : "hidden");
      if (typeof v === "number") {
        dots[k].setAttribute("cx", x(i));
        dots[k].setAttribute("cy", y(v));
      }
    });
  };
}
