// The game modules: the generic table asks the module of view.game instead of branching on the name.
// A module declares its `name` and any of these hooks; the ones it leaves out come from plain.js, the
// neutral module (also used for a name no module claims):
//   deckStyle                            "german" | "french", the deck drawn unless the player chose one
//   picture                              {style, cards}, the fan of cards on the home page
//   quickStart                           the URL of its quick-start page, "" for none
//   blurb()                              -> string one line about the game on the home page
//   sheetTitle()                         -> string the heading of the score sheet
//   contractLine(view, names, style)     -> string the contract in one line, "" when there is none yet
//   contractText(view, style)            -> string view.contract in words beside the trump, "" for none
//   trumpCardLabel()                     -> string the caption of the card turned up for trump
//   seatFacts(view, seat)                -> Node   extra facts on a seat's name plate, or null
//   chartAxis()                          -> {title, xLabel} of the score chart (deals or games)
//   liveStanding(score)                  -> string where a match of the live list stands ("Deal 4")
// and these, which have no neutral version (the caller checks for them):
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
// Each game registers itself below (one import line and one list entry per game). A game module imports
// only leaf modules (cards, dom, format, i18n, ...), never the table or the sheets: no import circles.
import * as plain from "./plain.js";
import * as preferans from "./preferans.js";
import * as preferanzen from "./preferanzen.js";
import * as preference_vienna from "./preference_vienna.js";
import * as preisjass from "./preisjass.js";
import * as schnapsen from "./schnapsen.js";

const GAMES = [preisjass, schnapsen, preferanzen, preference_vienna, preferans];

const MODULES = new Map(GAMES.map((mod) => [mod.name, Object.freeze({ ...plain, ...mod })]));
const PLAIN = Object.freeze({ ...plain });

/** The module of `game` (a name as the server spells it), or the neutral one. */
export function gameModule(game) {
  return MODULES.get(game) || PLAIN;
}
