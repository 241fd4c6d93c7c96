// The installable site: every page registers the service worker (/sw.js, scope "/"), which shows the
// push messages and opens their link on a click. It has no fetch handler, so pages and the API load
// exactly as they would without it.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}
