// Preisjass quick start (seed 003): name, AI version for all three opponents, their names, start.
import { post } from "./api.js";
import { fillVersions, loadGames } from "./games.js";
import { t } from "./i18n.js";

const form = document.getElementById("quick-start");
const message = form.querySelector("[data-role=message]");
const select = form.querySelector("#qs-ai");

loadGames()
  .then((games) => {
    const game = games.find((g) => g.game === "preisjass");
    if (game) fillVersions(select, game, form.querySelector("[data-role=ai-words]"));
  })
  .catch(() => {
    /* Anton stays available even when the list cannot be loaded (seed 003). */
  });

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const data = new FormData(form);
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  message.textContent = t("Cutting and dealing...");
  try {
    const match = await post("/api/matches/", {
      game: "preisjass",
      seats: [
        { kind: "human", name: "" },
        { kind: "ai", name: String(data.get("ai0") || "").trim() },
        { kind: "ai", name: String(data.get("ai1") || "").trim() },
        { kind: "ai", name: String(data.get("ai2") || "").trim() },
      ],
      creator_seat: 0,
      ai_version: select.value || "anton",
      name: form.dataset.user ? "" : String(data.get("name") || "").trim(),
    });
    location.href = `/matches/${match.id}/`;
  } catch (exc) {
    button.disabled = false;
    message.textContent = exc.message;
  }
});
