// Small page helpers: a pause and a modal yes/no question.
import { el } from "./dom.js";
import { t } from "./i18n.js";

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A modal yes/no question; resolves true when confirmed. */
export function confirmDialog(question, confirmLabel) {
  return new Promise((resolve) => {
    const dlg = el("dialog", { class: "confirm", "aria-label": question });
    const yes = el("button", { type: "button", class: "danger", "data-answer": "yes" }, confirmLabel);
    const no = el("button", { type: "button", class: "secondary", "data-answer": "no" }, t("Cancel"));
    dlg.append(el("p", {}, question), el("p", { class: "buttons" }, yes, no));
    document.body.appendChild(dlg);
    const done = (answer) => {
      dlg.close();
      dlg.remove();
      resolve(answer);
    };
    yes.addEventListener("click", () => done(true));
    no.addEventListener("click", () => done(false));
    dlg.addEventListener("cancel", () => done(false));
    dlg.showModal();
    no.focus();
  });
}
