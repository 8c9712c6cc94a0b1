"""One running app per user: a second launch hands its file to the first and exits.

The first app to take a QLockFile becomes the primary and listens on a QLocalServer; later
launches connect with a QLocalSocket, send `{"open": PATH}` (PATH may be empty: just raise
the window) and exit once the primary says "ok". The names come from the user's data folder,
so separate users (and tests with their own folders) never meet. QLockFile notices a lock
left by a crashed or killed app (its process is gone) and takes it over.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QByteArray, QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from fate_desk.paths import user_data_dir

CONNECT_MS = 1000
REPLY_MS = 5000
# A launch racing the primary's start-up retries for this long before running on its own.
HANDOVER_TRIES = 6


def instance_key() -> str:
    """A short name for this user's Fate Desk: the same for every launch with the same data folder."""
    user = str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "")
    digest = hashlib.sha256(f"{user}:{Path(user_data_dir()).expanduser().absolute()}".encode()).hexdigest()
    return f"fate-desk-{digest[:16]}"


class SingleInstance(QObject):
    """`claim()` once at start: True for the primary (keep running), False if another app runs."""

    fileRequested = Signal(str)  # an absolute path, or "" to only raise the window

    def __init__(self, key: str | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.key = key or instance_key()
        self._lock = QLockFile(str(Path(tempfile.gettempdir()) / f"{self.key}.lock"))
        self._lock.setStaleLockTime(0)  # never stale by age; only when its process is gone
        self._server: QLocalServer | None = None

    def claim(self) -> bool:
        if not self._lock.tryLock(0):
            return False
        QLocalServer.removeServer(self.key)  # a socket left by a crashed primary
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.key):
            return True  # no hand-over this time, but this app runs normally
        server.newConnection.connect(self._accept)
        self._server = server
        return True

    def hand_over(self, path: str | None) -> bool:
        """Send `path` to the running app; False if none answered."""
        message = json.dumps({"open": str(Path(path).absolute()) if path else ""}) + "\n"
        for _ in range(HANDOVER_TRIES):
            socket = QLocalSocket()
            socket.connectToServer(self.key)
            if socket.waitForConnected(CONNECT_MS):
                socket.write(QByteArray(message.encode("utf-8")))
                socket.waitForBytesWritten(REPLY_MS)
                answered = socket.waitForReadyRead(REPLY_MS) and bytes(socket.readAll().data()).startswith(b"ok")
                socket.disconnectFromServer()
                if answered:
                    return True
            socket.abort()
            if self._lock.tryLock(0):  # the primary went away meanwhile: this launch takes over
                self._lock.unlock()
                return False
        return False

    def release(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        self._lock.unlock()

    def _accept(self) -> None:
        while self._server is not None and self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            buffer = bytearray()

            def read(socket=socket, buffer=buffer) -> None:
                buffer.extend(bytes(socket.readAll().data()))
                if b"\n" not in buffer:
                    if len(buffer) > 64 * 1024:  # not one of ours
                        socket.abort()
                    return
                line = bytes(buffer).split(b"\n", 1)[0]
                try:
                    path = json.loads(line.decode("utf-8")).get("open", "")
                except (ValueError, AttributeError, UnicodeDecodeError):
                    socket.abort()
                    return
                socket.write(QByteArray(b"ok\n"))
                socket.flush()
                socket.disconnectFromServer()
                self.fileRequested.emit(str(path) if isinstance(path, str) else "")

            socket.readyRead.connect(read)
            socket.disconnected.connect(socket.deleteLater)
