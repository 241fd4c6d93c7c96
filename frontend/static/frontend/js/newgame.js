// New game dialog: game, rule options, seats (human or AI), AI version, AI names, deck pictures.
import { post } from "./api.js";
import { deckStyle, setDeckStyle } from "./cards.js";
import { fillVersions, loadGames } from "./games.js";
import { gameTitle, t, tf } from "./i18n.js";
import { el } from "./ui.js";

const form = document.getElementById("new-game");
const gameSelect = form.querySelector("#ng-game");
const aiSelect = form.querySelector("#ng-ai");
const optionsBox = form.querySelector("[data-role=options]");
const seatsBox = form.querySelector("[data-role=seats]");
const message = form.querySelector("[data-role=message]");
let games = [];

function current() {
  return games.find((g) => g.game === gameSelect.value);
}

function optionInput(key, value) {
  const id = `opt-${key}`;
  let input;
  if (typeof value === "boolean") {
    input = el("input", { type: "checkbox", id, "data-option": key, "data-kind": "bool" });
    input.checked = value;
    return el("p", {}, el("label", { for: id }, input, ` ${key}`));
  }
  if (typeof value === "number") input = el("input", { type: "number", id, "data-option": key, "data-kind": "number", value });
  else if (typeof value === "string") input = el("input", { id, "data-option": key, "data-kind": "string", value });
  else input = el("input", { id, "data-option": key, "data-kind": "json", value: JSON.stringify(value) });
  return el("p", {}, el("label", { for: id }, key), " ", input);
}

function renderGame() {
  const game = current();
  if (!game) return;
  optionsBox.replaceChildren(el("legend", {}, t("Rule options")));
  const entries = Object.entries(game.options || {});
  if (!entries.length) optionsBox.append(el("p", { class: "muted" }, t("This game has no rule options.")));
  for (const [k, v] of entries) optionsBox.append(optionInput(k, v));
  seatsBox.replaceChildren(el("legend", {}, t("Seats")));
  const names = game.ai_names || [];
  for (let i = 0; i < game.players; i += 1) {
    const row = el("div", { class: "seat-row", "data-seat": i });
    row.append(el("span", { class: "seat-no" }, tf("Seat %(n)s", { n: i + 1 })));
    if (i === 0) {
      row.append(el("span", {}, t("you")));
    } else {
      const kind = el("select", { "data-kind": "", "aria-label": tf("Seat %(n)s: human or AI", { n: i + 1 }) });
      kind.append(el("option", { value: "ai" }, t("AI")), el("option", { value: "human" }, t("human player")));
      const name = el("input", { "data-name": "", maxlength: 40, value: names[i - 1] || "", "aria-label": tf("Name of the AI on seat %(n)s", { n: i + 1 }) });
      kind.addEventListener("change", () => {
        name.hidden = kind.value !== "ai";
      });
      row.append(kind, name);
    }
    seatsBox.append(row);
  }
  fillVersions(aiSelect, game);
  const style = deckStyle(game.game);
  form.querySelectorAll("input[name=deck]").forEach((r) => {
    r.checked = r.value === style;
  });
}

function readOptions() {
  const options = {};
  for (const input of optionsBox.querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "bool") options[input.dataset.option] = input.checked;
    else if (kind === "number") options[input.dataset.option] = Number(input.value);
    else if (kind === "json") options[input.dataset.option] = JSON.parse(input.value);
    else options[input.dataset.option] = input.value;
  }
  return options;
}

loadGames().then((list) => {
  games = list;
  gameSelect.replaceChildren(...games.map((g) => el("option", { value: g.game }, gameTitle(g.game))));
  if (games.some((g) => g.game === form.dataset.game)) gameSelect.value = form.dataset.game;
  renderGame();
});
gameSelect.addEventListener("change", renderGame);

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const game = current();
  const seats = [{ kind: "human", name: "" }];
  for (const row of seatsBox.querySelectorAll(".seat-row")) {
    if (row.dataset.seat === "0") continue;
    const kind = row.querySelector("[data-kind]").value;
    seats.push({ kind, name: kind === "ai" ? row.querySelector("[data-name]").value.trim() : "" });
  }
  const deck = form.querySelector("input[name=deck]:checked");
  if (deck) setDeckStyle(game.game, deck.value);
  let options;
  try {
    options = readOptions();
  } catch {
    message.textContent = t("A rule option is not valid.");
    return;
  }
  const nameInput = form.querySelector("#ng-name");
  try {
    const match = await post("/api/matches/", {
      game: game.game,
      options,
      seats,
      creator_seat: 0,
      ai_version: aiSelect.value || "anton",
      spectators_allowed: form.querySelector("input[name=spectators]").checked,
      name: nameInput ? nameInput.value.trim() : "",
    });
    location.href = `/matches/${match.id}/`;
  } catch (exc) {
    message.textContent = exc.message;
  }
});
