// preference_vienna: Preferanzen's table (one engine) under its own name, with the Vienna pictures,
// home-page line and contract words; the shared parts branch on view.game where the pot differs.
import { contractLineFor, contractTextFor, pictures, viennaBlurb } from "./preferanzen/words.js";

export * from "./preferanzen.js";
export const name = "preference_vienna";
export const picture = pictures.vienna;
export const blurb = viennaBlurb;
export const contractLine = contractLineFor(true);
export const contractText = contractTextFor(true);
