// UI strings: English msgids, translated by Django's JavaScript catalog (djangojs domain).

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

/** "1 trick" or "%(n)s tricks", each a string of its own in the catalogue (German and Russian say it
 * differently for one). */
export function tricksText(n) {
  return n === 1 ? t("1 trick") : tf("%(n)s tricks", { n });
}

export function lang() {
  return document.documentElement.lang || "de";
}

// Game terms stay German in German and English (they come from the seeds); in Russian they become the
// words Russian players use (Preferans: пас, вист, полвиста, мизер, распасы, прикуп, снос, пуля, гора).
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

const RUSSIAN = {
  Ausspielen: "ход",
  Reizen: "торговля",
  Drücken: "снос",
  "Trumpf austauschen": "обмен козыря",
  Zudrehen: "закрыть колоду",
  Ansagen: "объявить",
  Verteidigen: "вист или пас",
  Einladen: "позвать",
  "Nicht einladen": "не звать",
  Spielweise: "способ игры",
  "Ansage (20/40)": "марьяж (20/40)",
  Passe: "пас",
  Pass: "пас",
  Halte: "держу",
  Halten: "держу",
  hier: "здесь",
  Mitgehen: "играю",
  Mitspielen: "играю",
  Aussteigen: "выхожу",
  Offen: "в светлую",
  Verdeckt: "в тёмную",
  offen: "в светлую",
  verdeckt: "в тёмную",
  Whist: "вист",
  "Halb-Whist": "полвиста",
  "halber Whist": "полвиста",
  Misère: "мизер",
  "ohne Trumpf": "без козыря",
  ohne: "б/к",
  Passspiel: "распасы",
  Alleinspieler: "играющий",
  Nehmer: "берущий",
  "Stock (Prikup)": "прикуп",
  Pool: "пуля",
  Berg: "гора",
  Abrechnung: "расчёт",
  Sotschi: "сочинка",
  Leningrad: "ленинградка",
  Rostow: "ростовка",
  Talon: "прикуп",
  Lizitieren: "торговля",
  Spiel: "игра",
  Geschäft: "гешефт",
  Bettler: "мизер",
  Herzprämie: "премия за черви",
  Durchmarsch: "дурхмарш",
  Einsatz: "ставка",
  Pot: "банк",
  Herz: "черви",
  Handspiel: "с руки",
  gegen: "против",
  "Sans Atout": "без козыря",
  "Bettler Ouvert": "открытый мизер",
  "vier Asse": "четыре туза",
  "keine Asse": "без тузов",
  König: "король",
  Ober: "обер",
  Dame: "дама",
};

/** A German game term as shown in the current language: itself, or in Russian the Russian word. */
export function word(german) {
  return lang() === "ru" ? RUSSIAN[german] || german : german;
}

export function term(key) {
  return word(TERMS[key] || key);
}
