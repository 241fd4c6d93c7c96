// The current contract in one line, from the view's contract fields: one small function per game.
// "Anna spielt Herz, Gegenspieler: Ben und Mia", "Anna spielt 7♠, Whist: Ben", "Trumpf: Herz".
// Empty when there is nothing to explain yet (bidding, between deals).
import { suitName } from "./cards.js";
import { bidText } from "./games/preferans/bids.js";
import { contractName } from "./games/preferanzen/names.js";
import { t, tf } from "./i18n.js";

function list(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("and")} ${names[names.length - 1]}`;
}

function others(view, names, declarer, keep) {
  return names.map((_, s) => s).filter((s) => s !== declarer && keep(s)).map((s) => names[s]);
}

function preisjass(view, names, style) {
  if (!view.trump) return "";
  return tf("Trump: %(suit)s (Bodentrumpf) – everybody plays for themselves", { suit: suitName(view.trump, style) });
}

function schnapsen(view, names, style) {
  if (!view.trump) return "";
  const line = tf("Trump: %(suit)s", { suit: suitName(view.trump, style) });
  if (typeof view.closed_by === "number") return `${line} · ${tf("%(name)s has closed the stock", { name: names[view.closed_by] })}`;
  return line;
}

function preferanzen(view, names, style) {
  if (!view.contract || typeof view.declarer !== "number") return "";
  const vienna = view.game === "preference_vienna";
  const contract = contractName(view.contract, null, style, vienna);
  const defense = view.defense || [];
  const against = others(view, names, view.declarer, (s) => defense[s] !== "drop" || view.guest === s);
  const who = names[view.declarer];
  if (!against.length) return tf("%(name)s plays %(contract)s; both opponents dropped out", { name: who, contract });
  return tf("%(name)s plays %(contract)s; against: %(others)s", { name: who, contract, others: list(against) });
}

function preferans(view, names) {
  if (view.raspasy && view.phase === "play") return t("Raspasy: everybody tries to take as few tricks as possible");
  if (!view.contract || typeof view.declarer !== "number") return "";
  const who = names[view.declarer];
  const contract = bidText(view.contract);
  const whisters = (view.whisters || []).map((s) => names[s]);
  if (view.contract === "MIS") return tf("%(name)s plays %(contract)s", { name: who, contract });
  if (!whisters.length) return tf("%(name)s plays %(contract)s; nobody whists yet", { name: who, contract });
  return tf("%(name)s plays %(contract)s; whist: %(others)s", { name: who, contract, others: list(whisters) });
}

const LINES = { preisjass, schnapsen, preferanzen, preference_vienna: preferanzen, preferans };

/** The line for `view` with the seats' `names`, or "" when there is no contract to explain. */
export function contractLine(view, names, style) {
  const line = view && LINES[view.game];
  return line ? line(view, names, style) : "";
}
