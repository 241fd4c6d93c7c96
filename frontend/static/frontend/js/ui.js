// Small DOM helpers shared by the pages.
import { t } from "./i18n.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

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
