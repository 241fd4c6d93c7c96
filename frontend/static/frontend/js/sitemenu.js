// The phone header's menu button: toggles the site links open and shut (click, Escape, a click
// elsewhere). CSS shows the button only on narrow screens and only once the header has .has-menu.
const header = document.querySelector("header.site");
const button = header && header.querySelector(".menu-toggle");

function setOpen(open) {
  header.classList.toggle("open", open);
  button.setAttribute("aria-expanded", open ? "true" : "false");
}

if (button) {
  header.classList.add("has-menu");
  button.addEventListener("click", () => setOpen(!header.classList.contains("open")));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.classList.contains("open")) {
      setOpen(false);
      button.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (header.classList.contains("open") && !header.contains(event.target)) setOpen(false);
  });
}
