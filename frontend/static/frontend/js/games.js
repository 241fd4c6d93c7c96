// The games catalogue (GET /api/games/) and the AI version labels with their "Ø gegen Anton" figure.
import { get } from "./api.js";
import { el } from "./dom.js";
import { fmt } from "./format.js";
import { word } from "./i18n.js";

let cache = null;

export async function loadGames() {
  if (!cache) cache = get("/api/games/").then((data) => data.games || []);
  return cache;
}

export function versionName(version) {
  return version ? version.charAt(0).toUpperCase() + version.slice(1) : "";
}

/** "Anton (Ø — gegen Anton)" or "Berta (Ø +3,5 gegen Anton)". */
export function versionLabel(game, version) {
  const strength = game.ai_strength ? game.ai_strength[version] : null;
  let figure = "—";
  if (typeof strength === "number") figure = `${strength > 0 ? "+" : ""}${fmt(Math.round(strength * 10) / 10)}`;
  return `${versionName(version)} (Ø ${figure} ${word("gegen")} Anton)`;
}

export function fillVersions(select, game) {
  const versions = game.ai_versions && game.ai_versions.length ? game.ai_versions : ["anton"];
  const previous = select.value;
  select.replaceChildren();
  for (const v of versions) select.appendChild(el("option", { value: v }, versionLabel(game, v)));
  if (versions.includes(previous)) select.value = previous;
}
