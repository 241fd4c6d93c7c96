// The replay's controls beyond the slider: SVG icons on the step buttons (the ⏮ ⏭ glyphs are missing
// from some fonts), autoplay with a speed, and jumps by deal and by trick and to a deal by number.
import { svgEl, el } from "./dom.js";
import { t, tf } from "./i18n.js";

const ICONS = {
  first: ["M6 5h2v14H6z", "M19 5v14L9 12z"],
  prev: ["M16 5v14L6 12z"],
  next: ["M8 5v14l10-7z"],
  last: ["M16 5h2v14h-2z", "M5 5v14l10-7z"],
  play: ["M7 4v16l13-8z"],
  pause: ["M6 5h4v14H6z", "M14 5h4v14h-4z"],
  "prev-deal": ["M4 5h2v14H4z", "M13 5v14L7 12z", "M20 5v14l-6-7z"],
  "next-deal": ["M18 5h2v14h-2z", "M11 5v14l6-7z", "M4 5v14l6-7z"],
};

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
 * Adds the autoplay, speed and jump controls to `bar`. nav: {index(), count(), show(i)}.
 * Returns {stop()} (autoplay stops when the reader steps by hand).
 */
export function addControls(bar, steps, nav) {
  const marks = landmarks(steps);
  let timer = null;
  const speed = el("select", { "data-role": "speed", "aria-label": t("Autoplay speed") },
    ...[[2000, t("slow")], [1000, t("normal")], [400, t("fast")]].map(([ms, label]) => el("option", { value: ms }, label)));
  speed.value = "1000";
  const play = el("button", { type: "button", "data-action": "autoplay", "aria-pressed": "false" });
  const drawPlay = () => {
    const on = timer !== null;
    play.replaceChildren(icon(on ? "pause" : "play"));
    play.setAttribute("aria-label", on ? t("Pause") : t("Play automatically"));
    play.title = play.getAttribute("aria-label");
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
  play.addEventListener("click", () => {
    if (timer !== null) stop();
    else {
      timer = setTimeout(tick, Number(speed.value));
      drawPlay();
    }
  });
  drawPlay();

  const jump = (name, label, target, iconName) => {
    const button = el("button", { type: "button", "data-jump": name, "aria-label": label, title: label }, iconName ? icon(iconName) : label);
    button.addEventListener("click", () => {
      stop();
      const to = target(nav.index());
      if (to !== undefined) nav.show(to);
    });
    return button;
  };
  const dealSelect = el("select", { "data-role": "jump-deal", "aria-label": t("Go to deal") },
    el("option", { value: "" }, t("Go to deal…")),
    ...marks.deals.map((i, n) => el("option", { value: i }, tf("Deal %(n)s", { n: n + 1 }))));
  dealSelect.addEventListener("change", () => {
    if (dealSelect.value === "") return;
    stop();
    nav.show(Number(dealSelect.value));
    dealSelect.value = "";
  });
  const group = el("span", { class: "replay-jumps" },
    play, speed,
    jump("prev-deal", t("Previous deal"), (i) => before(marks.deals, i), "prev-deal"),
    jump("next-deal", t("Next deal"), (i) => after(marks.deals, i), "next-deal"),
    jump("prev-trick", t("Previous trick"), (i) => before(marks.tricks, i), null),
    jump("next-trick", t("Next trick"), (i) => after(marks.tricks, i), null),
    marks.deals.length > 1 ? dealSelect : null);
  bar.appendChild(group);
  return { stop };
}
