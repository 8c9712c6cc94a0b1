"""Noticing that an open campaign's file was changed, moved or deleted by someone else.

An open remembers a stamp of the file as it last read or wrote it: SQLite's `data_version`
(commits by other connections) and the identity, size and time of the file and of its
write-ahead log beside it (a sync tool replacing the file, another program writing it). Before
every write, and when the app comes back to the front, the stamp is compared with the file as
it is now. A file moved (the same file, unchanged, under another name) is looked for and
followed; the open file itself then makes a new connection there (`CampaignFile`).

While the open folds its log into the file on a worker, the file's size and time change by its
own doing: until the fold is taken back (`folded`) they are not compared, the rest still is
(SQLite's data_version, which other programs' commits change, the file's identity, the log).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterator

from fate_desk.i18n import _

from .opening import CampaignFileError


class FileChangedError(CampaignFileError):
    """The file changed underneath an open campaign; nothing was written over it."""


class FileGoneError(FileChangedError):
    """The file was deleted (or moved where it cannot be found) while open. The open handle
    still reads it, so `save_copy_as` keeps everything saved up to the last edit."""


def file_stamp(path) -> tuple:
    """The file at `path`: its device, inode, size and time of change (OSError if none)."""
    info = os.stat(path)
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


class FileWatch:
    """The stamp of one open campaign file, and where it went if it moved.

    `version` gives SQLite's data_version of the open connection (None when closed);
    `lock_fd` the descriptor the campaign's lock holds on the file itself (Linux), whose name
    the kernel keeps up to date when the file is moved.
    """

    def __init__(self, path: Path, version: Callable[[], int | None], lock_fd: Callable[[], int | None]):
        self.path = Path(path)
        self.moved_from: Path | None = None  # set when the file was followed to a new name
        self._version = version
        self._lock_fd = lock_fd
        self._stamp = self.now()
        self._folding = False  # a fold of the log into the file is under way on a worker

    def now(self) -> tuple:
        """(data_version, device, inode, size, time, log size, log time), or (data_version, None)
        when there is no file at the name."""
        version = self._version()
        try:
            main = file_stamp(self.path)
        except OSError:
            return version, None
        try:  # the write-ahead log holds the latest edits until they are folded into the file
            log = file_stamp(f"{self.path}-wal")[2:]
        except OSError:
            log = (None, None)
        return (version, *main, *log)

    def remember(self) -> None:
        """The file as it is now is this open's own doing (it just wrote it)."""
        self._stamp = self.now()

    def changed(self) -> bool:
        return self._differs(self.now())

    def _differs(self, now: tuple) -> bool:
        if not self._folding or len(now) != 7 or len(self._stamp) != 7:
            return now != self._stamp
        # (data_version, device, inode) and (log size, log time): not the file's size and time
        return (now[:3], now[5:]) != (self._stamp[:3], self._stamp[5:])

    def folding(self) -> None:
        """A fold of the log into the file begins on a worker (see the module's note)."""
        self._folding = True

    def folded(self, after: tuple | None) -> None:
        """The fold is done: `after` is the file's (device, inode, size, time) as it left it. If
        the file is still so, and nothing else changed, that is this open's doing; else the
        change is reported, as any other (by `changed` and `refusal`)."""
        if not self._folding:
            return
        now = self.now()
        differs = self._differs(now)
        self._folding = False
        if not differs and after is not None and len(now) == 7 and tuple(now[1:5]) == tuple(after):
            self._stamp = now

    def missing(self) -> bool:
        return self.now()[1] is None

    def refusal(self) -> FileChangedError | None:
        """Why a write must not be made now (the file changed or went since it was stamped)."""
        now = self.now()
        if not self._differs(now):
            return None
        if now[1] is None:
            return FileGoneError(str(self.path), _("was deleted, or moved where Fate Desk cannot find it, since it "
                                 "was opened; this change was not saved. Everything saved before it is still "
                                 "open: use File ▸ Save a copy as… to keep it"))
        return FileChangedError(str(self.path), _("was changed by another program since it was opened; "
                                "this change was not saved, so as not to overwrite the newer file"))

    def find_moved(self) -> Path | None:
        """The file is not at its name: where it is now if it was moved (the same file,
        unchanged), else None (deleted, moved out of sight, or moved and changed)."""
        if len(self._stamp) < 5 or self._stamp[1] is None:
            return None
        dev, ino, size, mtime = self._stamp[1:5]
        for candidate in self._places_it_may_be():
            try:
                info = os.stat(candidate)
            except OSError:
                continue
            if (info.st_dev, info.st_ino) != (dev, ino):
                continue
            if (info.st_size, info.st_mtime_ns) != (size, mtime):
                return None  # moved and changed: not ours to follow
            return Path(candidate)
        return None

    def moved_to(self, path: Path) -> None:
        """The open now carries on at `path` (its connection made again there)."""
        self.moved_from, self.path = self.path, Path(path)
        self.remember()

    def _places_it_may_be(self) -> Iterator[str]:
        """Where a moved campaign is looked for: where the kernel says our open file is now
        (Linux), else beside its old name, in the folders there, and in the folder above."""
        fd = self._lock_fd()
        if fd is not None:
            try:
                now = os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                now = None
            if now and not now.endswith(" (deleted)"):
                yield now
        folder = self.path.parent
        for place in (folder, folder.parent):
            try:
                entries = list(os.scandir(place))
            except OSError:
                continue
            for entry in entries[:10_000]:
                yield entry.path
                if place == folder and entry.is_dir(follow_symlinks=False):
                    try:
                        yield from (e.path for e in list(os.scandir(entry.path))[:10_000])
                    except OSError:
                        continue
