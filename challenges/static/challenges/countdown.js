// The time left of each challenge, counted down each second ("3:04:05"); at zero the page reloads once
// (the day's next challenges are opened on the server).
const clocks = [...document.querySelectorAll("[data-countdown]")];
const started = Date.now();

function shown(seconds) {
  const h = Math.floor(seconds / 3600);
  const m = String(Math.floor((seconds % 3600) / 60)).padStart(2, "0");
  const s = String(seconds % 60).padStart(2, "0");
  return `${h}:${m}:${s}`;
}

function tick() {
  const passed = Math.floor((Date.now() - started) / 1000);
  let over = false;
  for (const clock of clocks) {
    const left = Math.max(0, Number(clock.dataset.countdown) - passed);
    clock.textContent = shown(left);
    over ||= left === 0;
  }
  if (over && !sessionStorage.getItem("challenge-reloaded")) {
    sessionStorage.setItem("challenge-reloaded", "1");
    window.location.reload();
  }
}

if (clocks.length) {
  if (clocks.every((clock) => Number(clock.dataset.countdown) > 0)) sessionStorage.removeItem("challenge-reloaded");
  tick();
  setInterval(tick, 1000);
}
