"""The campaign file's rows: what each entry and the campaign's own fields are saved as, and
the rows an edit changes (`row_changes`, worked out anywhere, a worker too, and `undoing`, the
rows back). `campaign_file` writes them in its transactions."""

from __future__ import annotations

import operator
import sqlite3
from dataclasses import dataclass

from fate_desk.i18n import _
from fate_desk.model import Campaign

from .loader import KINDS, LISTS

__all__ = [
    "RowChanges", "SavedText", "duplicate_id", "entity_json", "meta_json", "next_position", "row_changes",
    "undoing", "write_changes", "write_everything",
]


def meta_json(campaign: Campaign) -> str:
    """The campaign's own fields (name, rule set, options, clock): the meta row's text."""
    return campaign.model_dump_json(exclude=LISTS)


def duplicate_id(campaign: Campaign) -> str | None:
    """Why the campaign cannot be saved, two entries sharing an id, or None."""
    seen: dict[str, str] = {}
    for attr in LISTS:
        for index, entity in enumerate(getattr(campaign, attr)):
            where = f"{attr}[{index}]"
            if entity.id in seen:
                return _("{field}.id: {id} is already used by {other}").format(field=where, id=repr(entity.id), other=seen[entity.id])
            seen[entity.id] = where
    return None


def write_everything(conn: sqlite3.Connection, campaign: Campaign, insert_meta: bool = False) -> None:
    """Every row of `campaign`, in place of what the file held (a new file: `insert_meta`)."""
    if insert_meta:
        conn.execute("INSERT INTO meta(key, value) VALUES ('campaign', ?)", (meta_json(campaign),))
    else:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'campaign'", (meta_json(campaign),))
        conn.execute("DELETE FROM entities")
    for kind, (attr, _kind) in KINDS.items():
        for pos, entity in enumerate(getattr(campaign, attr)):
            conn.execute(
                "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?)",
                (entity.id, kind, pos, entity_json(entity)),
            )


@dataclass
class RowChanges:
    """The rows that turn the file's `before` into `after`: worked out anywhere (a worker too:
    it touches no connection), written by `replace_all` while the file still holds `before`."""

    before: Campaign
    meta: str | None  # the campaign's own fields, when they changed
    upserts: list[tuple[str, str, int, str]]  # (id, kind, position, data) of changed, moved or new entries
    deletes: list[str]
    added: set[str]  # the new entries among the upserts
    duplicate: str | None  # why `after` cannot be saved (two entries with one id), else None

    def fits(self, campaign: Campaign) -> bool:
        """Whether `campaign` is `before` entry for entry (the same values, in the same places)."""
        for attr in LISTS:
            now, then = getattr(campaign, attr), getattr(self.before, attr)
            # map: a loop in C over 10,000 entries (a generator's was 3 ms of the install's turn)
            if len(now) != len(then) or any(map(operator.is_not, now, then)):
                return False
        return meta_json(campaign) == meta_json(self.before)


def row_changes(before: Campaign, after: Campaign) -> RowChanges:
    """The difference between two campaigns: changed meta, changed or moved entries, deleted
    entries; rows that are the same in both are left alone."""
    meta = meta_json(after)
    old: dict[str, tuple[str, int, object]] = {}
    for kind, (attr, _kind) in KINDS.items():
        for pos, entity in enumerate(getattr(before, attr)):
            old[entity.id] = (kind, pos, entity)
    kept: set[str] = set()
    upserts, added = [], set()
    for kind, (attr, _kind) in KINDS.items():
        for pos, entity in enumerate(getattr(after, attr)):
            kept.add(entity.id)
            was = old.get(entity.id)
            if was == (kind, pos, entity):
                continue
            if was is None:
                added.add(entity.id)
            upserts.append((entity.id, kind, pos, entity_json(entity)))
    return RowChanges(before, meta if meta != meta_json(before) else None, upserts, list(old.keys() - kept), added,
                      duplicate_id(after))


def undoing(changes: RowChanges, after: Campaign) -> RowChanges:
    """The rows that turn `after` back into `changes.before`, where `changes` turn `before` into
    `after`: what row_changes(after, before) says, worked out from the entries `changes` touch
    alone (the same entries differ both ways) rather than by comparing every entry again (a
    third of a campaign-wide step's rows at 10,000 entries)."""
    before = changes.before
    touched = {row[0] for row in changes.upserts if row[0] not in changes.added}.union(changes.deletes)
    upserts = []
    if touched:
        for kind, (attr, _kind) in KINDS.items():
            for pos, entity in enumerate(getattr(before, attr)):
                if entity.id in touched:
                    upserts.append((entity.id, kind, pos, entity_json(entity)))
    meta = meta_json(before) if changes.meta is not None else None
    return RowChanges(after, meta, upserts, list(changes.added), set(changes.deletes), duplicate_id(before))


def write_changes(conn: sqlite3.Connection, changes: RowChanges) -> None:
    """Write the rows `changes` names, in the caller's transaction."""
    if changes.meta is not None:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'campaign'", (changes.meta,))
    conn.executemany(
        "INSERT INTO entities(id, kind, position, data) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE "
        "SET kind = excluded.kind, position = excluded.position, data = excluded.data", changes.upserts)
    conn.executemany("DELETE FROM entities WHERE id = ?", [(entity_id,) for entity_id in changes.deletes])


def next_position(conn: sqlite3.Connection, kind: str, at_least: int) -> int:
    """The place after the last saved entry of `kind`, and at least `at_least`."""
    row = conn.execute("SELECT MAX(position) FROM entities WHERE kind = ?", (kind,)).fetchone()
    return max(at_least, (row[0] + 1) if row and row[0] is not None else 0)


def entity_json(entity) -> str:
    """An entry's row text: its validated JSON."""
    return entity.model_dump_json()


class SavedText:
    """Entries' saved text made ahead of their save, on the worker that read them (1,000
    imported sheets took 30 ms to write out on the GUI thread). An entry's text is taken from
    here only for the very object it was made from (the entries are values, never changed in
    place); any other (an entry given a new id since) is written out at its save."""

    def __init__(self, entities=()):
        # Keyed by the object's identity, and the object kept, so the key is never reused.
        self._texts = {id(entity): (entity, entity_json(entity)) for entity in entities}

    def text(self, entity) -> str:
        held = self._texts.get(id(entity))
        return held[1] if held is not None and held[0] is entity else entity_json(entity)
