// Per-game extras for the generic table. A game module may export any of:
//   sheet(view, names, style)            -> Node   the score sheet under the table
//   felt(model)                          -> Node   extra things on the felt (stock, talon, pot, ...)
//   actionsPanel(payload, send, style)   -> Node   its own panel for non-card actions (e.g. a bid ladder);
//                                                  the generic buttons are used when it returns null
//   actionLabel(action, view, style)     -> string a nicer label for one action, or null
//   rowResult(view, row, names, style)   -> Node   the result of one finished deal (dialog between deals)
//   rowTitle(view, row, number)          -> string the heading of that result ("Game n is over" if absent)
//   nextRowLabel()                       -> string the button that closes that dialog
//   finalSummary(payload, names, style)  -> Node   the result on the final screen instead of the ranking
//   trickPoints(cards)                   -> number what a finished trick is worth, where the view does
//                                                  not say (Schnapsen)
// Each game registers itself below (one import line per game). A game module imports only leaf
// modules (cards, dom, format, i18n, ...), never the table or the sheets: no import circles.
import * as preferans from "./preferans.js";
import * as preferanzen from "./preferanzen.js";
import * as preisjass from "./preisjass.js";
import * as schnapsen from "./schnapsen.js";

const MODULES = {
  preisjass,
  schnapsen,
  preferanzen,
  preference_vienna: preferanzen,
  preferans,
};

export function gameModule(game) {
  return MODULES[game] || {};
}
