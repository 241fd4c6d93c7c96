// schnapsen: game-specific parts of the table (see index.js for the hooks): the stock with the trump
// card turned across beneath it, the facts of the deal (own points, pending marriage, tricks, the
// Bummerl count-down), a panel for exchanging the trump Jack, closing and declaring marriages, the
// score sheet of the deals (7 -> 0) and the Bummerl result. Only what the seat's view gives is shown.
export const name = "schnapsen";
export { actionLabel, bummerlWinner, trickPoints } from "./schnapsen/labels.js";
export { actionsPanel } from "./schnapsen/panel.js";
export { felt } from "./schnapsen/felt.js";
export { finalSummary, rowResult, sheet } from "./schnapsen/sheet.js";
export { blurb, contractLine, liveStanding, picture, sheetTitle } from "./schnapsen/words.js";
