// Live connection to one match: the websocket (ws/matches/<id>/), with REST polling while it is down.
import { ApiError, get, post, wsUrl } from "./api.js";
import { errorMessage } from "./errors.js";

const POLL_MS = 2000;
// A silence this long while news is expected makes the page ask again (and an action sent this long
// ago without an answer counts as lost: the page lets it be sent again).
export const STALL_MS = 3000;
// Refusals of a chat message (the chat app's codes); "throttled" counts as one just after a chat message.
const CHAT_CODES = new Set(["text_too_long", "empty_text", "unknown_phrase", "phrases_only", "match_over", "not_authenticated"]);
const CHAT_ANSWER_MS = 3000;

export class MatchLive {
  constructor(matchId, { onState, onError, onStatus, onChat, onPresence }) {
    this.matchId = matchId;
    this.onState = onState;
    this.onError = onError;
    this.onStatus = onStatus || (() => {});
    // The table chat: its messages ("chat", "chat_history") and its refusals, as {t: "error", ...}.
    this.onChat = onChat || null;
    // A seat went away or came back (its mark only: no move brings it).
    this.onPresence = onPresence || null;
    this.chatSentAt = 0;
    this.ws = null;
    this.seq = -1;
    this.retry = 0;
    this.pollTimer = null;
    this.closed = false;
    this.counter = 0;
    // Set by the page while it waits for news (its own action, another seat's move). If nothing
    // arrives for STALL_MS the page asks for the state again: a lost push never freezes the table.
    this.expecting = false;
    this.lastNews = Date.now();
    this.watchdog = null;
    this.stalls = 0;
  }

  start() {
    this.connect();
    this.watchdog = setInterval(() => {
      if (this.expecting && Date.now() - this.lastNews > STALL_MS) {
        // Ask the socket first; when it stays silent, ask over REST (a stuck socket is bypassed).
        this.stalls += 1;
        this.lastNews = Date.now();
        if (this.stalls % 2 === 1) this.resync();
        else this.poll();
      }
    }, 1000);
  }

  stop() {
    this.closed = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.stopPolling();
    if (this.ws) this.ws.close();
  }

  connect() {
    if (this.closed) return;
    let ws;
    try {
      ws = new WebSocket(wsUrl(`/ws/matches/${this.matchId}/`));
    } catch {
      this.startPolling();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.stopPolling();
      this.onStatus("live");
      if (this.onChat) this.chatHistory(); // what was said meanwhile (and before this page)
    };
    ws.onmessage = (msg) => {
      let data;
      try {
        data = JSON.parse(msg.data);
      } catch {
        return;
      }
      this.lastReceived = { t: data.t, seq: data.seq, code: data.code, at: Date.now() };
      if (data.t === "state") this.deliver(data.d);
      else if (data.t === "presence" && this.onPresence) this.onPresence(data.seat, data.away);
      else if ((data.t === "chat" || data.t === "chat_history") && this.onChat) {
        if (data.mine) this.chatSentAt = 0; // my message arrived: a later "throttled" is not its
        this.onChat(data);
      }
      else if (data.t === "error" && this.onChat && this.isChatRefusal(data.code)) {
        this.chatSentAt = 0;
        this.onChat({ t: "error", code: data.code, message: errorMessage(data.code, data.message) });
      } else if (data.t === "error") {
        if (data.code === "stale_seq") this.resync();
        this.onError({ code: data.code, message: errorMessage(data.code, data.message) });
      }
    };
    ws.onclose = () => {
      this.ws = null;
      if (this.closed) return;
      this.onStatus("offline");
      this.startPolling();
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.connect(), 500 * 2 ** this.retry);
    };
  }

  isChatRefusal(code) {
    return CHAT_CODES.has(code) || (code === "throttled" && Date.now() - this.chatSentAt < CHAT_ANSWER_MS);
  }

  /** Send a chat message ({text} or {phrase}); false when the socket is not open (nothing sent). */
  chat(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.chatSentAt = Date.now();
    this.ws.send(JSON.stringify({ t: "chat", ...message }));
    return true;
  }

  chatHistory() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ t: "chat_history" }));
  }

  deliver(payload) {
    this.lastNews = Date.now();
    if (!payload || payload.seq < this.seq) return;
    if (payload.seq > this.seq) this.stalls = 0;
    this.seq = payload.seq;
    this.onState(payload);
  }

  resync() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ t: "resync" }));
    else this.poll();
  }

  async poll() {
    try {
      this.deliver(await get(`/api/matches/${this.matchId}/view/`));
    } catch (exc) {
      if (exc instanceof ApiError && exc.status !== 0) this.onError({ code: exc.code, message: exc.message });
    }
  }

  startPolling() {
    if (this.pollTimer || this.closed) return;
    this.poll();
    this.pollTimer = setInterval(() => this.poll(), POLL_MS);
  }

  stopPolling() {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  /** Send one action for my seat at `seq`; over the socket when open, else over REST. */
  async act(action, seq) {
    this.counter += 1;
    this.lastNews = Date.now();
    const commandId = `c${Date.now().toString(36)}${this.counter}${Math.random().toString(36).slice(2, 6)}`;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.lastSent = { action, seq, commandId, at: Date.now() };
      this.ws.send(JSON.stringify({ t: "act", action, seq, command_id: commandId }));
      return;
    }
    try {
      this.deliver(await post(`/api/matches/${this.matchId}/actions/`, { action, seq, command_id: commandId }));
    } catch (exc) {
      if (exc.code === "stale_seq") this.poll();
      this.onError({ code: exc.code, message: exc.message });
    }
  }
}

/**
 * The lobby feed (ws/lobby/): calls onMatches(list) with the open tables on connect and on every change.
 * With `live` ("top": the liveliest few beside the open tables; "all": the whole live list, of `game`
 * when given, instead of them) onLive(list) gets the live list on connect and whenever it changed;
 * onStatus("live" | "offline") follows the connection. Returns {close()}.
 */
export function lobbyFeed(onMatches, { live = "", game = "", onLive = null, onStatus = null } = {}) {
  const query = live ? `?live=${encodeURIComponent(live)}${game ? `&game=${encodeURIComponent(game)}` : ""}` : "";
  let retry = 0;
  let ws = null;
  let closed = false;
  const connect = () => {
    if (closed) return;
    try {
      ws = new WebSocket(wsUrl(`/ws/lobby/${query}`));
    } catch {
      return;
    }
    ws.onopen = () => {
      retry = 0;
      if (onStatus) onStatus("live");
    };
    ws.onmessage = (msg) => {
      try {
        const data = JSON.parse(msg.data);
        if (data.t === "lobby" && onMatches) onMatches(data.d.matches || []);
        else if (data.t === "live" && onLive) onLive(data.d.matches || []);
      } catch {
        /* ignore malformed */
      }
    };
    ws.onclose = () => {
      ws = null;
      if (closed) return;
      if (onStatus) onStatus("offline");
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 1000 * 2 ** retry);
    };
  };
  connect();
  return {
    close() {
      closed = true;
      if (ws) ws.close();
    },
  };
}
