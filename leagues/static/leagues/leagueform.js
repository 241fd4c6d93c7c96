// League form: show only the rule options and the AI level select of the chosen game (without this
// script all of them show, and the server reads only the chosen game's).
const form = document.querySelector("[data-role=league-form]");
if (form) {
  const game = form.querySelector("select[name=game]");
  const groups = form.querySelectorAll("[data-options-for]");
  const levels = form.querySelectorAll("[data-ai-for]");
  const show = () => {
    for (const group of groups) {
      const chosen = group.dataset.optionsFor === game.value;
      group.hidden = !chosen;
      group.disabled = !chosen;
    }
    for (const level of levels) {
      const chosen = level.dataset.aiFor === game.value;
      level.hidden = !chosen;
      for (const select of level.querySelectorAll("select")) select.disabled = !chosen;
    }
  };
  game.addEventListener("change", show);
  show();
}
