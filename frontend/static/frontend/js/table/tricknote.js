// Who took the last trick and what it was worth, in the game's own unit: its points where a trick has
// a value (Preisjass, Schnapsen), else the number of tricks the winner holds now (the Preferans games).
import { gameModule } from "../games/index.js";
import { t, tf } from "../i18n.js";
import { seatName } from "../seats.js";

function counts(view) {
  if (!view) return null;
  if (Array.isArray(view.tricks_won)) return view.tricks_won;
  if (Array.isArray(view.tricks) && view.tricks.every((n) => typeof n === "number")) return view.tricks;
  return null;
}

/** The seat that took the view's last trick: named by the view (also after a reload), else the one
 * count that grew since `prev`. */
function winnerOf(prev, view) {
  const last = view.last_trick;
  if (last && !Array.isArray(last) && typeof last.winner === "number") return last.winner;
  if (typeof view.last_trick_winner === "number") return view.last_trick_winner; // added by the server
  const history = Array.isArray(view.tricks) ? view.tricks[view.tricks.length - 1] : null;
  if (history && typeof history === "object" && typeof history.winner === "number") return history.winner;
  const now = counts(view);
  const before = counts(prev);
  if (!now || !before || now.length !== before.length) return null;
  const grew = now.map((n, s) => n - before[s]);
  const seat = grew.indexOf(1);
  return seat >= 0 && grew.reduce((a, b) => a + b, 0) === 1 ? seat : null;
}

/** The note for the last trick of `view` (drawn after `prev`), or "" when it cannot be told. */
export function trickNote(prev, view, seats, mySeat) {
  if (!view || !view.last_trick) return "";
  const winner = winnerOf(prev, view);
  if (winner === null) return "";
  const last = view.last_trick;
  const cards = (Array.isArray(last) ? last : last.cards || []).map((e) => e.card);
  const mod = gameModule(view.game);
  let points = !Array.isArray(last) && typeof last.points === "number" ? last.points : null;
  if (points === null && mod.trickPoints) points = mod.trickPoints(cards);
  const me = winner === mySeat;
  const name = seatName(seats, winner);
  if (points !== null) {
    return me ? tf("You take the trick, +%(points)s", { points }) : tf("%(name)s takes the trick, +%(points)s", { name, points });
  }
  const held = counts(view);
  const n = held ? held[winner] : null;
  if (n === null || n === undefined) return me ? t("You take the trick") : tf("%(name)s takes the trick", { name });
  return me ? tf("You take the trick (tricks: %(n)s)", { n }) : tf("%(name)s takes the trick (tricks: %(n)s)", { name, n });
}
