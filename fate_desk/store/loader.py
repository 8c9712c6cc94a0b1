"""Reading a campaign file's rows into a Campaign, a slice at a time or all at once.

Every open goes through `RowLoader`: the campaign's own fields are read and checked first,
then the entity rows are validated in the file's order, a slice at a time (the app, between
turns of its event loop) or all at once (the command line). The checks and messages are the
same either way; the first bad row refuses the whole file.
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Callable

from pydantic import TypeAdapter, ValidationError

from fate_desk.i18n import _
from fate_desk.model import (Arc, Block, Campaign, Character, Countdown, Distraction, Hazard, Obstacle, Scene,
                             SessionLog)
from fate_desk.model.campaign import build_parts_first
from fate_desk.model.errors import describe
from fate_desk.model.plain import plain_data_problem

from .migrations import MigrationError, migrate
from .opening import CampaignFileError, open_problem

# Entity kind -> (campaign list attribute, validator)
KINDS: dict[str, tuple[str, TypeAdapter]] = {
    "character": ("characters", TypeAdapter(Character)),
    "obstacle": ("obstacles", TypeAdapter(Obstacle)),
    "countdown": ("countdowns", TypeAdapter(Countdown)),
    "scene": ("scenes", TypeAdapter(Scene)),
    "session": ("sessions", TypeAdapter(SessionLog)),
    "arc": ("arcs", TypeAdapter(Arc)),
}
LISTS = {attr for attr, _kind in KINDS.values()}
_BATCH = 32  # rows read a query while loading in slices
_ROWS_FIRST = "SELECT id, kind, data, position, rowid FROM entities ORDER BY kind, position, rowid LIMIT ?"
# The next rows after the last one read: each slice asks afresh, so an entry saved between slices
# (a sheet edited while its campaign loads) is read as it is now, never through a stale cursor.
_ROWS_AFTER = ("SELECT id, kind, data, position, rowid FROM entities WHERE (kind, position, rowid) > (?, ?, ?) "
               "ORDER BY kind, position, rowid LIMIT ?")


def entity_kind(entity) -> str:
    """The kind a campaign entry's row is stored under."""
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


def row_count(conn: sqlite3.Connection) -> int:
    return conn.execute("SELECT count(*) FROM entities").fetchone()[0]


def read_meta(conn: sqlite3.Connection, source: str) -> dict:
    """The campaign's own fields as stored, checked to be plain data."""
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


def validated_entity(source: str, entity_id, kind, data, seen: set[str]):
    """One entity row validated, or the CampaignFileError that refuses the whole file."""
    if kind not in KINDS:
        raise CampaignFileError(source, _("holds an entry of unknown kind {kind} ({id})").format(kind=repr(kind), id=entity_id))
    if not isinstance(data, (str, bytes)):
        raise CampaignFileError(source, _("is damaged: {kind} {id} is not readable").format(kind=kind, id=entity_id))
    try:
        entity = KINDS[kind][1].validate_json(data)
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


def _empty_campaign(meta: dict) -> Campaign | None:
    """The campaign's own fields with empty lists; None when they are not valid (a load then
    says so after the entries, as a whole load always has)."""
    try:
        return Campaign.model_validate({**meta, **{attr: [] for attr in LISTS}})
    except ValidationError:
        return None


def load_whole(conn: sqlite3.Connection, source: str) -> Campaign:
    """Every row at once (an upgraded file, or settings that do not validate): the campaign, or
    the CampaignFileError of the first row, then of the settings, that is wrong."""
    build_parts_first()
    meta = read_meta(conn, source)
    seen: set[str] = set()
    lists: dict[str, list] = {attr: [] for attr in LISTS}
    for entity_id, kind, data, _position, _rowid in conn.execute(_ROWS_FIRST, (-1,)):
        entity = validated_entity(source, entity_id, kind, data, seen)
        lists[KINDS[kind][0]].append(entity)
    try:
        return Campaign.model_validate({**meta, **lists})
    except ValidationError as exc:
        raise CampaignFileError(source, _("campaign settings: {problem}").format(problem=describe(exc))) from None


def start_loading(conn: sqlite3.Connection, connection: Callable[[], sqlite3.Connection],
                  source: str) -> tuple[Campaign, RowLoader | None]:
    """The campaign with its settings and no entries yet, and the loader that fills its lists;
    (the whole campaign, None) when its settings do not validate (refused as a whole load is)."""
    build_parts_first()
    meta = read_meta(conn, source)
    campaign = _empty_campaign(meta)
    if campaign is None:
        return load_whole(conn, source), None
    return campaign, RowLoader(connection, source, campaign, row_count(conn))


class RowLoader:
    """A campaign's entity rows, validated a few at a time into `campaign`'s lists in the
    file's order, with the same checks and messages as a whole load.

    `entity` validates one row out of turn (the sheet shown first need not wait for the rows
    before it); its turn then takes that very object. `saved` takes an entry written while the
    campaign loads: its turn takes the saved value (the row holds it too).
    """

    def __init__(self, connection: Callable[[], sqlite3.Connection], source: str, campaign: Campaign, count: int):
        self._connection, self.source, self.campaign = connection, source, campaign
        self.left = count  # the rows in the file, counted once by the open
        self.seen: set[str] = set()
        self.found: dict[str, object] = {}  # id -> the entity in the campaign's lists
        self._where: dict[str, int] = {}  # id -> its place in its list
        self.early: dict[str, tuple[object, object]] = {}  # id -> (its row's data, entity or None)
        self._after: tuple | None = None  # (kind, position, rowid) of the last row read
        self._batch: list = []
        self.refused: CampaignFileError | None = None

    def load(self, deadline: float | None, entries: int | None = None) -> bool:
        """Validate rows until `deadline` (perf_counter), or `entries` of them, or the last; True
        when all are in. Once a row has been refused, every later call refuses the campaign the
        same way."""
        if self.refused is not None:
            raise self.refused
        bounded = deadline is not None or entries is not None
        try:
            while True:
                if not self._batch:
                    self._batch = self._next_rows(_BATCH if bounded else 512)
                    if not self._batch:
                        break
                    self._batch.reverse()  # taken from the end
                if entries is not None:
                    if entries <= 0:
                        return False
                    entries -= 1
                entity_id, kind, data, position, rowid = self._batch.pop()
                self._after = (kind, position, rowid)
                try:
                    self._take(entity_id, kind, data)
                except CampaignFileError as exc:
                    self.refused = exc
                    raise
                if deadline is not None and time.perf_counter() >= deadline:
                    return False
        except sqlite3.Error as exc:
            self.refused = CampaignFileError(self.source, open_problem(exc))
            raise self.refused from None
        self.early.clear()
        return True

    def _next_rows(self, limit: int) -> list:
        conn = self._connection()
        if self._after is None:
            return conn.execute(_ROWS_FIRST, (limit,)).fetchall()
        return conn.execute(_ROWS_AFTER, (*self._after, limit)).fetchall()

    def _take(self, entity_id, kind, data) -> None:
        early = self.early.pop(entity_id, None)
        if early is not None and early[1] is not None and early[0] == data and kind in KINDS:
            entity = _checked(self.source, entity_id, early[1], self.seen)
        else:
            entity = validated_entity(self.source, entity_id, kind, data, self.seen)
        items = getattr(self.campaign, KINDS[kind][0])
        self._where[entity_id] = len(items)
        items.append(entity)
        self.found[entity_id] = entity
        self.left -= 1

    def entity(self, entity_id: str):
        """The entry with this id, validated now if its turn has not come; None if it is not
        there or not valid (then the ordered pass reports it)."""
        if entity_id in self.found:
            return self.found[entity_id]
        if entity_id not in self.early:
            try:
                row = self._connection().execute("SELECT kind, data FROM entities WHERE id = ?",
                                                  (entity_id,)).fetchone()
            except sqlite3.Error:
                row = None
            entity = None
            if row is not None:
                try:  # the checks of its turn, but for ids seen so far: that one reports
                    entity = validated_entity(self.source, entity_id, row[0], row[1], set())
                except CampaignFileError:
                    entity = None  # the ordered pass refuses the file when the row's turn comes
            self.early[entity_id] = (row[1] if row is not None else None, entity)
        return self.early[entity_id][1]

    def knows(self, entity_id: str) -> bool:
        """Whether this entry is one of the file's, validated (in turn or out of it)."""
        return entity_id in self.found or (entity_id in self.early and self.early[entity_id][1] is not None)

    def saved(self, entity, data: str) -> None:
        """`entity` (one `knows`) was written to its row as `data` while the campaign loads."""
        if entity.id in self.found:
            getattr(self.campaign, KINDS[entity_kind(entity)][0])[self._where[entity.id]] = entity
            self.found[entity.id] = entity
        else:
            self.early[entity.id] = (data, entity)


def upgrade_and_load(conn: sqlite3.Connection, source: str, version: int) -> Campaign:
    """Upgrade and load in one transaction: a file refused after its upgrade is left as it was."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            migrate(conn, version)
            campaign = load_whole(conn, source)
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
