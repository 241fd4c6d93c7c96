// The current contract in one line, in the words of the game's module (its contractLine hook):
// "Anna spielt Herz, Gegenspieler: Ben und Mia", "Anna spielt 7♠, Whist: Ben", "Trumpf: Herz".
// Empty when there is nothing to explain yet (bidding, between deals).
import { gameModule } from "./games/index.js";

/** The line for `view` with the seats' `names`, or "" when there is no contract to explain. */
export function contractLine(view, names, style) {
  return view ? gameModule(view.game).contractLine(view, names, style) : "";
}
