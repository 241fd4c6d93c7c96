// League form: show only the rule options of the chosen game (without this script all groups show,
// and the server reads only the chosen game's).
const form = document.querySelector("[data-role=league-form]");
if (form) {
  const game = form.querySelector("select[name=game]");
  const groups = form.querySelectorAll("[data-options-for]");
  const show = () => {
    for (const group of groups) {
      const chosen = group.dataset.optionsFor === game.value;
      group.hidden = !chosen;
      group.disabled = !chosen;
    }
  };
  game.addEventListener("change", show);
  show();
}
