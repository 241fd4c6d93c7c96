// The settings page's "push on this device": the browser's Push API with the server's VAPID public key
// (data-key), the subscription sent to POST /api/notifications/push/ and ended with DELETE there. The
// states and their sentences are in the page (data-push-state); this only picks one.
const box = document.querySelector("[data-role=push]");

function csrf() {
  const hit = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
  return hit ? decodeURIComponent(hit.slice("csrftoken=".length)) : "";
}

function keyBytes(base64url) {
  const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

function sameKey(subscription, key) {
  const used = subscription.options && subscription.options.applicationServerKey;
  if (!used) return true;
  const a = new Uint8Array(used);
  return a.length === key.length && a.every((byte, i) => byte === key[i]);
}

async function call(method, url, body) {
  const response = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json", "Content-Type": "application/json", "X-CSRFToken": csrf() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error((data && data.error && data.error.message) || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

function set(state, problem = "") {
  box.dataset.state = state;
  if (problem) box.dataset.problem = problem;
  else delete box.dataset.problem;
}

async function registration() {
  await navigator.serviceWorker.register(box.dataset.worker, { scope: "/" });
  return navigator.serviceWorker.ready;
}

async function current() {
  const reg = await registration();
  return reg.pushManager.getSubscription();
}

async function refresh() {
  if (!box.dataset.key) return set("unavailable");
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return set("unsupported");
  }
  if (Notification.permission === "denied") return set("denied");
  try {
    const [subscription, mine] = await Promise.all([current(), call("GET", "/api/notifications/preferences/")]);
    const known = subscription && mine.push.endpoints.includes(subscription.endpoint);
    set(known && Notification.permission === "granted" ? "on" : "off");
  } catch (exc) {
    set("failed", String((exc && exc.message) || exc));
  }
}

async function turnOn() {
  set("busy");
  try {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") return set(permission === "denied" ? "denied" : "off");
    const key = keyBytes(box.dataset.key);
    const reg = await registration();
    let subscription = await reg.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, key)) {
      await subscription.unsubscribe(); // made with an earlier key of the server
      subscription = null;
    }
    if (!subscription) {
      subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    }
    await call("POST", box.dataset.url, subscription.toJSON());
    set("on");
  } catch (exc) {
    set("failed", String((exc && exc.message) || exc));
  }
}

async function turnOff() {
  set("busy");
  try {
    const subscription = await current();
    if (subscription) {
      try {
        await call("DELETE", box.dataset.url, { endpoint: subscription.endpoint });
      } catch (exc) {
        if (exc.status !== 404) throw exc; // the server had forgotten it already
      }
      await subscription.unsubscribe();
    }
    set("off");
  } catch (exc) {
    set("failed", String((exc && exc.message) || exc));
  }
}

if (box) {
  box.querySelector("[data-action=push-on]").addEventListener("click", turnOn);
  box.querySelector("[data-action=push-off]").addEventListener("click", turnOff);
  refresh();
}
