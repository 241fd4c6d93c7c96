// The service worker, served at /sw.js for the whole site (scope "/"). It shows the push messages the
// server sends (notifications.delivery: title, body, url, tag) and opens a message's link when it is
// clicked. It has no fetch handler: pages and the API load as if it were not there.
const ICON = "/static/notifications/icons/icon-192.png";
const BADGE = "/static/notifications/icons/badge-72.png";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function sitePath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/notifications/";
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  event.waitUntil(
    (async () => {
      let shown = true;
      try {
        await self.registration.showNotification(data.title || "Kartentisch", {
          body: data.body || "",
          tag: data.tag || undefined,
          renotify: Boolean(data.tag),
          icon: ICON,
          badge: BADGE,
          data: { url: sitePath(data.url) },
        });
      } catch {
        shown = false; // permission withdrawn: the open pages' bells still hear of it
      }
      // Open pages look at their bell at once (told after the notification is up, so that a page
      // that lists the notifications on this message finds it).
      const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const page of pages) page.postMessage({ t: "notification", id: data.id, shown });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data && event.notification.data.url), self.location.origin);
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = pages.find((page) => new URL(page.url).pathname === target.pathname && "focus" in page);
      if (open) return open.focus();
      return self.clients.openWindow(target.href);
    })(),
  );
});
