// Score sheets under the table: Preisjass (points per game, total, sacks, seed 003) and a generic
// table for other games built from the view's rows and scores.
import { cardImage, cardName, suitName } from "./cards.js";
import { gameModule } from "./games/index.js";
import { lang, t } from "./i18n.js";

export function fmt(n) {
  if (typeof n !== "number") return n === null || n === undefined ? "—" : String(n);
  return n.toLocaleString(lang() === "en" ? "en-GB" : "de-DE");
}

function cell(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function headRow(names, first) {
  const tr = document.createElement("tr");
  for (const label of first) tr.appendChild(cell("th", label));
  names.forEach((name) => {
    const th = cell("th", name);
    th.scope = "col";
    tr.appendChild(th);
  });
  return tr;
}

function preisjassSheet(view, names, style) {
  const sheet = view.sheet || { games: [], totals: [], sacks: [] };
  const table = cell("table", null, "sheet preisjass-sheet");
  const caption = cell("caption", t("Points per game, total and sacks"));
  table.appendChild(caption);
  const thead = table.createTHead();
  thead.appendChild(headRow(names, [t("Game"), t("Trump")]));
  const tbody = table.createTBody();
  for (const row of sheet.games) {
    const tr = document.createElement("tr");
    tr.dataset.game = row.game;
    tr.appendChild(cell("th", String(row.game)));
    const trumpCell = cell("td", null, "trump-cell");
    if (row.bodentrumpf) {
      trumpCell.appendChild(cardImage(row.bodentrumpf, style, "mini"));
      trumpCell.appendChild(cell("span", suitName(row.trump, style), "sr-only-sm"));
      trumpCell.title = cardName(row.bodentrumpf, style);
    }
    tr.appendChild(trumpCell);
    row.points.forEach((p, i) => {
      const td = cell("td", fmt(p), row.sacks[i] ? "num sack" : "num");
      if (row.sacks[i]) {
        const mark = cell("span", ` ${t("Sack")}`, "sack-mark");
        td.appendChild(mark);
      }
      tr.appendChild(td);
    });
    tbody.appendChild(tr);
  }
  const tfoot = table.createTFoot();
  const total = document.createElement("tr");
  total.className = "total";
  total.appendChild(cell("th", t("Total")));
  total.appendChild(cell("td", ""));
  (sheet.totals || []).forEach((v) => total.appendChild(cell("td", fmt(v), "num")));
  tfoot.appendChild(total);
  const sacks = document.createElement("tr");
  sacks.className = "sacks";
  sacks.appendChild(cell("th", t("Sacks")));
  sacks.appendChild(cell("td", ""));
  (sheet.sacks || []).forEach((v) => sacks.appendChild(cell("td", fmt(v), "num")));
  tfoot.appendChild(sacks);
  const all = (sheet.totals || []).reduce((a, b) => a + b, 0);
  const wrap = document.createElement("div");
  wrap.appendChild(table);
  const sum = cell("p", null, "sheet-sum");
  sum.dataset.totalAll = String(all);
  sum.textContent = `${t("All players together")}: ${fmt(all)} ${t("of")} ${fmt(157 * (view.games_total || 12))} ${t("points")} (${sheet.games.length}/${view.games_total || 12} ${t("games")})`;
  wrap.appendChild(sum);
  return wrap;
}

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
  const table = cell("table", null, "sheet generic-sheet");
  table.appendChild(cell("caption", t("Score sheet")));
  table.createTHead().appendChild(headRow(names, [t("Deal"), t("Details")]));
  const tbody = table.createTBody();
  rows.forEach((row, i) => {
    const tr = document.createElement("tr");
    tr.appendChild(cell("th", String(i + 1)));
    tr.appendChild(cell("td", describeRow(row), "details"));
    const values = rowValues(row, n);
    for (let s = 0; s < n; s += 1) tr.appendChild(cell("td", values ? fmt(values[s]) : "", "num"));
    tbody.appendChild(tr);
  });
  if (Array.isArray(view.scores) && view.scores.length === n) {
    const tr = document.createElement("tr");
    tr.className = "total";
    tr.appendChild(cell("th", t("Score")));
    tr.appendChild(cell("td", ""));
    view.scores.forEach((v) => tr.appendChild(cell("td", typeof v === "object" && v !== null ? JSON.stringify(v) : fmt(v), "num")));
    table.createTFoot().appendChild(tr);
  }
  return table;
}

export function renderSheet(view, names, style) {
  if (!view) return cell("p", t("The score sheet starts with the first game."), "muted");
  if (view.game === "preisjass") return preisjassSheet(view, names, style);
  const mod = gameModule(view.game);
  if (mod.sheet) return mod.sheet(view, names, style);
  return genericSheet(view, names);
}

/** The rows finished so far (Preisjass games, other games' deals): used to notice a finished game. */
export function finishedRows(view) {
  if (!view) return [];
  if (view.sheet && Array.isArray(view.sheet.games)) return view.sheet.games;
  if (Array.isArray(view.deals)) return view.deals;
  return [];
}

/** One finished row as a small table (the result shown between games). */
export function renderRowResult(view, row, names) {
  const n = names.length;
  const values = row.points || rowValues(row, n) || [];
  const table = cell("table", null, "sheet row-result");
  table.createTHead().appendChild(headRow([t("Points")], [t("Player")]));
  const tbody = table.createTBody();
  names.forEach((name, s) => {
    const tr = document.createElement("tr");
    tr.appendChild(cell("th", name));
    const td = cell("td", fmt(values[s]), "num");
    if (row.sacks && row.sacks[s]) td.appendChild(cell("span", ` ${t("Sack")}`, "sack-mark"));
    tr.appendChild(td);
    tbody.appendChild(tr);
  });
  return table;
}
