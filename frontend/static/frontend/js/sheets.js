// The score sheet under the table: a game module's own sheet (games/<game>.js `sheet`), else a
// generic table built from the view's rows and scores; and the result of one finished row.
import { el } from "./dom.js";
import { fmt } from "./format.js";
import { gameModule } from "./games/index.js";
import { t } from "./i18n.js";
import { headRow } from "./sheethead.js";

const ROW_KEYS = ["points", "scores", "score", "delta", "game_points", "totals", "result"];

function rowValues(row, n) {
  for (const key of ROW_KEYS) {
    const v = row[key];
    if (Array.isArray(v) && v.length === n) return v;
  }
  for (const v of Object.values(row)) {
    if (Array.isArray(v) && v.length === n && v.every((x) => typeof x === "number" || x === null)) return v;
  }
  return null;
}

function describeRow(row) {
  return Object.entries(row)
    .filter(([, v]) => typeof v !== "object" || v === null)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
}

function genericSheet(view, names) {
  const n = names.length;
  const rows = view.deals || (view.sheet && (view.sheet.games || view.sheet.deals || view.sheet.rows)) || [];
  const table = el("table", { class: "sheet generic-sheet" }, el("caption", {}, t("Score sheet")));
  table.createTHead().appendChild(headRow(names, [t("Deal"), t("Details")]));
  const tbody = table.createTBody();
  rows.forEach((row, i) => {
    const values = rowValues(row, n);
    const tr = el("tr", {}, el("th", {}, String(i + 1)), el("td", { class: "details" }, describeRow(row)));
    for (let s = 0; s < n; s += 1) tr.appendChild(el("td", { class: "num" }, values ? fmt(values[s]) : ""));
    tbody.appendChild(tr);
  });
  if (Array.isArray(view.scores) && view.scores.length === n) {
    const tr = el("tr", { class: "total" }, el("th", {}, t("Score")), el("td", {}, ""));
    for (const v of view.scores) tr.appendChild(el("td", { class: "num" }, typeof v === "object" && v !== null ? JSON.stringify(v) : fmt(v)));
    table.createTFoot().appendChild(tr);
  }
  return table;
}

export function renderSheet(view, names, style) {
  if (!view) return el("p", { class: "muted" }, t("The score sheet starts with the first game."));
  const mod = gameModule(view.game);
  if (mod.sheet) return mod.sheet(view, names, style);
  return genericSheet(view, names);
}

/** The rows finished so far (Preisjass games, other games' deals): used to notice a finished game. */
export function finishedRows(view) {
  if (!view) return [];
  if (view.sheet && Array.isArray(view.sheet.games)) return view.sheet.games;
  if (Array.isArray(view.deals)) return view.deals;
  if (Array.isArray(view.score_sheet)) return view.score_sheet;
  return [];
}

/** One finished row as a small table (the result shown between games). */
export function renderRowResult(view, row, names) {
  const values = row.points || rowValues(row, names.length) || [];
  const table = el("table", { class: "sheet row-result" });
  table.createTHead().appendChild(headRow([t("Points")], [t("Player")]));
  const tbody = table.createTBody();
  names.forEach((name, s) => {
    const sack = row.sacks && row.sacks[s] ? el("span", { class: "sack-mark" }, ` ${t("Sack")}`) : null;
    tbody.appendChild(el("tr", {}, el("th", {}, name), el("td", { class: "num" }, fmt(values[s]), sack)));
  });
  return table;
}
