// The home page's game pictures: a few of the game's own cards fanned out, as one small SVG. Which
// cards, in which deck, the game's module says (its `picture`: cards that say something about the game,
// in the deck its players know best).
import { cardSVG } from "./cards.js";
import { svgEl } from "./dom.js";
import { gameModule } from "./games/index.js";

/** An SVG fan of the game's cards (aria-hidden: the title next to it names the game). */
export function gamePicture(game) {
  const pic = gameModule(game).picture;
  const svg = svgEl("svg", { viewBox: "0 0 120 100", class: "game-picture", "aria-hidden": "true", focusable: "false", "data-game": game });
  const n = pic.cards.length;
  pic.cards.forEach((card, i) => {
    const angle = (i - (n - 1) / 2) * 20;
    const g = svg.appendChild(svgEl("g", { transform: `rotate(${angle} 60 115)` }));
    const face = cardSVG(card, pic.style);
    for (const [k, v] of Object.entries({ x: 38, y: 8, width: 44, height: 66 })) face.setAttribute(k, String(v));
    g.appendChild(face);
  });
  return svg;
}
