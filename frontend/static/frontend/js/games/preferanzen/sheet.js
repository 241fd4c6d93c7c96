// The score sheet: one row per deal with each player's payout and running total (Vienna also the pot),
// the totals and their check sum; and the ranking at the end of the session.
import { el } from "../../dom.js";
import { fmt, signed } from "../../format.js";
import { t, tf, tricksText, word } from "../../i18n.js";
import { contractName, declarerWord, isSeat, isVienna } from "./names.js";

const BONUS_NAMES = { hearts: "Herz", four_aces: "vier Asse", no_aces: "keine Asse" };

export function resultText(view, row, names) {
  const vienna = isVienna(view);
  if (row.void) {
    if (!vienna) return t("all passed");
    return view.void_deals_count ? t("all passed (counts as a deal)") : t("all passed (does not count)");
  }
  const parts = [`${row.won ? t("won") : t("lost")}, ${tricksText(row.tricks[row.declarer])}`];
  for (const s of [0, 1, 2]) {
    if (s === row.declarer) continue;
    if (row.guest === s) parts.push(`${names[s]}: ${word("eingeladen")}`);
    else if (row.defense && row.defense[s] === "drop") parts.push(`${names[s]}: ${word("ausgestiegen")}`);
  }
  if (row.bonuses && row.bonuses.length) parts.push(`${t("Bonus")}: ${row.bonuses.map((b) => (BONUS_NAMES[b] ? word(BONUS_NAMES[b]) : b)).join(", ")}`);
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
  // `stack`: on a phone each deal shows as labelled lines (site.css), the labels are the head's words
  const table = el("table", { class: `sheet pref-sheet stack ${vienna ? "vienna" : "austrian"}` });
  table.appendChild(
    el("caption", {}, vienna ? t("Balances per deal with running totals, and the pot") : t("Payout per deal with running totals")),
  );
  const head = el("tr", {});
  const [gameLabel, declarerLabel, resultLabel, potLabel] = [t("Game"), declarerWord(view), t("Result"), word("Pot")];
  for (const label of [t("No."), gameLabel, declarerLabel, resultLabel]) head.appendChild(el("th", { scope: "col" }, label));
  names.forEach((name) => head.appendChild(el("th", { scope: "col", class: "num" }, name)));
  if (vienna) head.appendChild(el("th", { scope: "col", class: "num" }, potLabel));
  table.createTHead().appendChild(head);
  const body = table.createTBody();

  // Running totals start at 0 (Preferanzen) or at the stake paid into the pot (Vienna), worked out
  // from the view alone: the current balances and pot minus every row's changes.
  const run = [0, 0, 0];
  let pot = 0;
  const finalTotals = vienna ? view.balances || view.scores || [0, 0, 0] : view.scores || [0, 0, 0];
  // A fresh pot (the daily challenge): every deal starts from the full pot and nothing is paid in,
  // so the balances start at 0 and the pot column shows each deal's change to the full pot.
  const fresh = vienna && Boolean(view.fresh_pot);
  const potChanges = rows.reduce((a, r) => a + (r.pot_delta || 0), 0);
  if (vienna && !fresh) {
    for (let s = 0; s < n; s += 1) {
      run[s] = finalTotals[s] - rows.reduce((a, r) => a + (r.scores ? r.scores[s] : 0) - (r.refill || 0), 0);
    }
    pot = (view.pot || 0) - rows.reduce((a, r) => a + (r.pot_delta || 0) + n * (r.refill || 0), 0);
    const tr = el("tr", { class: "stake", "data-run": run.join(","), "data-pot": pot });
    tr.append(el("th", { scope: "row" }, "—"), el("td", { colspan: 3 }, word("Einsatz")));
    run.forEach((v, s) => tr.appendChild(el("td", { class: "num", "data-seat": s, "data-label": names[s] }, fmt(v))));
    tr.appendChild(el("td", { class: "num pot", "data-label": potLabel }, fmt(pot)));
    body.appendChild(tr);
  }
  rows.forEach((row, i) => {
    const scores = row.scores || [0, 0, 0];
    const delta = scores.map((v) => v - (row.refill || 0));
    delta.forEach((v, s) => {
      run[s] += v;
    });
    const tr = el("tr", { class: row.void ? "void" : row.won ? "won" : "lost", "data-deal": row.deal || i + 1 });
    tr.appendChild(el("th", { scope: "row" }, String(row.deal || i + 1)));
    tr.appendChild(el("td", { class: "game", "data-label": gameLabel }, row.void ? "—" : contractName(row.contract, row.bid, style, vienna)));
    tr.appendChild(el("td", { class: "declarer", "data-label": declarerLabel }, isSeat(row.declarer) ? names[row.declarer] : "—"));
    tr.appendChild(el("td", { class: "result", "data-label": resultLabel }, resultText(view, row, names)));
    delta.forEach((v, s) => {
      const td = el("td", { class: "num", "data-seat": s, "data-delta": v, "data-run": run[s], "data-label": names[s] });
      td.append(el("span", { class: "delta" }, signed(v)), el("span", { class: "run" }, fmt(run[s])));
      tr.appendChild(td);
    });
    if (vienna) {
      const change = (row.pot_delta || 0) + n * (row.refill || 0);
      pot = fresh ? (view.pot || 0) + change : pot + change;
      const td = el("td", { class: "num pot", "data-delta": change, "data-run": pot, "data-label": potLabel });
      td.append(el("span", { class: "delta" }, signed(change)), el("span", { class: "run" }, fmt(pot)));
      tr.appendChild(td);
    }
    tr.dataset.run = run.join(",");
    if (vienna) tr.dataset.pot = String(pot);
    body.appendChild(tr);
  });
  if (!rows.length) {
    const tr = el("tr", { class: "empty" });
    tr.appendChild(el("td", { colspan: 4 + n + (vienna ? 1 : 0), class: "muted" }, t("No deal finished yet.")));
    body.appendChild(tr);
  }
  const total = el("tr", { class: "total" });
  total.appendChild(el("th", { scope: "row", colspan: 4 }, vienna ? t("Balance") : t("Total")));
  finalTotals.forEach((v, s) => total.appendChild(el("td", { class: "num", "data-seat": s, "data-value": v, "data-label": names[s] }, fmt(v))));
  const potShown = fresh ? potChanges : view.pot;
  if (vienna) total.appendChild(el("td", { class: "num pot", "data-value": potShown, "data-label": potLabel }, fmt(potShown)));
  table.createTFoot().appendChild(total);
  wrap.appendChild(table);

  const all = finalTotals.reduce((a, b) => a + b, 0);
  const sum = el("p", { class: "sheet-sum", "data-total-all": all });
  if (vienna) {
    // the check: what the players won or lost and what the pot took or gave add up (to the stake paid in)
    sum.dataset.pot = String(potShown);
    sum.dataset.check = String(all + potShown);
    sum.textContent = `${t("Balances together")}: ${fmt(all)} · ${word("Pot")}: ${fmt(potShown)} · ${t("together")}: ${fmt(all + potShown)}`;
  } else {
    sum.dataset.check = String(all);
    sum.textContent = `${t("All players together")}: ${fmt(all)} (${tf("%(n)s of %(total)s deals", { n: view.deals_played, total: view.deals_total })})`;
  }
  wrap.appendChild(sum);
  return wrap;
}

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
  if (vienna) box.appendChild(el("p", { class: "pref-pot" }, `${word("Pot")}: ${fmt(view.pot)}`));
  return box;
}
