// On the felt: deal number, contract and who defends, passes, the talon (face up only for the declarer
// while he exchanges), discards, Bettler Ouvert's open hand, tricks, the Vienna pot, the last deal.
import { cardImage } from "../../cards.js";
import { el } from "../../dom.js";
import { fmt, signed } from "../../format.js";
import { cardsText, headWord, t, tf, tricksText, word } from "../../i18n.js";
import { seatName } from "../../seats.js";
import { bidName, contractName, declarerWord, isSeat, isVienna } from "./names.js";

function cardRow(cards, style, label, cls) {
  const box = el("div", { class: `pref-cards ${cls}`, role: "group", "aria-label": label });
  box.appendChild(el("span", { class: "label" }, label));
  for (const card of cards) box.appendChild(cardImage(card, style, "mini"));
  return box;
}

function backs(n, style, label, cls) {
  const box = el("div", { class: `pref-cards ${cls}`, role: "group", "aria-label": `${label}: ${cardsText(n)}` });
  box.appendChild(el("span", { class: "label" }, label));
  for (let i = 0; i < n; i += 1) box.appendChild(cardImage(null, style, "mini back"));
  return box;
}

// What each defender decided, as game terms for word().
const DEFENCE_WORDS = { guest: "eingeladen", stay: "spielt mit", drop: "ausgestiegen" };

function defenceLine(view, seats) {
  const parts = [];
  for (const s of [0, 1, 2]) {
    if (s === view.declarer) continue;
    const state = view.guest === s ? "guest" : view.defense[s];
    if (DEFENCE_WORDS[state]) parts.push(`${seatName(seats, s)}: ${word(DEFENCE_WORDS[state])}`);
  }
  return parts.length ? el("p", { class: "pref-defence" }, parts.join(" · ")) : null;
}

function tricksLine(view, seats) {
  const who = view.playing && view.playing.length ? view.playing : [];
  if (!who.length) return null;
  const parts = who.map((s) => `${seatName(seats, s)} ${view.tricks_won[s]}`);
  return el("p", { class: "pref-tricks" }, `${t("Tricks")}: ${parts.join(" · ")}`);
}

/** One line about a finished deal (the last one, shown while the next is bid). */
function dealSummary(view, row, seats, style) {
  const vienna = isVienna(view);
  if (row.void) return vienna && !view.void_deals_count ? t("All passed: the deal is void and does not count.") : t("All passed: nobody scores.");
  const who = seatName(seats, row.declarer);
  const game = contractName(row.contract, row.bid, style, vienna);
  const outcome = row.won ? t("won") : t("lost");
  const tricks = tricksText(row.tricks[row.declarer]);
  const money = row.scores.map((v, s) => `${seatName(seats, s)} ${signed(v)}`).join(", ");
  return `${who}: ${game} – ${outcome} (${tricks}); ${money}`;
}

export function felt(model) {
  const { view, seats, style } = model;
  if (!view || (view.game !== "preferanzen" && view.game !== "preference_vienna")) return null;
  const vienna = isVienna(view);
  const box = el("div", { class: "pref-felt", "data-phase": view.phase });
  if (typeof view.deals_total === "number") {
    const n = Math.min(view.deals_played + (view.phase === "done" ? 0 : 1), view.deals_total);
    box.appendChild(el("p", { class: "pref-deal-no" }, tf("Deal %(n)s of %(total)s", { n, total: view.deals_total })));
  }
  if (view.contract && isSeat(view.declarer)) {
    box.appendChild(
      el(
        "p",
        { class: "pref-contract", "data-declarer": view.declarer },
        `${declarerWord(view)}: `,
        el("strong", {}, seatName(seats, view.declarer)),
        " · ",
        el("strong", { class: "pref-game" }, contractName(view.contract, view.high_bid, style, vienna)),
      ),
    );
    const defence = defenceLine(view, seats);
    if (defence) box.appendChild(defence);
  } else if (view.high_bid && isSeat(view.high_bidder)) {
    const label = view.phase === "bid" ? t("Highest bid") : declarerWord(view);
    box.appendChild(el("p", { class: "pref-contract" }, `${label}: `, el("strong", {}, `${bidName(view.high_bid, style, vienna)} (${seatName(seats, view.high_bidder)})`)));
  }
  if (view.phase === "bid" && Array.isArray(view.passed) && view.passed.some(Boolean)) {
    const out = [0, 1, 2].filter((s) => view.passed[s]).map((s) => seatName(seats, s));
    box.appendChild(el("p", { class: "pref-passed" }, `${headWord("Passe")}: ${out.join(", ")}`));
  }
  if (Array.isArray(view.talon) && view.talon.length) {
    box.appendChild(cardRow(view.talon, style, headWord("Talon"), "pref-talon open"));
  } else if (view.talon_size > 0 && view.phase !== "done" && view.phase !== "deal") {
    box.appendChild(backs(view.talon_size, style, headWord("Talon"), "pref-talon"));
  }
  if (Array.isArray(view.discards) && view.discards.length) {
    box.appendChild(cardRow(view.discards, style, t("Discarded"), "pref-discards"));
  }
  if (Array.isArray(view.open_hand) && isSeat(view.declarer)) {
    const label = `${headWord("Bettler Ouvert")} – ${seatName(seats, view.declarer)}`;
    box.appendChild(cardRow(view.open_hand, style, label, "pref-open-hand"));
  }
  if (view.phase === "play") {
    const tricks = tricksLine(view, seats);
    if (tricks) box.appendChild(tricks);
  }
  if (vienna && typeof view.pot === "number") {
    box.appendChild(el("p", { class: "pref-pot", "data-pot": view.pot }, `${headWord("Pot")}: `, el("strong", {}, fmt(view.pot))));
  }
  const rows = view.score_sheet || [];
  if (view.phase === "bid" && rows.length) {
    box.appendChild(el("p", { class: "pref-last-deal" }, `${t("Last deal")}: ${dealSummary(view, rows[rows.length - 1], seats, style)}`));
  }
  return box;
}
