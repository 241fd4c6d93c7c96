import { t } from "./i18n.js";

// Game titles as the server names them (games/catalog/titles.py): the page carries them as JSON in
// <body data-game-titles>, so there is no copy of the list in the browser code.

let titles = null;

export function gameTitle(game) {
  if (!titles) {
    try {
      titles = JSON.parse(document.body.dataset.gameTitles || "{}");
    } catch {
      titles = {};
    }
  }
  return titles[game] || game;
}

/** The score sheet's heading in each game's own word (a Preisjass run, a Schnapsen Bummerl, ...). */
export function sheetTitle(game) {
  switch (game) {
    case "preisjass":
      return t("Score sheet of the run");
    case "schnapsen":
      return t("Score sheet of the Bummerl");
    case "preferans":
      return t("Score sheet of the pool");
    default:
      return t("Score sheet of the session");
  }
}
