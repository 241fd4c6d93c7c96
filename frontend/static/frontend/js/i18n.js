// UI strings: English msgids, translated by Django's JavaScript catalog (djangojs domain).

export function t(msgid) {
  return window.django && window.django.gettext ? window.django.gettext(msgid) : msgid;
}

/** t() with %(name)s placeholders filled from `values`. */
export function tf(msgid, values) {
  return t(msgid).replace(/%\((\w+)\)s/g, (_, key) => (key in values ? String(values[key]) : ""));
}

export function lang() {
  return document.documentElement.lang || "de";
}

// Game terms stay German in both languages (they come from the seeds).
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

export function term(word) {
  return TERMS[word] || word;
}
