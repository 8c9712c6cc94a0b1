"""The campaign file: one SQLite database per campaign, every edit saved in its own transaction.

Entities (characters, obstacles, countdowns, scenes, sessions, arcs) are rows of validated
pydantic JSON; the campaign's own fields (name, rule set, options, clock) are one meta row.
The rollback journal (not WAL) keeps everything in the one file the user copies and syncs.
Layouts and upgrades live in `migrations`; backups and copies in `backups`.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from fate_desk.model import Arc, Campaign, Character, Countdown, Obstacle, Scene, SessionLog
from fate_desk.model.errors import describe

from .atomic import fsync_dir
from .backups import KEEP_BACKUPS, copy_database, make_rolling_backup, make_upgrade_copy
from .interchange import FileFormatError
from .migrations import SCHEMA_VERSION, MigrationError, create_latest, migrate

SUFFIX = ".fatedesk"
APPLICATION_ID = 0x46444B31  # "FDK1": marks the file as a Fate Desk campaign
SQLITE_HEADER = b"SQLite format 3\x00"
_HEADER_SIZE = 100  # SQLite's file header; user_version at byte 60, application_id at 68

# Entity kind -> (campaign list attribute, validator)
_KINDS: dict[str, tuple[str, TypeAdapter]] = {
    "character": ("characters", TypeAdapter(Character)),
    "obstacle": ("obstacles", TypeAdapter(Obstacle)),
    "countdown": ("countdowns", TypeAdapter(Countdown)),
    "scene": ("scenes", TypeAdapter(Scene)),
    "session": ("sessions", TypeAdapter(SessionLog)),
    "arc": ("arcs", TypeAdapter(Arc)),
}
_LISTS = {attr for attr, _ in _KINDS.values()}


class CampaignFileError(FileFormatError):
    """A campaign file that cannot be opened or written; the message names the file."""


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
    raise TypeError(f"not a campaign entity: {type(entity).__name__}")


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
        with open(path, "rb") as handle:
            return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def _read_header(path: Path) -> bytes:
    source = str(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(_HEADER_SIZE)
    except FileNotFoundError:
        raise CampaignFileError(source, "no such file") from None
    except IsADirectoryError:
        raise CampaignFileError(source, "is a folder, not a campaign file") from None
    except OSError as exc:
        raise CampaignFileError(source, f"cannot be read ({exc.strerror or exc})") from None
    if len(head) == 0:
        raise CampaignFileError(source, "is empty, not a Fate Desk campaign")
    if not head.startswith(SQLITE_HEADER) and not SQLITE_HEADER.startswith(head):
        raise CampaignFileError(source, "is not a Fate Desk campaign file (not an SQLite database)")
    if len(head) < _HEADER_SIZE:
        raise CampaignFileError(source, "is truncated (it ends inside the file header)")
    return head


def _newer_message(version: int) -> str:
    return (
        f"was saved by a newer Fate Desk (file version {version}; this one reads up to "
        f"{SCHEMA_VERSION}); update Fate Desk to open it"
    )


def _check_header(path: Path) -> None:
    """Refuse files that are not ours, or too new, before SQLite touches them at all."""
    head = _read_header(path)
    app_id = int.from_bytes(head[68:72], "big")
    version = int.from_bytes(head[60:64], "big", signed=True)
    if app_id != APPLICATION_ID:
        raise CampaignFileError(str(path), "is an SQLite database, but not a Fate Desk campaign")
    if version > SCHEMA_VERSION:
        raise CampaignFileError(str(path), _newer_message(version))
    if version < 0:
        raise CampaignFileError(str(path), f"is damaged: its file version ({version}) makes no sense")


def _connect(path: Path, readonly: bool) -> sqlite3.Connection:
    mode = "ro" if readonly else "rw"
    uri = f"{path.resolve().as_uri()}?mode={mode}"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA synchronous = FULL")
    return conn


def _memory_copy(conn: sqlite3.Connection) -> sqlite3.Connection:
    mem = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    conn.backup(mem)
    return mem


def _writable(path: Path) -> bool:
    """Edits need the file and its folder (where SQLite puts the journal) to be writable."""
    folder = path.resolve().parent
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK | os.X_OK)


def _has_hot_journal(path: Path) -> bool:
    journal = Path(f"{path}-journal")
    try:
        return journal.stat().st_size > 0
    except OSError:
        return False


def _recovered_copy(path: Path) -> sqlite3.Connection:
    """Read a file left mid-edit by a crash without touching it: recover a scratch copy instead."""
    with tempfile.TemporaryDirectory(prefix="fate-desk-") as scratch:
        copy = Path(scratch) / "campaign.fatedesk"
        shutil.copyfile(path, copy)
        shutil.copyfile(f"{path}-journal", f"{copy}-journal")
        conn = sqlite3.connect(copy, isolation_level=None)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # rolls the journal back
            return _memory_copy(conn)
        finally:
            conn.close()


class CampaignFile:
    """An open campaign file with the campaign loaded in memory.

    Callers change the in-memory models, then call `put` (or `save_meta`) to commit that
    change to disk at once; `remove` deletes an entity from both. `backup_path` is this
    open's rolling backup (None for read-only opens, or when it failed: see `backup_error`);
    `upgraded_from` is the file version an older file was upgraded from, else None.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, campaign: Campaign, readonly: bool):
        self.path = Path(path)
        self.campaign = campaign
        self.readonly = readonly
        self.backup_path: Path | None = None
        self.backup_error: str | None = None
        self.upgrade_copy: Path | None = None
        self.upgraded_from: int | None = None
        self._conn = conn

    # --- opening and creating ---------------------------------------------------------

    @classmethod
    def create(cls, path: Path, campaign: Campaign, *, backup_dir: Path | None = None) -> "CampaignFile":
        """Write a new campaign file; refuses to replace an existing file."""
        path = Path(path)
        if path.exists():
            raise CampaignFileError(str(path), "already exists; choose another name")
        duplicate = _duplicate_id(campaign)
        if duplicate:
            raise CampaignFileError(str(path), f"cannot be written: {duplicate}")
        tmp = path.with_name(f".{path.name}.new")
        tmp.unlink(missing_ok=True)
        try:
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
                raise FileExistsError(f"{path} appeared while it was being written")
            tmp.rename(path)
            fsync_dir(path.parent)
        except sqlite3.Error as exc:
            tmp.unlink(missing_ok=True)
            raise CampaignFileError(str(path), f"could not be written ({exc})") from None
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise CampaignFileError(str(path), f"could not be written ({exc.strerror or exc})") from None
        return cls.open(path, backup_dir=backup_dir)

    @classmethod
    def open(
        cls,
        path: Path,
        readonly: bool = False,
        *,
        backup_dir: Path | None = None,
        keep_backups: int = KEEP_BACKUPS,
    ) -> "CampaignFile":
        """Open and load a campaign file, upgrading an older layout (never for read-only opens).

        Unless read-only, a rolling backup of the file as opened goes to `backup_dir`
        (default: the user data folder's `backups`). A file that is damaged, not ours or too
        new raises CampaignFileError and is left exactly as it was.
        """
        path = Path(path)
        source = str(path)
        _check_header(path)
        if not readonly and not _writable(path):
            raise CampaignFileError(
                source,
                "cannot be edited here (the file or its folder is read-only); "
                "open it read-only, or copy it to a folder you can write to",
            )
        try:
            if readonly and _has_hot_journal(path):
                conn = _recovered_copy(path)
            else:
                conn = _connect(path, readonly)
        except sqlite3.Error as exc:
            raise CampaignFileError(source, _open_problem(exc)) from None
        except OSError as exc:
            raise CampaignFileError(source, f"cannot be opened ({exc.strerror or exc})") from None
        upgraded_from = upgrade_copy = None
        try:
            _check_integrity(conn, source)
            version = _check_identity(conn, source)
            if version < SCHEMA_VERSION:
                if readonly:
                    # Upgrade a copy in memory: a read-only open never writes to the file.
                    mem = _memory_copy(conn)
                    conn.close()
                    conn = mem
                else:
                    upgrade_copy = _upgrade_copy(conn, path, version, backup_dir)
                _upgrade(conn, source, version)
                upgraded_from = version
            campaign = _load(conn, source)
        except CampaignFileError:
            conn.close()
            raise
        except sqlite3.Error as exc:
            conn.close()
            raise CampaignFileError(source, _open_problem(exc)) from None
        handle = cls(path, conn, campaign, readonly)
        handle.upgraded_from, handle.upgrade_copy = upgraded_from, upgrade_copy
        if not readonly:
            try:
                handle.backup_path = make_rolling_backup(conn, path, backup_dir, keep_backups)
            except (OSError, sqlite3.Error) as exc:
                # A missing backup must not keep the user from their campaign; the GUI says so.
                handle.backup_error = f"no backup was made ({exc})"
        return handle

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> "CampaignFile":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

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
            for entity, kind, _attr, position in plans:
                conn.execute(
                    "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, data = excluded.data",
                    (entity.id, kind, position, entity.model_dump_json()),
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
        self._write("DELETE FROM entities WHERE id = ?", (entity_id,))
        for attr in _LISTS:
            items = getattr(self.campaign, attr)
            items[:] = [e for e in items if e.id != entity_id]

    def save_meta(self) -> None:
        """Save the campaign's own fields (name, rule set, options, clock, GM fate points)."""
        self._write("UPDATE meta SET value = ? WHERE key = 'campaign'", (_meta_json(self.campaign),))

    def replace_all(self, campaign: Campaign) -> None:
        """Swap in a whole campaign in one transaction (used by operations over many entities)."""
        duplicate = _duplicate_id(campaign)
        if duplicate:
            raise CampaignFileError(str(self.path), f"could not be saved: {duplicate}")
        self._transaction(lambda conn: _write_everything(conn, campaign))
        self.campaign = campaign

    def save_copy_as(self, path: Path) -> Path:
        """Write a complete copy of the campaign as saved to `path` (SQLite's backup API).

        The copy is written beside `path` and renamed over it only when complete, so a failed
        copy never replaces an existing file. The open file stays the one being edited.
        """
        target = Path(path)
        if self._conn is None:
            raise CampaignFileError(str(self.path), "is closed")
        if target.resolve() == self.path.resolve():
            raise CampaignFileError(str(target), "is the campaign file itself; choose another name")
        if target.is_dir():
            raise CampaignFileError(str(target), "is a folder; choose a file name")
        try:
            copy_database(self._conn, target)
        except sqlite3.Error as exc:
            raise CampaignFileError(str(target), f"could not be written ({exc})") from None
        except OSError as exc:
            raise CampaignFileError(str(target), f"could not be written ({exc.strerror or exc})") from None
        return target

    def _write(self, sql: str, params: tuple) -> None:
        self._transaction(lambda conn: conn.execute(sql, params))

    def _transaction(self, work) -> None:
        if self.readonly:
            raise CampaignFileError(str(self.path), "is open read-only")
        if self._conn is None:
            raise CampaignFileError(str(self.path), "is closed")
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                work(self._conn)
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise CampaignFileError(str(self.path), f"could not be saved ({exc})") from None


def _duplicate_id(campaign: Campaign) -> str | None:
    seen: dict[str, str] = {}
    for attr in _LISTS:
        for index, entity in enumerate(getattr(campaign, attr)):
            where = f"{attr}[{index}]"
            if entity.id in seen:
                return f"{where}.id: {entity.id!r} is already used by {seen[entity.id]}"
            seen[entity.id] = where
    return None


def _write_everything(conn: sqlite3.Connection, campaign: Campaign, insert_meta: bool = False) -> None:
    if insert_meta:
        conn.execute("INSERT INTO meta(key, value) VALUES ('campaign', ?)", (_meta_json(campaign),))
    else:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'campaign'", (_meta_json(campaign),))
        conn.execute("DELETE FROM entities")
    for kind, (attr, _) in _KINDS.items():
        for pos, entity in enumerate(getattr(campaign, attr)):
            conn.execute(
                "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?)",
                (entity.id, kind, pos, entity.model_dump_json()),
            )


_DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


def _open_problem(exc: sqlite3.Error) -> str:
    if getattr(exc, "sqlite_errorcode", None) in _DAMAGE_CODES or "malformed" in str(exc):
        return f"is damaged and cannot be read ({exc})"
    return f"cannot be opened ({exc})"


def _check_integrity(conn: sqlite3.Connection, source: str) -> None:
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        first = str(rows[0][0]).replace("*** in database main ***", "") if rows else "no answer"
        raise CampaignFileError(source, f"is damaged (SQLite's check says: {' '.join(first.split())})")


def _check_identity(conn: sqlite3.Connection, source: str) -> int:
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    if app_id != APPLICATION_ID:
        raise CampaignFileError(source, "is an SQLite database, but not a Fate Desk campaign")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise CampaignFileError(source, _newer_message(version))
    return version


def _upgrade_copy(conn: sqlite3.Connection, path: Path, version: int, backup_dir: Path | None) -> Path:
    try:
        return make_upgrade_copy(conn, path, version, backup_dir)
    except (OSError, sqlite3.Error) as exc:
        raise CampaignFileError(
            str(path),
            f"was not upgraded from file version {version}: the safety copy could not be made ({exc}); "
            "the file is unchanged (it can still be opened read-only)",
        ) from None


def _upgrade(conn: sqlite3.Connection, source: str, version: int) -> None:
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            migrate(conn, version)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    except (MigrationError, sqlite3.Error) as exc:
        raise CampaignFileError(
            source, f"could not be upgraded from file version {version} ({exc}); the file is unchanged"
        ) from None


def _load(conn: sqlite3.Connection, source: str) -> Campaign:
    row = conn.execute("SELECT value FROM meta WHERE key = 'campaign'").fetchone()
    if row is None:
        raise CampaignFileError(source, "is damaged: the campaign settings are missing")
    try:
        meta = json.loads(row[0])
    except (TypeError, ValueError, RecursionError):
        raise CampaignFileError(source, "is damaged: the campaign settings are not readable") from None
    if not isinstance(meta, dict):
        raise CampaignFileError(source, "is damaged: the campaign settings are not readable")
    lists: dict[str, list] = {attr: [] for attr in _LISTS}
    for entity_id, kind, data in conn.execute(
        "SELECT id, kind, data FROM entities ORDER BY kind, position, rowid"
    ):
        if kind not in _KINDS:
            raise CampaignFileError(source, f"holds an entry of unknown kind {kind!r} ({entity_id})")
        attr, adapter = _KINDS[kind]
        if not isinstance(data, (str, bytes)):
            raise CampaignFileError(source, f"is damaged: {kind} {entity_id} is not readable")
        try:
            lists[attr].append(adapter.validate_json(data))
        except ValidationError as exc:
            raise CampaignFileError(source, f"{kind} {entity_id}: {describe(exc)}") from None
    try:
        return Campaign.model_validate({**meta, **lists})
    except ValidationError as exc:
        raise CampaignFileError(source, f"campaign settings: {describe(exc)}") from None


def load_campaign(path: Path) -> Campaign:
    """Read a campaign file without changing it."""
    with CampaignFile.open(path, readonly=True) as handle:
        return handle.campaign
