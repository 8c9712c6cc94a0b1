"""Undo commands. Each redo/undo hands a finished entity to the document, which saves it at once.

The change itself is made by a plain operation (fate_desk.rules.creation.edits) before the command is
pushed; the command keeps the entity before and after, so undo and redo are exact.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoCommand


class SavesEntries(Protocol):
    """What a command needs of the document it changes: saving entries and whole campaigns
    (the real one is gui.document.CampaignDocument, which imports this module)."""

    def store(self, entity) -> None: ...

    def insert(self, entity) -> None: ...

    def delete(self, entity_id: str) -> None: ...

    def install_campaign(self, campaign, changes=None) -> None: ...

    # Undo and redo go through these: the roll log keeps every throw (rules/play/roll_log.py).
    def restore(self, entity) -> None: ...

    def take_back(self, entity_id: str) -> None: ...

    def restore_campaign(self, campaign, changes=None) -> None: ...

MERGE_ID = 0x46D  # any fixed id: QUndoStack only asks mergeWith() of commands sharing it


class EditEntity(QUndoCommand):
    """Replace an entity by its edited copy; typing into one field merges into one step."""

    def __init__(self, document: SavesEntries, before, after, text: str, merge_key: object = None):
        super().__init__(text)
        self.document = document
        self.before = before
        self.after = after
        self.merge_key = merge_key

    def id(self) -> int:
        return MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditEntity) or other.merge_key != self.merge_key:
            return False
        if other.before.id != self.after.id:
            return False
        self.after = other.after
        self.setObsolete(self.after == self.before)
        return True

    def redo(self) -> None:
        self.document.restore(self.after)

    def undo(self) -> None:
        self.document.restore(self.before)


class AddEntity(QUndoCommand):
    def __init__(self, document: SavesEntries, entity, text: str):
        super().__init__(text)
        self.document = document
        self.entity = entity

    def redo(self) -> None:
        self.document.restore(self.entity)

    def undo(self) -> None:
        self.document.take_back(self.entity.id)


class AddEntities(QUndoCommand):
    """Several entities added in one transaction, undone in one (an import).

    `done`: the entities were already saved, so the push's first redo does nothing. `saved`:
    their saved text, made on the worker that read them, kept for each redo (store's SavedText).
    """

    def __init__(self, document: SavesEntries, entities: list, text: str, done: bool = False, saved=None):
        super().__init__(text)
        self.document = document
        self.entities = list(entities)
        self.saved = saved
        self._skip_redo = done

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        self.document.insert_many(self.entities, self.saved)

    def undo(self) -> None:
        self.document.delete_many([e.id for e in self.entities])


class RemoveEntity(QUndoCommand):
    def __init__(self, document: SavesEntries, entity, text: str):
        super().__init__(text)
        self.document = document
        self.entity = entity

    def redo(self) -> None:
        self.document.delete(self.entity.id)

    def undo(self) -> None:
        self.document.restore(self.entity)


class ReplaceCampaign(QUndoCommand):
    """A campaign-wide step (end of a scene, session or arc; the GM's pool): whole before/after."""

    def __init__(self, document: SavesEntries, before, after, text: str, forward=None, backward=None):
        super().__init__(text)
        self.document = document
        self.before = before
        self.after = after
        # The rows redo and undo write, when worked out on a worker with the step (else at once).
        self.forward, self.backward = forward, backward

    def redo(self) -> None:
        self.document.restore_campaign(self.after, self.forward)

    def undo(self) -> None:
        self.document.restore_campaign(self.before, self.backward)
