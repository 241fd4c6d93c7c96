// Cards: names, sort order and SVG pictures (French or German suits). Notation "<rank><suit>",
// ranks 6 7 8 9 T J Q K A, suits C S D H (German: Eichel, Laub, Schellen, Herz).

import { el, svgEl } from "./dom.js";
import { lang, t } from "./i18n.js";

// Names and corner letters per language and deck: German as on German packs (König Dame Bube; Ober
// Unter), English King Queen Jack (the German-suited Ober and Unter keep their names, the suits become
// acorns, leaves, bells, hearts), Russian as Russian players say them (the German suits by their usual
// Russian names). Corner letters: A K D B / A K O U, A K Q J / A K O U, Т К Д В / Т К О У.
export const SUIT_NAMES = {
  german: { C: "Eichel", S: "Laub", D: "Schellen", H: "Herz" },
  french: { C: "Kreuz", S: "Pik", D: "Karo", H: "Herz" },
};
export const RANK_NAMES = {
  german: { 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "Unter", Q: "Ober", K: "König", A: "Ass" },
  french: { 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "Bube", Q: "Dame", K: "König", A: "Ass" },
};
const RANK_LABELS = {
  german: { T: "10", J: "U", Q: "O", K: "K", A: "A" },
  french: { T: "10", J: "B", Q: "D", K: "K", A: "A" },
};
const ENGLISH = {
  suits: {
    german: { C: "Acorns", S: "Leaves", D: "Bells", H: "Hearts" },
    french: { C: "Clubs", S: "Spades", D: "Diamonds", H: "Hearts" },
  },
  ranks: {
    german: { 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "Unter", Q: "Ober", K: "King", A: "Ace" },
    french: { 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "Jack", Q: "Queen", K: "King", A: "Ace" },
  },
  labels: {
    german: { T: "10", J: "U", Q: "O", K: "K", A: "A" },
    french: { T: "10", J: "J", Q: "Q", K: "K", A: "A" },
  },
};
const RUSSIAN = {
  suits: {
    german: { C: "Жёлуди", S: "Листья", D: "Бубенцы", H: "Черви" },
    french: { C: "Трефы", S: "Пики", D: "Бубны", H: "Черви" },
  },
  ranks: {
    german: { 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "Унтер", Q: "Обер", K: "Король", A: "Туз" },
    french: { 6: "6", 7: "7", 8: "8", 9: "9", T: "10", J: "Валет", Q: "Дама", K: "Король", A: "Туз" },
  },
  labels: {
    german: { T: "10", J: "У", Q: "О", K: "К", A: "Т" },
    french: { T: "10", J: "В", Q: "Д", K: "К", A: "Т" },
  },
};
const GERMAN = { suits: SUIT_NAMES, ranks: RANK_NAMES, labels: RANK_LABELS };

function names() {
  return { en: ENGLISH, ru: RUSSIAN }[lang()] || GERMAN;
}

/** The letter (or "10") in the corner of a card of `rank` in `style`, in the page's language. */
export function rankLabel(rank, style) {
  return names().labels[style][rank] || rank;
}
const SUIT_ORDER = ["C", "S", "H", "D"];
const RANK_ORDER = ["A", "K", "Q", "J", "T", "9", "8", "7", "6"];
const CARD_RE = /^[6789TJQKA][CSDH]$/;

export function isCard(text) {
  return typeof text === "string" && CARD_RE.test(text);
}

export function suitName(suit, style) {
  return names().suits[style][suit] || suit;
}

/** "Herz König", "King of Hearts", "Черви Король". */
export function cardName(card, style) {
  if (!isCard(card)) return String(card);
  const rank = names().ranks[style][card[0]];
  return lang() === "en" ? `${rank} of ${suitName(card[1], style)}` : `${suitName(card[1], style)} ${rank}`;
}

/** Hand order: by suit (trump first when given), then rank from Ass down to 6. */
export function sortHand(cards, trump) {
  const suitKey = (s) => (s === trump ? -1 : SUIT_ORDER.indexOf(s));
  return [...cards].sort(
    (a, b) => suitKey(a[1]) - suitKey(b[1]) || RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]),
  );
}

const COLORS = {
  french: { C: "#1d1d1f", S: "#1d1d1f", D: "#c8102e", H: "#c8102e" },
  german: { C: "#6b4423", S: "#2e7d32", D: "#b8860b", H: "#c8102e" },
};

/** Draw one suit symbol into `g`, in a 20x20 box. */
function drawSuit(g, suit, style) {
  const color = COLORS[style][suit];
  if (suit === "H") {
    g.appendChild(svgEl("path", {
      d: "M10 18 C2 12 0 8.5 0 5.5 C0 2.3 2.3 0 5.2 0 C7.4 0 9 1.3 10 3.4 C11 1.3 12.6 0 14.8 0 C17.7 0 20 2.3 20 5.5 C20 8.5 18 12 10 18 Z",
      fill: color,
    }));
  } else if (style === "french" && suit === "D") {
    g.appendChild(svgEl("path", { d: "M10 0 L18 10 L10 20 L2 10 Z", fill: color }));
  } else if (style === "french" && suit === "S") {
    g.appendChild(svgEl("path", {
      d: "M10 0 C18 6 20 9 20 12 C20 15 18 17 15 17 C13 17 11.6 16 10.8 14.6 L12.2 20 L7.8 20 L9.2 14.6 C8.4 16 7 17 5 17 C2 17 0 15 0 12 C0 9 2 6 10 0 Z",
      fill: color,
    }));
  } else if (style === "french" && suit === "C") {
    g.appendChild(svgEl("circle", { cx: 10, cy: 5, r: 4.6, fill: color }));
    g.appendChild(svgEl("circle", { cx: 4.8, cy: 11.5, r: 4.6, fill: color }));
    g.appendChild(svgEl("circle", { cx: 15.2, cy: 11.5, r: 4.6, fill: color }));
    g.appendChild(svgEl("path", { d: "M9 10 L7.8 20 L12.2 20 L11 10 Z", fill: color }));
  } else if (suit === "D") {
    // Schellen: a golden bell with a slot.
    g.appendChild(svgEl("circle", { cx: 10, cy: 10.5, r: 8.5, fill: color, stroke: "#5a4300", "stroke-width": 1 }));
    g.appendChild(svgEl("path", { d: "M2.5 8.5 L17.5 8.5", stroke: "#5a4300", "stroke-width": 1.2 }));
    g.appendChild(svgEl("circle", { cx: 10, cy: 14, r: 2, fill: "#3a2a00" }));
    g.appendChild(svgEl("path", { d: "M10 16 L10 19", stroke: "#3a2a00", "stroke-width": 1.2 }));
  } else if (suit === "S") {
    // Laub: a green leaf with its vein.
    g.appendChild(svgEl("path", { d: "M10 0 C19 5 19.5 13 10 18 C0.5 13 1 5 10 0 Z", fill: color }));
    g.appendChild(svgEl("path", { d: "M10 2 L10 20", stroke: "#123d14", "stroke-width": 1.2 }));
  } else {
    // Eichel: an acorn, cup on top.
    g.appendChild(svgEl("ellipse", { cx: 10, cy: 12.5, rx: 5.8, ry: 7, fill: "#c8892b", stroke: "#6b4423", "stroke-width": 0.8 }));
    g.appendChild(svgEl("path", { d: "M3 10 Q10 0 17 10 Z", fill: color }));
    g.appendChild(svgEl("path", { d: "M10 0 L10 4", stroke: color, "stroke-width": 1.6 }));
  }
}

function suitAt(svg, suit, style, x, y, size) {
  const g = svg.appendChild(svgEl("g", { transform: `translate(${x} ${y}) scale(${size / 20})` }));
  drawSuit(g, suit, style);
  return g;
}

const SKIN = "#f1d0ae";
const INK = "#3b2a1a";

// Court cards as small figures in the 30x54 frame (15..45, 18..72): a head, a robe in the suit's colour
// and what tells the ranks apart: König a crown and beard, Dame long hair and a circlet, Bube a feathered
// cap; the German Ober holds his suit sign up high, the Unter low, as on the old Tyrolean packs.
function drawCourt(svg, rank, suit, style) {
  const color = COLORS[style][suit];
  svg.appendChild(svgEl("rect", { x: 15, y: 18, width: 30, height: 54, rx: 3, fill: "#f7f1e1", stroke: color, "stroke-width": 1.2 }));
  const fig = svg.appendChild(svgEl("g", { class: `court court-${rank}` }));
  if (rank === "Q" && style === "french") {
    fig.appendChild(svgEl("path", { d: "M22.5 37 Q22 27 30 26.5 Q38 27 37.5 37 L39 48 L21 48 Z", fill: "#8a5a2b" }));
  }
  fig.appendChild(svgEl("path", { d: "M18 71 L21 48 Q30 42 39 48 L42 71 Z", fill: color, stroke: INK, "stroke-width": 0.8 }));
  fig.appendChild(svgEl("path", { d: "M24.5 45.5 L30 53 L35.5 45.5", fill: "#fff", stroke: INK, "stroke-width": 0.6 }));
  fig.appendChild(svgEl("path", { d: "M30 53 L30 71", stroke: INK, "stroke-width": 0.6 }));
  fig.appendChild(svgEl("circle", { cx: 30, cy: 37, r: 6, fill: SKIN, stroke: INK, "stroke-width": 0.7 }));
  fig.appendChild(svgEl("circle", { cx: 27.8, cy: 36.3, r: 0.7, fill: INK }));
  fig.appendChild(svgEl("circle", { cx: 32.2, cy: 36.3, r: 0.7, fill: INK }));
  fig.appendChild(svgEl("path", { d: "M28 39.6 Q30 40.8 32 39.6", fill: "none", stroke: INK, "stroke-width": 0.6 }));
  if (rank === "K") {
    fig.appendChild(svgEl("path", { d: "M23.5 32 L23 24.5 L26.5 28 L30 22.5 L33.5 28 L37 24.5 L36.5 32 Z", fill: "#e0b526", stroke: "#8a6d0b", "stroke-width": 0.7 }));
    fig.appendChild(svgEl("path", { d: "M25 40 Q30 48 35 40 Q33 43.5 30 43.5 Q27 43.5 25 40 Z", fill: "#8a7d6b" }));
  } else if (rank === "Q" && style === "french") {
    fig.appendChild(svgEl("path", { d: "M24.5 32 Q30 28.5 35.5 32", fill: "none", stroke: "#e0b526", "stroke-width": 1.6 }));
    fig.appendChild(svgEl("circle", { cx: 30, cy: 29.6, r: 1.2, fill: "#c8102e" }));
  } else if (rank === "Q") {
    // The Ober: a tall brimmed hat, plume to the left (his suit sign is up on the right).
    fig.appendChild(svgEl("path", { d: "M21.5 33.5 L38.5 33.5 L36 32 L35 25.5 Q30 23.5 25 25.5 L24 32 Z", fill: "#2f4f2f", stroke: INK, "stroke-width": 0.6 }));
    fig.appendChild(svgEl("path", { d: "M25.5 26 Q20 22 17.5 19.5", fill: "none", stroke: "#e0b526", "stroke-width": 1.4 }));
  } else {
    // Bube and Unter: a soft cap with a feather.
    fig.appendChild(svgEl("path", { d: "M23 33.5 Q24 27 30 27 Q36.5 27 37.5 33.5 Z", fill: "#5b3f8c", stroke: INK, "stroke-width": 0.6 }));
    fig.appendChild(svgEl("path", { d: "M35 28.5 Q41 23 42 20", fill: "none", stroke: "#c8102e", "stroke-width": 1.2 }));
  }
  // The suit sign on a white disc so it shows on a robe of its own colour.
  const [x, y] = style === "german" && rank === "Q" ? [37.5, 22.5] : style === "german" && rank === "J" ? [22, 62] : [30, 61];
  fig.appendChild(svgEl("circle", { cx: x, cy: y, r: 5, fill: "#fff", stroke: INK, "stroke-width": 0.5 }));
  suitAt(fig, suit, style, x - 3.6, y - 3.6, 7.2);
}

/** An SVG picture of `card` (face up), 60x90 units; `null` draws a card back. */
export function cardSVG(card, style) {
  const svg = svgEl("svg", { viewBox: "0 0 60 90", class: "card-svg", "aria-hidden": "true", focusable: "false" });
  if (!isCard(card)) {
    svg.appendChild(svgEl("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 5, fill: "#fff", stroke: "#888" }));
    svg.appendChild(svgEl("rect", { x: 4, y: 4, width: 52, height: 82, rx: 3, fill: "#1f5d3a" }));
    for (let i = 0; i < 8; i += 1) {
      svg.appendChild(svgEl("path", { d: `M4 ${8 + i * 11} L56 ${i * 11 - 20}`, stroke: "#2f7a4f", "stroke-width": 2 }));
    }
    svg.appendChild(svgEl("rect", { x: 4, y: 4, width: 52, height: 82, rx: 3, fill: "none", stroke: "#b8860b", "stroke-width": 1.5 }));
    return svg;
  }
  const [rank, suit] = card;
  const color = COLORS[style][suit];
  const label = rankLabel(rank, style);
  svg.appendChild(svgEl("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 5, fill: "#fffdf7", stroke: "#777" }));
  const corner = (x, y, rotate) => {
    const g = svg.appendChild(svgEl("g", { transform: `rotate(${rotate} 30 45)` }));
    const text = g.appendChild(svgEl("text", {
      x, y, "font-size": label.length > 1 ? 11 : 13, "font-weight": 700, fill: color,
      "font-family": "Georgia, serif", "text-anchor": "middle",
    }));
    text.textContent = label;
    suitAt(g, suit, style, x - 4.5, y + 3, 9);
  };
  corner(8.5, 14, 0);
  corner(8.5, 14, 180);
  if ("JQK".includes(rank)) {
    drawCourt(svg, rank, suit, style);
  } else {
    suitAt(svg, suit, style, 16, 31, 28);
    if (rank === "A") svg.appendChild(svgEl("circle", { cx: 30, cy: 45, r: 19, fill: "none", stroke: color, "stroke-width": 0.8 }));
  }
  return svg;
}

/** A non-interactive card picture with an accessible name. */
export function cardImage(card, style, extraClass = "") {
  const attrs = {
    class: `card ${extraClass}`.trim(),
    role: "img",
    "aria-label": isCard(card) ? cardName(card, style) : t("face-down card"),
    "data-card": isCard(card) ? card : "",
  };
  return el("span", attrs, cardSVG(card, style));
}
