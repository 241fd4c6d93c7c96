// The score progression chart of a finished match (replay page and final screen).
import { get } from "./api.js";
import { lineChart } from "./chart.js";
import { el } from "./dom.js";
import { gameModule } from "./games/index.js";
import { t } from "./i18n.js";
import { scoreProgress } from "./progress.js";
import { seatNames } from "./seats.js";

/** The chart for a replay payload ({match, steps}), or null when no deal or game was finished. */
export function scoreChart(replay) {
  const names = seatNames(replay.match.seats);
  const { series } = scoreProgress(replay.steps, names);
  if (!series.length || !series[0].values.length) return null;
  const { title, xLabel } = gameModule(replay.match.game).chartAxis();
  return lineChart({ series, title, xLabel, yLabel: t("Score") });
}

/** Fetch the replay of a finished match and fill `box` with its chart (nothing when it is still secret). */
export async function fillScoreChart(box, match) {
  if (match.status !== "finished" || match.embargoed) return;
  try {
    const chart = scoreChart(await get(`/api/matches/${match.id}/replay/`));
    if (chart) box.replaceChildren(el("h3", {}, t("Score progression")), chart);
  } catch {
    /* the result above stays; the chart is a bonus */
  }
}
