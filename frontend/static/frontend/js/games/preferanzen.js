// preferanzen + preference_vienna (one engine, see docs/rules/preferanzen.md): game-specific parts of
// the table (hooks: see index.js). The bid ladder with only the legal next steps enabled, the
// declaration, Mitspielen / Aussteigen / Einladen, the talon (face up only for the declarer while he
// exchanges), the contract and who defends, Bettler Ouvert's open hand, the Vienna pot, and a score
// sheet with one row per deal and running totals. Everything shown comes from the seat's view.
// Branches on view.game; game terms (seeds 000 and 002) in the reader's words (i18n.js word()). The Vienna
// variant is preference_vienna.js: this module with its own name, picture, line and contract words.
import { contractLineFor, contractTextFor, pictures, preferanzenBlurb } from "./preferanzen/words.js";

export const name = "preferanzen";
export const picture = pictures.preferanzen;
export const blurb = preferanzenBlurb;
export const contractLine = contractLineFor(false);
export const contractText = contractTextFor(false);
export { actionLabel, bidName, contractName } from "./preferanzen/names.js";
export { actionsPanel } from "./preferanzen/panels.js";
export { felt } from "./preferanzen/felt.js";
export { rowResult, rowTitle } from "./preferanzen/result.js";
export { finalSummary, sheet } from "./preferanzen/sheet.js";
