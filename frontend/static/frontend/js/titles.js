import { gameModule } from "./games/index.js";

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
  return gameModule(game).sheetTitle();
}
