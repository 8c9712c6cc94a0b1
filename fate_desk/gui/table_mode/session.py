"""An open table: the server, the seats, and the campaign followed on the GUI thread.

The GUI thread owns the campaign and its undo stack. When the campaign changes, this computes
each seat's snapshot (fate_desk/table/snapshot.py, Qt-free) in the languages its devices read,
and hands them to the server thread. The server's news (a device waiting, joined or gone, a
snapshot wanted, a player's action) arrives here as a queued signal: nothing here waits on it.
"""

from __future__ import annotations

import errno
import logging
import queue
import threading
import weakref
from typing import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication
from shiboken6 import isValid

from fate_desk.i18n import _, speaking
from fate_desk.model import CharacterKind
from fate_desk.table.seats import ACT, VIEW, SeatBook
from fate_desk.table.server import HEARTBEAT, Event, SeatInfo, TableServer
from fate_desk.table.snapshot import scene_snapshot, sheet_snapshot

from .play import TablePlay

log = logging.getLogger(__name__)


def link_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


class _Courier(QObject):
    """The one object the table servers' threads signal, made on the GUI thread with the first
    table and living as long as the application: a session may be deleted at any moment (its
    window closed), and a thread must never signal an object being deleted (the queued call it
    posts can outlive the object, and is a crash when delivered)."""

    nudge = Signal()  # some relay has news: delivered queued, on the GUI thread


_COURIER: list[_Courier] = []
_WAITING: queue.SimpleQueue = queue.SimpleQueue()  # (relay, event): what the servers heard, in order


def _courier() -> _Courier:
    if not _COURIER:  # on the GUI thread, by the first session
        courier = _Courier(QCoreApplication.instance())
        courier.nudge.connect(_hand_over, Qt.ConnectionType.QueuedConnection)
        _COURIER.append(courier)
    return _COURIER[0]


def _hand_over() -> None:
    """On the GUI thread: what each server heard to its session, if the session is still there."""
    while True:
        try:
            relay, event = _WAITING.get_nowait()
        except queue.Empty:
            return
        session = relay.session()
        if session is not None and isValid(session):
            session._heard(event)


class _Relay:
    """The server thread's way to its session, open only while the table is: after close the
    server's thread may still be ending its sockets. What it hears waits in a plain queue, and
    the application's courier is nudged (a signal without arguments, on an object that is never
    deleted): no Python object crosses threads inside a queued Qt signal, and no thread signals
    a session that may be gone."""

    def __init__(self, session: "TableSession"):
        self.session = weakref.ref(session)
        self._courier, self._lock, self._on = _courier(), threading.Lock(), False

    def __call__(self, event) -> None:  # on the server's thread
        with self._lock:
            if self._on:
                _WAITING.put((self, event))
                self._courier.nudge.emit()

    def set(self, on: bool) -> None:
        with self._lock:
            self._on = on


class TableSession(QObject):
    """One open table for one campaign. `open()` starts listening; `close()` stops for good."""

    changed = Signal()  # devices, seats or settings changed: the dialog shows them again
    waiting = Signal(object)  # an Event: a device asks for a seat (the GM's Allow / Refuse)
    closed = Signal()

    def __init__(self, document, book: SeatBook | None = None, heartbeat: float = HEARTBEAT,
                 record: Callable[[int, str], None] | None = None, parent: QObject | None = None, dice=None):
        super().__init__(parent)
        self.document = document
        self.book = book if book is not None else SeatBook.load(document.campaign.id)
        self._relay = _Relay(self)
        self.destroyed.connect(lambda *_args, relay=self._relay: relay.set(False))
        self.server = TableServer(self._relay, heartbeat=heartbeat, record=record)
        self.requests: dict[int, Event] = {}  # devices waiting for the GM, by device
        # Player actions by kind: (session, event) -> None (the table's play, below, fills it).
        self.intents: dict[str, Callable[[TableSession, Event], None]] = {}
        self.play = TablePlay(self, dice)
        self.play.changed.connect(self._play_changed)
        self._published: dict[tuple, dict] = {}
        self._languages: set[tuple[str, str]] = set()  # (seat, language) asked for
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.publish)
        # What the dialog shows is told at most five times a second: 200 devices knocking at
        # once are 200 events, and the GM's window must not redraw for each.
        self._tell = QTimer(self)
        self._tell.setSingleShot(True)
        self._tell.setInterval(200)
        self._tell.timeout.connect(self.changed.emit)
        self._following = False
        self._handed: tuple = ()
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.close)  # closing the app closes the table, whichever way it quits

    # --- opening and closing ------------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        return self.server.running

    def open(self, host: str, port: int | None = None) -> tuple[str, int]:
        """Listen on `host` and the campaign's port (another free one if that is taken, and
        the links change; said by the return value). Raises OSError when `host` cannot be had."""
        wanted = self.book.port if port is None else port
        self._relay.set(True)
        try:
            address = self.server.start(host, wanted)
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE or wanted == 0:
                raise
            address = self.server.start(host, 0)
        self.book.address, self.book.port = host, address[1]
        self.book.save()
        self._follow(True)
        self._hand_seats()
        self.publish()
        self.changed.emit()
        return address

    def close(self) -> None:
        if not self.is_open and not self._following:
            return
        self.play.set_aside_all()  # no roll thrown on a phone leaves the table unlogged
        self._follow(False)
        self._relay.set(False)  # what the server still says while it ends its sockets goes nowhere
        self.server.stop()
        self.requests.clear()
        self._published.clear()
        self.changed.emit()
        self.closed.emit()

    def _follow(self, on: bool) -> None:
        document = self.document
        signals = (document.campaignChanged, document.entityChanged, document.entityAdded, document.entityRemoved)
        if on and not self._following:
            for signal in signals:
                signal.connect(self._campaign_changed)
        elif not on and self._following:
            for signal in signals:
                signal.disconnect(self._campaign_changed)
        self._following = on

    def follow(self, document) -> None:
        """The same campaign read again (from disk): the table goes on with it."""
        was = self._following
        self._follow(False)
        self.document = document
        self._published.clear()
        self.play.follow()
        if was:
            self._follow(True)
            self._hand_seats()
            self._timer.start()

    # --- seats --------------------------------------------------------------------------------

    def characters(self) -> list:
        """The player characters, each a seat, in the campaign's order."""
        return [c for c in self.document.campaign.characters if c.kind == CharacterKind.PC]

    def link(self, character_id: str) -> str:
        """The seat's link: the address and port (never a .local name), or the public address the
        GM gave for play through a proxy; its secret after '#'."""
        token = self.book.seat(character_id).token
        if self.book.public:
            return f"{self.book.public}/#{token}"
        return f"http://{link_host(self.book.address or '127.0.0.1')}:{self.book.port}/#{token}"

    def set_public(self, origin: str) -> None:
        """Where players reach the table through an HTTPS proxy or tunnel ("" for none)."""
        self.book.public = origin
        self.book.save()
        self._hand_seats()
        self.changed.emit()

    def renew(self, character_id: str) -> str:
        """A new link for the seat: the old one stops at once, with every device that used it."""
        self.book.renew(character_id)
        self.book.save()
        for device, event in list(self.requests.items()):
            if event.seat == character_id:
                del self.requests[device]
        self._hand_seats()
        self.changed.emit()
        return self.link(character_id)

    def set_auto_allow(self, on: bool) -> None:
        self.book.auto_allow = on
        self.book.save()
        self._hand_seats()
        if on:
            for device in list(self.requests):
                self.allow(device)

    def set_mode(self, mode: str) -> None:
        self.book.mode = ACT if mode == ACT else VIEW
        self.book.save()
        self._hand_seats()
        self._timer.start()  # every page shows (or hides) what its player may do

    def set_invoke_nod(self, on: bool) -> None:
        """Each invoke from a phone waits for the GM's Allow (a request in the Requests panel)."""
        self.book.invoke_nod = on
        self.book.save()
        self._timer.start()

    def _seat_names(self) -> tuple[tuple[str, str], ...]:
        return tuple((c.id, c.name.strip() or _("(unnamed)")) for c in self.characters())

    def _hand_seats(self) -> None:
        names = self._seat_names()
        new = [character_id for character_id, _name in names if character_id not in self.book.seats]
        seats = []
        for character_id, name in names:
            seat = self.book.seat(character_id)
            seats.append(SeatInfo(character_id, name, seat.token, frozenset(seat.devices)))
        if new:
            self.book.save()  # a new character's seat (and link) is kept at once
        self._handed = names
        self.server.set_seats(seats, self.book.auto_allow, self.book.mode, self.book.public)

    # --- devices ------------------------------------------------------------------------------

    def devices(self):
        return self.server.devices()

    def allow(self, device: int) -> None:
        event = self.requests.pop(device, None)
        if event is None:
            return
        self.book.allow_key(event.seat, event.key)
        self.book.save()
        self._hand_seats()
        self.server.admit(device)
        self.changed.emit()

    def refuse(self, device: int) -> None:
        if self.requests.pop(device, None) is not None:
            self.server.refuse(device)
            self.changed.emit()

    def disconnect(self, device: int) -> None:
        """Send a device away and forget it: to join again it must ask the GM again."""
        view = next((v for v in self.server.devices() if v.device == device), None)
        if view is not None and view.seat:
            self.book.forget_key(view.seat, view.key)
            self.book.save()
            self._hand_seats()
        self.server.disconnect(device)

    def _heard(self, event: Event) -> None:
        if not self.is_open:
            return
        if event.kind == "waiting":
            self.requests[event.device] = event
            self.waiting.emit(event)
        elif event.kind == "joined":
            # Let in without asking: remembered as if the GM had allowed it (written only when new:
            # a device coming back, however often, costs the window no disk write).
            if event.auto and self.book.allow_key(event.seat, event.key):
                self.book.save()
                self._hand_seats()
            self._languages.add((event.seat, event.language))
        elif event.kind == "left":
            self.requests.pop(event.device, None)
        elif event.kind == "wanted":
            self._languages.add((event.seat, event.language))
            self._timer.start()
        elif event.kind == "intent":
            self._intent(event)
        if not self._tell.isActive():
            self._tell.start()

    def _intent(self, event: Event) -> None:
        """A player's action: handled by its kind's handler, or refused in words."""
        message = event.message or {}
        handler = None if message.get("unknown") else self.intents.get(message.get("kind", ""))
        if handler is None:
            log.warning("table: an action of kind %r from %s is not one the app knows; refused",
                        message.get("kind"), event.label)
            with speaking(event.language):
                text = _("The app does not know that action.")
            self.server.answer(event.device, message.get("ref", 0), False, text)
            return
        handler(self, event)

    # --- snapshots ----------------------------------------------------------------------------

    def _play_changed(self) -> None:
        if self.is_open:
            self._timer.start()

    def _campaign_changed(self, *_args) -> None:
        self._timer.start()  # once per turn of the event loop, however many signals came

    def publish(self) -> None:
        """Every wanted seat's sheet and the scene, in each language in use, to the server (only
        what changed since last time)."""
        if not self.is_open or self.document.loading:
            return
        campaign = self.document.campaign
        if self._seat_names() != self._handed:  # a player character added, removed or renamed
            self._hand_seats()
        wanted = self.server.wanted() | self._languages
        characters = {c.id: c for c in self.characters()}
        for language in sorted({language for _seat, language in wanted}):
            scene = scene_snapshot(campaign, language)
            if self._published.get(("scene", language)) != scene:
                self._published[("scene", language)] = scene
                self.server.publish_scene(language, scene)
        for seat, language in sorted(wanted):
            character = characters.get(seat)
            if character is None:
                continue
            sheet = sheet_snapshot(campaign, character, self.document.ruleset_for(character), language)
            if self._published.get(("sheet", seat, language)) != sheet:
                self._published[("sheet", seat, language)] = sheet
                self.server.publish_sheet(seat, language, sheet)
            play = self.play.snapshot(seat, language)
            if play is not None and self._published.get(("play", seat, language)) != play:
                self._published[("play", seat, language)] = play
                self.server.publish_play(seat, language, play)
