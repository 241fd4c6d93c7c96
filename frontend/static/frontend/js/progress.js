// The score progression of a finished match from its replay steps: the score of every seat after each
// finished deal or game (Preisjass games, Schnapsen deals, Preferanzen deals, a Preferans pool's deals).
// Pure data, no page access, so it can be checked on its own.

/** How many rows (games or deals) a view's score sheet has finished. */
export function rowCount(view) {
  if (!view) return 0;
  if (view.sheet && Array.isArray(view.sheet.games)) return view.sheet.games.length;
  if (Array.isArray(view.deals)) return view.deals.length;
  if (view.sheet && Array.isArray(view.sheet.deals)) return view.sheet.deals.length;
  if (Array.isArray(view.score_sheet)) return view.score_sheet.length;
  return 0;
}

// Preferans views carry only the last finished deal: a new one is a new row.
function lastDealKey(view) {
  return view && view.last_deal ? JSON.stringify(view.last_deal) : "";
}

function numeric(value) {
  if (typeof value === "number") return value;
  if (value && typeof value === "object" && typeof value.value === "number") return value.value;
  return null;
}

/** steps: the replay's steps ({view} each); names: one per seat. Returns {series: [{name, values}]}
 * with one value per finished row: each seat's score in the view right after that row was finished. */
export function scoreProgress(steps, names) {
  const series = names.map((name) => ({ name, values: [] }));
  let seen = 0;
  let lastKey = "";
  for (const step of steps || []) {
    const view = step && step.view;
    const count = rowCount(view);
    const key = lastDealKey(view);
    const finished = count > seen || (key && key !== lastKey);
    seen = Math.max(seen, count);
    lastKey = key || lastKey;
    if (!finished) continue;
    const scores = (view && view.scores) || [];
    series.forEach((s, seat) => s.values.push(numeric(scores[seat])));
  }
  return { series };
}
