// The profile's rating history: one line per game, the rating (μ − 3σ) before the first rated match (0)
// and after each one, from data-history (leagues' rating_history selector).
import { lineChart } from "./chart.js";
import { t } from "./i18n.js";

const box = document.querySelector("[data-role=rating-history]");
if (box) {
  let history = {};
  try {
    history = JSON.parse(box.dataset.history || "{}");
  } catch {
    history = {};
  }
  const series = Object.entries(history).map(([name, values]) => ({ name, values }));
  if (series.length) {
    box.replaceChildren(
      lineChart({ series, title: t("Rating after each rated match"), xLabel: t("Rated matches"), yLabel: t("Rating"), xStart: 0 }),
    );
  }
}
