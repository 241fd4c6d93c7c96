// UI strings: English msgids, translated by Django's JavaScript catalog (djangojs domain).
import { ENGLISH, RUSSIAN } from "./gamewords.js";

export function t(msgid) {
  return window.django && window.django.gettext ? window.django.gettext(msgid) : msgid;
}

/** t() with %(name)s placeholders filled from `values`. */
export function tf(msgid, values) {
  return t(msgid).replace(/%\((\w+)\)s/g, (_, key) => (key in values ? String(values[key]) : ""));
}

/**
 * The plural form of `singular` / `plural` (English msgids, "%(n)s" filled with `n` as shown by `shown`)
 * that the language uses for the number `n` (Django's ngettext with the catalogue's plural rule, which
 * sees the fraction: German and English say "1.5 points", Russian has a form of its own for fractions,
 * "0,5 игрового очка" beside "2 игровых очка").
 */
export function tn(singular, plural, n, shown = String(n)) {
  const count = Math.abs(n);
  const text = window.django && window.django.ngettext
    ? window.django.ngettext(singular, plural, count)
    : count === 1 ? singular : plural;
  return text.replace(/%\(n\)s/g, shown);
}

/** "1 trick", "3 tricks" (Russian: "1 взятка", "3 взятки", "5 взяток"). */
export function tricksText(n) {
  return tn("%(n)s trick", "%(n)s tricks", n);
}

/** "1 card", "10 cards" (Russian: "1 карта", "3 карты", "10 карт"). */
export function cardsText(n) {
  return tn("%(n)s card", "%(n)s cards", n);
}

export function lang() {
  return document.documentElement.lang || "de";
}

// Game terms are written in German and shown in the reader's language (gamewords.js).
const TERMS = {
  play: "Ausspielen",
  bid: "Reizen",
  exchange: "Drücken",
  exchange_trump: "Trumpf austauschen",
  close: "Zudrehen",
  declare: "Ansagen",
  defend: "Verteidigen",
  invite: "Einladen",
  mode: "Spielweise",
  marriage: "Ansage (20/40)",
  pass: "Passe",
  hold: "Halte",
  stay: "Mitgehen",
  drop: "Aussteigen",
  open: "Offen",
  closed: "Verdeckt",
  whist: "Whist",
  half: "Halb-Whist",
  geschaeft: "Geschäft",
  herzpraemie: "Herzprämie",
  MIS: "Misère",
  NT: "ohne Trumpf",
};

/** A German game term as shown in the current language: itself in German, else the players' word. */
export function word(german) {
  const words = { en: ENGLISH, ru: RUSSIAN }[lang()];
  return words ? words[german] || german : german;
}

/** word() at the head of a label or line: Russian words are written lower case, a head starts upper. */
export function headWord(german) {
  const shown = word(german);
  return shown.charAt(0).toUpperCase() + shown.slice(1);
}

export function term(key) {
  return word(TERMS[key] || key);
}
