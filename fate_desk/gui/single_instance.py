"""One running app per user: a second launch hands its file to the first and exits.

The first app to take the lock becomes the primary and listens on a local socket; later
launches connect, send `{"open": PATH}` (PATH may be empty: just raise the window) and exit
once the primary says "ok". The names come from the user's data folder, so separate data
folders (and tests with their own) never meet.

Both live in a folder only the user can enter: `$XDG_RUNTIME_DIR/fate-desk`, else
`fate-desk-UID` in the temporary folder, else `run` in the user's data folder, each used only
if it is a real folder owned by the user that no one else may open (0700). Never a name in the
world-writable temporary folder that anyone could compute and take first. A socket there that
belongs to someone else is never connected to, and a connection from another user is dropped.

The primary answers on a thread of its own, so a launch gets its "ok" at once even while the
primary is still starting; the files it was handed reach the window once the window is there
(`deliver_to`). A launch waits at most a second for each answer from a peer that connected
(and asks a silent one three times at most), and a launch that finds the primary starting (the lock held, no socket yet) keeps trying for a
few seconds, so launches made at the same moment end up as exactly one app.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import queue
import socket as sockets
import stat
import struct
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QSocketNotifier

from fate_desk.paths import user_data_dir

log = logging.getLogger(__name__)

WAIT_MS = 1000  # the longest wait on a peer: to connect, and for its answer
SILENT_TRIES = 3  # how often a launch asks a peer that connected but never answered
STARTING_S = 10.0  # how long a launch waits for a primary that holds the lock but does not listen yet
MAX_MESSAGE = 64 * 1024
MAX_PATH = 4096
SOCKET_PATH_LIMIT = 103  # sun_path holds 108 bytes on Linux, 104 on macOS, with the final NUL


def instance_key() -> str:
    """A short name for this user's Fate Desk: the same for every launch with the same data folder."""
    user = str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "")
    digest = hashlib.sha256(f"{user}:{Path(user_data_dir()).expanduser().absolute()}".encode()).hexdigest()
    return f"fate-desk-{digest[:16]}"


def _private_folder(folder: Path, create: bool) -> bool:
    """True if `folder` is (or was just made) a real folder of this user that no one else may open."""
    try:
        if create:
            folder.mkdir(mode=0o700, parents=False, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and info.st_mode & 0o077 == 0


def runtime_folder(key: str) -> Path | None:
    """The folder for this user's socket `key` and its lock (see the module docstring); None on
    Windows (no Unix sockets in Python there), or if there is none."""
    if not hasattr(os, "getuid"):
        return None
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if xdg and Path(xdg).is_absolute() and _private_folder(Path(xdg), create=False) \
            and _fits(Path(xdg) / "fate-desk", key) and _private_folder(Path(xdg) / "fate-desk", create=True):
        return Path(xdg) / "fate-desk"
    data = Path(user_data_dir()).expanduser().absolute()
    for folder in (Path(tempfile.gettempdir()) / f"fate-desk-{os.getuid()}", data / "run"):
        if not _fits(folder, key):
            continue
        try:
            folder.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if _private_folder(folder, create=True):
            return folder
        log.warning("fate-desk: not using %s for the running app's socket: it is not a private folder of yours",
                    folder)
    return None


class _FileLock:
    """The primary's lock: `flock` on a file in the private folder (the kernel frees it when
    the app dies, however it dies; nothing is ever stale). Where there is no flock (Windows),
    a QLockFile, which notices a lock whose process is gone."""

    def __init__(self, path: Path):
        self.path = path
        self._fd: int | None = None
        self._qt: QLockFile | None = None
        try:
            # Deferred: fcntl exists only on POSIX; its absence (Windows) picks Qt's lock file.
            import fcntl  # noqa: F401
        except ImportError:
            self._qt = QLockFile(str(path))
            self._qt.setStaleLockTime(0)  # never stale by age; only when its process is gone

    def isLocked(self) -> bool:
        return self._qt.isLocked() if self._qt is not None else self._fd is not None

    def tryLock(self, _timeout: int = 0) -> bool:
        if self._qt is not None:
            return self._qt.tryLock(0)
        if self._fd is not None:
            return True
        # Deferred: fcntl exists only on POSIX (this path runs only where __init__ found it).
        import fcntl

        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def unlock(self) -> None:
        if self._qt is not None:
            self._qt.unlock()
        elif self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)


def _fits(folder: Path, key: str) -> bool:
    return len(os.fsencode(folder / key)) <= SOCKET_PATH_LIMIT


def parse_message(line: bytes) -> str | None:
    """The path a hand-over asks to open ("" for none), or None for anything that is not one
    of ours (logged): valid UTF-8 JSON {"open": text}, the text an absolute path or empty,
    without NUL or other control characters, at most MAX_PATH long."""
    why = None
    path = None
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        why = "not a hand-over message"  # i18n: not shown
    else:
        if not isinstance(message, dict) or not isinstance(message.get("open", None), str):
            why = "not a hand-over message"  # i18n: not shown
        else:
            path = message["open"]
            if len(path) > MAX_PATH:
                why = "the path is too long"  # i18n: not shown
            elif any(ord(ch) < 32 or ord(ch) == 127 for ch in path):
                why = "the path holds control characters"  # i18n: not shown
            elif path and not Path(path).is_absolute():
                why = "the path is not absolute"  # i18n: not shown
    if why:
        log.warning("fate-desk: dropped a message from another launch: %s", why)
        return None
    return path


def _peer_is_us(conn) -> bool:
    """On Linux, whether the connected peer runs as this user (SO_PEERCRED)."""
    if not hasattr(sockets, "SO_PEERCRED") or not hasattr(os, "getuid"):
        return True
    try:
        _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(sockets.SOL_SOCKET, sockets.SO_PEERCRED,
                                                              struct.calcsize("3i")))
    except OSError:
        return False
    return uid == os.getuid()


class _Listener:
    """The primary's server, on a plain Python thread that never touches a Qt object: it answers
    every launch at once, even while the window is busy, and puts each path handed over in a
    queue the GUI thread drains. (A Qt server on a Qt thread ran Python slots there, and those
    deadlocked against the GUI thread over Qt's locks and Python's.)"""

    def __init__(self, name: str):
        self.name = name
        self.paths: queue.Queue[str] = queue.Queue()
        # A byte down this pipe wakes the window when a path arrives (no polling timer).
        self.wake_read, self._wake_write = os.pipe()
        os.set_blocking(self.wake_read, False)
        self._server = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def start(self) -> bool:
        try:
            os.unlink(self.name)  # a socket left by a crashed primary (in our own private folder)
        except FileNotFoundError:
            pass
        except OSError:
            return False
        server = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
        try:
            old = os.umask(0o177)  # the socket itself is the user's alone, as its folder is
            try:
                server.bind(self.name)
            finally:
                os.umask(old)
            server.listen(16)
        except OSError:
            server.close()
            return False
        server.settimeout(0.2)  # wakes to see whether it should stop
        self._server = server
        self._thread = threading.Thread(target=self._serve, name="fate-desk hand-over", daemon=True)  # i18n: not shown
        self._thread.start()
        return True

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                self._handle(conn)

    def _handle(self, conn) -> None:
        if not _peer_is_us(conn):
            log.warning("fate-desk: dropped a connection from another user")
            return
        conn.settimeout(WAIT_MS / 1000)  # a peer that sends nothing useful is cut off after a second
        buffer = bytearray()
        try:
            while b"\n" not in buffer:
                chunk = conn.recv(4096)
                if not chunk:
                    return
                buffer.extend(chunk)
                if len(buffer) > MAX_MESSAGE:
                    log.warning("fate-desk: dropped a message from another launch: too long")
                    return
        except OSError:
            return
        path = parse_message(bytes(buffer).split(b"\n", 1)[0])
        if path is None:
            return
        try:
            conn.sendall(b"ok\n")
        except OSError:
            pass
        self.paths.put(path)
        try:
            os.write(self._wake_write, b"!")
        except OSError:
            pass

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)
        if self._server is not None:
            self._server.close()
            self._server = None
            try:
                os.unlink(self.name)
            except OSError:
                pass
        for fd in (self.wake_read, self._wake_write):
            try:
                os.close(fd)
            except OSError:
                pass


class SingleInstance(QObject):
    """`claim()` once at start: True for the primary (keep running), False if another app runs."""

    def __init__(self, key: str | None = None, parent: QObject | None = None, folder: Path | None = None):
        super().__init__(parent)
        self.key = key or instance_key()
        self.folder = folder if folder is not None else runtime_folder(self.key)
        if self.folder is not None:
            self.server_name = str(self.folder / self.key)
            lock_file = self.folder / f"{self.key}.lock"
        else:
            # Windows (Python has no Unix sockets there, and the app serves no named pipe) or
            # no private folder: each launch runs on its own, as an app without the hand-over.
            if os.name != "nt":
                log.warning("fate-desk: no private folder for the running app's socket; "
                            "each launch runs on its own")
            self.server_name = ""
            lock_file = Path(os.devnull)
        self._lock = _FileLock(lock_file)
        self._listener: _Listener | None = None
        self._woken: QSocketNotifier | None = None
        self._receiver: Callable[[str], None] | None = None
        self._pending: list[str] = []

    @property
    def usable(self) -> bool:
        return bool(self.server_name)

    def claim(self) -> bool:
        """Become the primary (and listen) if no other app holds the lock."""
        if not self.usable:
            return True
        if not self._lock.isLocked() and not self._lock.tryLock(0):
            return False
        self._listen()
        return True

    def _listen(self) -> None:
        if self._listener is not None:
            return
        listener = _Listener(self.server_name)
        if not listener.start():
            log.warning("fate-desk: cannot listen for other launches at %s", self.server_name)
            return
        self._listener = listener
        # The window takes what the listener received as soon as it is woken for it.
        self._woken = QSocketNotifier(listener.wake_read, QSocketNotifier.Type.Read, self)
        self._woken.activated.connect(self._take_received)

    def _take_received(self) -> None:
        if self._listener is not None:
            try:
                while os.read(self._listener.wake_read, 4096):
                    pass
            except OSError:  # nothing more to read (the pipe is non-blocking)
                pass
        while self._listener is not None:
            try:
                path = self._listener.paths.get_nowait()
            except queue.Empty:
                return
            self._arrived(path)

    def hand_over(self, path: str | None) -> bool:
        """Send `path` to the running app; False if none answered (then this launch may claim)."""
        if not self.usable:
            return False
        message = json.dumps({"open": str(Path(path).absolute()) if path else ""}) + "\n"
        deadline = time.monotonic() + STARTING_S
        silent = 0
        while True:
            reached, answered = self._send(message.encode("utf-8"))
            if answered:
                return True
            if reached:
                # Connected, but no answer within a second: a stuck app (or one starved of
                # time on a busy machine). Asked again at most twice, a second each.
                silent += 1
                if silent >= SILENT_TRIES:
                    return False
            if self._lock.tryLock(0):  # the primary went away meanwhile: this launch takes over
                return False
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)  # the primary holds the lock and is about to listen

    def _send(self, message: bytes) -> tuple[bool, bool]:
        """(connected, answered "ok")."""
        if self.folder is not None and not self._ours(Path(self.server_name)):
            return False, False
        # Python's own Unix socket, as the primary listens on (Qt's network module stays out of
        # the bundle: 3 MB the app has no other use for).
        conn = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
        try:
            conn.settimeout(WAIT_MS / 1000)
            try:
                conn.connect(self.server_name)
            except OSError:
                return False, False
            end = time.monotonic() + WAIT_MS / 1000
            reply = b""
            try:
                conn.sendall(message)
                while b"\n" not in reply:
                    left = end - time.monotonic()
                    if left <= 0:
                        break
                    conn.settimeout(left)
                    chunk = conn.recv(4096)
                    if not chunk:
                        break
                    reply += chunk
            except OSError:  # a timeout, or the primary went away mid-answer
                pass
            return True, reply.startswith(b"ok")
        finally:
            conn.close()

    @staticmethod
    def _ours(path: Path) -> bool:
        """A socket of this user's (never connect to, and so never tell a path to, anyone else's)."""
        try:
            info = os.lstat(path)
        except OSError:
            return False
        if not stat.S_ISSOCK(info.st_mode) or info.st_uid != os.getuid():
            log.warning("fate-desk: %s is not your Fate Desk's socket; not using it", path)
            return False
        return True

    def deliver_to(self, receiver: Callable[[str], None]) -> None:
        """Where handed-over files go (the window); those that came before it are passed on now."""
        self._receiver = receiver
        pending, self._pending = self._pending, []
        for path in pending:
            receiver(path)

    def _arrived(self, path: str) -> None:
        """A handed-over path (absolute, or "" to only raise the window), on the GUI thread."""
        if self._receiver is not None:
            self._receiver(path)
        else:
            self._pending.append(path)

    def release(self) -> None:
        if self._listener is not None:
            listener, self._listener = self._listener, None
            self._woken.setEnabled(False)
            self._woken.deleteLater()
            self._woken = None
            listener.stop()
        if self._lock.isLocked():
            self._lock.unlock()
