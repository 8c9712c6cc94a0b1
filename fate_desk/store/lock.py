"""One writer per campaign file: an OS lock held for as long as a campaign is open for editing.

Two locks, both dropped by the kernel when their holder closes them or dies (a crash or
SIGKILL frees the campaign at once):

- On Linux, a lock on the campaign file itself (an open-file-description lock on one byte
  SQLite never uses). Every name of the file shares it: the file's own name, a symbolic link
  to it, a hard link to it, and deleting any other file changes nothing.
- `flock` on a small note beside the campaign (`.NAME.lock`, beside the file the name leads to
  once symbolic links are followed). Elsewhere (macOS) it is the lock; everywhere it says who
  holds the campaign (user, machine, process, since when), so a refused writer can tell the
  user where the campaign is open.

The note is never a symbolic link or a hard link followed into another file: it is opened
with O_NOFOLLOW and written only when it is an ordinary file with one name, owned by the
user. A note that nobody holds (its flock is free) was left by a killed app and is replaced.
SQLite's own locks live on other bytes of the database file and are left alone.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import struct
import sys
import time
from pathlib import Path

from fate_desk.i18n import N_, _
from fate_desk.leftovers import computer_name

try:
    import fcntl
except ImportError:  # Windows: no flock; the campaign is then guarded by SQLite's locks only
    fcntl = None  # type: ignore[assignment]

# One byte in SQLite's lock page (its locks are the 512 bytes from 2**30): SQLite never takes
# a lock on it and never stores data there, so holding it is invisible to SQLite.
_FILE_LOCK_BYTE = 2**30 + 4096
# struct flock as Linux lays it out (short l_type, short l_whence, off_t l_start, off_t l_len,
# pid_t l_pid), aligned as the platform's C compiler aligns it ("@", with "0q" padding its end):
# the open-file-description lock commands take it. They are used on Linux only, where this is
# the layout; macOS lays its struct flock out in another order, and there the note's flock is
# the lock (fcntl.flock, whose arguments the platform's own C library lays out).
_FLOCK = struct.Struct("@hhqqi0q")


def _ofd_command(name: str):
    """F_OFD_SETLK or F_OFD_GETLK where they take the struct above; else None."""
    if fcntl is None or not sys.platform.startswith("linux") or struct.calcsize("@q") != 8:
        return None
    return getattr(fcntl, name, None)


# Lock notes are a few hundred bytes; anything longer is not one of ours.
_NOTE_BYTES = 4096
NO_LOCKS = (N_("this folder does not support file locks, so nothing stops another program "
            "from editing the campaign at the same time"))


class CampaignLocked(Exception):
    """Another program holds the campaign; str() is the one line to show."""

    def __init__(self, path: Path, holder: str):
        super().__init__(_("is open for editing {holder}; close it there first, or open it read-only").format(
            holder=holder))
        self.path = path
        self.holder = holder


class LockRefused(OSError):
    """The lock note is something Fate Desk did not make (a link, a folder); str() names it."""

    def __init__(self, note: Path, what: str):
        super().__init__(_("its lock file {file} {problem}; Fate Desk leaves it alone. Remove it and "
                           "open the campaign again, or open it read-only").format(file=note, problem=what))
        self.note = note


def lock_path(path: Path) -> Path:
    """The note of `path`: beside the file its name leads to (a symlinked name shares it)."""
    real = Path(os.path.realpath(path))
    return real.with_name(f".{real.name}.lock")


def _plain(value: object, limit: int = 80) -> str:
    """Text from a note fit for one line: no control characters, bounded length."""
    text = "".join(ch if ch.isprintable() else "?" for ch in str(value)[:limit])
    return text.strip()


def _describe(info: dict, owner: str = "", local: bool = False) -> str:
    """Who holds the lock, in words: `info` is what the note says; `local` tells that the campaign
    sits on a disk of this computer, so whoever holds it is on this computer too."""
    host = _plain(info.get("host") or "") if isinstance(info.get("host"), str) else ""
    pid = info.get("pid")
    pid = pid if isinstance(pid, int) and not isinstance(pid, bool) and 0 < pid < 2**31 else None
    since = info.get("since")
    user = _plain(info.get("user") or owner, 40)
    if host.casefold() == computer_name().casefold() or (not host and local):
        where = " " + _("on this computer")
    elif host:
        where = " " + _("on {computer}").format(computer=host)
    else:  # the note says nothing, and the campaign is on a share: no guess
        where = ""
    details = ", ".join(part for part in (_("process {number}").format(number=pid) if pid else "",
                                          _("user {user}").format(user=user) if user else "") if part)
    who = _("by {program}").format(program=_plain(info.get("program") or "", 40) or _("Fate Desk"))
    if details:
        who = _("{holder} ({details})").format(holder=who, details=details)
    when = ""
    if isinstance(since, (int, float)) and not isinstance(since, bool) and math.isfinite(since) \
            and 0 < since < 2**33:
        try:
            when = " " + _("since {time}").format(time=time.strftime("%Y-%m-%d %H:%M", time.localtime(since)))
        except (OverflowError, OSError, ValueError):
            when = ""
    return f"{who}{where}{when}"


def _owner_name(uid: int) -> str:
    try:
        # Deferred: pwd exists only on POSIX; Windows gets the ImportError below.
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return _("user {user}").format(user=uid)


def _user() -> str:
    if hasattr(os, "geteuid"):
        return _owner_name(os.geteuid())
    return os.environ.get("USERNAME", "")


def holder_of(path: Path) -> str:
    """Who says they hold the lock of `path` (best effort: any content gives one line). A holder
    that has just taken the lock writes its note a moment later: a note not written yet is
    read again for a short while before the line is made without it."""
    for _attempt in range(_NOTE_READS):
        info, owner = _read_note(lock_path(path))
        if info.get("host"):
            break
        time.sleep(0.02)
    return _describe(info, owner, _on_local_disk(path))


_NOTE_READS = 10


def _read_note(note: Path) -> tuple[dict, str]:
    """What the note says (a dict, maybe empty) and, when it is another user's, whose it is."""
    owner = ""
    info: object = {}
    try:
        fd = os.open(note, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        fd = None
    if fd is not None:
        try:
            status = os.fstat(fd)
            if stat.S_ISREG(status.st_mode):
                if hasattr(os, "geteuid") and status.st_uid != os.geteuid():
                    owner = _owner_name(status.st_uid)
                info = json.loads(os.read(fd, _NOTE_BYTES).decode("utf-8", "replace") or "{}")
        except (OSError, ValueError, RecursionError):
            info = {}
        finally:
            os.close(fd)
    return (info if isinstance(info, dict) else {}), owner


# File systems on a disk of this computer: a lock on a file there is held on this computer.
_LOCAL_FILE_SYSTEMS = frozenset({
    "ext2", "ext3", "ext4", "xfs", "btrfs", "zfs", "f2fs", "bcachefs", "jfs", "reiserfs", "nilfs2", "tmpfs",
    "ramfs", "overlay", "vfat", "exfat", "ntfs", "ntfs3", "fuseblk", "hfsplus", "apfs", "hfs", "ufs",
})


def _on_local_disk(path: Path) -> bool:
    """Whether the campaign's file system is one of this computer's disks (Linux says, in
    /proc/self/mounts); False where it cannot be told, or for a share."""
    try:
        real = os.path.realpath(path)
        with open("/proc/self/mounts", encoding="utf-8", errors="replace") as mounts:
            lines = mounts.read(1024 * 1024).splitlines()
    except OSError:
        return False
    best, kind = "", ""
    for line in lines:
        parts = line.split()
        if len(parts) < 3:
            continue
        mount = re.sub(r"\\([0-7]{3})", lambda found: chr(int(found[1], 8)), parts[1])  # "\\040": a space
        inside = real == mount or real.startswith(mount.rstrip("/") + "/")
        if inside and len(mount) >= len(best):
            best, kind = mount, parts[2]
    return kind in _LOCAL_FILE_SYSTEMS


def _lock_file_itself(path: Path) -> int | None:
    """An fd holding the lock on the campaign file itself; None where such locks are missing.

    Raises BlockingIOError when another open (any process, any name of the file) holds it.
    """
    command = _ofd_command("F_OFD_SETLK")
    if command is None:
        return None
    fd = os.open(path, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, _("not an ordinary file"))
        # l_pid is 0 for these locks.
        fcntl.fcntl(fd, command, _FLOCK.pack(fcntl.F_WRLCK, os.SEEK_SET, _FILE_LOCK_BYTE, 1, 0))
    except (BlockingIOError, PermissionError) as exc:
        os.close(fd)
        if isinstance(exc, PermissionError) and exc.errno not in (errno.EACCES, errno.EAGAIN):
            raise
        raise BlockingIOError(errno.EAGAIN, "held") from None
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EINVAL, errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
            return None  # no such locks here: the note's flock still guards the campaign
        raise
    return fd


def is_locked(path: Path) -> bool:
    """Whether some open holds the campaign's lock, asked without taking it (on Linux the
    kernel is asked; elsewhere the lock is taken and freed at once)."""
    if fcntl is None:
        return False
    command = _ofd_command("F_OFD_GETLK")
    if command is not None:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        try:
            answer = fcntl.fcntl(fd, command, _FLOCK.pack(fcntl.F_WRLCK, os.SEEK_SET, _FILE_LOCK_BYTE, 1, 0))
            return _FLOCK.unpack(answer)[0] != fcntl.F_UNLCK
        except OSError:
            pass  # no such locks here: ask the note's flock the only way there is
        finally:
            os.close(fd)
    try:
        CampaignLock.acquire(path).release()
    except CampaignLocked:
        return True
    return False


def _open_note(note: Path, path: Path) -> tuple[int | None, str | None]:
    """(fd holding flock on our own note, None) or (None, why there is no lock at all).

    Raises CampaignLocked when the note is held, LockRefused when it is not a note of ours.
    """
    flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
             | getattr(os, "O_CLOEXEC", 0))
    for _attempt in range(20):
        try:
            # 0o666 less the umask: a group folder's members can read who holds it.
            fd = os.open(note, flags, 0o666)
        except OSError as exc:
            if exc.errno == errno.ELOOP or os.path.islink(note):
                raise LockRefused(note, _("is a symbolic link")) from None
            if exc.errno in (errno.EACCES, errno.EPERM) and os.path.lexists(note):
                _check_foreign_note(note, path)  # raises, or removed a stale one
                continue
            raise
        try:
            status = os.fstat(fd)
            if not stat.S_ISREG(status.st_mode):
                raise LockRefused(note, _("is not an ordinary file"))
            if status.st_nlink != 1:
                raise LockRefused(note, _("is a hard link to another file"))
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise CampaignLocked(path, holder_of(path)) from None
        except LockRefused:
            os.close(fd)
            raise
        except OSError:
            os.close(fd)
            return None, _(NO_LOCKS)
        if hasattr(os, "geteuid") and status.st_uid != os.geteuid():
            # Someone else's note that nobody holds: left by their killed app. Ours replaces it.
            os.close(fd)
            _remove_stale(note, status)
            continue
        # The holder before us may have removed the note after we opened it: lock the
        # file that is at the path now, not an unlinked one.
        try:
            now = os.lstat(note)
            same = (now.st_dev, now.st_ino) == (status.st_dev, status.st_ino)
        except OSError:
            same = False
        if same:
            return fd, None
        os.close(fd)
    raise CampaignLocked(path, holder_of(path))


def _check_foreign_note(note: Path, path: Path) -> None:
    """A note we may not write (another user's): held means in use; free means stale, removed."""
    try:
        fd = os.open(note, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LockRefused(note, _("is a symbolic link")) from None
        # Unreadable too: we cannot tell whether it is held, so say whose it is.
        raise CampaignLocked(path, holder_of(path)) from None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise LockRefused(note, _("is not an ordinary file"))
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            raise CampaignLocked(path, holder_of(path)) from None
        except OSError:
            raise CampaignLocked(path, holder_of(path)) from None
    finally:
        os.close(fd)
    _remove_stale(note, status)


def _remove_stale(note: Path, status: os.stat_result) -> None:
    try:
        now = os.lstat(note)
        if (now.st_dev, now.st_ino) == (status.st_dev, status.st_ino):
            os.unlink(note)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise LockRefused(note, _("was left by {user} and cannot be removed ({reason})").format(
            user=_owner_name(status.st_uid), reason=exc.strerror or exc)) from None


class CampaignLock:
    """The held lock on one campaign file; `release()` (or process death) frees it.

    `warning` is set when the campaign could not be locked at all (a file system without
    locks): the caller says so, since nothing then keeps a second writer out.
    """

    def __init__(self, path: Path, fd: int | None, file_fd: int | None = None, warning: str | None = None):
        self.path = Path(path)
        self._fd = fd
        self._file_fd = file_fd
        self.warning = warning
        self._note = lock_path(path)

    @classmethod
    def acquire(cls, path: Path, program: str = "Fate Desk") -> "CampaignLock":  # i18n: not shown (written into the lock note)
        """Take the lock or raise CampaignLocked at once (never waits); LockRefused (an OSError)
        when the lock note is a link or not a file."""
        path = Path(path)
        if fcntl is None:
            return cls(path, None)
        try:
            file_fd = _lock_file_itself(path)
        except BlockingIOError:
            raise CampaignLocked(path, holder_of(path)) from None
        try:
            fd, warning = _open_note(lock_path(path), path)
        except BaseException:
            if file_fd is not None:
                os.close(file_fd)
            raise
        if fd is None and file_fd is not None:
            warning = None  # the file itself is locked: that is the lock that matters
        lock = cls(path, fd, file_fd, warning)
        if fd is not None:
            info = {"program": _plain(program, 40), "user": _user(), "host": computer_name(),
                    "pid": os.getpid(), "since": time.time()}
            try:
                os.ftruncate(fd, 0)
                os.pwrite(fd, json.dumps(info).encode(), 0)
            except OSError:
                pass  # the lock holds; only the note of who holds it is missing
        return lock

    def follow(self, path: Path) -> None:
        """A sync tool put another file in the campaign's place: lock that file itself too, so
        the lock stays on the file at the name. Raises CampaignLocked if someone else has it."""
        if self._file_fd is None:
            return
        try:
            now, mine = os.stat(path), os.fstat(self._file_fd)
        except OSError:
            return
        if (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino):
            return
        try:
            fd = _lock_file_itself(Path(path))
        except BlockingIOError:
            raise CampaignLocked(Path(path), holder_of(path)) from None
        if fd is not None:
            os.close(self._file_fd)
            self._file_fd = fd

    @property
    def file_fd(self) -> int | None:
        """The descriptor open on the campaign file itself (Linux), else None."""
        return self._file_fd

    @property
    def held(self) -> bool:
        return self._fd is not None or self._file_fd is not None

    def release(self) -> None:
        fd, self._fd = self._fd, None
        file_fd, self._file_fd = self._file_fd, None
        if fd is not None:
            try:
                # Remove our note while still holding it, so no one else locks it meanwhile;
                # never a file that took its place.
                mine, there = os.fstat(fd), os.lstat(self._note)
                if (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino):
                    os.unlink(self._note)
            except OSError:
                pass
            os.close(fd)
        if file_fd is not None:
            os.close(file_fd)
