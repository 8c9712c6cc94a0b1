"""The campaign file: one SQLite database per campaign, every edit saved in its own transaction.

Entities (characters, obstacles, countdowns, scenes, sessions, arcs) are rows of validated
pydantic JSON; the campaign's own fields (name, rule set, options, clock) are one meta row.
The rollback journal (not WAL) keeps everything in the one file the user copies and syncs.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from fate_desk.model import Arc, Campaign, Character, Countdown, Obstacle, Scene, SessionLog
from fate_desk.model.errors import describe

from .interchange import FileFormatError

SUFFIX = ".fatedesk"
APPLICATION_ID = 0x46444B31  # "FDK1": marks the file as a Fate Desk campaign
SCHEMA_VERSION = 1
_SQLITE_HEADER = b"SQLite format 3\x00"

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


def _check_header(path: Path) -> None:
    source = str(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(_SQLITE_HEADER))
    except FileNotFoundError:
        raise CampaignFileError(source, "no such file") from None
    except IsADirectoryError:
        raise CampaignFileError(source, "is a folder, not a campaign file") from None
    except OSError as exc:
        raise CampaignFileError(source, f"cannot be read ({exc.strerror or exc})") from None
    if len(head) == 0:
        raise CampaignFileError(source, "is empty, not a Fate Desk campaign")
    if head != _SQLITE_HEADER:
        raise CampaignFileError(source, "is not a Fate Desk campaign file (not an SQLite database)")


def _connect(path: Path, readonly: bool) -> sqlite3.Connection:
    mode = "ro" if readonly else "rw"
    uri = f"{path.resolve().as_uri()}?mode={mode}"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA synchronous = FULL")
    return conn


class CampaignFile:
    """An open campaign file with the campaign loaded in memory.

    Callers change the in-memory models, then call `put` (or `save_meta`) to commit that
    change to disk at once; `remove` deletes an entity from both.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, campaign: Campaign, readonly: bool):
        self.path = Path(path)
        self.campaign = campaign
        self.readonly = readonly
        self._conn = conn

    # --- opening and creating ---------------------------------------------------------

    @classmethod
    def create(cls, path: Path, campaign: Campaign) -> "CampaignFile":
        """Write a new campaign file; refuses to replace an existing file."""
        path = Path(path)
        if path.exists():
            raise CampaignFileError(str(path), "already exists; choose another name")
        tmp = path.with_name(f".{path.name}.new")
        tmp.unlink(missing_ok=True)
        try:
            conn = sqlite3.connect(tmp, isolation_level=None)
            try:
                _create_schema(conn)
                conn.execute("BEGIN")
                conn.execute("INSERT INTO meta(key, value) VALUES ('campaign', ?)", (_meta_json(campaign),))
                for kind, (attr, _) in _KINDS.items():
                    for pos, entity in enumerate(getattr(campaign, attr)):
                        conn.execute(
                            "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?)",
                            (entity.id, kind, pos, entity.model_dump_json()),
                        )
                conn.execute("COMMIT")
            finally:
                conn.close()
            tmp.rename(path)
        except sqlite3.Error as exc:
            tmp.unlink(missing_ok=True)
            raise CampaignFileError(str(path), f"could not be written ({exc})") from None
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise CampaignFileError(str(path), f"could not be written ({exc.strerror or exc})") from None
        return cls.open(path)

    @classmethod
    def open(cls, path: Path, readonly: bool = False) -> "CampaignFile":
        path = Path(path)
        _check_header(path)
        source = str(path)
        try:
            conn = _connect(path, readonly)
        except sqlite3.Error as exc:
            raise CampaignFileError(source, f"cannot be opened ({exc})") from None
        try:
            _check_identity(conn, source)
            campaign = _load(conn, source)
        except CampaignFileError:
            conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise CampaignFileError(source, f"is damaged and cannot be read ({exc})") from None
        return cls(path, conn, campaign, readonly)

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
        kind = entity_kind(entity)
        attr = _KINDS[kind][0]
        items = getattr(self.campaign, attr)
        index = next((i for i, e in enumerate(items) if e.id == entity.id), None)
        position = len(items) if index is None else index
        self._write(
            "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, data = excluded.data",
            (entity.id, kind, position, entity.model_dump_json()),
        )
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
        self._transaction(lambda conn: _write_everything(conn, campaign))
        self.campaign = campaign

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


def _create_schema(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute(
        "CREATE TABLE entities (id TEXT PRIMARY KEY, kind TEXT NOT NULL, "
        "position INTEGER NOT NULL DEFAULT 0, data TEXT NOT NULL)"
    )
    conn.execute("CREATE INDEX entities_kind ON entities(kind, position)")


def _write_everything(conn: sqlite3.Connection, campaign: Campaign) -> None:
    conn.execute("UPDATE meta SET value = ? WHERE key = 'campaign'", (_meta_json(campaign),))
    conn.execute("DELETE FROM entities")
    for kind, (attr, _) in _KINDS.items():
        for pos, entity in enumerate(getattr(campaign, attr)):
            conn.execute(
                "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?)",
                (entity.id, kind, pos, entity.model_dump_json()),
            )


def _check_identity(conn: sqlite3.Connection, source: str) -> None:
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    if app_id != APPLICATION_ID:
        raise CampaignFileError(source, "is an SQLite database, but not a Fate Desk campaign")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise CampaignFileError(
            source,
            f"was saved by a newer Fate Desk (file version {version}; this one reads up to "
            f"{SCHEMA_VERSION}); update Fate Desk to open it",
        )


def _load(conn: sqlite3.Connection, source: str) -> Campaign:
    row = conn.execute("SELECT value FROM meta WHERE key = 'campaign'").fetchone()
    if row is None:
        raise CampaignFileError(source, "is damaged: the campaign settings are missing")
    try:
        meta = json.loads(row[0])
    except json.JSONDecodeError:
        raise CampaignFileError(source, "is damaged: the campaign settings are not readable") from None
    lists: dict[str, list] = {attr: [] for attr in _LISTS}
    for entity_id, kind, data in conn.execute(
        "SELECT id, kind, data FROM entities ORDER BY kind, position, rowid"
    ):
        if kind not in _KINDS:
            raise CampaignFileError(source, f"holds an entry of unknown kind {kind!r} ({entity_id})")
        attr, adapter = _KINDS[kind]
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
