"""The campaign file: one SQLite database per campaign, every edit saved in its own transaction.

Entities (characters, obstacles, countdowns, scenes, sessions, arcs) are rows of validated
pydantic JSON; the campaign's own fields (name, rule set, options, clock) are one meta row.
The rollback journal (not WAL) keeps everything in the one file the user copies and syncs.
Layouts and upgrades live in `migrations`; backups and copies in `backups`.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections import deque
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from fate_desk.i18n import _
from fate_desk.model import (Arc, Block, Campaign, Character, Countdown, Distraction, Hazard, Obstacle, Scene,
                             SessionLog)
from fate_desk.model.errors import describe
from fate_desk.model.plain import plain_data_problem
from fate_desk.paths import mode_for_new_file
from fate_desk.safefile import read_regular

from .atomic import fsync_dir
from .backups import KEEP_BACKUPS, copy_database, make_rolling_backup, make_upgrade_copy, tidy_beside
from .filetypes import CAMPAIGN_SUFFIX
from .migrations import SCHEMA_VERSION, MigrationError, create_latest, migrate
from .lock import CampaignLock, CampaignLocked, LockRefused
from .opening import (
    APPLICATION_ID,
    MAX_CAMPAIGN_BYTES,
    SQLITE_HEADER,
    CampaignFileError,
    check_header,
    check_identity,
    check_integrity,
    check_schema,
    connect,
    has_hot_journal,
    memory_copy,
    open_problem,
    recovered_copy,
    writable,
)

__all__ = [
    "APPLICATION_ID", "SCHEMA_VERSION", "SUFFIX", "CampaignFile", "CampaignFileError", "CampaignInUse", "FileChangedError", "FileGoneError",
    "entity_kind",
    "is_campaign_file", "load_campaign",
]

SUFFIX = CAMPAIGN_SUFFIX


class FileChangedError(CampaignFileError):
    """The file changed underneath an open campaign; nothing was written over it."""


class FileGoneError(FileChangedError):
    """The file was deleted (or moved where it cannot be found) while open. The open handle
    still reads it, so `save_copy_as` keeps everything saved up to the last edit."""


class CampaignInUse(CampaignFileError):
    """Another program has the campaign open for editing; it can still be opened read-only."""


def _take_lock(path: Path) -> CampaignLock:
    try:
        return CampaignLock.acquire(path)
    except CampaignLocked as exc:
        raise CampaignInUse(str(path), str(exc)) from None
    except LockRefused as exc:
        raise CampaignFileError(str(path), _("cannot be opened for editing: {reason}").format(reason=exc)) from None
    except OSError as exc:
        raise CampaignFileError(str(path), _("cannot be opened for editing ({reason})").format(reason=exc.strerror or exc)) from None

# Entity kind -> (campaign list attribute, validator)
_KINDS: dict[str, tuple[str, TypeAdapter]] = {
    "character": ("characters", TypeAdapter(Character)),
    "obstacle": ("obstacles", TypeAdapter(Obstacle)),
    "countdown": ("countdowns", TypeAdapter(Countdown)),
    "scene": ("scenes", TypeAdapter(Scene)),
    "session": ("sessions", TypeAdapter(SessionLog)),
    "arc": ("arcs", TypeAdapter(Arc)),
}
_LISTS = {attr for attr, _kind in _KINDS.values()}
# The models of those kinds (an obstacle is one of three).
_ENTITY_MODELS = (Character, Hazard, Block, Distraction, Countdown, Scene, SessionLog, Arc)


def _entity_models_first() -> None:
    """Build each entity model's validator before the campaign's own, which then takes them as
    they are (pydantic builds a model's validator when it is first used). The other way round,
    the campaign builds each entity's schema inside its own and the kinds' adapters then build
    them all again: about 5 ms more in opening the first campaign. A built model returns at once."""
    for model in _ENTITY_MODELS:
        model.model_rebuild()


def entity_kind(entity) -> str:
    if isinstance(entity, Character):
        return "character"
    if isinstance(entity, Countdown):
        return "countdown"
    if isinstance(entity, Scene):
        return "scene"
    if isinstance(entity, SessionLog):
        return "session"
    if isinstance(entity, Arc):
        return "arc"
    if getattr(entity, "kind", None) in ("hazard", "block", "distraction"):
        return "obstacle"
    raise TypeError(f"not a campaign entity: {type(entity).__name__}")  # i18n: not shown (a programming error)


def _meta_json(campaign: Campaign) -> str:
    return campaign.model_dump_json(exclude=_LISTS)


def is_campaign_file(path: Path) -> bool:
    """True for a *.fatedesk name or a file that starts like an SQLite database.

    The importers and `check` use this to tell files apart: such files are read (or refused
    with a campaign file's message) by CampaignFile, everything else as JSON.
    """
    if Path(path).name.endswith(SUFFIX):
        return True
    try:
        return read_regular(Path(path), size=len(SQLITE_HEADER), limit=MAX_CAMPAIGN_BYTES) == SQLITE_HEADER
    except OSError:  # a FIFO or device is no campaign; the JSON reader says what it is
        return False


class CampaignFile:
    """An open campaign file with the campaign loaded in memory.

    Callers change the in-memory models, then call `put` (or `save_meta`) to commit that
    change to disk at once; `remove` deletes an entity from both. `backup_path` is this
    open's rolling backup (None for read-only opens, or when it failed: see `backup_error`;
    with a backup made in the background, once `finish_backup()` has returned);
    `upgraded_from` is the file version an older file was upgraded from, else None.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, campaign: Campaign, readonly: bool,
                 lock: CampaignLock | None = None):
        self.path = Path(path)
        self.lock = lock
        self.campaign = campaign
        self.readonly = readonly
        self.backup_path: Path | None = None
        self.backup_error: str | None = None
        self.upgrade_copy: Path | None = None
        self.upgraded_from: int | None = None
        self._conn = conn
        self.moved_from: Path | None = None  # set when the file was followed to a new name
        self._stamp = self._current_stamp()
        self._backup_job: _BackupJob | None = None
        self._rows: _Rows | None = None  # entries still to validate (a campaign loaded in steps)
        self._backup_after_load: _BackupJob | None = None

    # --- opening and creating ---------------------------------------------------------

    @property
    def lock_warning(self) -> str | None:
        """Why this open for editing holds no lock (a file system without locks), else None."""
        return self.lock.warning if self.lock is not None else None

    @classmethod
    def create(cls, path: Path, campaign: Campaign, *, backup_dir: Path | None = None) -> "CampaignFile":
        """Write a new campaign file; refuses to replace an existing file."""
        path = Path(path)
        if path.exists():
            raise CampaignFileError(str(path), _("already exists; choose another name"))
        if _name_too_long(path):
            raise CampaignFileError(str(path), _name_too_long(path) + _("; choose a shorter name"))
        duplicate = _duplicate_id(campaign)
        if duplicate:
            raise CampaignFileError(str(path), _("cannot be written: {problem}").format(problem=duplicate))
        tmp = path.with_name(f".{path.name}.new")
        try:
            tmp.unlink(missing_ok=True)  # inside the try: on a read-only folder this fails too
            conn = sqlite3.connect(tmp, isolation_level=None)
            try:
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                conn.execute("PRAGMA journal_mode = DELETE")
                conn.execute("PRAGMA synchronous = FULL")
                conn.execute("BEGIN")
                create_latest(conn)
                _write_everything(conn, campaign, insert_meta=True)
                conn.execute("COMMIT")
            finally:
                conn.close()
            if path.exists():  # someone made it meanwhile: never replace it
                raise FileExistsError(_("{file} appeared while it was being written").format(file=path))
            os.chmod(tmp, mode_for_new_file(path))  # as the umask says (a group folder: 0664)
            tmp.rename(path)
            fsync_dir(path.parent)
        except sqlite3.Error as exc:
            _discard(tmp)
            raise CampaignFileError(str(path), _("could not be written ({reason})").format(reason=exc)) from None
        except OSError as exc:
            _discard(tmp)
            raise CampaignFileError(str(path), _("could not be written ({reason})").format(reason=exc.strerror or exc)) from None
        return cls.open(path, backup_dir=backup_dir)

    @classmethod
    def open(
        cls,
        path: Path,
        readonly: bool = False,
        *,
        backup_dir: Path | None = None,
        keep_backups: int = KEEP_BACKUPS,
        lock: CampaignLock | None = None,
        backup_in_background: bool = False,
        in_steps_from: int | None = None,
    ) -> "CampaignFile":
        """Open and load a campaign file, upgrading an older layout (never for read-only opens).

        Unless read-only, a rolling backup of the file as opened goes to `backup_dir`
        (default: the user data folder's `backups`). With `backup_in_background` (the app) a
        thread makes it while the campaign is shown, and the first save waits for it, so the
        backup is always of the file as it was before this open changed anything. A file that
        is damaged, not ours or too new raises CampaignFileError and is left exactly as it was.

        An open for editing holds the campaign's lock until `close()`; if another program holds
        it, CampaignFileError says where. `lock` passes on a lock already held (a reload).

        With `in_steps_from`, a campaign of at least that many entries comes back `loading`: its
        settings are read and checked, its entries are validated by `load_some` a slice at a
        time, and a bad entry found there raises the CampaignFileError the whole open would have
        raised. Nothing is written (and no backup made) until every entry has passed.
        """
        path = Path(path)
        source = str(path)
        check_header(path)
        if not readonly and _name_too_long(path):
            raise CampaignFileError(source, _name_too_long(path) + _("; rename it, or open it read-only"))
        if not readonly and not writable(path):
            raise CampaignFileError(
                source,
                _("cannot be edited here (the file or its folder is read-only); "
                "open it read-only, or copy it to a folder you can write to"),
            )
        held = None
        if not readonly:
            held = lock if lock is not None else _take_lock(path)
            tidy_beside(path)  # half-made copies a killed app left there (issue 45)
        try:
            handle = cls._open_locked(path, readonly, backup_dir, held, in_steps_from)
        except BaseException:
            if held is not None and lock is None:
                held.release()
            raise
        if not readonly:
            job = _BackupJob(path, backup_dir, keep_backups)
            if handle.loading:  # a backup of a file that turns out bad must not push out a good one
                handle._backup_after_load = job
            else:
                handle._backup_job = job
                if backup_in_background:
                    job.start()
                else:
                    handle.finish_backup()
        return handle

    # --- loading in steps -------------------------------------------------------------

    @property
    def loading(self) -> bool:
        """True while some entries are not validated yet (see `open`'s `in_steps_from`): the
        campaign's lists hold those validated so far, in the file's order, and nothing may be
        written."""
        return self._rows is not None

    def load_some(self, seconds: float | None = None) -> bool:
        """Validate the next entries for about `seconds` (all of them with None); True once the
        campaign is complete. A bad entry raises the CampaignFileError the open would have
        raised; the caller then closes this handle, which has written nothing."""
        rows = self._rows
        if rows is None:
            return True
        if not rows.load(None if seconds is None else time.perf_counter() + seconds):
            return False
        self._rows = None
        job, self._backup_after_load = self._backup_after_load, None
        if job is not None:
            self._backup_job = job
            job.start()  # on a thread; the first save waits for it
        return True

    def loaded_entity(self, entity_id: str):
        """While loading: the entry with this id, validated now if its turn has not come (the
        sheet shown first need not wait for the rows before it); None if it is not there or not
        valid (then the ordered pass reports it). Once loaded, None: look in `campaign`."""
        return self._rows.entity(entity_id) if self._rows is not None else None

    @property
    def rows_left(self) -> int:
        """How many entries still wait to be validated."""
        return self._rows.left if self._rows is not None else 0

    def backup_pending(self) -> bool:
        """True while this open's rolling backup is still being made on its thread (a save now
        would wait for it)."""
        job = self._backup_job
        return job is not None and job.running

    def finish_backup(self) -> None:
        """Wait for this open's rolling backup, if it is still being made (see `open`)."""
        job, self._backup_job = self._backup_job, None
        if job is not None:
            job.finish()
            self.backup_path, self.backup_error = job.made, job.error

    @classmethod
    def _open_locked(cls, path: Path, readonly: bool, backup_dir: Path | None,
                     lock: CampaignLock | None, in_steps_from: int | None = None) -> "CampaignFile":
        source = str(path)
        rows = None
        try:
            if readonly and has_hot_journal(path.resolve()):
                conn = recovered_copy(path.resolve())
            else:
                conn = connect(path, readonly)
        except sqlite3.Error as exc:
            raise CampaignFileError(source, open_problem(exc)) from None
        except OSError as exc:
            raise CampaignFileError(source, _("cannot be opened ({reason})").format(reason=exc.strerror or exc)) from None
        upgraded_from = upgrade_copy = None
        try:
            check_integrity(conn, source)
            version = check_identity(conn, source)
            check_schema(conn, source, version)
            if version < SCHEMA_VERSION:
                if readonly:
                    # Upgrade a copy in memory: a read-only open never writes to the file.
                    mem = memory_copy(conn)
                    conn.close()
                    conn = mem
                else:
                    upgrade_copy = _upgrade_copy(conn, path, version, backup_dir)
                campaign = _upgrade_and_load(conn, source, version)
                upgraded_from = version
            elif in_steps_from is not None and (count := _row_count(conn)) >= in_steps_from:
                campaign = _settings(conn, source)
                rows = _Rows(conn, source, campaign, count) if campaign is not None else None
                if rows is None:
                    campaign = _load(conn, source)  # its settings refused: said as a whole load says it
            else:
                campaign = _load(conn, source)  # small files: at once, as always
        except CampaignFileError:
            conn.close()
            raise
        except sqlite3.Error as exc:
            conn.close()
            raise CampaignFileError(source, open_problem(exc)) from None
        handle = cls(path, conn, campaign, readonly, lock)
        handle.upgraded_from, handle.upgrade_copy = upgraded_from, upgrade_copy
        handle._rows = rows
        return handle

    def close(self, keep_lock: bool = False) -> CampaignLock | None:
        """Close the file; the lock is released unless `keep_lock` (then it is returned)."""
        self._rows = self._backup_after_load = None  # closed while loading: no backup of it
        self.finish_backup()  # never leave a backup half-made
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        lock, self.lock = self.lock, None
        if lock is not None and not keep_lock:
            lock.release()
            return None
        return lock

    def reload(self) -> "CampaignFile":
        """Reopen the file as it is on disk now, keeping the lock; this handle is closed."""
        lock = self.close(keep_lock=True)
        try:
            if lock is not None:
                try:
                    lock.follow(self.path)  # a file put in its place is locked too
                except CampaignLocked as exc:
                    raise CampaignInUse(str(self.path), str(exc)) from None
            return CampaignFile.open(self.path, self.readonly, lock=lock)
        except BaseException:
            if lock is not None:
                lock.release()
            raise

    def __enter__(self) -> "CampaignFile":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:  # a handle dropped without close() must not keep its lock
        lock = getattr(self, "lock", None)
        if lock is not None:
            try:
                lock.release()
            except Exception:  # at interpreter exit the kernel frees it anyway
                pass

    # --- saving -----------------------------------------------------------------------

    def put(self, entity) -> None:
        """Save one entity at once (inserting it into the in-memory campaign if it is new)."""
        self.put_many([entity])

    def put_many(self, entities) -> None:
        """Save several entities in one transaction: all of them land, or none (e.g. an import)."""
        entities = list(entities)
        plans = []
        sizes: dict[str, int] = {}
        new_ids: set[str] = set()
        for entity in entities:
            kind = entity_kind(entity)
            attr = _KINDS[kind][0]
            items = getattr(self.campaign, attr)
            index = next((i for i, e in enumerate(items) if e.id == entity.id), None)
            if index is None and entity.id not in new_ids:
                position = sizes.setdefault(attr, len(items))
                sizes[attr] += 1
                new_ids.add(entity.id)
            else:
                position = index if index is not None else 0
            plans.append((entity, kind, attr, position))

        def work(conn: sqlite3.Connection) -> None:
            ends: dict[str, int] = {}
            for entity, kind, attr, position in plans:
                if entity.id in new_ids:
                    # After the last row of its kind: a re-added entry (an undone delete) never
                    # ties with another and so keeps its place when the file is opened again.
                    if kind not in ends:
                        ends[kind] = _next_position(conn, kind, sizes.get(attr, 0))
                    position = ends[kind]
                    ends[kind] += 1
                conn.execute(
                    "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, data = excluded.data",
                    (entity.id, kind, position, _entity_json(entity)),
                )

        self._transaction(work)
        for entity, _kind, attr, _position in plans:
            items = getattr(self.campaign, attr)
            index = next((i for i, e in enumerate(items) if e.id == entity.id), None)
            if index is None:
                items.append(entity)
            elif items[index] is not entity:
                items[index] = entity

    def remove(self, entity_id: str) -> None:
        """Delete an entity from the file and from the in-memory campaign."""
        self.remove_many([entity_id])

    def remove_many(self, entity_ids) -> None:
        """Delete several entities in one transaction (undoing an import)."""
        ids = list(entity_ids)
        self._transaction(lambda conn: conn.executemany("DELETE FROM entities WHERE id = ?", [(i,) for i in ids]))
        gone = set(ids)
        for attr in _LISTS:
            items = getattr(self.campaign, attr)
            items[:] = [e for e in items if e.id not in gone]

    def save_meta(self) -> None:
        """Save the campaign's own fields (name, rule set, options, clock, GM fate points)."""
        self._write("UPDATE meta SET value = ? WHERE key = 'campaign'", (_meta_json(self.campaign),))

    def replace_all(self, campaign: Campaign) -> None:
        """Swap in a whole campaign in one transaction (used by operations over many entities).

        Only the rows that differ from the campaign as loaded are written: a campaign-wide
        step never rewrites (or deletes) entries it did not change.
        """
        duplicate = _duplicate_id(campaign)
        if duplicate:
            raise CampaignFileError(str(self.path), _("could not be saved: {problem}").format(problem=duplicate))
        before = self.campaign
        self._transaction(lambda conn: _write_changes(conn, before, campaign))
        self.campaign = campaign

    def save_copy_as(self, path: Path) -> Path:
        """Write a complete copy of the campaign as saved to `path` (SQLite's backup API).

        The copy is written beside `path` and renamed over it only when complete, so a failed
        copy never replaces an existing file. The open file stays the one being edited.
        """
        target = Path(path)
        if self._rows is not None:
            raise RuntimeError("a campaign still loading cannot be copied")  # i18n: not shown (a programming error)
        if self._conn is None:
            raise CampaignFileError(str(self.path), _("is closed"))
        if target.resolve() == self.path.resolve():
            raise CampaignFileError(str(target), _("is the campaign file itself; choose another name"))
        if target.is_dir():
            raise CampaignFileError(str(target), _("is a folder; choose a file name"))
        try:
            copy_database(self._conn, target)
        except sqlite3.Error as exc:
            raise CampaignFileError(str(target), _("could not be written ({reason})").format(reason=exc)) from None
        except OSError as exc:
            raise CampaignFileError(str(target), _("could not be written ({reason})").format(reason=exc.strerror or exc)) from None
        return target

    def _write(self, sql: str, params: tuple) -> None:
        self._transaction(lambda conn: conn.execute(sql, params))

    def _transaction(self, work) -> None:
        if self._rows is not None:
            raise RuntimeError("a campaign still loading cannot be written")  # i18n: not shown (a programming error)
        if self.readonly:
            raise CampaignFileError(str(self.path), _("is open read-only"))
        if self._conn is None:
            raise CampaignFileError(str(self.path), _("is closed"))
        self.finish_backup()  # the backup is of the file before this open's first change
        if self._current_stamp()[1] is None:
            self._follow()  # a moved file is written through a connection made under its new name
        checked = False
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._check_unchanged()
                checked = True
                work(self._conn)
                self._conn.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
        except sqlite3.Error as exc:
            if checked:
                # The file was ours when this transaction began, and it holds the write lock:
                # whatever the failed write and its rollback did to the file's size and time
                # was this open's own doing, not another program's (a full disk is no reason
                # to read the file again and lose the undo history).
                self._stamp = self._current_stamp()
            raise CampaignFileError(str(self.path), _("could not be saved ({reason})").format(reason=_save_problem(exc))) from None
        self._stamp = self._current_stamp()

    def _rollback(self) -> None:
        """Undo a failed transaction; SQLite may have rolled it back itself (a full disk), and a
        failed rollback must not hide why the transaction failed."""
        if self._conn.in_transaction:
            try:
                self._conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    # --- noticing changes made by others ---------------------------------------------------

    def _current_stamp(self) -> tuple:
        """What tells this open apart from a file changed by someone else: SQLite's
        data_version (commits by other connections) and the file's identity, size and time
        (a sync tool replacing the file)."""
        try:
            version = self._conn.execute("PRAGMA data_version").fetchone()[0] if self._conn else None
        except sqlite3.Error:
            version = None
        try:
            info = os.stat(self.path)
            return version, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns
        except OSError:
            return version, None

    def changed_on_disk(self) -> bool:
        """True if the file was changed, replaced or deleted by someone else since this handle
        last read or wrote it (read-only handles never look). A file moved but otherwise
        unchanged is followed to its new name (see `moved_from`), not reported."""
        if self.readonly or self._conn is None:
            return False
        now = self._current_stamp()
        if now != self._stamp and now[1] is None and self._follow():
            return False
        return now != self._stamp

    @property
    def gone(self) -> bool:
        """True when the file is no longer at its name and could not be found again."""
        return self._conn is not None and self._current_stamp()[1] is None and not self._follow()

    def outdated(self) -> bool:
        """True if the file on disk is no longer what this handle read, read-only or not: a
        read-only window uses it to follow the app that edits the campaign."""
        return self._conn is not None and self._current_stamp() != self._stamp

    def _check_unchanged(self) -> None:
        now = self._current_stamp()
        if now == self._stamp:
            return
        if now[1] is None:
            raise FileGoneError(str(self.path), _("was deleted, or moved where Fate Desk cannot find it, since it "
                                "was opened; this change was not saved. Everything saved before it is still "
                                "open: use File ▸ Save a copy as… to keep it"))
        raise FileChangedError(str(self.path), _("was changed by another program since it was opened; "
                               "this change was not saved, so as not to overwrite the newer file"))

    def _follow(self) -> bool:
        """The file is not at its name: if it was moved (the same file, unchanged, under
        another name), carry on under the new name and return True. SQLite refuses writes to
        a file moved since its connection was made, so the connection is made again there."""
        if len(self._stamp) < 5 or self._stamp[1] is None or self._conn is None:
            return False
        dev, ino, size, mtime = self._stamp[1:5]
        for candidate in self._places_it_may_be():
            try:
                info = os.stat(candidate)
            except OSError:
                continue
            if (info.st_dev, info.st_ino) != (dev, ino):
                continue
            if (info.st_size, info.st_mtime_ns) != (size, mtime):
                return False  # moved and changed: not ours to follow
            try:
                conn = connect(Path(candidate), self.readonly)
            except (sqlite3.Error, OSError):
                return False
            self._conn.close()
            self._conn = conn
            self.moved_from, self.path = self.path, Path(candidate)
            self._stamp = self._current_stamp()
            return True
        return False

    def _places_it_may_be(self):
        """Where a moved campaign is looked for: where the kernel says our open file is now
        (Linux), else beside its old name, in the folders there, and in the folder above."""
        fd = self.lock.file_fd if self.lock is not None else None
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


class _BackupJob:
    """One open's rolling backup: made at once by `finish`, or first `start`ed on a thread.

    The thread reads the file through a read-only connection of its own (SQLite copies it
    consistently), writes and syncs the copy; it touches neither the campaign in memory nor
    the open connection. Copying and syncing a file is disk work: about 40 ms of the app's
    start at 1,000 entries on a quiet disk, and more on a busy one, before the first sheet.
    """

    def __init__(self, path: Path, folder: Path | None, keep: int):
        self.path, self.folder, self.keep = path, folder, keep
        self.made: Path | None = None
        self.error: str | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._make, name="fate-desk backup", daemon=True)  # i18n: not shown (a thread name)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def finish(self) -> None:
        if self._thread is None:
            self._make()
        else:
            self._thread.join()

    def _make(self) -> None:
        try:
            conn = connect(self.path, readonly=True)
            try:
                self.made = make_rolling_backup(conn, self.path, self.folder, self.keep)
            finally:
                conn.close()
        except (OSError, sqlite3.Error) as exc:
            # A missing backup must not keep the user from their campaign; the GUI says so.
            self.error = _("no backup was made ({reason})").format(reason=exc)


# While a campaign is edited, SQLite keeps NAME-journal beside it: the longest name beside it.
_SIDE_SUFFIX = "-journal"


def _name_too_long(path: Path) -> str | None:
    """Why the file's name leaves no room for the files kept beside it while editing, or None."""
    try:
        limit = os.pathconf(path.parent if str(path.parent) else ".", "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        limit = 255
    longest = limit - len(_SIDE_SUFFIX.encode())
    if len(os.fsencode(path.name)) > longest:
        return _("has a name too long to be edited here ({count} bytes; at most {most}, to leave room for the "
                 "journal SQLite keeps beside it)").format(count=len(os.fsencode(path.name)), most=longest)
    return None


def _duplicate_id(campaign: Campaign) -> str | None:
    seen: dict[str, str] = {}
    for attr in _LISTS:
        for index, entity in enumerate(getattr(campaign, attr)):
            where = f"{attr}[{index}]"
            if entity.id in seen:
                return _("{field}.id: {id} is already used by {other}").format(field=where, id=repr(entity.id), other=seen[entity.id])
            seen[entity.id] = where
    return None


def _write_everything(conn: sqlite3.Connection, campaign: Campaign, insert_meta: bool = False) -> None:
    if insert_meta:
        conn.execute("INSERT INTO meta(key, value) VALUES ('campaign', ?)", (_meta_json(campaign),))
    else:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'campaign'", (_meta_json(campaign),))
        conn.execute("DELETE FROM entities")
    for kind, (attr, _kind) in _KINDS.items():
        for pos, entity in enumerate(getattr(campaign, attr)):
            conn.execute(
                "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?)",
                (entity.id, kind, pos, _entity_json(entity)),
            )


def _write_changes(conn: sqlite3.Connection, before: Campaign, after: Campaign) -> None:
    """Write the difference between two campaigns: changed meta, changed or moved entries,
    deleted entries; rows that are the same in both are left alone."""
    if _meta_json(before) != _meta_json(after):
        conn.execute("UPDATE meta SET value = ? WHERE key = 'campaign'", (_meta_json(after),))
    old: dict[str, tuple[str, int, object]] = {}
    for kind, (attr, _kind) in _KINDS.items():
        for pos, entity in enumerate(getattr(before, attr)):
            old[entity.id] = (kind, pos, entity)
    kept: set[str] = set()
    for kind, (attr, _kind) in _KINDS.items():
        for pos, entity in enumerate(getattr(after, attr)):
            kept.add(entity.id)
            if old.get(entity.id) == (kind, pos, entity):
                continue
            conn.execute(
                "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE "
                "SET kind = excluded.kind, position = excluded.position, data = excluded.data",
                (entity.id, kind, pos, _entity_json(entity)),
            )
    for entity_id in old.keys() - kept:
        conn.execute("DELETE FROM entities WHERE id = ?", (entity_id,))


def _next_position(conn: sqlite3.Connection, kind: str, at_least: int) -> int:
    row = conn.execute("SELECT MAX(position) FROM entities WHERE kind = ?", (kind,)).fetchone()
    return max(at_least, (row[0] + 1) if row and row[0] is not None else 0)


def _entity_json(entity) -> str:
    return entity.model_dump_json()


def _save_problem(exc: sqlite3.Error) -> str:
    """SQLite's words, made plain where they mislead (a full disk is not a 'rollback' problem)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code == 13 or "database or disk is full" in str(exc):  # SQLITE_FULL
        return _("the disk is full")
    if code == 10 or "disk I/O error" in str(exc):  # SQLITE_IOERR
        return _("the disk could not be written")
    return str(exc)


def _upgrade_copy(conn: sqlite3.Connection, path: Path, version: int, backup_dir: Path | None) -> Path:
    try:
        return make_upgrade_copy(conn, path, version, backup_dir)
    except (OSError, sqlite3.Error) as exc:
        raise CampaignFileError(
            str(path),
            _("was not upgraded from file version {version}: the safety copy could not be made ({reason}); "
            "the file is unchanged (it can still be opened read-only)").format(version=version, reason=exc),
        ) from None


def _upgrade_and_load(conn: sqlite3.Connection, source: str, version: int) -> Campaign:
    """Upgrade and load in one transaction: a file refused after its upgrade is left as it was."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            migrate(conn, version)
            campaign = _load(conn, source)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    except (MigrationError, sqlite3.Error) as exc:
        raise CampaignFileError(
            source, _("could not be upgraded from file version {version} ({reason}); the file is unchanged").format(
                version=version, reason=exc)
        ) from None
    return campaign


def _meta(conn: sqlite3.Connection, source: str) -> dict:
    row = conn.execute("SELECT value FROM meta WHERE key = 'campaign'").fetchone()
    if row is None:
        raise CampaignFileError(source, _("is damaged: the campaign settings are missing"))
    try:
        meta = json.loads(row[0])
    except (TypeError, ValueError, RecursionError):
        raise CampaignFileError(source, _("is damaged: the campaign settings are not readable")) from None
    if not isinstance(meta, dict):
        raise CampaignFileError(source, _("is damaged: the campaign settings are not readable"))
    problem = plain_data_problem(meta)
    if problem:
        raise CampaignFileError(source, _("campaign settings: {problem}").format(problem=problem))
    return meta


_ROWS_SQL = "SELECT id, kind, data FROM entities ORDER BY kind, position, rowid"


def _entity(source: str, entity_id, kind, data, seen: set[str]):
    """One entity row validated, or the CampaignFileError that refuses the whole file."""
    if kind not in _KINDS:
        raise CampaignFileError(source, _("holds an entry of unknown kind {kind} ({id})").format(kind=repr(kind), id=entity_id))
    if not isinstance(data, (str, bytes)):
        raise CampaignFileError(source, _("is damaged: {kind} {id} is not readable").format(kind=kind, id=entity_id))
    try:
        entity = _KINDS[kind][1].validate_json(data)
    except ValidationError as exc:
        raise CampaignFileError(source, f"{kind} {entity_id}: {describe(exc)}") from None
    return _checked(source, entity_id, entity, seen)


def _checked(source: str, entity_id, entity, seen: set[str]):
    if entity.id != entity_id:
        raise CampaignFileError(source, _("is damaged: entry {id} says its id is {other}").format(
            id=repr(entity_id), other=repr(entity.id)))
    if entity_id in seen:
        raise CampaignFileError(source, _("is damaged: two entries share the id {id}").format(id=repr(entity_id)))
    seen.add(entity_id)
    return entity


def _row_count(conn: sqlite3.Connection) -> int:
    return conn.execute("SELECT count(*) FROM entities").fetchone()[0]


def _load(conn: sqlite3.Connection, source: str) -> Campaign:
    _entity_models_first()
    meta = _meta(conn, source)
    seen: set[str] = set()
    lists: dict[str, list] = {attr: [] for attr in _LISTS}
    for entity_id, kind, data in conn.execute(_ROWS_SQL):
        entity = _entity(source, entity_id, kind, data, seen)
        lists[_KINDS[kind][0]].append(entity)
    try:
        return Campaign.model_validate({**meta, **lists})
    except ValidationError as exc:
        raise CampaignFileError(source, _("campaign settings: {problem}").format(problem=describe(exc))) from None


def _settings(conn: sqlite3.Connection, source: str) -> Campaign | None:
    """The campaign's own fields with empty lists, for a load in steps; None when they are not
    valid (the whole load then says so, after the entries, as it always has)."""
    _entity_models_first()
    meta = _meta(conn, source)
    try:
        return Campaign.model_validate({**meta, **{attr: [] for attr in _LISTS}})
    except ValidationError:
        return None


class _Rows:
    """A campaign's entity rows, validated a few at a time into `campaign`'s lists in the
    file's order, with the same checks and messages as `_load`.

    The rows are read through one statement as they are needed (SQLite keeps its snapshot of
    the file until the last row is read); `entity` validates one row out of turn, and its turn
    then takes that very object.
    """

    def __init__(self, conn: sqlite3.Connection, source: str, campaign: Campaign, count: int):
        self.conn, self.source, self.campaign = conn, source, campaign
        self.left = count  # the rows in the file, counted once by the open
        self.seen: set[str] = set()
        self.found: dict[str, object] = {}
        self.early: dict[str, tuple[object, object]] = {}  # id -> (its row's data, entity or None)
        self._cursor: sqlite3.Cursor | None = None
        self._batch: deque = deque()
        self.refused: CampaignFileError | None = None

    def load(self, deadline: float | None) -> bool:
        """Validate rows until `deadline` (perf_counter) or the last; True when all are in. Once a
        row has been refused, every later call refuses the campaign the same way."""
        if self.refused is not None:
            raise self.refused
        try:
            if self._cursor is None:
                self._cursor = self.conn.execute(_ROWS_SQL)
            while True:
                if not self._batch:
                    self._batch.extend(self._cursor.fetchmany(32))
                    if not self._batch:
                        break
                try:
                    self._take(*self._batch.popleft())
                except CampaignFileError as exc:
                    self.refused = exc
                    raise
                if deadline is not None and time.perf_counter() >= deadline:
                    return False
        except sqlite3.Error as exc:
            self.refused = CampaignFileError(self.source, open_problem(exc))
            raise self.refused from None
        self._cursor.close()
        self.early.clear()
        return True

    def _take(self, entity_id, kind, data) -> None:
        early = self.early.pop(entity_id, None)
        if early is not None and early[1] is not None and early[0] == data and kind in _KINDS:
            entity = _checked(self.source, entity_id, early[1], self.seen)
        else:
            entity = _entity(self.source, entity_id, kind, data, self.seen)
        getattr(self.campaign, _KINDS[kind][0]).append(entity)
        self.found[entity_id] = entity
        self.left -= 1

    def entity(self, entity_id: str):
        if entity_id in self.found:
            return self.found[entity_id]
        if entity_id not in self.early:
            try:
                row = self.conn.execute("SELECT kind, data FROM entities WHERE id = ?", (entity_id,)).fetchone()
            except sqlite3.Error:
                row = None
            entity = None
            if row is not None:
                try:  # the checks of its turn, but for ids seen so far: that one reports
                    entity = _entity(self.source, entity_id, row[0], row[1], set())
                except CampaignFileError:
                    entity = None  # the ordered pass refuses the file when the row's turn comes
            self.early[entity_id] = (row[1] if row is not None else None, entity)
        return self.early[entity_id][1]


def load_campaign(path: Path) -> Campaign:
    """Read a campaign file without changing it."""
    with CampaignFile.open(path, readonly=True) as handle:
        return handle.campaign


def _discard(path: Path) -> None:
    """Remove a half-written file if it is there; a folder that refuses this too changes nothing."""
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass
