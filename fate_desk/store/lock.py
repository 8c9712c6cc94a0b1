"""One writer per campaign file: an OS lock held for as long as a campaign is open for editing.

The lock is `flock` on a small file beside the campaign (`.NAME.lock`). The kernel drops it
when its holder closes it or dies (a crash or SIGKILL frees the campaign at once), and it
works across machines on NFS and SMB shares that pass locks on. The lock file also says who
holds it (machine, process, since when), so a refused writer can tell the user where the
campaign is open. SQLite's own locks live on the database file and are left alone.
"""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock; the campaign is then guarded by SQLite's locks only
    fcntl = None  # type: ignore[assignment]


class CampaignLocked(Exception):
    """Another program holds the campaign; str() is the one line to show."""

    def __init__(self, path: Path, holder: str):
        super().__init__(f"is open for editing {holder}; close it there first, or open it read-only")
        self.path = path
        self.holder = holder


def lock_path(path: Path) -> Path:
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


def _describe(info: dict) -> str:
    host = str(info.get("host") or "another computer")
    pid = info.get("pid")
    since = info.get("since")
    where = "on this computer" if host == socket.gethostname() else f"on {host}"
    who = f"by {info.get('program') or 'Fate Desk'}" + (f" (process {pid})" if pid else "")
    when = ""
    if isinstance(since, (int, float)):
        when = " since " + time.strftime("%Y-%m-%d %H:%M", time.localtime(since))
    return f"{who} {where}{when}"


def holder_of(path: Path) -> str:
    """Who says they hold the lock of `path` (best effort: the file may be half-written)."""
    try:
        with open(lock_path(path), "rb") as handle:
            info = json.loads(handle.read(4096).decode("utf-8", "replace") or "{}")
    except (OSError, ValueError):
        info = {}
    return _describe(info if isinstance(info, dict) else {})


class CampaignLock:
    """The held lock on one campaign file; `release()` (or process death) frees it."""

    def __init__(self, path: Path, fd: int | None):
        self.path = Path(path)
        self._fd = fd

    @classmethod
    def acquire(cls, path: Path, program: str = "Fate Desk") -> "CampaignLock":
        """Take the lock or raise CampaignLocked at once (never waits)."""
        path = Path(path)
        if fcntl is None:
            return cls(path, None)
        target = lock_path(path)
        while True:
            fd = os.open(target, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise CampaignLocked(path, holder_of(path)) from None
            except OSError:
                # A file system without locks: say nothing and carry on, as before locks existed.
                os.close(fd)
                return cls(path, None)
            # The holder before us may have removed the file after we opened it: lock the
            # file that is at the path now, not an unlinked one.
            try:
                same = os.fstat(fd).st_ino == os.stat(target).st_ino
            except OSError:
                same = False
            if same:
                break
            os.close(fd)
        info = {"program": program, "host": socket.gethostname(), "pid": os.getpid(), "since": time.time()}
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(info).encode(), 0)
        except OSError:
            pass  # the lock holds; only the note of who holds it is missing
        return cls(path, fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.unlink(lock_path(self.path))  # while still held, so no one else locks it meanwhile
        except OSError:
            pass
        os.close(fd)
