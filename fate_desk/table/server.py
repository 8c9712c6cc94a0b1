"""The table's server: the player page and its WebSocket on one port, in a thread of its own.

Built on `websockets` (its asyncio server serves plain HTTP requests through `process_request`
and upgrades /ws to a WebSocket): no HTTP or WebSocket parsing of our own. It runs only while
the table is open, on the one address the GM chose.

The GUI thread owns the campaign. It hands this server seats and snapshots (`set_seats`,
`publish_sheet`, `publish_scene`, `publish_play`) and its decisions (`admit`, `refuse`,
`disconnect`, `answer`, `tell`);
every such call only schedules work on the server's loop and returns at once. The server tells
the GUI thread what happened through `on_event`, called on the server's thread (the GUI side
turns it into a queued signal). The server never edits the campaign.

Defences: the handshake refuses any Origin but the page's own (cross-site WebSocket hijacking);
frames from a page are capped (`protocol.MAX_FRAME`); each device's messages are rate-limited;
bad messages are dropped with a log line; connections are capped overall and per seat.
"""

from __future__ import annotations

import asyncio
import hmac
import http
import ipaddress
import itertools
import logging
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from fate_desk.i18n import LANGUAGES
from fate_desk.paths import resources_dir

from . import protocol
from .seats import ACT, device_key
from .snapshot import PROTOCOL, page_words

log = logging.getLogger(__name__)


class _Quiet:
    """A log line of each kind at most once a second, with how many were left out: a flood of
    refusals must not become a flood of log lines."""

    def __init__(self):
        self._last: dict[str, float] = {}
        self._left_out: dict[str, int] = {}

    def log(self, kind: str, message: str, *args) -> None:
        now = time.monotonic()
        if now - self._last.get(kind, -10.0) < 1.0:
            self._left_out[kind] = self._left_out.get(kind, 0) + 1
            return
        self._last[kind] = now
        left_out = self._left_out.pop(kind, 0)
        if left_out:
            message += " (and %d more like it in the last second)"  # i18n: not shown (a log line)
            args = (*args, left_out)
        log.warning(message, *args)

PAGE_DIR = Path(__file__).resolve().parent / "page"
HEARTBEAT = 3.0  # seconds between the page's pings; silent for two of them, a link is dead
HELLO_WITHIN = 10.0  # seconds a new connection has to say hello
MAX_CONNECTIONS = 64  # sockets open at once, every seat together
MAX_PER_ADDRESS = 12  # from one address on the network (a proxy on this computer is many players)
MAX_PER_SEAT = 6  # devices on one seat (allowed and waiting)
MAX_WAITING = 3  # devices waiting for the GM's Allow on one seat
RATE = 10.0  # messages a second a device may send, on average ...
BURST = 30.0  # ... and at once
FLOOD = 300  # messages dropped within a few seconds: the device is sent away
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")

HTML, SCRIPT, CSS = "text/html; charset=utf-8", "text/javascript; charset=utf-8", "text/css; charset=utf-8"  # i18n: not shown
JSON = "application/json; charset=utf-8"  # i18n: not shown
# The page's files: a fixed list, so no path from a request ever reaches the disk.
FILES = {
    "/": ("index.html", HTML),
    "/index.html": ("index.html", HTML),
    "/app.js": ("app.js", SCRIPT),
    "/render.js": ("render.js", SCRIPT),
    "/connection.js": ("connection.js", SCRIPT),
    "/play.js": ("play.js", SCRIPT),
    "/style.css": ("style.css", CSS),
}
ICON = ("icons", "app", "fate-desk-small.svg")  # the app's own small icon, from resources/


@dataclass(frozen=True)
class SeatInfo:
    """What the server knows of a seat: its character, its secret and the devices let in."""

    seat: str  # the character's id
    name: str
    token: str
    devices: frozenset[str] = frozenset()  # device_key() of each device the GM allowed


@dataclass(frozen=True)
class Event:
    """Something the GM's window hears about: a device "waiting" for Allow, "joined", "left";
    "wanted": a snapshot for (seat, language) is needed; "intent": a player's action."""

    kind: str
    device: int = 0
    seat: str = ""
    language: str = ""
    label: str = ""  # "android at 192.168.1.23": the device's kind and address
    key: str = ""  # device_key() of the device's id
    auto: bool = False  # let in by the table's "allow without asking"
    message: dict | None = None


@dataclass
class DeviceView:
    """A connected device as the GM's dialog lists it (a copy: safe on any thread)."""

    device: int
    seat: str
    label: str
    state: str  # "hello", "waiting", "in"
    language: str
    last_heard: float  # time.monotonic()
    key: str = ""  # device_key() of the device's id


@dataclass
class _Device:
    id: int
    ws: ServerConnection
    label: str
    state: str = "hello"
    seat: str = ""
    token: str = ""
    key: str = ""
    language: str = "en"
    last_heard: float = field(default_factory=time.monotonic)
    sent: dict[str, str] = field(default_factory=dict)  # message type -> the last text sent
    allowance: float = BURST
    refill_at: float = field(default_factory=time.monotonic)
    dropped: int = 0
    logged_at: float = 0.0


def platform_of(user_agent: str) -> str:
    """The kind of device a browser says it runs on (for the GM's list), never more."""
    ua = user_agent.lower()
    for needle, kind in (("iphone", "iphone"), ("ipad", "ipad"), ("android", "android"), ("windows", "windows"),
                         ("macintosh", "mac"), ("cros", "chromebook"), ("linux", "linux")):
        if needle in ua:
            return kind
    return "browser"


def _one(headers: Headers, name: str) -> str:
    """A header sent exactly once, else "" (a request may repeat any header)."""
    values = headers.get_all(name)
    return values[0] if len(values) == 1 else ""


def _scheme(headers: Headers) -> str:
    """http, or https when a reverse proxy says the page reached it over TLS."""
    forwarded = (headers.get_all("X-Forwarded-Proto") or [""])[0]
    return "https" if forwarded.split(",")[0].strip().lower() == "https" else "http"


def _host(headers: Headers) -> str:
    host = _one(headers, "Host")
    return host if _HOST.match(host) else ""


def origin_allowed(headers: Headers, public: str = "") -> bool:
    """The page's own origin only: the scheme the browser used (or a proxy's) with the host it
    asked for (or the one a proxy says it was asked for), or the public address the GM gave.
    A page elsewhere cannot set these headers on its WebSocket; a script outside a browser can,
    but it needs a seat's secret all the same."""
    origin = _one(headers, "Origin").lower()
    if not origin:
        return False
    if public and origin == public.lower():
        return True
    scheme = _scheme(headers)
    forwarded = (headers.get_all("X-Forwarded-Host") or [""])[0].split(",")[0].strip()
    hosts = [host for host in (_host(headers), forwarded if _HOST.match(forwarded) else "") if host]
    return any(origin == f"{scheme}://{host}".lower() for host in hosts)


class TableServer:
    """Start with `start(host, port)`; every other method may be called from any thread."""

    def __init__(self, on_event: Callable[[Event], None], heartbeat: float = HEARTBEAT,
                 record: Callable[[int, str], None] | None = None):
        self.on_event = on_event
        self.heartbeat = heartbeat
        self.record = record  # tests: every text frame sent, with the device it went to
        self.address: tuple[str, int] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self._lock = threading.Lock()
        self._views: dict[int, DeviceView] = {}
        self._devices: dict[int, _Device] = {}
        self._ids = itertools.count(1)
        self._seats: list[SeatInfo] = []
        self._auto_allow = False
        self._mode = "view"
        self._public = ""
        self._sheets: dict[tuple[str, str], str] = {}  # (seat, language) -> the message
        self._scenes: dict[str, str] = {}  # language -> the message
        self._plays: dict[tuple[str, str], str] = {}  # (seat, language) -> what the seat may do now
        self._files: dict[str, bytes] = {}
        self._words: dict[str, bytes] = {}
        self._unbound = threading.Event()  # set once nothing listens any more
        self._quiet = _Quiet()

    # --- life ------------------------------------------------------------------------------

    def start(self, host: str, port: int, timeout: float = 10.0) -> tuple[str, int]:
        """Listen on `host`:`port` (0: any free port); the address listened on. Raises OSError
        when the address cannot be had (in use, not this machine's)."""
        for path, (name, _type) in FILES.items():
            self._files[path] = (PAGE_DIR / name).read_bytes()
        self._files["/icon.svg"] = resources_dir().joinpath(*ICON).read_bytes()
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        outcome: dict = {}
        self._thread = threading.Thread(target=self._run, args=(host, port, ready, outcome), name="fate-desk-table",
                                        daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            self.stop()
            raise OSError("the table's server did not start in time")  # i18n: not shown (the GUI says it)
        if "error" in outcome:
            self._thread.join()
            self._thread = None
            raise outcome["error"]
        self.address = outcome["address"]
        return self.address

    def stop(self, wait: bool = False) -> None:
        """Stop listening at once; every page is told the table closed and its socket closed
        (on the server's thread, which ends by itself once they are; `wait` waits for that)."""
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None and thread.is_alive() and self._stop is not None:
            try:
                loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:  # the loop ended meanwhile
                pass
            self._unbound.wait(timeout=5)
            if wait:
                thread.join(timeout=10)
        self._thread = None
        self.address = None
        with self._lock:
            self._views.clear()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self, host: str, port: int, ready: threading.Event, outcome: dict) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main(host, port, ready, outcome))
        except Exception:  # never silent: the GUI sees the table stop through its devices
            log.exception("table: the server stopped")
        finally:
            ready.set()
            self._loop.close()

    async def _main(self, host: str, port: int, ready: threading.Event, outcome: dict) -> None:
        self._stop = asyncio.Event()
        try:
            server = await serve(
                self._connection, host, port, process_request=self._process_request, max_size=protocol.MAX_FRAME,
                max_queue=4, compression=None, ping_interval=self.heartbeat, ping_timeout=2 * self.heartbeat,
                close_timeout=2, open_timeout=HELLO_WITHIN, logger=logging.getLogger("fate_desk.table.ws"),
                server_header="Fate Desk",  # i18n: not shown (an HTTP header)
            )
        except OSError as exc:
            outcome["error"] = exc
            ready.set()
            return
        sockname = server.sockets[0].getsockname()
        outcome["address"] = (sockname[0], sockname[1])
        ready.set()
        await self._stop.wait()
        server.server.close()  # the listening socket, at once: nothing new gets in
        self._unbound.set()
        server.close(close_connections=False)  # the handshakes under way are refused (503)
        closing = protocol.dump({"type": "refused", "reason": "closed"})
        try:
            await asyncio.wait_for(asyncio.gather(*(self._send(d, closing) for d in list(self._devices.values()))), 1)
        except asyncio.TimeoutError:
            pass  # a dead link: its socket is closed below all the same
        await asyncio.gather(*(d.ws.close(1001) for d in list(self._devices.values())), return_exceptions=True)
        await server.wait_closed()

    # --- what the GUI thread hands over ----------------------------------------------------------

    def _call(self, function, *args) -> None:
        loop = self._loop
        if loop is not None and self.running:
            try:
                loop.call_soon_threadsafe(function, *args)
            except RuntimeError:  # closed meanwhile
                pass

    def set_seats(self, seats: list[SeatInfo], auto_allow: bool, mode: str, public: str = "") -> None:
        """The seats and settings now (`public`: the origin of the address players reach the
        table by through a proxy, if the GM gave one); a device whose seat's link was replaced
        is sent away."""
        self._call(self._set_seats, list(seats), auto_allow, mode, public)

    def publish_sheet(self, seat: str, language: str, sheet: dict) -> None:
        self._call(self._publish, ("sheet", seat, language), protocol.dump({"type": "sheet", "sheet": sheet}))

    def publish_scene(self, language: str, scene: dict) -> None:
        self._call(self._publish, ("scene", "", language), protocol.dump({"type": "scene", "scene": scene}))

    def publish_play(self, seat: str, language: str, play: dict) -> None:
        """What the seat may do now (its roll, the table's rolls, offers, prompts), in `language`."""
        self._call(self._publish, ("play", seat, language), protocol.dump({"type": "play", "play": play}))

    def admit(self, device: int) -> None:
        self._call(self._admit, device)

    def refuse(self, device: int) -> None:
        self._call(self._send_away, device, "device")

    def disconnect(self, device: int) -> None:
        """Send a device away; its page says the GM disconnected it and stops trying."""
        self._call(self._send_away, device, "disconnected")

    def answer(self, device: int, ref: int, done: bool, text: str) -> None:
        """The app's answer to a player's action: done (and saved), or not, with why."""
        self._call(self._queue, device, protocol.dump({"type": "answer", "ref": ref, "done": done, "text": text}))

    def tell(self, device: int, text: str) -> None:
        """A word for one device from the GM's side (the GM undid one of its seat's steps)."""
        self._call(self._queue, device, protocol.dump({"type": "notice", "text": text}))

    def devices(self) -> list[DeviceView]:
        with self._lock:
            return [DeviceView(**vars(v)) for v in self._views.values()]

    def wanted(self) -> set[tuple[str, str]]:
        """(seat, language) of every device let in: the snapshots to keep up to date."""
        with self._lock:
            return {(v.seat, v.language) for v in self._views.values() if v.state == "in"}

    # --- on the server's loop ---------------------------------------------------------------

    def _set_seats(self, seats: list[SeatInfo], auto_allow: bool, mode: str, public: str) -> None:
        changed = mode != self._mode
        self._seats, self._auto_allow, self._mode, self._public = seats, auto_allow, mode, public
        tokens = {s.seat: s.token for s in seats}
        for device in list(self._devices.values()):
            if device.seat and not hmac.compare_digest(tokens.get(device.seat, "").encode(), device.token.encode()):
                self._send_away(device.id, "token")  # a new link for the seat: the old one stops now
            elif device.state == "in" and changed:
                self._queue(device.id, self._welcome(device))

    def _seat_for(self, token: str) -> SeatInfo | None:
        found = None
        for seat in self._seats:  # every seat compared, in constant time each
            if hmac.compare_digest(seat.token.encode(), token.encode()):
                found = seat
        return found

    def _publish(self, key: tuple[str, str, str], text: str) -> None:
        kind, seat, language = key
        store = {"sheet": self._sheets, "scene": self._scenes, "play": self._plays}[kind]
        slot = language if kind == "scene" else (seat, language)
        if store.get(slot) == text:
            return
        store[slot] = text
        for device in list(self._devices.values()):
            if device.state == "in" and device.language == language and (kind == "scene" or device.seat == seat):
                self._queue(device.id, text, kind)

    def _queue(self, device_id: int, text: str, kind: str = "") -> None:
        device = self._devices.get(device_id)
        if device is not None:
            asyncio.ensure_future(self._send(device, text, kind))

    async def _send(self, device: _Device, text: str, kind: str = "") -> None:
        """Send a message; a snapshot (`kind` "sheet" or "scene") only if the page lacks it."""
        if kind:
            if device.sent.get(kind) == text:
                return
            device.sent[kind] = text
        if self.record is not None:
            self.record(device.id, text)
        try:
            await device.ws.send(text)
        except ConnectionClosed:
            pass

    def _admit(self, device_id: int) -> None:
        device = self._devices.get(device_id)
        if device is None or device.state != "waiting":
            return
        device.state = "in"
        self._changed(device)
        self._emit(Event("joined", device.id, device.seat, device.language, device.label, device.key))
        self._queue(device.id, self._welcome(device))
        self._deliver(device)

    def _send_away(self, device_id: int, reason: str) -> None:
        device = self._devices.get(device_id)
        if device is None:
            return
        if reason:
            self._queue(device.id, protocol.dump({"type": "refused", "reason": reason}))
        asyncio.ensure_future(self._close(device))

    async def _close(self, device: _Device) -> None:
        await asyncio.sleep(0)  # the refusal goes first
        await device.ws.close(1000 if device.state == "in" else 1008)

    def _welcome(self, device: _Device) -> str:
        seat = next((s for s in self._seats if s.seat == device.seat), None)
        return protocol.dump({"type": "welcome", "name": seat.name if seat else "", "heartbeat": self.heartbeat,
                              "mode": self._mode, "protocol": PROTOCOL})

    def _deliver(self, device: _Device) -> None:
        """The device's snapshots as they are now; those not made yet are asked for."""
        sheet, scene = self._sheets.get((device.seat, device.language)), self._scenes.get(device.language)
        play = self._plays.get((device.seat, device.language))
        if sheet is not None:
            self._queue(device.id, sheet, "sheet")
        if scene is not None:
            self._queue(device.id, scene, "scene")
        if play is not None:
            self._queue(device.id, play, "play")
        if sheet is None or scene is None or play is None:
            self._emit(Event("wanted", device.id, device.seat, device.language))

    def _emit(self, event: Event) -> None:
        try:
            self.on_event(event)
        except Exception:  # the GUI side's trouble must not stop the table
            log.exception("table: an event could not be handed to the window")

    def _changed(self, device: _Device) -> None:
        with self._lock:
            self._views[device.id] = DeviceView(device.id, device.seat, device.label, device.state, device.language,
                                                device.last_heard, device.key)

    # --- HTTP: the page, its words, and the door to /ws ------------------------------------------------

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        headers = request.headers
        if path == "/ws":
            if _one(headers, "Upgrade").lower() != "websocket":
                return _response(http.HTTPStatus.BAD_REQUEST, b"", "text/plain")
            if not origin_allowed(headers, self._public):
                self._quiet.log("origin", "table: a WebSocket from origin %r (host %r) refused",
                                    headers.get_all("Origin"), headers.get_all("Host"))
                return _response(http.HTTPStatus.FORBIDDEN, b"", "text/plain")
            if len(connection.server.connections) >= MAX_CONNECTIONS:  # (this one is not counted yet)
                self._quiet.log("full", "table: a connection refused: %d are open already", MAX_CONNECTIONS)
                return _response(http.HTTPStatus.SERVICE_UNAVAILABLE, b"", "text/plain")
            address = connection.remote_address[0] if connection.remote_address else ""
            if address and not ipaddress.ip_address(address.split("%")[0]).is_loopback and sum(
                    1 for other in connection.server.connections
                    if other.remote_address and other.remote_address[0] == address) >= MAX_PER_ADDRESS:
                self._quiet.log("crowd", "table: a connection from %s refused: %d are open from there already",
                                address, MAX_PER_ADDRESS)
                return _response(http.HTTPStatus.SERVICE_UNAVAILABLE, b"", "text/plain")
            return None
        security = _security_headers(headers)
        if path in self._files:
            content_type = FILES[path][1] if path in FILES else "image/svg+xml"
            return _response(http.HTTPStatus.OK, self._files[path], content_type, security)
        if path.startswith("/words/") and path.endswith(".json"):
            code = path[len("/words/"):-len(".json")]
            if code in LANGUAGES:
                if code not in self._words:
                    self._words[code] = protocol.dump(page_words(code)).encode("utf-8")
                return _response(http.HTTPStatus.OK, self._words[code], JSON, security)
        return _response(http.HTTPStatus.NOT_FOUND, b"", "text/plain", security)

    # --- one connection --------------------------------------------------------------------------

    async def _connection(self, ws: ServerConnection) -> None:
        address = ws.remote_address[0] if ws.remote_address else "?"
        agent = _one(ws.request.headers, "User-Agent") if ws.request else ""
        device = _Device(next(self._ids), ws, f"{platform_of(agent)} {address}")
        self._devices[device.id] = device
        try:
            await self._serve(device)
        except ConnectionClosed:
            pass
        finally:
            self._devices.pop(device.id, None)
            with self._lock:
                self._views.pop(device.id, None)
            if device.state in ("waiting", "in"):
                self._emit(Event("left", device.id, device.seat, device.language, device.label, device.key))

    async def _serve(self, device: _Device) -> None:
        ws = device.ws
        try:
            first = await asyncio.wait_for(ws.recv(), HELLO_WITHIN)
        except asyncio.TimeoutError:
            await ws.close(1008)
            return
        hello = protocol.parse(first)
        if hello is None or hello["type"] != "hello":
            self._bad(device, "a first message that is not a hello")  # i18n: not shown (a log line)
            await self._refuse_now(device, "protocol")
            return
        seat = self._seat_for(hello["token"])
        if seat is None:
            self._quiet.log("token", "table: %s used a link that is not (or no longer) a seat's", device.label)
            await self._refuse_now(device, "token")
            return
        on_seat = [d for d in self._devices.values() if d.seat == seat.seat]
        if len(on_seat) >= MAX_PER_SEAT or sum(d.state == "waiting" for d in on_seat) >= MAX_WAITING:
            await self._refuse_now(device, "full")
            return
        device.seat, device.token, device.language = seat.seat, hello["token"], hello["language"]
        device.key = device_key(hello["device"])
        device.last_heard = time.monotonic()
        # The window hears of a device before the device hears anything: whatever the page does
        # next, the GM's side already knows it.
        if device.key in seat.devices or self._auto_allow:
            device.state = "in"
            self._changed(device)
            self._emit(Event("joined", device.id, seat.seat, device.language, device.label, device.key,
                             auto=device.key not in seat.devices))
            await self._send(device, self._welcome(device))
            self._deliver(device)
        else:
            device.state = "waiting"
            self._changed(device)
            self._emit(Event("waiting", device.id, seat.seat, device.language, device.label, device.key))
            await self._send(device, protocol.dump({"type": "waiting"}))
        async for raw in ws:
            if not self._allowance(device):
                if device.dropped > FLOOD:
                    self._quiet.log("flood", "table: %s sent too many messages and was disconnected", device.label)
                    await ws.close(1008)
                    return
                continue
            device.last_heard = time.monotonic()
            self._changed(device)
            message = protocol.parse(raw)
            if message is None or message["type"] == "hello":
                self._bad(device, "a message that is not one of the table's")  # i18n: not shown (a log line)
                continue
            await self._handle(device, message)

    async def _handle(self, device: _Device, message: dict) -> None:
        kind = message["type"]
        if kind == "ping":
            await self._send(device, protocol.dump({"type": "pong"}))
        elif kind == "language" and device.state == "in":
            device.language = message["language"]
            device.sent.clear()
            self._changed(device)
            self._deliver(device)
        elif kind == "act":
            if device.state != "in" or self._mode != ACT:
                await self._send(device, protocol.dump({"type": "answer", "ref": message["ref"], "done": False,
                                                        "text": "", "reason": "view-only"}))
                return
            self._emit(Event("intent", device.id, device.seat, device.language, device.label, device.key,
                             message=message))

    async def _refuse_now(self, device: _Device, reason: str) -> None:
        await self._send(device, protocol.dump({"type": "refused", "reason": reason}))
        await device.ws.close(1008)

    def _allowance(self, device: _Device) -> bool:
        """A token bucket: RATE messages a second, BURST at once; the rest are dropped."""
        now = time.monotonic()
        device.allowance = min(BURST, device.allowance + (now - device.refill_at) * RATE)
        device.refill_at = now
        if device.allowance >= 1:
            device.allowance -= 1
            if device.allowance >= BURST / 2:
                device.dropped = 0
            return True
        device.dropped += 1
        if now - device.logged_at > 1:
            device.logged_at = now
            log.warning("table: %s sends too fast; its messages are dropped (%d so far)", device.label, device.dropped)
        return False

    def _bad(self, device: _Device, what: str) -> None:
        now = time.monotonic()
        if now - device.logged_at > 1:  # a line a second at most, whatever a device sends
            device.logged_at = now
            log.warning("table: %s sent %s; dropped", device.label, what)


def _security_headers(headers: Headers) -> list[tuple[str, str]]:
    """The page runs only its own files: no inline script or style, nothing from elsewhere, and
    its socket only to where the page came from (wss:// behind a proxy that speaks https)."""
    host = _host(headers)
    socket = f" {'wss' if _scheme(headers) == 'https' else 'ws'}://{host}" if host else ""
    policy = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "  # i18n: not shown
              f"connect-src 'self'{socket}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")  # i18n: not shown
    return [("Content-Security-Policy", policy), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"), ("Cache-Control", "no-cache")]


def _response(status: http.HTTPStatus, body: bytes, content_type: str,
              extra: list[tuple[str, str]] = ()) -> Response:
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))), ("Connection", "close"),
                       *extra])
    return Response(status.value, status.phrase, headers, body)
