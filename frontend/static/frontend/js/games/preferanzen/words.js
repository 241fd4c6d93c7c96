// The words of Preferanzen and Preference (Wien) outside their own panels: each variant's home-page
// line and picture, and the contract line (who plays what, and who defends against it).
import { t, tf } from "../../i18n.js";
import { nameList } from "../wording.js";
import { contractName } from "./names.js";

export const pictures = {
  preferanzen: { style: "german", cards: ["AC", "AS", "AD", "AH"] }, // the four suits of the ladder
  vienna: { style: "french", cards: ["AC", "AS", "AD", "AH"] },
};

export function preferanzenBlurb() {
  return t("Three players bid up the Austrian ladder; the declarer plays alone against two.");
}

export function viennaBlurb() {
  return t("The Viennese three-hand game with a pot: take six tricks, collect from the pot.");
}

/** The contract beside the trump: the game's name in the reader's words. */
export function contractTextFor(vienna) {
  return (view, style) => contractName(view.contract, view.high_bid, style, vienna);
}

/** The contract line of one variant: "Anna plays Herz; against: Ben and Mia". */
export function contractLineFor(vienna) {
  return (view, names, style) => {
    if (!view.contract || typeof view.declarer !== "number") return "";
    const contract = contractName(view.contract, null, style, vienna);
    const defense = view.defense || [];
    const against = names
      .map((_, s) => s)
      .filter((s) => s !== view.declarer && (defense[s] !== "drop" || view.guest === s))
      .map((s) => names[s]);
    const who = names[view.declarer];
    if (!against.length) return tf("%(name)s plays %(contract)s; both opponents dropped out", { name: who, contract });
    return tf("%(name)s plays %(contract)s; against: %(others)s", { name: who, contract, others: nameList(against) });
  };
}
