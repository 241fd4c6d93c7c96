// Home: the games, my running matches, the open tables of others and the liveliest tables to watch
// (live from ws/lobby/?live=top).
import { get, post } from "./api.js";
import { loadGames } from "./games.js";
import { el } from "./dom.js";
import { gameModule } from "./games/index.js";
import { t, tn } from "./i18n.js";
import { lobbyFeed } from "./live.js";
import { liveLine, showTables } from "./livelist.js";
import { gamePicture } from "./pictures.js";
import { gameTitle } from "./titles.js";

const root = document.getElementById("home-app");
const lists = {
  games: root.querySelector("[data-role=games]"),
  mine: root.querySelector("[data-role=mine]"),
  open: root.querySelector("[data-role=open]"),
  history: root.querySelector("[data-role=history]"),
  live: root.querySelector("[data-role=live]"),
};
const message = root.querySelector("[data-role=message]");
let mine = [];
let mineKey = "";

function seatsText(match) {
  return match.seats.map((s) => (s.free ? t("free seat") : `${s.name}${s.kind === "ai" ? ` ${t("(AI)")}` : ""}`)).join(", ");
}

function statusText(status) {
  return { open: t("waiting for players"), running: t("running"), finished: t("finished"), abandoned: t("abandoned") }[status] || status;
}

async function showGames() {
  const games = await loadGames();
  lists.games.replaceChildren(
    ...games.map((g) => {
      const li = el("li", { class: "game-tile", "data-game": g.game });
      const text = el("div", { class: "game-text" }, el("strong", {}, gameTitle(g.game)), " ", el("span", { class: "muted" }, tn("%(n)s player", "%(n)s players", g.players)));
      const mod = gameModule(g.game);
      text.append(el("p", { class: "game-line" }, mod.blurb()));
      li.append(gamePicture(g.game), text);
      const links = el("span", { class: "links" });
      if (mod.quickStart) links.append(el("a", { class: "button", href: mod.quickStart }, t("Quick start")));
      links.append(el("a", { class: "button secondary", href: `/new/?game=${encodeURIComponent(g.game)}` }, t("New game")));
      links.append(el("a", { class: "button secondary", href: `/rules/${encodeURIComponent(g.game)}/`, "data-rules": g.game }, t("Rules")));
      links.append(el("a", { class: "button secondary", href: `/leaderboard/${encodeURIComponent(g.game)}/`, "data-leaderboard": g.game }, t("Leaderboard")));
      li.append(links);
      return li;
    }),
  );
}

async function showMine() {
  try {
    mine = (await get("/api/matches/mine/")).matches || [];
  } catch {
    mine = [];
  }
  // Every lobby update reads the list again: redrawn only when it changed (a button keeps its focus).
  const key = JSON.stringify(mine);
  if (key === mineKey) return;
  mineKey = key;
  lists.mine.replaceChildren(
    ...(mine.length
      ? mine.map((m) => {
          const href = `/matches/${m.id}/`;
          const li = el("li", { "data-match": m.id }, el("a", { href }, `${gameTitle(m.game)} #${m.id}`));
          if (!m.paused) {
            li.append(` – ${statusText(m.status)}: ${seatsText(m)}`);
            return li;
          }
          // A table against AI waits for its player: it goes on where it stopped.
          li.dataset.paused = "true";
          li.append(` – ${t("paused")}: ${seatsText(m)} `, el("a", { class: "button primary", href, "data-action": "continue" }, t("Continue")));
          return li;
        })
      : [el("li", { class: "muted" }, t("No running matches."))]),
  );
}

function when(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString(document.documentElement.lang || undefined, { dateStyle: "short", timeStyle: "short" });
}

async function showHistory() {
  let done = [];
  try {
    done = (await get("/api/matches/mine/?status=finished")).matches || [];
  } catch {
    done = [];
  }
  lists.history.replaceChildren(
    ...(done.length
      ? done.map((m) =>
          el(
            "li",
            { "data-match": m.id },
            el("strong", {}, `${gameTitle(m.game)} #${m.id}`),
            ` – ${when(m.created_at)}: ${seatsText(m)}${m.practice ? ` (${t("practice")})` : ""} `,
            m.embargoed ? null : el("a", { href: `/matches/${m.id}/replay/`, "data-replay": m.id }, t("Watch the replay")),
          ),
        )
      : [el("li", { class: "muted" }, t("No finished matches yet."))]),
  );
}

async function join(match) {
  const input = document.getElementById("guest-name");
  const name = input ? input.value.trim() : "";
  if (input && !name) {
    message.textContent = t("Please enter your name first.");
    input.focus();
    return;
  }
  try {
    await post(`/api/matches/${match.id}/join/`, { name });
    location.href = `/matches/${match.id}/`;
  } catch (exc) {
    message.textContent = exc.message;
  }
}

function showOpen(matches) {
  const ids = new Set(mine.map((m) => m.id));
  const others = matches.filter((m) => !ids.has(m.id));
  lists.open.replaceChildren(
    ...(others.length
      ? others.map((m) => {
          const btn = el("button", { type: "button", "data-join": m.id }, t("Take a seat"));
          btn.addEventListener("click", () => join(m));
          const watch = m.spectators_allowed ? el("a", { href: `/matches/${m.id}/` }, t("watch")) : null;
          return el("li", { "data-match": m.id }, el("strong", {}, `${gameTitle(m.game)} #${m.id}`), ` ${seatsText(m)} `, btn, " ", watch);
        })
      : [el("li", { class: "muted" }, t("No open tables right now."))]),
  );
}

function showLive(matches) {
  showTables(lists.live, matches, liveLine, t("No table is being played right now."));
}

showGames().catch(() => lists.games.replaceChildren(el("li", {}, t("Could not load the games."))));
showHistory();
let livePushed = false; // the socket's list is newer than the REST answer
get("/api/matches/live/?limit=5")
  .then((body) => livePushed || showLive(body.matches || []))
  .catch(() => livePushed || showLive([]));
showMine().then(async () => {
  try {
    showOpen((await get("/api/matches/")).matches || []);
  } catch {
    showOpen([]);
  }
  const onLive = (matches) => {
    livePushed = true;
    showLive(matches);
  };
  lobbyFeed((matches) => {
    showMine().then(() => showOpen(matches));
  }, { live: "top", onLive });
});
