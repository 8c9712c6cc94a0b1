"""The open campaign: its file, its undo stack, cached checker results and change signals."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from fate_desk.i18n import _
from fate_desk.model import Character
from fate_desk.rules import CheckResult, RuleSet, RuleSetCatalog, RuleSetError, check, default_catalog
from fate_desk.rules.creation.edits import duplicated
from fate_desk.store.campaign_file import CampaignFile, CampaignFileError, FileChangedError, FileGoneError

from .commands import AddEntities, AddEntity, EditEntity, RemoveEntity, ReplaceCampaign
from .kinds import BY_KEY, add_text, all_entities, display_name, kind_of


class CampaignDocument(QObject):
    """Owns the CampaignFile; every change goes through the undo stack and is saved at once.

    Entities are treated as values: an edit builds a changed copy and stores it, so commands
    can keep the before and after copies without fear that someone changes them later.
    """

    entityChanged = Signal(str)
    entityAdded = Signal(str)
    entityRemoved = Signal(str)
    saveFailed = Signal(str)
    campaignChanged = Signal()  # campaign-wide fields (clock, GM pool, logs) or many entries changed
    # The file was changed or replaced by another program; the change was not saved (message).
    changedOnDisk = Signal(str)
    # The file was deleted (or moved out of sight) while open: nothing is read again, the
    # campaign as last saved stays open for Save a copy as… (message).
    fileGone = Signal(str)
    # The file was moved (renamed) while open and is followed there (old path, new path).
    fileMoved = Signal(str, str)

    def __init__(self, file: CampaignFile, catalog: RuleSetCatalog | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.file = file
        self.catalog = catalog or default_catalog()
        self.undo_stack = QUndoStack(self)
        self._checks: dict[str, CheckResult] = {}
        # id -> entity, built on first lookup and kept up to date by every save below: a linear
        # search per lookup made the navigator quadratic (a minute to open 10,000 entries).
        self._index: dict[str, object] | None = None
        # True while a campaign-wide step announces its changed entries one by one; views that
        # redraw from the whole campaign wait for the campaignChanged that follows.
        self.replacing = False

    # --- reading ----------------------------------------------------------------------

    @property
    def campaign(self):
        return self.file.campaign

    @property
    def path(self) -> Path:
        return self.file.path

    @property
    def readonly(self) -> bool:
        return self.file.readonly

    def _refuse_if_read_only(self) -> bool:
        """True (and the user told why) when the campaign was opened read-only."""
        if self.file.readonly:
            self.saveFailed.emit(_("{file} is open read-only; nothing was changed. Open it normally "
                                   "(File ▸ Open) to edit it.").format(file=self.path.name))
        return self.file.readonly

    def entity(self, entity_id: str):
        if self._index is None:
            self._index = {e.id: e for e in all_entities(self.campaign)}
        return self._index.get(entity_id)

    def entities(self) -> list:
        return all_entities(self.campaign)

    def ruleset_for(self, character: Character | None = None) -> RuleSet:
        """The character's rule set; if unknown here, the campaign's, then the default."""
        for ruleset_id in ((character.ruleset,) if character else ()) + (self.campaign.ruleset,):
            try:
                return self.catalog.get(ruleset_id)
            except RuleSetError:
                continue
        return self.catalog.get(self.catalog.ids()[0])

    def rules_changed(self) -> None:
        """The catalog gained rule sets (a pack was installed): check every character again."""
        self._checks.clear()
        self.campaignChanged.emit()

    def ratings_of(self, character: Character) -> dict[str, int]:
        """The character's skills as played: the sheet's ratings with switched-on extras' skills
        and bonuses, and a mode's ratings (Atomic Robo); what every roll uses."""
        from fate_desk.rules.creation.extras import effective_ratings

        return effective_ratings(character, self.ruleset_for(character))

    def rating_of(self, character: Character, skill: str) -> int:
        from fate_desk.rules.creation.extras import effective_rating

        return effective_rating(character, skill, self.ruleset_for(character))

    def check(self, entity_id: str) -> CheckResult | None:
        """The checker's verdict on a character (cached until it changes); None for others."""
        if entity_id in self._checks:
            return self._checks[entity_id]
        entity = self.entity(entity_id)
        if not isinstance(entity, Character):
            return None
        result = check(entity, self.ruleset_for(entity), self.campaign.options)
        self._checks[entity_id] = result
        return result

    def error_count(self, entity_id: str) -> int:
        result = self.check(entity_id)
        return len(result.errors) if result else 0

    # --- editing (through the undo stack) ---------------------------------------------

    def edit(self, entity_id: str, operation: Callable, text: str, merge_key: object = None) -> bool:
        """Apply `operation(entity) -> changed copy` as one undoable step; False if it changed nothing."""
        before = self.entity(entity_id)
        if before is None or self._refuse_if_read_only():
            return False
        try:
            after = operation(before)
        except ValueError as exc:  # pydantic's ValidationError is a ValueError
            self.saveFailed.emit(_("That change was not made: {problem}").format(problem=exc))
            return False
        if after == before:
            return False
        key = (entity_id, merge_key) if merge_key is not None else None
        self.undo_stack.push(EditEntity(self, before, after, text, key))
        return True

    def add(self, entity, text: str | None = None) -> None:
        if self._refuse_if_read_only():
            return
        self.undo_stack.push(AddEntity(self, entity, text or _("Add {name}").format(name=display_name(entity))))

    def add_many(self, entities: list, text: str) -> bool:
        """Add several entities as one transaction and one undo step (an import); False if not saved."""
        if self._refuse_if_read_only():
            return False
        entities = list(entities)
        if not self.insert_many(entities):
            return False
        self.undo_stack.push(AddEntities(self, entities, text, done=True))
        return True

    def add_new(self, kind_key: str):
        """Make a fresh entity of a kind (with the campaign's rule set) and add it; None if read-only."""
        if self._refuse_if_read_only():
            return None
        entity = BY_KEY[kind_key].make(self.campaign, self.ruleset_for())
        self.add(entity, add_text(kind_key))
        return entity

    def duplicate(self, entity_id: str):
        entity = self.entity(entity_id)
        if entity is None:
            return None
        copy = duplicated(entity)
        self.add(copy, _("Duplicate {name}").format(name=display_name(entity)))
        return copy

    def remove(self, entity_id: str) -> None:
        entity = self.entity(entity_id)
        if entity is not None and not self._refuse_if_read_only():
            self.undo_stack.push(RemoveEntity(self, entity, _("Delete {name}").format(name=display_name(entity))))

    def edit_campaign(self, operation: Callable, text: str) -> bool:
        """Apply `operation(campaign) -> changed copy` (e.g. a clock step) as one undoable step,
        saved in one transaction; False if it changed nothing. The operation may raise Refused.

        Like every core operation, it builds changed copies and never changes an entry in place:
        the before and after campaigns share every entry that the step did not change (deep
        copies of 10,000 entries took seconds)."""
        if self._refuse_if_read_only():
            return False
        before = _detached(self.campaign)
        after = operation(_detached(self.campaign))
        if after == before:
            return False
        self.undo_stack.push(ReplaceCampaign(self, before, after, text))
        return True

    # --- called by the undo commands: save at once, then tell the views ----------------

    def install_campaign(self, campaign) -> None:
        """Save a whole campaign in one transaction, then tell every view what changed."""
        old = {e.id: e for e in self.entities()}
        old_settings = (self.campaign.ruleset, self.campaign.options)
        # Own lists: later single-entry edits change the file's lists in place, never the command's.
        if not self._save(lambda: self.file.replace_all(_detached(campaign))):
            return
        self._index = None
        new = {e.id: e for e in self.entities()}
        changed = [i for i, e in new.items() if i in old and old[i] is not e and old[i] != e]
        if old_settings != (self.campaign.ruleset, self.campaign.options):
            self._checks.clear()  # every verdict may depend on them
        for entity_id in [*changed, *(old.keys() - new.keys())]:
            self._checks.pop(entity_id, None)
        self.replacing = True
        try:
            for entity_id in old.keys() - new.keys():
                self.entityRemoved.emit(entity_id)
            for entity_id in [i for i in new if i not in old]:  # in the campaign's order
                self.entityAdded.emit(entity_id)
            for entity_id in changed:
                self.entityChanged.emit(entity_id)
        finally:
            self.replacing = False
        self.campaignChanged.emit()

    def store(self, entity) -> None:
        if not self._save(lambda: self.file.put(entity)):
            return
        self._checks.pop(entity.id, None)
        self._indexed(entity)
        self.entityChanged.emit(entity.id)

    def insert(self, entity) -> None:
        if self._save(lambda: self.file.put(entity)):
            self._indexed(entity)
            self.entityAdded.emit(entity.id)

    def insert_many(self, entities: list) -> bool:
        if not self._save(lambda: self.file.put_many(entities)):
            return False
        for entity in entities:  # indexed before any view hears of them, so it can look them up
            self._indexed(entity)
        for entity in entities:
            self.entityAdded.emit(entity.id)
        return True

    def delete_many(self, entity_ids: list[str]) -> None:
        if self._save(lambda: self.file.remove_many(entity_ids)):
            for entity_id in entity_ids:
                self._checks.pop(entity_id, None)
                if self._index is not None:
                    self._index.pop(entity_id, None)
            for entity_id in entity_ids:
                self.entityRemoved.emit(entity_id)

    def delete(self, entity_id: str) -> None:
        if self._save(lambda: self.file.remove(entity_id)):
            self._checks.pop(entity_id, None)
            if self._index is not None:
                self._index.pop(entity_id, None)
            self.entityRemoved.emit(entity_id)

    def _indexed(self, entity) -> None:
        """The file now holds `entity` under its id (put replaced or appended it)."""
        if self._index is not None:
            self._index[entity.id] = entity

    def _save(self, work: Callable[[], None]) -> bool:
        try:
            work()
        except FileGoneError as exc:
            self.fileGone.emit(str(exc))
            return False
        except FileChangedError as exc:
            # Never write over the newer file: the window reloads it and says why.
            self.changedOnDisk.emit(str(exc))
            return False
        except CampaignFileError as exc:
            # The file keeps its last good state; the user hears why this change was not saved.
            self.saveFailed.emit(str(exc))
            return False
        self.announce_move()
        return True

    def announce_move(self) -> None:
        """Tell the views once if the file was followed to a new name."""
        old, self.file.moved_from = self.file.moved_from, None
        if old is not None:
            self.fileMoved.emit(str(old), str(self.file.path))

    def close(self) -> None:
        self.undo_stack.clear()
        self.file.close()

    @staticmethod
    def kind_of(entity) -> str:
        return kind_of(entity)


_ENTITY_LISTS = ("characters", "obstacles", "countdowns", "scenes", "sessions", "arcs")


def _detached(campaign):
    """The campaign with entry lists of its own (the file changes its lists in place) and the
    same entries, which are values and never change in place."""
    return campaign.model_copy(update={name: list(getattr(campaign, name)) for name in _ENTITY_LISTS})
