// Home: the games, my running matches, the open tables of others and the liveliest tables to watch
// (live from ws/lobby/?live=top).
import { get, post } from "./api.js";
import { loadGames } from "./games.js";
import { el } from "./dom.js";
import { gameModule } from "./games/index.js";
import { t, tf, tn } from "./i18n.js";
import { lobbyFeed } from "./live.js";
import { liveLine, showTables } from "./livelist.js";
import { gamePicture } from "./pictures.js";
import { gameTitle } from "./titles.js";
import { timeLeftUntil } from "./turnclock.js";

const root = document.getElementById("home-app");
const lists = {
  games: root.querySelector("[data-role=games]"),
  turns: root.querySelector("[data-role=turns]"),
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

function daysText(match) {
  return tn("turn-based, %(n)s day per move", "turn-based, %(n)s days per move", match.days_per_move);
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
  showTurns(mine);
  lists.mine.replaceChildren(
    ...(mine.length
      ? mine.map((m) => {
          const href = `/matches/${m.id}/`;
          const li = el("li", { "data-match": m.id }, el("a", { href }, `${gameTitle(m.game)} #${m.id}`));
          if (!m.paused) {
            li.append(` – ${statusText(m.status)}${m.turn_based ? ` (${daysText(m)})` : ""}: ${seatsText(m)}`);
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

// "My turn": the turn-based tables waiting for me (my move, or a choice over a player whose time ran
// out), the nearest deadline first; shown while I sit at any running turn-based table.
function showTurns(matches) {
  const running = matches.filter((m) => m.turn_based && m.status === "running");
  const box = root.querySelector("[data-role=turns-box]");
  box.hidden = !running.length;
  const waiting = running.filter((m) => m.my_turn || m.my_choice);
  waiting.sort((a, b) => (Date.parse(a.turn.deadline || "") || 0) - (Date.parse(b.turn.deadline || "") || 0));
  lists.turns.replaceChildren(
    ...(waiting.length
      ? waiting.map((m) => {
          const href = `/matches/${m.id}/`;
          const li = el("li", { "data-match": m.id, "data-turn": m.my_turn ? "move" : "choice" }, el("a", { href }, `${gameTitle(m.game)} #${m.id}`));
          const who = (m.seats[m.turn.seat] || {}).name || "…";
          let text;
          if (m.my_turn) text = m.turn.overdue ? t("your time is up: move now") : tf("your move: %(left)s", { left: timeLeftUntil(m.turn.deadline) });
          else text = tf("%(name)s has run out of time: decide how the table goes on", { name: who });
          const button = el("a", { class: "button primary", href, "data-action": m.my_turn ? "play" : "decide" }, m.my_turn ? t("To the table") : t("Decide"));
          li.append(el("span", { class: "turn-what" }, text), button);
          return li;
        })
      : [el("li", { class: "muted" }, t("Nothing to do: the other players are to move."))]),
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

let openShown = null; // the open tables as last drawn

function showOpen(matches) {
  const ids = new Set(mine.map((m) => m.id));
  const others = matches.filter((m) => !ids.has(m.id));
  // A lobby push that changes nothing here leaves the buttons alone: one being clicked stays.
  const key = JSON.stringify(others);
  if (key === openShown) return;
  openShown = key;
  lists.open.replaceChildren(
    ...(others.length
      ? others.map((m) => {
          const btn = el("button", { type: "button", "data-join": m.id }, t("Take a seat"));
          btn.addEventListener("click", () => join(m));
          const watch = m.spectators_allowed ? el("a", { href: `/matches/${m.id}/` }, t("watch")) : null;
          const kind = m.turn_based ? ` (${daysText(m)})` : "";
          return el("li", { "data-match": m.id }, el("strong", {}, `${gameTitle(m.game)} #${m.id}`), `${kind} ${seatsText(m)} `, btn, " ", watch);
        })
      : [el("li", { class: "muted" }, t("No open tables right now."))]),
  );
}

function showLive(matches) {
  showTables(lists.live, matches, liveLine, t("No table is being played right now."));
}

setInterval(() => showTurns(mine), 60000); // the time left counts down

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
