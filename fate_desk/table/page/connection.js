// The socket to the GM's app: hello first, a heartbeat of its own, and reconnecting by itself.
// "Connected" holds only while the app is heard: a phone cannot otherwise tell a dead Wi-Fi
// link from a quiet table for as long as the link stays dead.

export class Connection {
  constructor({ hello, onMessage, onState }) {
    this.hello = hello;            // () => the hello message (token, device, language)
    this.onMessage = onMessage;    // (message) => void
    this.onState = onState;        // ("connecting" | "connected" | "lost") => void
    this.heartbeat = 3;            // seconds; the app says its own in "welcome"
    this.socket = null;
    this.heard = 0;
    this.retry = 0;
    this.timer = null;
    this.stopped = false;
    this.lostOnce = false;
    this.watch = setInterval(() => this.check(), 500);
    window.addEventListener("online", () => this.soon(0));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.alive()) this.soon(0);
    });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws`;
  }

  open() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.drop();
    // Trying again after a loss still reads "Not connected" until the app answers.
    if (!this.lostOnce) this.onState("connecting");
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch (error) {
      this.lost();
      return;
    }
    this.socket = socket;
    this.heard = Date.now();
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.heard = Date.now();
      this.send(this.hello());
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      this.heard = Date.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (!message || typeof message !== "object") return;
      if (message.type === "welcome") {
        this.retry = 0;
        if (typeof message.heartbeat === "number" && message.heartbeat > 0) this.heartbeat = message.heartbeat;
        this.onState("connected");
      }
      this.onMessage(message);
    });
    socket.addEventListener("close", () => {
      if (socket === this.socket) this.lost();
    });
  }

  alive() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN
      && Date.now() - this.heard < 2000 * this.heartbeat;
  }

  check() {
    if (this.socket === null || this.stopped) return;
    const quiet = Date.now() - this.heard;
    if (this.socket.readyState === WebSocket.OPEN && quiet >= 1000 * this.heartbeat * 0.9) {
      this.send({ type: "ping" });
    }
    // Two heartbeats without a word from the app: the link is dead, whatever the socket says.
    if (quiet > 2000 * this.heartbeat + 500) this.lost();
  }

  send(message) {
    if (this.socket !== null && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  drop() {
    const socket = this.socket;
    this.socket = null;
    if (socket !== null) {
      try { socket.close(); } catch (error) { /* already closed */ }
    }
  }

  lost(delay) {
    this.drop();
    if (this.stopped) return;
    this.lostOnce = true;
    this.onState("lost");
    const wait = delay ?? Math.min(5000, 500 * 2 ** this.retry);
    this.retry = Math.min(this.retry + 1, 4);
    this.soon(wait);
  }

  soon(wait) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), wait);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.watch);
    this.drop();
  }
}
