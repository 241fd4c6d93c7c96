// Rules pages: every element with data-cards="AH KH ..." gets those cards drawn as pictures, in the deck
// the player chose for this game (data-deck on the element forces one).
import { cardImage } from "./cards.js";
import { deckStyle } from "./deck.js";

const root = document.getElementById("rules-app");
const game = root ? root.dataset.game : "";

for (const row of document.querySelectorAll("[data-cards]")) {
  const style = row.dataset.deck || deckStyle(game);
  const cards = row.dataset.cards.split(/\s+/).filter(Boolean);
  row.replaceChildren(...cards.map((card) => cardImage(card, style, "small")));
  row.classList.add("card-row");
}
