// The REST API (/api/...): JSON in and out, session cookie plus CSRF header on writes.

import { errorMessage } from "./errors.js";

/** A refused request: `message` is in the page's language, `detail` the server's own sentence. */
export class ApiError extends Error {
  constructor(status, code, message, body) {
    super(errorMessage(code, message));
    this.detail = message;
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

function cookie(name) {
  const hit = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : "";
}

export async function api(method, url, body) {
  const headers = { Accept: "application/json" };
  const options = { method, headers, credentials: "same-origin" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  if (method !== "GET") headers["X-CSRFToken"] = cookie("csrftoken");
  let response;
  try {
    response = await fetch(url, options);
  } catch (exc) {
    throw new ApiError(0, "network", exc.message || "network error", null);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(response.status, err.code || `http_${response.status}`, err.message || response.statusText, data);
  }
  return data;
}

export const get = (url) => api("GET", url);
export const post = (url, body) => api("POST", url, body === undefined ? {} : body);
export const patch = (url, body) => api("PATCH", url, body);

export function wsUrl(path) {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
}
