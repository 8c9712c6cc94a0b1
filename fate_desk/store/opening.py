"""Opening a campaign file safely: refuse foreign, too-new or damaged files before anything
is written, and let read-only opens see a file left mid-edit without recovering it in place.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

from fate_desk.i18n import _
from fate_desk.safefile import NotARegularFile, read_regular

from .filetypes import SQLITE_HEADER
from .interchange import FileFormatError
from .migrations import SCHEMA_VERSION, schema_problem

APPLICATION_ID = 0x46444B31  # "FDK1": marks the file as a Fate Desk campaign
# Campaigns hold text; a few GB is a crafted file or the wrong file, never a campaign.
MAX_CAMPAIGN_BYTES = 2 * 1024 * 1024 * 1024
_HEADER_SIZE = 100  # SQLite's file header; user_version at byte 60, application_id at 68
BUSY_MS = 5000  # how long a save waits for a reader of this open's own (a copy) before failing


class CampaignFileError(FileFormatError):
    """A campaign file that cannot be opened or written; the message names the file."""


def read_header(path: Path) -> bytes:
    source = str(path)
    try:
        head = read_regular(path, size=_HEADER_SIZE, limit=MAX_CAMPAIGN_BYTES)
    except NotARegularFile as exc:
        raise CampaignFileError(source, str(exc)) from None
    except FileNotFoundError:
        raise CampaignFileError(source, _("no such file")) from None
    except IsADirectoryError:
        raise CampaignFileError(source, _("is a folder, not a campaign file")) from None
    except OSError as exc:
        raise CampaignFileError(source, _("cannot be read ({reason})").format(reason=exc.strerror or exc)) from None
    if len(head) == 0:
        raise CampaignFileError(source, _("is empty, not a Fate Desk campaign"))
    if not head.startswith(SQLITE_HEADER) and not SQLITE_HEADER.startswith(head):
        raise CampaignFileError(source, _("is not a Fate Desk campaign file (not an SQLite database)"))
    if len(head) < _HEADER_SIZE:
        raise CampaignFileError(source, _("is truncated (it ends inside the file header)"))
    return head


def _newer_message(version: int) -> str:
    return (
        _("was saved by a newer Fate Desk (file version {version}; this one reads up to "
          "{newest}); update Fate Desk to open it").format(version=version, newest=SCHEMA_VERSION)
    )


def check_header(path: Path) -> None:
    """Refuse files that are not ours, or too new, before SQLite touches them at all."""
    head = read_header(path)
    app_id = int.from_bytes(head[68:72], "big")
    version = int.from_bytes(head[60:64], "big", signed=True)
    if app_id != APPLICATION_ID:
        raise CampaignFileError(str(path), _("is an SQLite database, but not a Fate Desk campaign"))
    if version > SCHEMA_VERSION:
        raise CampaignFileError(str(path), _newer_message(version))
    if version < 0:
        raise CampaignFileError(str(path), _("is damaged: its file version ({version}) makes no sense").format(
            version=version))


def connect(path: Path, readonly: bool) -> sqlite3.Connection:
    mode = "ro" if readonly else "rw"
    uri = f"{path.resolve().as_uri()}?mode={mode}"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA synchronous = FULL")  # NORMAL once an edit turns the write-ahead log on
    if not readonly:
        # With the rollback journal, a copy being read on a worker (Save a copy as…) holds the
        # file for a moment: a save then waits for it rather than failing.
        conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        # A deleted entry leaves none of its text in the file, on every platform: SQLite writes
        # zeros over every byte an edit frees. Debian builds its SQLite so; SQLite's own default,
        # off, is what other builds keep, and there deleted notes stayed in the file and in every
        # copy made of it. See docs/architecture.md, "What a deleted entry leaves behind".
        conn.execute("PRAGMA secure_delete = ON")
    return conn


def read_only_connection(path: Path) -> sqlite3.Connection:
    """A connection that reads the campaign's last completed edit without writing anything
    beside it. A file left mid-edit (a rollback journal), or left with its write-ahead log by a
    killed app (or at rest in that mode), is read from a scratch copy: SQLite would otherwise
    roll the journal back in place, or make the log's index file beside it. A campaign being
    edited now (its log and index are there) is read directly, as SQLite shares it."""
    path = path.resolve()
    for _attempt in range(_COPY_ATTEMPTS - 1):
        try:
            return _read_only_connection(path)
        except _MovedMeanwhile:
            continue  # the app editing it folded its log in, or wrote, while we copied: look again
    return _read_only_connection(path, last_try=True)


_COPY_ATTEMPTS = 5


class _MovedMeanwhile(Exception):
    """The file or a file beside it changed while a scratch copy was made of them."""


def _read_only_connection(path: Path, last_try: bool = False) -> sqlite3.Connection:
    if has_hot_journal(path):
        return recovered_copy(path, last_try)
    log, index = Path(f"{path}-wal"), Path(f"{path}-shm")
    if log.exists() and index.exists():
        return connect(path, readonly=True)
    if log.exists() or uses_wal(path):
        return recovered_copy(path, last_try)
    return connect(path, readonly=True)


def _stamps(path: Path) -> tuple:
    """Size and time of change of the file and of each file beside it (None for one not there)."""
    stamps = []
    for side in ("", "-journal", "-wal"):
        try:
            info = os.stat(f"{path}{side}")
        except FileNotFoundError:
            stamps.append(None)
        else:
            stamps.append((info.st_size, info.st_mtime_ns))
    return tuple(stamps)


def uses_wal(path: Path) -> bool:
    """Whether the file's header says its edits go through a write-ahead log (bytes 18 and 19)."""
    try:
        head = read_header(path)
    except CampaignFileError:
        return False
    return head[18:20] == b"\x02\x02"


def memory_copy(conn: sqlite3.Connection) -> sqlite3.Connection:
    mem = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    conn.backup(mem)
    return mem


def writable(path: Path) -> bool:
    """Edits need the file and its folder (where SQLite puts the journal) to be writable."""
    folder = path.resolve().parent
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK | os.X_OK)


def has_hot_journal(path: Path) -> bool:
    journal = Path(f"{path}-journal")
    try:
        return journal.stat().st_size > 0
    except OSError:
        return False


def recovered_copy(path: Path, last_try: bool = True) -> sqlite3.Connection:
    """Read a file left mid-edit by a crash without touching it: recover a scratch copy instead
    (with its rollback journal, or its write-ahead log). A file another Fate Desk is editing may
    change while it is copied (its log folded in and gone): unless `last_try`, that raises
    `_MovedMeanwhile` rather than reading a copy made of two moments."""
    with tempfile.TemporaryDirectory(prefix="fate-desk-") as scratch:
        copy = Path(scratch) / "campaign.fatedesk"
        before = _stamps(path)
        shutil.copyfile(path, copy)
        for side, stamp in (("-journal", before[1]), ("-wal", before[2])):
            try:
                shutil.copyfile(f"{path}{side}", f"{copy}{side}")
            except FileNotFoundError:
                if stamp is not None and not last_try:
                    raise _MovedMeanwhile from None
        if not last_try and _stamps(path) != before:
            raise _MovedMeanwhile
        conn = sqlite3.connect(copy, isolation_level=None)
        try:
            # Rolls the journal back, or reads the log's completed edits.
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return memory_copy(conn)
        finally:
            conn.close()


_DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


def open_problem(exc: sqlite3.Error) -> str:
    if getattr(exc, "sqlite_errorcode", None) in _DAMAGE_CODES or "malformed" in str(exc):
        return _("is damaged and cannot be read ({reason})").format(reason=exc)
    return _("cannot be opened ({reason})").format(reason=exc)


def check_integrity(conn: sqlite3.Connection, source: str) -> None:
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        first = str(rows[0][0]).replace("*** in database main ***", "") if rows else _("no answer")  # i18n: SQLite's words
        raise CampaignFileError(source, _("is damaged (SQLite's check says: {answer})").format(answer=" ".join(first.split())))


def file_stamps(path: Path) -> tuple:
    """Which file is at `path` and how it stands: its device, inode, size and time of change,
    and the size and time of the rollback journal and write-ahead log beside it. Equal stamps:
    the same file, unchanged."""
    try:
        info = os.stat(path)
    except OSError:
        return (None,)
    return (info.st_dev, info.st_ino, *_stamps(path))


def checked_stamps(path: Path) -> tuple | None:
    """Check the campaign file's integrity through a read-only connection of its own (SQLite's
    check reads every page; a worker can do it, as SQLite lets the interpreter lock go while it
    reads), and return the file's stamps as checked: `CampaignFile.open(checked=...)` then
    skips the check if the file is still the one checked. None when the check cannot vouch for
    the file (damaged, not a campaign, unreadable, or changed while it was checked): the open
    then checks it itself and says why it refuses, as any open does."""
    path = Path(path)
    try:
        check_header(path)  # nothing foreign reaches SQLite
        before = file_stamps(path)
        conn = read_only_connection(path)
        try:
            check_integrity(conn, str(path))
        finally:
            conn.close()
    except (CampaignFileError, sqlite3.Error, OSError):
        return None
    return before if before != (None,) and file_stamps(path) == before else None


def check_identity(conn: sqlite3.Connection, source: str) -> int:
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    if app_id != APPLICATION_ID:
        raise CampaignFileError(source, _("is an SQLite database, but not a Fate Desk campaign"))
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise CampaignFileError(source, _newer_message(version))
    return version


def check_schema(conn: sqlite3.Connection, source: str, version: int) -> None:
    problem = schema_problem(conn, version)
    if problem:
        raise CampaignFileError(source, _("is not a campaign Fate Desk can trust: it {problem}").format(problem=problem))
