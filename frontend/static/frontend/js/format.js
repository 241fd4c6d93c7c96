// Numbers as the page's language writes them.
import { lang } from "./i18n.js";

function locale() {
  return { en: "en-GB", ru: "ru-RU" }[lang()] || "de-DE";
}

export function fmt(n) {
  if (typeof n !== "number") return n === null || n === undefined ? "—" : String(n);
  return n.toLocaleString(locale());
}

/** A moment (ISO 8601) in the reader's time zone: "14:32" today, "Di., 14:32" on another day. */
export function clock(iso) {
  const date = new Date(iso);
  const today = date.toDateString() === new Date().toDateString();
  const parts = today ? { hour: "2-digit", minute: "2-digit" } : { weekday: "short", hour: "2-digit", minute: "2-digit" };
  return date.toLocaleString(locale(), parts);
}

/** A change with its sign: "+3", "0", "-2". */
export function signed(n) {
  if (typeof n !== "number") return fmt(n);
  return n > 0 ? `+${fmt(n)}` : fmt(n);
}
