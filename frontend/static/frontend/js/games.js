// The games catalogue (GET /api/games/) and the AI choices in words: name, level, figure against Anton.
import { get } from "./api.js";
import { el } from "./dom.js";
import { fmt } from "./format.js";
import { t, tf } from "./i18n.js";

let cache = null;

export async function loadGames() {
  if (!cache) cache = get("/api/games/").then((data) => data.games || []);
  return cache;
}

export function versionName(version) {
  return version ? version.charAt(0).toUpperCase() + version.slice(1) : "";
}

const LEVELS = {
  reference: "baseline (reference)",
  stronger: "strong",
  weaker: "weaker",
};
const UNITS = { points_per_game: "%(n)s points per game", bummerl_win_percent: "%(n)s% of Bummerls won" };

function figure(value) {
  return fmt(Math.round(value * 100) / 100);
}

/** One AI choice (GET /api/games/ `ai_choices`) in words: "Anton — Grundstufe (Maßstab)", "Bernd — stark:
 * 49,1 Punkte pro Spiel gegen Anton (Anton Ø 39,25; 95 %: 47,1–51,1)", "Carl — noch nicht gemessen". */
export function choiceLabel(choice) {
  const name = versionName(choice.version);
  if (choice.level === "reference") return `${name} — ${t(LEVELS.reference)}`;
  if (choice.level === "unmeasured" || typeof choice.mean !== "number") return `${name} — ${t("not measured yet")}`;
  const unit = UNITS[choice.unit] || "%(n)s";
  const details = [];
  if (typeof choice.reference_mean === "number") details.push(tf("Anton Ø %(n)s", { n: figure(choice.reference_mean) }));
  if (typeof choice.low === "number" && typeof choice.high === "number") {
    details.push(`${t("95% interval")} ${figure(choice.low)}–${figure(choice.high)}`);
  }
  const text = tf("%(level)s: %(figure)s against Anton", { level: t(LEVELS[choice.level] || choice.level), figure: tf(unit, { n: figure(choice.mean) }) });
  return `${name} — ${text}${details.length ? ` (${details.join("; ")})` : ""}`;
}

/** The versions a player may pick: the server's list without test players, Anton when it is missing. */
export function choicesOf(game) {
  const choices = (game.ai_choices || []).filter((c) => c.version !== "random");
  return choices.length ? choices : [{ version: "anton", level: "reference" }];
}

export function fillVersions(select, game) {
  const choices = choicesOf(game);
  const previous = select.value;
  select.replaceChildren();
  for (const c of choices) select.appendChild(el("option", { value: c.version }, choiceLabel(c)));
  if (choices.some((c) => c.version === previous)) select.value = previous;
}
