// The time left to a move at a turn-based table, in words: "2 days 3 hours left", "5 hours 10 minutes
// left", "less than a minute left", "time is up".
import { t, tf, tn } from "./i18n.js";

const MINUTE = 60000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function days(n) {
  return tn("%(n)s day", "%(n)s days", n);
}

function hours(n) {
  return tn("%(n)s hour", "%(n)s hours", n);
}

function minutes(n) {
  return tn("%(n)s minute", "%(n)s minutes", n);
}

/** `ms` milliseconds left, in words (the larger unit and the next one). */
export function timeLeftText(ms) {
  if (ms <= 0) return t("time is up");
  if (ms < MINUTE) return t("less than a minute left");
  const d = Math.floor(ms / DAY);
  const h = Math.floor((ms % DAY) / HOUR);
  const m = Math.floor((ms % HOUR) / MINUTE);
  let span;
  if (d > 0) span = h > 0 ? `${days(d)} ${hours(h)}` : days(d);
  else if (h > 0) span = m > 0 ? `${hours(h)} ${minutes(m)}` : hours(h);
  else span = minutes(m);
  return tf("%(time)s left", { time: span });
}

/** The time left until `deadline` (an ISO time) from now, in words. */
export function timeLeftUntil(deadline) {
  return timeLeftText(Date.parse(deadline) - Date.now());
}
