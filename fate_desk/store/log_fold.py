"""Folding an open campaign's write-ahead log into its file on a worker (`LogFold`), so that
no commit of the window's does it (see `campaign_file`: `begin_fold`, `end_fold`)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from .opening import connect
from .watcher import file_stamp

__all__ = ["LONG_LOG_BYTES", "LogFold"]


# Past this, the write-ahead log is folded in at once rather than when the typing stops: the
# size at which SQLite would fold it in itself (1,000 pages of 4 KiB).
LONG_LOG_BYTES = 4 * 1024 * 1024


class LogFold:
    """One fold of an open campaign's write-ahead log into its file, made on a worker through a
    connection of its own (SQLite lets the interpreter lock go while it copies pages, so the
    app's window keeps its turns). `CampaignFile.begin_fold` makes it, `run` does it (on any
    thread; it touches nothing of the open's), `CampaignFile.end_fold` takes it back.

    `complete`: every page of the log is in the file now; `after`: the file's device, inode,
    size and time of change right after (None if it was not there); `commits`: the open's
    commits when the fold began."""

    def __init__(self, path: Path, commits: int):
        self.path = Path(path)
        self.commits = commits
        self.complete = False
        self.after: tuple | None = None
        self.done = threading.Event()
        self._started = False
        self._dropped = False
        self._lock = threading.Lock()

    def run(self) -> None:
        with self._lock:
            if self._dropped:
                return
            self._started = True
        try:
            conn = connect(self.path, readonly=False)
            try:
                # PASSIVE: copies what no reader still needs, never waits, and never holds up the
                # open's own commits (they go on into the log meanwhile).
                busy, log, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                self.complete = busy == 0 and log == copied
            finally:
                conn.close()
        except (sqlite3.Error, OSError):
            pass  # the next fold, or closing, does it
        finally:
            try:
                self.after = file_stamp(self.path)
            except OSError:
                self.after = None
            self.done.set()

    def wait(self) -> None:
        """Wait for `run` to return; a fold not started yet is dropped instead (never started)."""
        with self._lock:
            if not self._started:
                self._dropped = True
                self.done.set()
        self.done.wait()
