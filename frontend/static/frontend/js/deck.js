// Which deck a game's cards are drawn in: the player's choice (per game, else the last one made),
// otherwise the game module's own deck. Apart from cards.js so that the game modules, which draw cards,
// do not import the registry that imports them.
import { gameModule } from "./games/index.js";

export function deckStyle(game) {
  const saved = localStorage.getItem(`kt.deck.${game}`) || localStorage.getItem("kt.deck");
  if (saved === "german" || saved === "french") return saved;
  return gameModule(game).deckStyle;
}

export function setDeckStyle(game, style) {
  localStorage.setItem(`kt.deck.${game}`, style);
}
