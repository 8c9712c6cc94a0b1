"""Copies of campaign files: rolling backups of the last few opens, and "save a copy as".

Copies are made with SQLite's online backup API from an open connection, written to a
temporary file first and renamed into place, so a failed copy never replaces a good one.
"""

from __future__ import annotations

import glob
import hashlib
import os
import re
import sqlite3
import time
from pathlib import Path

from fate_desk.leftovers import host_tag, remove_leftovers
from fate_desk.paths import mode_for_new_file, user_data_dir

from .atomic import fsync_dir

KEEP_BACKUPS = 5
_SUFFIX = ".fatedesk"


def default_backup_dir() -> Path:
    return user_data_dir() / "backups"


# ".NAME.<pid>@<computer>.copy" and its journal: what a copy killed half-way leaves behind (copies
# made before the computer's name was in it have none: those wait ten minutes).
_LEFTOVER = re.compile(r"\..+\.(?P<pid>\d+)(?:@(?P<host>[A-Za-z0-9-]+))?\.copy(?:-journal|-wal|-shm)?")
def before_restoring_path(folder: Path, stem: str) -> Path:
    """A name for the campaign as it was before a restore that no earlier copy has (two
    restores in one second get two files)."""
    stamp = time.strftime("%Y-%m-%d %H-%M-%S")
    target = Path(folder) / f"{stem} before restoring {stamp}.fatedesk"  # i18n: not shown (a file name backups are found by)
    n = 2
    while target.exists():
        target = Path(folder) / f"{stem} before restoring {stamp} ({n}).fatedesk"  # i18n: not shown (a file name)
        n += 1
    return target


def prune_before_restoring(folder: Path, stem: str, keep: int = KEEP_BACKUPS) -> None:
    """Keep only the newest `keep` before-restoring copies of one campaign."""
    copies = []
    for path in Path(folder).glob(f"{glob.escape(stem)} before restoring *.fatedesk"):  # i18n: not shown (a file name)
        try:
            copies.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue
    for _mtime, _name, path in sorted(copies)[:-keep] if keep > 0 else []:
        try:
            path.unlink()
        except OSError:
            pass


def clean_leftovers(folder: Path) -> list[Path]:
    """Remove half-made copies whose process is gone (a copy or backup killed mid-way)."""
    return remove_leftovers(folder, _LEFTOVER)


def tidy_beside(path: Path) -> list[Path]:
    """What Fate Desk left beside a campaign when it was killed, removed as it is opened for
    editing: half-made copies (of any campaign there) whose process is gone, and a new file
    this campaign was being made as. Only our own names; SQLite's journal of the campaign itself
    (which rolls back an unfinished edit) is SQLite's, and never touched."""
    path = Path(path)
    removed = clean_leftovers(path.parent)
    made_as = re.compile(re.escape(f".{path.name}") + r"\.new(?:-journal)?")
    return removed + remove_leftovers(path.parent, made_as)


def copy_database(conn: sqlite3.Connection, target: Path) -> None:
    """Write a consistent copy of `conn`'s database to `target` (replacing it only when complete).

    Half-made copies left in the target's folder by copies killed earlier are removed first.
    """
    target = Path(target)
    clean_leftovers(target.parent)
    tmp = target.with_name(f".{target.name}.{os.getpid()}@{host_tag()}.copy")
    tmp.unlink(missing_ok=True)
    try:
        dest = sqlite3.connect(tmp)
        try:
            conn.backup(dest)
        finally:
            dest.close()
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.chmod(tmp, mode_for_new_file(target))  # a replaced file keeps its own; a new one, the umask's
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        Path(f"{tmp}-journal").unlink(missing_ok=True)
        raise
    fsync_dir(target.parent)


def _prefix(source: Path) -> str:
    """Backups of one campaign file share a prefix: its name plus a digest of its full path."""
    resolved = str(Path(source).resolve())
    digest = hashlib.sha256(resolved.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    stem = Path(source).name
    if stem.endswith(_SUFFIX):
        stem = stem[: -len(_SUFFIX)]
    return f"{stem}.{digest}."


def _stamp() -> str:
    now = time.time_ns()
    # UTC, fixed width: names sort in the order the copies were made.
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime(now // 1_000_000_000)) + f"-{now % 1_000_000_000:09d}"


def list_backups(source: Path, folder: Path | None = None) -> list[Path]:
    """Rolling backups of `source`, newest first (safety copies made before an upgrade excluded)."""
    folder = Path(folder) if folder is not None else default_backup_dir()
    pattern = re.compile(re.escape(_prefix(source)) + r"\d{8}-\d{6}-\d{9}" + re.escape(_SUFFIX))
    try:
        found = [p for p in folder.iterdir() if pattern.fullmatch(p.name)]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)


def make_upgrade_copy(conn: sqlite3.Connection, source: Path, old_version: int, folder: Path | None = None) -> Path:
    """A copy kept before a file is upgraded to a newer layout; the rotation never removes it."""
    folder = Path(folder) if folder is not None else default_backup_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{_prefix(source)}before-upgrade-from-v{old_version}.{_stamp()}{_SUFFIX}"
    copy_database(conn, target)
    return target


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        if a.stat().st_size != b.stat().st_size:
            return False
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def make_rolling_backup(
    conn: sqlite3.Connection, source: Path, folder: Path | None = None, keep: int = KEEP_BACKUPS
) -> Path:
    """Copy the open campaign into the backup folder and keep only the newest `keep` copies.

    A copy identical to the newest backup is not kept twice, so opening a file again and
    again without editing it never pushes older, different states out of the rotation.
    """
    folder = Path(folder) if folder is not None else default_backup_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{_prefix(source)}{_stamp()}{_SUFFIX}"
    previous = list_backups(source, folder)
    copy_database(conn, target)
    if previous and _same_bytes(previous[0], target):
        target.unlink()
        target = previous[0]
    for old in list_backups(source, folder)[max(keep, 1):]:
        old.unlink(missing_ok=True)
    return target

