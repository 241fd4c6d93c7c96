// Numbers as the page's language writes them.
import { lang } from "./i18n.js";

export function fmt(n) {
  if (typeof n !== "number") return n === null || n === undefined ? "—" : String(n);
  return n.toLocaleString({ en: "en-GB", ru: "ru-RU" }[lang()] || "de-DE");
}

/** A change with its sign: "+3", "0", "-2". */
export function signed(n) {
  if (typeof n !== "number") return fmt(n);
  return n > 0 ? `+${fmt(n)}` : fmt(n);
}
