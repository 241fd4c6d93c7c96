// The post-match analysis in the replay: read when the replay opens (it usually started when the match
// ended), asked for (POST) when the reader may (a player of the match, or staff) and nobody has, and
// polled while it runs, with a growing pause while the count stands still and through a failed request
// (the count, "decision 12 of 79", and a bar); the figures appear as soon as it is done. Then at each
// step the played move, the best move, the loss and its class, a summary per player, a chart of the
// evaluation after each decision (a point picked jumps the replay there, the current one is marked)
// and "next mistake". A refusal is said in words: the daily quota (until when), or a busy site (asked
// again by itself once the answer's time is up).
import { get, post } from "./api.js";
import { lineChart } from "./chart.js";
import { el } from "./dom.js";
import { clock, fmt } from "./format.js";
import { amount, classLabel, kindLabel, points, unitLabel } from "./analysiswords.js";
import { t, tf, tn } from "./i18n.js";

// the pause between polls: from POLL_MS, half as long again each time the count has not moved (or a
// request failed), at most POLL_MAX_MS
const POLL_MS = 1000;
const POLL_MAX_MS = 8000;
const SERIOUS = new Set(["mistake", "blunder"]);

/**
 * Starts the analysis of `matchId` and keeps `box` (summary, chart, status) and `panel` (the step's
 * decision) up to date. opts: {names(), describe(action, seat), onReady()}. Returns
 * {show(seq), nextMistake(seq) -> seq | undefined, ready()}.
 */
export function analysisView(matchId, box, panel, opts) {
  const url = `/api/matches/${matchId}/analysis/`;
  const status = el("p", { class: "muted", "data-role": "analysis-status", role: "status" });
  const bar = el("progress", { class: "analysis-progress", "data-role": "analysis-progress", hidden: true });
  box.replaceChildren(el("h2", {}, t("Analysis")), status, bar);
  let bySeq = new Map();
  let decisions = [];
  let unit = "";
  let current = null;
  let chart = null;
  let pause = POLL_MS;
  let seen = "";

  function showProgress(p) {
    bar.hidden = !p.total;
    if (p.total) {
      bar.max = p.total;
      bar.value = p.done;
      bar.setAttribute("aria-label", t("Analysis progress"));
    }
    // the decision being valued: the ones done, and the next
    status.textContent = p.total
      ? tf("Analysing decision %(n)s of %(total)s…", { n: Math.min(p.done + 1, p.total), total: p.total })
      : t("The analysis is starting…");
    status.dataset.done = String(p.done);
    status.dataset.total = String(p.total);
  }

  function render(payload) {
    if (payload.round) box.append(roundTable(payload.round));
    if (payload.status === "unavailable") {
      status.textContent = t("No analysis is available for this game yet.");
      return false;
    }
    if (payload.status === "failed") {
      status.textContent = t("The analysis failed.");
      return false;
    }
    if (payload.status === "none") {
      status.textContent = t("This match has not been analysed yet; its players can have it analysed.");
      status.dataset.state = "none";
      return false;
    }
    if (payload.status !== "done") {
      const p = payload.progress || { done: 0, total: 0 };
      showProgress(p);
      status.dataset.state = "running";
      // poll sooner while the count moves, back off while it stands still
      const now = `${payload.status}:${p.done}/${p.total}`;
      pause = now === seen ? Math.min(POLL_MAX_MS, pause * 1.5) : POLL_MS;
      seen = now;
      return true;
    }
    bar.hidden = true;
    const analysis = payload.analysis;
    decisions = analysis.decisions;
    unit = analysis.unit;
    bySeq = new Map(decisions.map((d) => [d.seq, d]));
    status.dataset.state = "done";
    status.textContent = tf("Every decision valued with all hands open and from the player's own view, in %(unit)s.", { unit: unitLabel(unit) });
    chart = evaluationChart();
    box.append(summaryTable(analysis), chart,
      el("p", { class: "muted chart-hint" }, t("Click or tap a point of the chart (or use the arrow keys on it) to go to that decision.")));
    if (current !== null) show(current);
    opts.onReady();
    return false;
  }

  function summaryTable(analysis) {
    const names = opts.names();
    // losses in another unit than the analysis's (Preferans: the auction and the whists in whists)
    const others = [...new Set(Object.values(analysis.summary).flatMap((row) => Object.keys(row.lost_other || {})))].sort();
    const head = el("tr", {}, ...[t("Player"), t("Accuracy"), classLabel("inaccuracy"), classLabel("mistake"), classLabel("blunder"), t("Lost per deal"),
      ...others.map(() => t("Lost before the play"))].map((h) => el("th", {}, h)));
    const rows = Object.entries(analysis.summary)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([seat, row]) =>
        el("tr", { "data-seat": seat },
          el("td", {}, names[Number(seat)]),
          el("td", { "data-field": "accuracy" }, `${fmt(row.accuracy)} %`),
          el("td", {}, String(row.inaccuracy)),
          el("td", {}, String(row.mistake)),
          el("td", {}, String(row.blunder)),
          el("td", { "data-field": "lost-per-deal" }, amount(row.lost_per_deal, analysis.unit)),
          ...others.map((u) => el("td", { "data-field": "lost-other" }, amount((row.lost_other || {})[u] || 0, u)))));
    // each cell carries its column's header: on a phone the rows show as labelled lines (`stack`)
    const labels = [...head.children].map((th) => th.textContent);
    for (const tr of rows) [...tr.children].forEach((td, i) => { td.dataset.label = labels[i]; });
    return el("table", { class: "analysis-summary stack", "data-role": "analysis-summary" }, el("thead", {}, head), el("tbody", {}, ...rows));
  }

  // A released duplicate round: every table's result of each deal for the same seat (the same hand),
  // and the points the analysis says that player lost there (when the table's analysis is done).
  function roundTable(round) {
    const head = el("tr", {}, el("th", {}, t("Deal")), el("th", {}, t("Seat")),
      ...round.tables.map((table) => el("th", { "data-match": String(table.match) },
        tf("Table %(n)s", { n: table.table + 1 }) + (table.table === round.table ? ` (${t("this one")})` : ""))));
    const rows = round.deals.flatMap((deal) => deal.seats.map((row) =>
      el("tr", { "data-deal": String(deal.deal), "data-seat": String(row.seat) },
        el("td", {}, String(deal.deal)),
        el("td", {}, String(row.seat + 1)),
        ...row.tables.map((cell, i) => el("td", {},
          cell.points === null ? "–" : `${round.tables[i].players[row.seat]}: ${points(cell.points)}`
            + (cell.lost === null ? "" : ` (${tf("lost %(points)s", { points: points(cell.lost) })})`))))));
    return el("div", { "data-role": "analysis-round" },
      el("h3", {}, t("The duplicate round, deal by deal")),
      el("p", { class: "muted" }, t("Every table played the same deals: each row is one hand, as each table played it.")),
      el("table", { class: "analysis-round" }, el("thead", {}, head), el("tbody", {}, ...rows)));
  }

  function evaluationChart() {
    const names = opts.names();
    const seats = [...new Set(decisions.map((d) => d.seat))].sort((a, b) => a - b);
    const series = seats.map((seat) => ({
      name: names[seat],
      // one unit on the axis: decisions valued in another (Preferans bids, in whists) are left out
      values: decisions.map((d) => (d.seat === seat && (d.unit || unit) === unit ? d.open.played : null)),
    }));
    const label = opts.label || ((action) => opts.describe(action, 0));
    const pick = {
      // "Decision 12: Anna, Herz-Ass — Mistake"
      label: (i) => tf("Decision %(n)s: %(player)s, %(move)s — %(class)s",
        { n: i + 1, player: names[decisions[i].seat], move: label(decisions[i].played), class: classLabel(decisions[i].class) }),
      onPick: (i) => opts.onPick && opts.onPick(decisions[i].seq),
    };
    const figure = lineChart({ series, title: t("Evaluation after each decision (all hands open)"), xLabel: t("Decision"), yLabel: unitLabel(unit), pick });
    figure.dataset.role = "analysis-chart";
    return figure;
  }

  // The chart's marker: the decision at this step, else the last one before it.
  function markChart(seq) {
    if (!chart || !chart.mark) return;
    let at = -1;
    decisions.forEach((d, i) => {
      if (d.seq <= seq) at = i;
    });
    chart.mark(at < 0 ? null : at);
    chart.dataset.current = at < 0 ? "" : String(at);
  }

  function show(seq) {
    current = seq;
    markChart(seq);
    const d = bySeq.get(seq);
    panel.hidden = !d;
    if (!d) {
      panel.replaceChildren();
      return;
    }
    const same = JSON.stringify(d.played) === JSON.stringify(d.best);
    const label = opts.label || ((action) => opts.describe(action, d.seat));
    const unitOf = d.unit || unit;
    // "Bid: 7♠ — best: pass", "Discard: 7♠ · 9♠ — the best"
    const heading = `${kindLabel(d.kind || "play")}: ${label(d.played)} — `
      + (same ? t("the best") : tf("best: %(move)s", { move: label(d.best) }));
    const rows = [
      [t("Played"), opts.describe(d.played, d.seat)],
      [t("Best move"), same ? t("the move played") : opts.describe(d.best, d.seat)],
      [t("Loss"), amount(d.loss, unitOf)],
    ];
    const list = el("dl", {});
    for (const [term, value] of rows) list.append(el("dt", {}, term), el("dd", {}, value));
    const alternatives = el("table", { class: "analysis-alternatives" },
      el("thead", {}, el("tr", {}, el("th", {}, t("Move")), el("th", {}, t("Own view")), el("th", {}, t("All hands open")))),
      el("tbody", {}, ...d.alternatives.map((a, i) => el("tr", { class: i === d.open.best || (d.view && i === d.view.best) ? "best" : "" },
        el("td", {}, opts.describe(a, d.seat)),
        el("td", {}, d.view ? points(d.view.values[i]) : "–"),
        el("td", {}, points(d.open.values[i]) + (d.open.exact ? "" : " ≈"))))));
    panel.dataset.class = d.class;
    panel.dataset.kind = d.kind || "play";
    panel.replaceChildren(
      el("p", { class: "analysis-heading", "data-role": "decision-heading" }, heading),
      el("p", { class: `analysis-class ${d.class}`, "data-role": "decision-class" }, classLabel(d.class)),
      list,
      el("details", {}, el("summary", {}, t("Every alternative")), alternatives));
  }

  function nextMistake(seq) {
    const hit = decisions.find((d) => d.seq > seq && SERIOUS.has(d.class));
    return hit ? hit.seq : undefined;
  }

  function follow(payload) {
    if (render(payload)) setTimeout(poll, pause);
  }

  // A request that failed on the way (the network, a restart, a busy server) is tried again after a
  // longer pause, the count left as it was; a refusal (the match not visible) ends the polling.
  async function poll() {
    let payload;
    try {
      payload = await get(url);
    } catch (exc) {
      if (exc.status === 0 || exc.status === 429 || exc.status >= 500) {
        pause = Math.min(POLL_MAX_MS, pause * 1.5);
        status.dataset.retrying = "true";
        setTimeout(poll, pause);
      } else {
        status.textContent = exc.message;
      }
      return;
    }
    delete status.dataset.retrying;
    follow(payload);
  }

  async function ask() {
    let payload;
    try {
      payload = await post(url);
    } catch (exc) {
      refused(exc);
      return;
    }
    follow(payload);
  }

  function refused(exc) {
    const error = (exc.body && exc.body.error) || {};
    status.dataset.state = "refused";
    status.dataset.code = exc.code;
    if (exc.code === "analysis_quota" && error.available_at) {
      status.textContent = tf("Your analyses in the last 24 hours: %(limit)s of %(limit)s. The next one is possible from %(time)s.",
        { limit: error.limit, time: clock(error.available_at) });
    } else if (exc.code === "analysis_busy") {
      const seconds = Math.max(1, Number(error.retry_after) || 30);
      status.textContent = tn("As many analyses are running as the site takes at once; asking again in %(n)s second.",
        "As many analyses are running as the site takes at once; asking again in %(n)s seconds.", seconds);
      setTimeout(ask, seconds * 1000);
    } else {
      status.textContent = exc.message;
    }
  }

  get(url)
    .then((payload) => {
      const again = payload.status === "none" || payload.status === "failed";
      if (payload.may_request && again) ask();
      else follow(payload);
    })
    .catch((exc) => {
      status.textContent = exc.message;
    });
  return { show, nextMistake, ready: () => decisions.length > 0 };
}
