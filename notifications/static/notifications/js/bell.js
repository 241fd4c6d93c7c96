// The header's bell: the unread count, kept up to date by a light poll of /api/notifications/count/
// every NOTIFICATIONS_POLL_SECONDS, doubling while nothing changes (up to 8 times as long), paused while
// the page is hidden, and at once when it shows again or a push message arrives (the service worker
// tells its pages). docs/notifications.md says why a poll and what it costs.
const bell = document.querySelector("[data-role=bell]");

function start(bell) {
  const base = Math.max(1, parseFloat(bell.dataset.poll) || 30) * 1000;
  const longest = base * 8;
  let wait = base;
  let timer = 0;
  let asking = false;
  let count = Number(bell.dataset.count) || 0;

  function show(n) {
    const badge = bell.querySelector("[data-role=bell-count]");
    badge.textContent = n > 99 ? "99+" : String(n);
    badge.hidden = n === 0;
    const label = n ? bell.dataset.labelSome.replace("%(n)s", String(n)) : bell.dataset.labelNone;
    bell.setAttribute("aria-label", label);
    bell.title = label;
    if (n > count) {
      bell.classList.remove("bumped");
      void bell.offsetWidth; // restart the ring
      bell.classList.add("bumped");
    }
    count = n;
    bell.dataset.count = String(n);
  }

  function schedule() {
    clearTimeout(timer);
    if (document.visibilityState === "visible") timer = setTimeout(look, wait);
  }

  async function look() {
    if (asking) return;
    asking = true;
    clearTimeout(timer);
    let stop = false;
    try {
      const response = await fetch(bell.dataset.countUrl, {
        credentials: "same-origin",
        cache: "no-store",
        headers: { Accept: "application/json" },
      });
      if (response.ok) {
        const unread = Number((await response.json()).unread) || 0;
        wait = unread !== count ? base : Math.min(longest, wait * 2);
        show(unread);
      } else {
        stop = response.status === 403; // logged out meanwhile (in another tab)
        wait = Math.min(longest, wait * 2);
      }
    } catch {
      wait = Math.min(longest, wait * 2); // offline: look again later
    }
    asking = false;
    if (!stop) schedule();
  }

  function soon() {
    wait = base;
    look();
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") soon();
    else clearTimeout(timer);
  });
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.t === "notification") soon();
    });
  }
  schedule();
}

if (bell) start(bell);
