// preferans (Russian Preferans, Sochi; seed 001): the bid ladder 6♠ … 10 ohne with Misère between
// 8 ohne and 9♠, the contract, whist / pass / halber Whist, offen / verdeckt, the partner's cards in
// open whist; on the felt the bids, the Stock (talon), the contract, the whist calls and the open hands;
// under the table the score sheet drawn as on paper (Pool, Berg, Whists against each opponent), a
// per-deal log and the exact settlement. Everything comes from the seat view; game terms in the
// reader's words (i18n.js word()).
export const name = "preferans";
export { bidText } from "./preferans/bids.js";
export { actionLabel, actionsPanel } from "./preferans/panels.js";
export { felt } from "./preferans/felt.js";
export { rowResult, rowTitle } from "./preferans/result.js";
export { sheet } from "./preferans/sheet.js";
export { blurb, contractLine, contractText, picture, sheetTitle } from "./preferans/words.js";
