"""Schema layouts of the campaign file, keyed by PRAGMA user_version, and the steps between them.

Each step turns layout N into layout N + 1 inside the caller's transaction, so a failed or
interrupted migration leaves the file exactly as it was. A step never changes once released:
later layouts get new steps, and new files are created at the latest layout.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Callable

from fate_desk.i18n import _

SCHEMA_VERSION = 1

# The entity lists of a campaign and the kind each row is stored under (layout 1).
LIST_KINDS = {
    "characters": "character",
    "obstacles": "obstacle",
    "countdowns": "countdown",
    "scenes": "scene",
    "sessions": "session",
    "arcs": "arc",
}

_LAYOUT_1 = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE entities (id TEXT PRIMARY KEY, kind TEXT NOT NULL, "
    "position INTEGER NOT NULL DEFAULT 0, data TEXT NOT NULL)",
    "CREATE INDEX entities_kind ON entities(kind, position)",
)


class MigrationError(Exception):
    """The file's contents do not fit the layout its version number claims."""


def schema_problem(conn: sqlite3.Connection, version: int) -> str | None:
    """What in the file's schema is not exactly the layout its version claims, else None.

    A crafted file could carry a trigger (deleting rows on every edit), a view, or tables
    without the keys that keep ids unique; none of that is ever ours.
    """
    rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    extra = sorted(f"{kind} {name!r}" for kind, name, _t, _s in rows if kind in ("trigger", "view"))
    if extra:
        return _("has things Fate Desk never makes ({things})").format(things=", ".join(extra[:3]))
    if version == 0:
        tables = sorted(name for kind, name, _t, _s in rows if kind == "table")
        return None if tables == ["campaign"] else _("does not have the tables of an old Fate Desk campaign")
    if _schema_of(rows) != _LATEST_SCHEMA:
        return _("does not have the tables and indexes of a Fate Desk campaign")
    return None


def _schema_of(rows) -> set:
    return {(kind, name, table, " ".join(sql.split()) if sql else None) for kind, name, table, sql in rows}


def _latest_schema() -> set:
    conn = sqlite3.connect(":memory:")
    try:
        create_latest(conn)
        return _schema_of(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall())
    finally:
        conn.close()


def create_latest(conn: sqlite3.Connection) -> None:
    """Tables of the newest layout in an empty database (the caller sets the pragmas)."""
    for statement in _LAYOUT_1:
        conn.execute(statement)


def _layout0_to_1(conn: sqlite3.Connection) -> None:
    """Layout 0 (development builds) kept the whole campaign as one JSON row; split it into rows."""
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "campaign" not in tables:
        raise MigrationError(_("the campaign table of the old layout is missing"))
    rows = conn.execute("SELECT data FROM campaign").fetchall()
    if len(rows) != 1:
        raise MigrationError(_("the old layout should hold one campaign, it holds {count}").format(count=len(rows)))
    try:
        data = json.loads(rows[0][0])
    except (TypeError, ValueError, RecursionError):
        raise MigrationError(_("the campaign stored in the old layout is not readable JSON")) from None
    if not isinstance(data, dict):
        raise MigrationError(_("the campaign stored in the old layout is not a JSON object"))
    for statement in _LAYOUT_1:
        conn.execute(statement)
    meta = {k: v for k, v in data.items() if k not in LIST_KINDS}
    conn.execute("INSERT INTO meta(key, value) VALUES ('campaign', ?)", (json.dumps(meta),))
    for attr, kind in LIST_KINDS.items():
        items = data.get(attr) or []
        if not isinstance(items, list):
            raise MigrationError(_("{field}: expected a list in the old layout").format(field=attr))
        for position, item in enumerate(items):
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                raise MigrationError(_("{field}: an entry without an id").format(field=f"{attr}[{position}]"))
            conn.execute(
                "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?)",
                (item["id"], kind, position, json.dumps(item)),
            )
    conn.execute("DROP TABLE campaign")


_LATEST_SCHEMA = _latest_schema()

# Step from layout N to layout N + 1.
STEPS: dict[int, Callable[[sqlite3.Connection], None]] = {0: _layout0_to_1}


def migrate(conn: sqlite3.Connection, from_version: int) -> None:
    """Run every step from `from_version` up to SCHEMA_VERSION; the caller owns the transaction."""
    for version in range(from_version, SCHEMA_VERSION):
        step = STEPS.get(version)
        if step is None:
            raise MigrationError(_("no way to upgrade a file of version {version}").format(version=version))
        step(conn)
    # PRAGMA user_version is written with the transaction, so it only lands with the data.
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
