// The /live/ page: the running public tables to watch, as cards, kept up to date by the lobby socket's
// "live" messages (ws/lobby/?live=all&game=...); the game filter is the page's ?game=.
import { get } from "./api.js";
import { t } from "./i18n.js";
import { lobbyFeed } from "./live.js";
import { liveCard, showTables } from "./livelist.js";

const REFRESH_MS = 10000; // while the socket is down, the list is read over REST this often

const root = document.getElementById("live-app");
const list = root.querySelector("[data-role=list]");
const select = root.querySelector("[data-role=game]");
const status = root.querySelector("[data-role=status]");
let feed = null;
let poll = null;
let pushed = false; // the socket has sent this filter's list: a REST answer would be older

function show(matches) {
  const empty = select.value ? t("No table of this game is being played right now.") : t("No table is being played right now.");
  showTables(list, matches, liveCard, empty);
}

async function refresh() {
  const game = select.value;
  try {
    const body = await get(`/api/matches/live/${game ? `?game=${encodeURIComponent(game)}` : ""}`);
    if (game === select.value && !pushed) show(body.matches || []);
  } catch {
    /* the socket or the next poll brings it */
  }
}

function onStatus(state) {
  if (state !== "live") pushed = false;
  status.dataset.state = state;
  status.textContent = state === "live" ? t("updated live") : t("reconnecting...");
  if (state === "live" && poll) {
    clearInterval(poll);
    poll = null;
  } else if (state !== "live" && !poll) {
    poll = setInterval(refresh, REFRESH_MS);
  }
}

function follow() {
  if (feed) feed.close();
  pushed = false;
  const onLive = (matches) => {
    pushed = true;
    show(matches);
  };
  feed = lobbyFeed(null, { live: "all", game: select.value, onLive, onStatus });
}

select.addEventListener("change", () => {
  const url = new URL(location.href);
  if (select.value) url.searchParams.set("game", select.value);
  else url.searchParams.delete("game");
  history.replaceState(null, "", url);
  refresh();
  follow();
});

refresh();
follow();
