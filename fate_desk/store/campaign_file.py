"""The campaign file: one SQLite database per campaign, every edit saved in its own transaction.

Entities (characters, obstacles, countdowns, scenes, sessions, arcs) are rows of validated
pydantic JSON; the campaign's own fields (name, rule set, options, clock) are one meta row.
This module is the file and its transactions; `rows` says what the rows hold and which an edit
changes, `loader` reads them (a slice at a time in the app), `watcher` notices a file changed,
moved or deleted by someone else, `log_fold` folds the write-ahead log in on a worker. Layouts and
upgrades live in `migrations`; backups and copies in `backups`.

At rest the file uses SQLite's rollback journal and is one file. From its first edit in an
open, it uses a write-ahead log with `synchronous = NORMAL`: a commit is then a write into
`NAME-wal` beside the file, with no wait on the disk, and survives the app being killed (a power
cut may lose the last moments). The log is folded into the file when the typing stops, and when
the campaign closes, which also turns the rollback journal back on. The app folds it in on a
worker (`fold_by_caller`, `begin_fold`): a commit then never copies the log into the file itself
(SQLite's automatic checkpoint was 10-20 ms of an import's save, and of its undo).
"""

from __future__ import annotations

import itertools
import operator
import os
import sqlite3
import time
from pathlib import Path
from typing import Container

from fate_desk.i18n import _
from fate_desk.model import Campaign
from fate_desk.paths import mode_for_new_file
from fate_desk.safefile import read_regular

from .atomic import fsync_dir
from .backups import KEEP_BACKUPS, BackupJob, copy_database, make_upgrade_copy, tidy_beside
from .filetypes import CAMPAIGN_SUFFIX
from .loader import KINDS, LISTS, RowLoader, entity_kind, start_loading, upgrade_and_load
from .lock import CampaignLock, CampaignLocked, LockRefused
from .log_fold import LONG_LOG_BYTES, LogFold
from .migrations import SCHEMA_VERSION, create_latest
from .opening import (
    APPLICATION_ID,
    BUSY_MS,
    MAX_CAMPAIGN_BYTES,
    SQLITE_HEADER,
    CampaignFileError,
    check_header,
    check_identity,
    check_integrity,
    check_schema,
    connect,
    file_stamps,
    memory_copy,
    open_problem,
    read_only_connection,
    writable,
)
from .rows import (
    RowChanges,
    SavedText,
    duplicate_id,
    meta_json,
    next_position,
    row_changes,
    write_changes,
    write_everything,
)
from .watcher import FileChangedError, FileGoneError, FileWatch, file_stamp

__all__ = [
    "APPLICATION_ID", "SCHEMA_VERSION", "CampaignFile", "CampaignFileError", "CampaignInUse", "FileChangedError",
    "FileGoneError", "entity_kind", "is_campaign_file", "load_campaign",
]


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


_ID = operator.attrgetter("id")


def is_campaign_file(path: Path) -> bool:
    """True for a *.fatedesk name or a file that starts like an SQLite database.

    The importers and `check` use this to tell files apart: such files are read (or refused
    with a campaign file's message) by CampaignFile, everything else as JSON.
    """
    if Path(path).name.endswith(CAMPAIGN_SUFFIX):
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
        self.lock = lock
        self.campaign = campaign
        self.readonly = readonly
        self.backup_path: Path | None = None
        self.backup_error: str | None = None
        self.upgrade_copy: Path | None = None
        self.upgraded_from: int | None = None
        self._conn = conn
        self._wal = False  # edits go through the write-ahead log (from the first edit on)
        self._fold_by_caller = False  # see `fold_by_caller`
        self._fold: LogFold | None = None  # the fold under way on a worker (see `begin_fold`)
        self._commits = 0  # this open's commits so far: a fold tells whether any came during it
        self.watch = FileWatch(path, self._data_version, lambda: self.lock.file_fd if self.lock is not None else None)
        self._backup_job: BackupJob | None = None
        self._rows: RowLoader | None = None  # entries still to validate (see `loading`)
        if not readonly and _journal_mode(conn) == "wal":  # left so by a killed app: folded in at close
            self._log_on()

    @property
    def path(self) -> Path:
        return self.watch.path

    @property
    def moved_from(self) -> Path | None:
        """The name the file was followed from when it moved while open (the caller clears it)."""
        return self.watch.moved_from

    @moved_from.setter
    def moved_from(self, value: Path | None) -> None:
        self.watch.moved_from = value

    # --- opening and creating ---------------------------------------------------------

    @property
    def lock_warning(self) -> str | None:
        """Why this open for editing holds no lock (a file system without locks), else None."""
        return self.lock.warning if self.lock is not None else None

    @classmethod
    def create(cls, path: Path, campaign: Campaign, *, backup_dir: Path | None = None) -> "CampaignFile":
        """Write a new campaign file and open it; refuses to replace an existing file."""
        return cls.open(write_new(path, campaign), backup_dir=backup_dir)

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
        in_steps: bool = False,
        checked: tuple | None = None,
    ) -> "CampaignFile":
        """Open and load a campaign file, upgrading an older layout (never for read-only opens).

        Unless read-only, a rolling backup of the file as opened goes to `backup_dir`
        (default: the user data folder's `backups`). With `backup_in_background` (the app) a
        thread makes it while the campaign is shown, and the first save waits for it, so the
        backup is always of the file as it was before this open changed anything. A file that
        is damaged, not ours or too new raises CampaignFileError and is left exactly as it was.

        An open for editing holds the campaign's lock until `close()`; if another program holds
        it, CampaignFileError says where. `lock` passes on a lock already held (a reload).

        With `in_steps` the campaign comes back `loading`: its settings are read and checked,
        its entries are validated by `load_some` a slice at a time, and a bad entry found there
        raises the CampaignFileError the whole open would have raised. Entries validated so far
        can be saved meanwhile (`put`); the backup joins the others once every entry has passed.

        `checked`: the file's stamps when its integrity was checked ahead, on a worker
        (`opening.checked_stamps`); SQLite's check, which reads every page, is skipped if the
        file is still the one checked, and made here otherwise.
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
            handle = cls._open_locked(path, readonly, backup_dir, held, checked)
        except BaseException:
            if held is not None and lock is None:
                held.release()
            raise
        if not readonly:
            # Made of the file as opened; it joins the backups once the campaign is whole (a copy
            # of a file that turns out bad must not push a good one out of the rotation).
            handle._backup_job = BackupJob(path, backup_dir, keep_backups)
            if backup_in_background:
                handle._backup_job.start()
        try:
            if not in_steps:
                handle.load_some()
        except BaseException:
            handle.close()
            raise
        if handle._backup_job is not None and not backup_in_background:
            handle.finish_backup()
        return handle

    # --- loading in steps -------------------------------------------------------------

    @property
    def loading(self) -> bool:
        """True while some entries are not validated yet (see `open`'s `in_steps`): the
        campaign's lists hold those validated so far, in the file's order."""
        return self._rows is not None

    def load_some(self, seconds: float | None = None, entries: int | None = None) -> bool:
        """Validate the next entries for about `seconds`, or the next `entries` of them (all of
        them with neither); True once the campaign is complete. A bad entry raises the
        CampaignFileError the open would have raised; the caller then closes this handle (only
        edits it saved were written)."""
        rows = self._rows
        if rows is None:
            return True
        if not rows.load(None if seconds is None else time.perf_counter() + seconds, entries):
            return False
        self._rows = None
        if self._backup_job is not None:
            self._backup_job.decide(keep=True)
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
        """True while this open's rolling backup is still being copied on its thread (a save now
        would wait for it)."""
        job = self._backup_job
        return job is not None and not job.copied.is_set()

    def finish_backup(self) -> None:
        """Wait for this open's rolling backup, if it is still being made (see `open`); once the
        campaign is whole, it is among the backups when this returns."""
        job = self._backup_job
        if job is None:
            return
        if self._rows is not None:  # still loading: only the copy is waited for
            job.wait_copied()
            self.backup_error = job.error
            return
        self._backup_job = None
        job.finish()
        self.backup_path, self.backup_error = job.made, job.error

    @classmethod
    def _open_locked(cls, path: Path, readonly: bool, backup_dir: Path | None,
                     lock: CampaignLock | None, checked: tuple | None = None) -> "CampaignFile":
        source = str(path)
        rows = None
        try:
            conn = read_only_connection(path) if readonly else connect(path, readonly)
        except sqlite3.Error as exc:
            raise CampaignFileError(source, open_problem(exc)) from None
        except OSError as exc:
            raise CampaignFileError(source, _("cannot be opened ({reason})").format(reason=exc.strerror or exc)) from None
        upgraded_from = upgrade_copy = None
        handle = None
        try:
            if checked is None or file_stamps(path) != checked:  # checked now, with the connection open
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
                campaign = upgrade_and_load(conn, source, version)
                upgraded_from = version
            else:
                handle = cls(path, conn, Campaign(), readonly, lock)
                campaign, rows = start_loading(conn, lambda: handle._conn, source)
        except CampaignFileError:
            conn.close()
            raise
        except sqlite3.Error as exc:
            conn.close()
            raise CampaignFileError(source, open_problem(exc)) from None
        if handle is None:
            handle = cls(path, conn, campaign, readonly, lock)
        handle.campaign = campaign
        handle.upgraded_from, handle.upgrade_copy = upgraded_from, upgrade_copy
        handle._rows = rows
        return handle

    def close(self, keep_lock: bool = False) -> CampaignLock | None:
        """Close the file; the lock is released unless `keep_lock` (then it is returned). The
        write-ahead log is folded into the file and the rollback journal turned back on, so
        the file is one file again (unless another program reads it now: then SQLite folds
        the log in when the last reader closes, or the next open does)."""
        job = self._backup_job
        if job is not None and self._rows is not None:
            job.decide(keep=False)  # closed while loading: no backup of a file not read whole
        self._rows = None
        self.finish_backup()  # never leave a backup half-made
        self._settle_fold()  # a fold under way on a worker finishes first (its file is this one)
        if self._conn is not None:
            if self._wal:
                self._log_off()
            self._conn.close()
            self._conn = None
        lock, self.lock = self.lock, None
        if lock is not None and not keep_lock:
            lock.release()
            return None
        return lock

    def reload(self, **opening) -> "CampaignFile":
        """Reopen the file as it is on disk now, keeping the lock; this handle is closed.
        `opening`: as for `open` (the app: in steps, the backup made on a thread)."""
        lock = self.close(keep_lock=True)
        try:
            if lock is not None:
                try:
                    lock.follow(self.path)  # a file put in its place is locked too
                except CampaignLocked as exc:
                    raise CampaignInUse(str(self.path), str(exc)) from None
            return CampaignFile.open(self.path, self.readonly, lock=lock, **opening)
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

    # --- the write-ahead log ------------------------------------------------------------

    def _log_on(self) -> None:
        """Edits from now on go through the write-ahead log: a commit waits on no disk."""
        self._conn.execute("PRAGMA synchronous = NORMAL")
        if self._fold_by_caller:
            self._conn.execute("PRAGMA wal_autocheckpoint = 0")
        self._wal = True

    def fold_by_caller(self) -> None:
        """From now on no commit folds the log into the file itself (SQLite's automatic
        checkpoint, when the log has grown past 1,000 pages: 10-20 ms of an import's save, and
        of its undo, at 10,000 entries): the caller folds it in, on a worker (`begin_fold`), or
        with `fold_in`, and at the latest closing does. The app does so."""
        self._fold_by_caller = True
        if self._wal:
            self._conn.execute("PRAGMA wal_autocheckpoint = 0")

    def log_is_long(self) -> bool:
        """Whether the write-ahead log has grown past what SQLite would fold in by itself (a
        caller that folds it in, `fold_by_caller`, does so now rather than when the typing stops)."""
        if not self._wal:
            return False
        try:
            return os.stat(f"{self.path}-wal").st_size > LONG_LOG_BYTES
        except OSError:
            return False

    def _use_log(self) -> None:
        """Turn the write-ahead log on before this open's first edit (opening and closing
        without editing leaves the file as it was, byte for byte). If another program is
        reading the file this moment, this edit is saved with the rollback journal instead."""
        if self._wal:
            return
        problem = self.watch.refusal()
        if problem is not None:
            raise problem
        try:
            mode = self._conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            self._conn.execute("SELECT count(*) FROM meta").fetchone()  # makes the log beside the file
        except sqlite3.Error:
            return
        # The header's journal mode changed and the log appeared: this open's doing (the file was
        # as stamped just before).
        self.watch.remember()
        if mode == "wal":
            self._log_on()

    def fold_in(self) -> None:
        """Fold the write-ahead log into the file, so the file itself holds every edit and the
        log beside it is empty. A file changed by someone else is left alone (the next write or
        check says so). The app folds it in on a worker instead (`begin_fold`)."""
        self._settle_fold()
        if not self._wal or self._conn is None or self._rows is not None or self.watch.changed():
            return
        try:
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error:
            return  # a reader keeps part of the log: the next fold, or closing, does the rest
        self.watch.remember()

    def begin_fold(self) -> "LogFold | None":
        """A fold of the write-ahead log into the file, to be made on a worker (`LogFold.run`,
        through a connection of its own) and handed back to `end_fold` on this thread; None if
        there is nothing to fold, a fold is under way, or the file changed since this open last
        wrote it (the next write or check says so). This open goes on saving meanwhile: SQLite
        copies the log's pages into the file while new commits go on into the log, and the file
        watch takes the file's size and time changing for the fold's doing (see `FileWatch`)."""
        if (self._fold is not None or not self._wal or self._conn is None or self._rows is not None
                or self.readonly or self.watch.changed()):
            return None
        self._fold = LogFold(self.path, self._commits)
        self.watch.folding()
        return self._fold

    def end_fold(self, fold: "LogFold") -> None:
        """Take back a fold made on a worker (`begin_fold`), once its `run` has returned. If it
        copied the whole log into the file and nothing was saved since, the log is emptied too
        (nothing left to copy: SQLite only cuts the log's file to nothing). A fold of a file
        closed, reloaded or followed elsewhere since is ignored (that waited for it)."""
        if fold is not self._fold:
            return
        self._settle_fold()
        if not fold.complete or fold.commits != self._commits or self._conn is None or self.watch.changed():
            return  # the next fold, or closing, does the rest
        try:
            # Never waits: a copy being read meanwhile (Save a copy as…) keeps the log for now.
            self._conn.execute("PRAGMA busy_timeout = 0")
            try:
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            finally:
                self._conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        except sqlite3.Error:
            return
        self.watch.remember()

    def _settle_fold(self) -> None:
        """Wait for the fold under way on a worker, if any, and take the file as it left it."""
        fold, self._fold = self._fold, None
        if fold is not None:
            fold.wait()
            self.watch.folded(fold.after)

    def _log_off(self) -> None:
        """Fold the log in and go back to the rollback journal, where SQLite allows it now."""
        for pragma in ("PRAGMA wal_checkpoint(TRUNCATE)", "PRAGMA journal_mode = DELETE"):
            try:
                self._conn.execute(pragma).fetchone()
            except sqlite3.Error:
                break
        self._wal = False

    # --- saving -----------------------------------------------------------------------

    def put(self, entity) -> None:
        """Save one entity at once (inserting it into the in-memory campaign if it is new)."""
        self.put_many([entity])

    def put_many(self, entities, saved: SavedText | None = None, present: Container[str] | None = None) -> None:
        """Save several entities in one transaction: all of them land, or none (e.g. an import).
        `saved`: their saved text, made ahead (on a worker) where it was. `present`: the id of
        every entry in the campaign now, where the caller keeps them (the app's document does):
        an entry not among them is new, and its list is not searched (a look over 4,000
        characters was 4 ms of an import's save).

        While the campaign loads, only entries already validated can be saved (a sheet shown
        meanwhile): each is written at once, and its turn in the loading takes it."""
        entities = list(entities)
        saved = SavedText() if saved is None else saved  # none made ahead: each written out at its save
        if self._rows is not None:
            self._put_while_loading(entities, saved)
            return
        plans = []
        sizes: dict[str, int] = {}
        new_ids: set[str] = set()
        places: dict[str, dict[str, int]] = {}  # list -> id -> index: a lookup, not a search per entry
        for entity in entities:
            kind = entity_kind(entity)
            attr = KINDS[kind][0]
            items = getattr(self.campaign, attr)
            if present is not None and entity.id not in present:
                index = None
            else:
                if len(entities) > 1 and attr not in places:
                    places[attr] = dict(zip(map(_ID, items), itertools.count()))
                index = (places[attr].get(entity.id) if attr in places
                         else next((i for i, e in enumerate(items) if e.id == entity.id), None))
            if index is None and entity.id not in new_ids:
                position = sizes.setdefault(attr, len(items))
                sizes[attr] += 1
                new_ids.add(entity.id)
            else:
                position = index if index is not None else 0
            plans.append((entity, kind, attr, position, index))

        def work(conn: sqlite3.Connection) -> None:
            ends: dict[str, int] = {}
            rows = []
            for entity, kind, attr, position, _index in plans:
                if entity.id in new_ids:
                    # After the last row of its kind: a re-added entry (an undone delete) never
                    # ties with another and so keeps its place when the file is opened again.
                    if kind not in ends:
                        ends[kind] = next_position(conn, kind, sizes.get(attr, 0))
                    position = ends[kind]
                    ends[kind] += 1
                rows.append((entity.id, kind, position, saved.text(entity)))
            conn.executemany(
                "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, data = excluded.data", rows)

        self._transaction(work)
        appended: dict[str, int] = {}  # new entries of lists not looked over: id -> index
        for entity, _kind, attr, _position, found in plans:
            items = getattr(self.campaign, attr)
            if found is None and attr not in places:  # new (one entry, or `present` said so)
                if entity.id in appended:  # the same id twice among them: one entry, the last
                    items[appended[entity.id]] = entity
                else:
                    appended[entity.id] = len(items)
                    items.append(entity)
                continue
            if attr in places:
                index = places[attr].get(entity.id)
                if index is None:
                    places[attr][entity.id] = len(items)
            else:
                # Found above (a single entry): the transaction changed no list, and a second
                # search of 10,000 characters was a third of an import's save.
                index = found
            if index is None:
                items.append(entity)
            elif items[index] is not entity:
                items[index] = entity

    def _put_while_loading(self, entities: list, texts: SavedText) -> None:
        rows = self._rows
        if rows.refused is not None:  # found bad: nothing more is written to it
            raise rows.refused
        unknown = [e.id for e in entities if not rows.knows(e.id)]
        if unknown:
            raise RuntimeError(f"not validated yet, so not saved while loading: {unknown}")  # i18n: not shown (a programming error)
        saved = [(entity, entity_kind(entity), texts.text(entity)) for entity in entities]

        def work(conn: sqlite3.Connection) -> None:
            for entity, kind, data in saved:
                conn.execute("UPDATE entities SET kind = ?, data = ? WHERE id = ?", (kind, data, entity.id))

        self._transaction(work)
        for entity, _kind, data in saved:
            rows.saved(entity, data)

    def remove(self, entity_id: str) -> None:
        """Delete an entity from the file and from the in-memory campaign."""
        self.remove_many([entity_id])

    def remove_many(self, entity_ids) -> None:
        """Delete several entities in one transaction (undoing an import)."""
        ids = list(entity_ids)
        self._whole("remove entries")  # i18n: not shown (a programming error)
        self._transaction(lambda conn: conn.executemany("DELETE FROM entities WHERE id = ?", [(i,) for i in ids]))
        gone = set(ids)
        left = len(gone)
        # Those at the end of their lists first: an undone import's entries are the last of
        # theirs, and a look at them alone spares a look over 10,000 characters.
        for attr in LISTS:
            items = getattr(self.campaign, attr)
            end = len(items)
            while end and items[end - 1].id in gone:
                end -= 1
            left -= len(items) - end
            del items[end:]
        for attr in LISTS:
            if not left:  # every entry is out: the other lists hold none of them
                break
            items = getattr(self.campaign, attr)
            kept = [e for e in items if e.id not in gone]
            left -= len(items) - len(kept)
            items[:] = kept

    def save_meta(self) -> None:
        """Save the campaign's own fields (name, rule set, options, clock, GM fate points)."""
        self._whole("save the campaign's settings")  # i18n: not shown (a programming error)
        self._transaction(lambda conn: conn.execute("UPDATE meta SET value = ? WHERE key = 'campaign'",
                                                    (meta_json(self.campaign),)))

    def replace_all(self, campaign: Campaign, changes: RowChanges | None = None) -> RowChanges:
        """Swap in a whole campaign in one transaction (used by operations over many entities).

        Only the rows that differ from the campaign as loaded are written: a campaign-wide
        step never rewrites (or deletes) entries it did not change. `changes` are those rows
        worked out already (on a worker), used if they were worked out from the campaign as
        it is now. Returns the rows written.
        """
        self._whole("replace the campaign")  # i18n: not shown (a programming error)
        if changes is None or not changes.fits(self.campaign):
            changes = row_changes(self.campaign, campaign)
        if changes.duplicate:
            raise CampaignFileError(str(self.path), _("could not be saved: {problem}").format(problem=changes.duplicate))
        self._transaction(lambda conn: write_changes(conn, changes))
        self.campaign = campaign
        return changes

    def _whole(self, what: str) -> None:
        if self._rows is not None:
            raise RuntimeError(f"a campaign still loading cannot {what}")  # i18n: not shown (a programming error)

    def save_copy_as(self, path: Path, on_worker: bool = False) -> Path:
        """Write a complete copy of the campaign as saved to `path` (SQLite's backup API).

        The copy is written beside `path` and renamed over it only when complete, so a failed
        copy never replaces an existing file. The open file stays the one being edited; the
        copy is one file with the rollback journal, its write-ahead log folded in. `on_worker`
        (the app, off its GUI thread): an open for editing is read through a connection of its
        own, while this open may go on saving (a save meanwhile waits for the copy's read).
        """
        target = Path(path)
        self._whole("be copied")  # i18n: not shown (a programming error)
        if self._conn is None:
            raise CampaignFileError(str(self.path), _("is closed"))
        if target.resolve() == self.path.resolve():
            raise CampaignFileError(str(target), _("is the campaign file itself; choose another name"))
        if target.is_dir():
            raise CampaignFileError(str(target), _("is a folder; choose a file name"))
        try:
            # A file deleted while open is read through the connection that still has it open.
            if on_worker and not self.readonly and not self.watch.missing():
                source = connect(self.path, readonly=True)
                try:
                    copy_database(source, target)
                finally:
                    source.close()
            else:
                copy_database(self._conn, target)
        except sqlite3.Error as exc:
            raise CampaignFileError(str(target), _("could not be written ({reason})").format(reason=exc)) from None
        except OSError as exc:
            raise CampaignFileError(str(target), _("could not be written ({reason})").format(reason=exc.strerror or exc)) from None
        return target

    def _transaction(self, work) -> None:
        if self.readonly:
            raise CampaignFileError(str(self.path), _("is open read-only"))
        if self._conn is None:
            raise CampaignFileError(str(self.path), _("is closed"))
        self.finish_backup()  # the backup is of the file before this open's first change
        if self.watch.missing():
            self._follow()  # a moved file is written through a connection made under its new name
        self._use_log()
        checked = False
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                problem = self.watch.refusal()
                if problem is not None:
                    raise problem
                checked = True
                work(self._conn)
                self._conn.execute("COMMIT")
                self._commits += 1
            except BaseException:
                self._rollback()
                raise
        except sqlite3.Error as exc:
            if checked:
                # The file was ours when this transaction began, and it holds the write lock:
                # whatever the failed write and its rollback did to the file's size and time
                # was this open's own doing, not another program's (a full disk is no reason
                # to read the file again and lose the undo history).
                self.watch.remember()
            raise CampaignFileError(str(self.path), _("could not be saved ({reason})").format(reason=_save_problem(exc))) from None
        self.watch.remember()

    def _rollback(self) -> None:
        """Undo a failed transaction; SQLite may have rolled it back itself (a full disk), and a
        failed rollback must not hide why the transaction failed."""
        if self._conn.in_transaction:
            try:
                self._conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    # --- noticing changes made by others (see `watcher`) -----------------------------------

    def _data_version(self) -> int | None:
        try:
            return self._conn.execute("PRAGMA data_version").fetchone()[0] if self._conn else None
        except sqlite3.Error:
            return None

    def changed_on_disk(self) -> bool:
        """True if the file was changed, replaced or deleted by someone else since this handle
        last read or wrote it (read-only handles never look). A file moved but otherwise
        unchanged is followed to its new name (see `moved_from`), not reported."""
        if self.readonly or self._conn is None or not self.watch.changed():
            return False
        return not (self.watch.missing() and self._follow())

    @property
    def gone(self) -> bool:
        """True when the file is no longer at its name and could not be found again."""
        return self._conn is not None and self.watch.missing() and not self._follow()

    def outdated(self) -> bool:
        """True if the file on disk is no longer what this handle read, read-only or not: a
        read-only window uses it to follow the app that edits the campaign."""
        return self._conn is not None and self.watch.changed()

    def _follow(self) -> bool:
        """The file is not at its name: if it was moved (the same file, unchanged, under
        another name), carry on under the new name and return True. SQLite keeps the write-ahead
        log beside the old name, so it is folded into the file first; and SQLite refuses writes
        to a file moved since its connection was made, so the connection is made again there."""
        if self._conn is None:
            return False
        self._settle_fold()  # a fold made under the old name: its file is the one to look for
        new = self.watch.find_moved()
        if new is None:
            return False
        try:
            conn = connect(new, self.readonly)
        except (sqlite3.Error, OSError):
            return False
        old = self.path
        if self._wal:
            self._log_off()
        self._conn.close()
        self._conn = conn
        if not self.readonly and _journal_mode(conn) == "wal":
            self._log_on()
        self.watch.moved_to(new)
        _tidy_side_files(old)
        return True


def write_new(path: Path, campaign: Campaign) -> Path:
    """Write `campaign` as a new campaign file at `path` (made whole beside it, then renamed into
    place) without opening it; refuses to replace an existing file. Returns the path."""
    path = Path(path)
    if path.exists():
        raise CampaignFileError(str(path), _("already exists; choose another name"))
    if _name_too_long(path):
        raise CampaignFileError(str(path), _name_too_long(path) + _("; choose a shorter name"))
    duplicate = duplicate_id(campaign)
    if duplicate:
        raise CampaignFileError(str(path), _("cannot be written: {problem}").format(problem=duplicate))
    tmp = path.with_name(f".{path.name}.new")
    try:
        tmp.unlink(missing_ok=True)  # inside the try: on a read-only folder this fails too
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            # No one opens the file before it is whole and renamed into place, and a failure
            # throws it away: no journal, and one sync of the whole file below, rather than
            # SQLite's three or four for each of its transactions (the pragmas were two more:
            # 13 syncs, 40-50 ms of a first start's copy of the sample).
            conn.execute("PRAGMA journal_mode = OFF")
            conn.execute("PRAGMA synchronous = OFF")
            conn.execute("BEGIN")
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            create_latest(conn)
            write_everything(conn, campaign, insert_meta=True)
            conn.execute("COMMIT")
        finally:
            conn.close()
        with open(tmp, "rb") as written:
            os.fsync(written.fileno())  # all of it on the disk before it takes the name
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
    return path

def _journal_mode(conn: sqlite3.Connection) -> str:
    try:
        return str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower()
    except sqlite3.Error:
        return ""


def _tidy_side_files(old: Path) -> None:
    """The write-ahead log's files left at a moved campaign's old name (folded in and empty):
    removed, unless a file was put at that name meanwhile."""
    if old.exists():
        return
    for side in ("-wal", "-shm"):
        try:
            Path(f"{old}{side}").unlink(missing_ok=True)
        except OSError:
            pass


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
