// The replay's controls: one row of labelled buttons from the template (first, previous deal, previous,
// play/pause, next, next deal, last), each with an SVG icon above its word (the ⏮ ⏭ glyphs are missing
// from some fonts), and a row of the rest: autoplay speed, jumps by trick and to a deal by number.
import { svgEl, el } from "./dom.js";
import { t, tf } from "./i18n.js";

// Told apart by shape, not only by their words: a chevron steps, a double triangle jumps a deal, a
// double triangle at a bar goes to the end, the one big triangle plays.
const ICONS = {
  first: ["M3 5h2v14H3z", "M13 5v14L6 12z", "M21 5v14l-7-7z"],
  prev: ["M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z"],
  next: ["M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z"],
  last: ["M19 5h2v14h-2z", "M3 5v14l7-7z", "M11 5v14l7-7z"],
  play: ["M7 4v16l13-8z"],
  pause: ["M6 5h4v14H6z", "M14 5h4v14h-4z"],
  "prev-deal": ["M11 5v14L3 12z", "M20 5v14l-8-7z"],
  "next-deal": ["M4 5v14l8-7z", "M13 5v14l8-7z"],
};

/** Puts the icon `name` before the button's label (its word stays visible). */
export function decorate(button, name) {
  const old = button.querySelector("svg.icon");
  if (old) old.replaceWith(icon(name));
  else button.prepend(icon(name));
}

export function icon(name) {
  return svgEl("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true", focusable: "false", class: "icon" },
    ...ICONS[name].map((d) => svgEl("path", { d, fill: "currentColor" })));
}

/** Steps where a deal starts (its shuffle) and where a trick is complete. */
export function landmarks(steps) {
  const deals = [];
  const tricks = [];
  steps.forEach((step, i) => {
    if (step.event.type === "deal") deals.push(i);
    const view = step.view;
    if (step.event.type === "play" && view && !(view.trick || []).length && view.last_trick) tricks.push(i);
  });
  return { deals, tricks };
}

function after(list, index) {
  return list.find((i) => i > index);
}

function before(list, index) {
  return [...list].reverse().find((i) => i < index);
}

/**
 * Wires the template's autoplay and deal buttons in `bar` and adds the speed and the trick and deal
 * jumps in a row of their own. nav: {index(), count(), show(i)}. Returns {stop(), toggle(), extras}
 * (autoplay stops when the reader steps by hand; `extras` is the second row).
 */
export function addControls(bar, steps, nav) {
  const marks = landmarks(steps);
  let timer = null;
  const speed = el("select", { "data-role": "speed", "aria-label": t("Autoplay speed") },
    ...[[2000, t("slow")], [1000, t("normal")], [400, t("fast")]].map(([ms, label]) => el("option", { value: ms }, label)));
  speed.value = "1000";
  const play = bar.querySelector("[data-action=autoplay]");
  const playLabel = play.querySelector(".label");
  const drawPlay = () => {
    const on = timer !== null;
    decorate(play, on ? "pause" : "play");
    playLabel.textContent = on ? t("Pause") : t("Play");
    play.setAttribute("aria-label", on ? t("Pause") : t("Play automatically"));
    play.title = `${play.getAttribute("aria-label")} (P)`;
    play.setAttribute("aria-pressed", on ? "true" : "false");
  };
  const stop = () => {
    clearTimeout(timer);
    timer = null;
    drawPlay();
  };
  const tick = () => {
    if (nav.index() >= nav.count() - 1) {
      stop();
      return;
    }
    nav.show(nav.index() + 1);
    timer = setTimeout(tick, Number(speed.value));
  };
  const toggle = () => {
    if (timer !== null) stop();
    else {
      timer = setTimeout(tick, Number(speed.value));
      drawPlay();
    }
  };
  play.addEventListener("click", toggle);
  drawPlay();

  const wire = (button, target) => {
    button.addEventListener("click", () => {
      stop();
      const to = target(nav.index());
      if (to !== undefined) nav.show(to);
    });
    return button;
  };
  const jump = (name, label, target) => wire(el("button", { type: "button", "data-jump": name }, label), target);
  for (const [name, target] of [["prev-deal", (i) => before(marks.deals, i)], ["next-deal", (i) => after(marks.deals, i)]]) {
    const button = bar.querySelector(`[data-jump=${name}]`);
    decorate(button, name);
    button.title = `${button.getAttribute("aria-label")} (${name === "prev-deal" ? "PgUp" : "PgDn"})`;
    wire(button, target);
  }
  const dealSelect = el("select", { "data-role": "jump-deal", "aria-label": t("Go to deal") },
    el("option", { value: "" }, t("Go to deal…")),
    ...marks.deals.map((i, n) => el("option", { value: i }, tf("Deal %(n)s", { n: n + 1 }))));
  dealSelect.addEventListener("change", () => {
    if (dealSelect.value === "") return;
    stop();
    nav.show(Number(dealSelect.value));
    dealSelect.value = "";
  });
  const extras = el("div", { class: "replay-jumps" },
    speed,
    jump("prev-trick", t("Previous trick"), (i) => before(marks.tricks, i)),
    jump("next-trick", t("Next trick"), (i) => after(marks.tricks, i)),
    marks.deals.length > 1 ? dealSelect : null);
  bar.appendChild(extras);
  const deal = (forward) => {
    stop();
    const to = forward ? after(marks.deals, nav.index()) : before(marks.deals, nav.index());
    if (to !== undefined) nav.show(to);
  };
  return { stop, toggle, deal, extras };
}
