// One choice of a panel: a button that sends the legal action matching it, disabled when none does.
import { el } from "../../dom.js";

/** A button for `candidate`: enabled (and sending the legal action) only when it is legal now. */
export function choiceButton(candidate, legal, label, send, extra = {}) {
  const action = legal.find((a) => Object.keys(candidate).every((k) => a[k] === candidate[k]));
  const attrs = { type: "button", class: `action ${extra.cls || ""}`.trim(), "data-type": candidate.type };
  for (const [k, v] of Object.entries(candidate)) if (k !== "type") attrs[`data-${k.replace("_", "-")}`] = String(v);
  if (extra.title) attrs.title = extra.title;
  const btn = el("button", attrs, label);
  if (action) {
    btn.classList.add("legal");
    btn.addEventListener("click", () => send(action));
  } else {
    btn.disabled = true;
  }
  return btn;
}
