// The games catalogue (GET /api/games/) and the AI choices in words: name, level, figure against Anton.
import { get } from "./api.js";
import { el } from "./dom.js";

let cache = null;

export async function loadGames() {
  if (!cache) cache = get("/api/games/").then((data) => data.games || []);
  return cache;
}

export function versionName(version) {
  return version ? version.charAt(0).toUpperCase() + version.slice(1) : "";
}

/** One AI choice (GET /api/games/ `ai_choices`) in words, worded by the server in the page's language
 * (games/catalog/ai_words.py): "Dora — gewinnt 66 % der Bummerl gegen Anton (95 %-Bereich 60–72 %)". */
export function choiceLabel(choice) {
  return choice.label || choice.name || versionName(choice.version);
}

/** The versions a player may pick: the server's list without test players, Anton when it is missing. */
export function choicesOf(game) {
  const choices = (game.ai_choices || []).filter((c) => c.version !== "random");
  return choices.length ? choices : [{ version: "anton", level: "reference" }];
}

/** Fill `select` with the game's AI levels. `words`, when given, shows the chosen level's figure in full
 * (a narrow screen cuts the option's text) and how it was measured. */
export function fillVersions(select, game, words = null) {
  const choices = choicesOf(game);
  const previous = select.value;
  select.replaceChildren();
  for (const c of choices) select.appendChild(el("option", { value: c.version }, choiceLabel(c)));
  if (choices.some((c) => c.version === previous)) select.value = previous;
  if (!words) return;
  const show = () => {
    const choice = choices.find((c) => c.version === select.value) || choices[0];
    words.replaceChildren(
      el("span", { "data-role": "ai-level" }, choiceLabel(choice)),
      ...(choice.ladder_words ? [" ", el("span", { "data-role": "ai-rung" }, choice.ladder_words)] : []),
      ...(choice.measured_on ? [" ", el("span", { class: "muted" }, choice.measured_on)] : []),
    );
  };
  select.onchange = show;
  show();
}

/** The game's levels on one scale (games/ai/ladder.json, worded by the server), strongest first: each
 * level's ladder rating beside its figure against Anton. `box` stays hidden while no level has a rating. */
export function fillLadder(box, game) {
  const list = box.querySelector("[data-role=ai-ladder-list]");
  const rated = choicesOf(game).filter((c) => c.ladder);
  rated.sort((a, b) => b.ladder.rating - a.ladder.rating);
  list.replaceChildren(
    ...rated.map((c) =>
      el(
        "li",
        { "data-version": c.version },
        el("strong", {}, c.name || versionName(c.version)),
        " — ",
        el("span", { "data-role": "ai-rung" }, c.ladder_short),
        " ",
        el("span", { class: "muted" }, c.words),
      ),
    ),
  );
  box.hidden = rated.length === 0;
}
