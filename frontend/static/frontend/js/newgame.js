// New game dialog: game, rule options, seats (human or AI), AI version, AI names, deck pictures.
import { post } from "./api.js";
import { deckStyle, setDeckStyle } from "./deck.js";
import { el } from "./dom.js";
import { fillLadder, fillVersions, loadGames } from "./games.js";
import { t, tf, tn } from "./i18n.js";
import { gameTitle } from "./titles.js";

const form = document.getElementById("new-game");
const gameSelect = form.querySelector("#ng-game");
const aiSelect = form.querySelector("#ng-ai");
const optionsBox = form.querySelector("[data-role=options]");
const seatsBox = form.querySelector("[data-role=seats]");
const message = form.querySelector("[data-role=message]");
const turnBased = form.querySelector("[data-role=turn-based-box]");
const daysRow = form.querySelector("[data-role=days-row]");
const daysSelect = form.querySelector("[data-role=days]");
let games = [];

// Turn-based: 1 to 14 days per move (3 unless chosen otherwise).
for (let n = 1; n <= 14; n += 1) daysSelect.append(el("option", { value: n, selected: n === 3 }, tn("%(n)s day", "%(n)s days", n)));
turnBased.addEventListener("change", () => {
  daysRow.hidden = !turnBased.checked;
});

function current() {
  return games.find((g) => g.game === gameSelect.value);
}

// Each game's rule options as the server describes them (games/catalog/option_meta.py, already translated):
// a select for a known set of values, a checkbox for a boolean, a number field with the engine's bounds.
const OPTION_FIELDS = JSON.parse(form.dataset.optionFields || "{}");

function optionInput(field) {
  const { key, label } = field;
  const value = field.default;
  const id = `opt-${key}`;
  let input;
  if (field.kind === "bool") {
    input = el("input", { type: "checkbox", id, "data-option": key, "data-kind": "bool" });
    input.checked = value;
    return el("p", { class: "option", "data-key": key }, el("label", { for: id }, input, ` ${label}`));
  }
  if (field.kind === "choice") {
    const kind = typeof value === "number" ? "number" : "string";
    input = el("select", { id, "data-option": key, "data-kind": kind });
    for (const [v, text] of field.choices) {
      const option = el("option", { value: v }, text);
      if (v === value) option.selected = true;
      input.append(option);
    }
  } else if (field.kind === "number") {
    input = el("input", { type: "number", id, "data-option": key, "data-kind": "number", value, step: 1, min: field.min, max: field.max });
  } else if (field.kind === "string") {
    input = el("input", { id, "data-option": key, "data-kind": "string", value });
  } else {
    input = el("input", { id, "data-option": key, "data-kind": "json", value: JSON.stringify(value) });
  }
  const row = el("p", { class: "option", "data-key": key }, el("label", { for: id }, label), " ", input);
  if (field.help) row.append(" ", el("small", { class: "muted" }, field.help));
  return row;
}

function renderSeats(game, players) {
  seatsBox.replaceChildren(el("legend", {}, t("Seats")));
  const names = game.ai_names || [];
  for (let i = 0; i < players; i += 1) {
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
}

function renderGame() {
  const game = current();
  if (!game) return;
  optionsBox.replaceChildren(el("legend", {}, t("Rule options")));
  const fields = OPTION_FIELDS[game.game] || [];
  if (!fields.length) optionsBox.append(el("p", { class: "muted" }, t("This game has no rule options.")));
  for (const field of fields) optionsBox.append(optionInput(field));
  renderSeats(game, game.players);
  const count = optionsBox.querySelector("[data-option=players]");
  if (count) count.addEventListener("change", () => renderSeats(game, Number(count.value)));
  fillVersions(aiSelect, game, form.querySelector("[data-role=ai-words]"));
  fillLadder(form.querySelector("[data-role=ai-ladder]"), game);
  form.querySelector("[data-role=rules-link]").href = `/rules/${encodeURIComponent(game.game)}/`;
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
      private: form.querySelector("input[name=private]").checked,
      ...(turnBased.checked ? { turn_based: true, days_per_move: Number(daysSelect.value) } : {}),
      name: nameInput ? nameInput.value.trim() : "",
    });
    location.href = `/matches/${match.id}/`;
  } catch (exc) {
    message.textContent = exc.message;
  }
});
