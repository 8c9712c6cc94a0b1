"""The open campaign: its file, its undo stack, cached checker results and change signals."""

from __future__ import annotations

from operator import attrgetter
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from fate_desk.collector import hold, settle
from fate_desk.i18n import _
from fate_desk.model import Character, SessionLog
from fate_desk.model.limits import grew_past_limits
from fate_desk.rules import CheckResult, RuleSet, RuleSetCatalog, RuleSetError, check, default_catalog
from fate_desk.rules.creation.edits import duplicated
from fate_desk.rules.creation.extras import effective_rating, effective_ratings
from fate_desk.store.campaign_file import CampaignFile, CampaignFileError, FileChangedError, FileGoneError
from fate_desk.store.rows import SavedText

from .campaign_op import Background
from .commands import AddEntities, AddEntity, EditEntity, RemoveEntity, ReplaceCampaign
from .kinds import BY_KEY, add_text, all_entities, display_name, kind_of
from .turns import later

LOAD_SLICE_S = 0.008  # validating a campaign's entries: this much work a turn of the event loop
# ...but the first slice is this many entries, whatever the time they take (about 8 ms): a
# campaign of a usual size is always whole in the turn it opens, and a big one's first step costs
# what any slice does.
FIRST_ENTRIES = 200
_ID = attrgetter("id")
FOLD_AFTER_MS = 2000  # the write-ahead log is folded into the file this long after the last save


class CampaignDocument(QObject):
    """Owns the CampaignFile; every change goes through the undo stack and is saved at once.

    Entities are treated as values: an edit builds a changed copy and stores it, so commands
    can keep the before and after copies without fear that someone changes them later.
    """

    entityChanged = Signal(str)
    entityAdded = Signal(str)
    entityRemoved = Signal(str)
    # A step over many entries (an import of 1,000 characters, its undo, a campaign-wide step
    # such as End the scene): the ids removed, added and changed, in the campaign's order, in one
    # signal each, and always a campaignChanged after them. One entry added, removed or changed
    # alone is entityAdded, entityRemoved or entityChanged, and never comes during such a step. A
    # view that keeps a row or a tab per entry hears both; a view that redraws from the whole
    # campaign waits for campaignChanged.
    entriesAdded = Signal(list)
    entriesRemoved = Signal(list)
    entriesChanged = Signal(list)
    saveFailed = Signal(str)
    campaignChanged = Signal()  # campaign-wide fields (clock, GM pool, logs) or many entries changed
    # The file was changed or replaced by another program; the change was not saved (message).
    changedOnDisk = Signal(str)
    # The file was deleted (or moved out of sight) while open: nothing is read again, the
    # campaign as last saved stays open for Save a copy as… (message).
    fileGone = Signal(str)
    # The file was moved (renamed) while open and is followed there (old path, new path).
    fileMoved = Signal(str, str)
    # A big campaign loads in steps (see `start_loading`): a slice of its entries was validated;
    # every entry is in; an entry turned out bad (the message the whole open would have given).
    loadStepped = Signal()
    loaded = Signal()
    loadFailed = Signal(str)

    def __init__(self, file: CampaignFile, catalog: RuleSetCatalog | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.file = file
        self.catalog = catalog or default_catalog()
        self.undo_stack = QUndoStack(self)
        self._checks: dict[str, CheckResult] = {}
        # id -> entity, built on first lookup and kept up to date by every save below: a linear
        # search per lookup made the navigator quadratic (a minute to open 10,000 entries).
        self._index: dict[str, object] | None = None
        # Counts the changes installed: a campaign-wide step worked out on a worker is installed
        # only if the campaign is still the one it started from (see gui/campaign_op.py).
        self.revision = 0
        self._loading_started = False
        self._holding_collector = False
        self._closed = False
        self._pauses = 0
        self._slice_s = LOAD_SLICE_S
        # The write-ahead log is folded into the file once the typing stops, on a worker (see
        # `_fold_in`): no commit of ours does it itself, on this thread.
        file.fold_by_caller()
        self._fold = QTimer(self)
        self._fold.setSingleShot(True)
        self._fold.setInterval(FOLD_AFTER_MS)
        self._fold.timeout.connect(self._fold_in)

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

    def _refuse_if_read_only(self, loading_too: bool = True) -> bool:
        """True (and the user told why) when the campaign was opened read-only. A change to more
        than one entry made while the campaign loads (a file dropped on the window: the window's
        own actions wait) has the rest validated first; True if an entry turns out bad (the
        window then closes the campaign, as a refused open)."""
        if loading_too and self.file.loading and not self._complete_now():
            return True
        if self.file.readonly:
            self.saveFailed.emit(_("{file} is open read-only; nothing was changed. Open it normally "
                                   "(File ▸ Open) to edit it.").format(file=self.path.name))
        return self.file.readonly

    @property
    def is_closed(self) -> bool:
        """Closed (another campaign opened, or the window closing): nothing more is written."""
        return self._closed

    @property
    def loading(self) -> bool:
        """True while some entries are not validated yet: single entries can be looked up and
        edited (each edit saved at once, as always); nothing campaign-wide is offered, and the
        campaign's lists hold only the entries validated so far."""
        return self.file.loading

    def entity(self, entity_id: str):
        if self.file.loading:
            return self.file.loaded_entity(entity_id)
        return self._by_id().get(entity_id)

    def ids(self) -> set[str]:
        """The id of every entry in the campaign (while it loads: of those validated so far)."""
        if self.file.loading:
            return {e.id for e in all_entities(self.campaign)}
        return set(self._by_id())

    def _by_id(self) -> dict:
        if self._index is None:
            self._index = {e.id: e for e in all_entities(self.campaign)}
        return self._index

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
        return effective_ratings(character, self.ruleset_for(character))

    def rating_of(self, character: Character, skill: str) -> int:
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
        if before is None or self._refuse_if_read_only(loading_too=False):
            return False
        try:
            after = operation(before)
        except ValueError as exc:  # pydantic's ValidationError is a ValueError
            self.saveFailed.emit(_("That change was not made: {problem}").format(problem=exc))
            return False
        problem = grew_past_limits(before, after) if isinstance(after, Character) else None
        if problem:  # the 101st stunt: no sheet past the limits is made here either
            self.saveFailed.emit(_("That change was not made: {problem}").format(problem=problem))
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

    def add_many(self, entities: list, text: str, saved: SavedText | None = None) -> bool:
        """Add several entities as one transaction and one undo step (an import); False if not
        saved. `saved`: their saved text, made ahead on a worker (store's SavedText)."""
        if self._refuse_if_read_only():
            return False
        entities = list(entities)
        if not self.insert_many(entities, saved):
            return False
        self.undo_stack.push(AddEntities(self, entities, text, done=True, saved=saved))
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
        return self.install_step(self.snapshot(), operation(self.snapshot()), text)

    def snapshot(self):
        """The campaign as it is now, with entry lists of its own: what a campaign-wide step
        works on (on a worker too: see campaign_op), and what its undo gives back."""
        return _detached(self.campaign)

    def install_step(self, before, after, text: str, rows: tuple | None = None) -> bool:
        """Install `after`, worked out from `before` (the campaign as it is now), as one
        undoable step saved in one transaction; False if it changed nothing. `rows`: the rows
        that redo and undo write, worked out with it (see campaign_op)."""
        if after == before:
            return False
        self.undo_stack.push(ReplaceCampaign(self, before, after, text, *(rows or ())))
        return True

    @property
    def closed(self) -> bool:
        return self._closed

    # --- called by the undo commands: save at once, then tell the views ----------------

    # Undo and redo never take a thrown roll out of the roll log: a roll whose step is undone
    # stays, marked set aside (rules/play/roll_log.py), so no reroll goes without a trace.

    def restore_campaign(self, campaign, changes=None) -> None:
        """Install the campaign an undo or redo goes to, keeping every roll the logs hold now.
        `changes`: its rows, worked out on the step's worker; a log that kept a roll beyond them
        makes them stale, and the rows are worked out again here."""
        # Deferred: rules.play.roll_log (~6 ms, 1 module) is not loaded at start-up, only on first use.
        from fate_desk.rules.play.roll_log import kept_throws

        kept = kept_throws(self.campaign, campaign)
        self.install_campaign(kept, changes if kept is campaign else None)

    def restore(self, entity) -> None:
        """Put an entry back as undo or redo has it (stored, or added if it is not there); a
        session's log keeps the rolls it holds now."""
        here = self.entity(entity.id)
        if isinstance(entity, SessionLog):
            # Deferred: rules.play.roll_log (~6 ms, 1 module) is not loaded at start-up, only on first use.
            from fate_desk.rules.play.roll_log import kept_in_session

            entity = kept_in_session(here, entity)
        if here is None:
            self.insert(entity)
        else:
            self.store(entity)

    def take_back(self, entity_id: str) -> None:
        """Undo an entry's adding: it goes, save a session log with rolls in it, which keeps
        them (alone, marked set aside)."""
        here = self.entity(entity_id)
        if isinstance(here, SessionLog) and here.rolls:
            # Deferred: rules.play.roll_log (~6 ms, 1 module) is not loaded at start-up, only on first use.
            from fate_desk.rules.play.roll_log import kept_in_session

            self.store(kept_in_session(here, None))
        else:
            self.delete(entity_id)

    def install_campaign(self, campaign, changes=None) -> None:
        """Save a whole campaign in one transaction, then tell every view what changed.
        `changes`: the rows to write, worked out on a worker (see store's row_changes)."""
        old_settings = (self.campaign.ruleset, self.campaign.options)
        written = []
        # Own lists: later single-entry edits change the file's lists in place, never the command's.
        if not self._save(lambda: written.append(self.file.replace_all(_detached(campaign), changes))):
            return
        rows = written[0]
        self._index = None
        removed, added = rows.deletes, [row[0] for row in rows.upserts if row[0] in rows.added]
        changed = [row[0] for row in rows.upserts if row[0] not in rows.added]
        if old_settings != (self.campaign.ruleset, self.campaign.options):
            self._checks.clear()  # every verdict may depend on them
        for entity_id in [*changed, *removed]:
            self._checks.pop(entity_id, None)
        if removed:
            self.entriesRemoved.emit(list(removed))
        if added:  # in the campaign's order
            self.entriesAdded.emit(added)
        if changed:
            self.entriesChanged.emit(changed)
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

    def insert_many(self, entities: list, saved: SavedText | None = None) -> bool:
        present = self._by_id() if not self.file.loading else None  # new ones need no search
        if not self._save(lambda: self.file.put_many(entities, saved, present)):
            return False
        if self._index is not None:  # indexed before any view hears of them, so it can look them up
            self._index.update(zip(map(_ID, entities), entities))
        self._announce(self.entityAdded, self.entriesAdded, [entity.id for entity in entities])
        return True

    def delete_many(self, entity_ids: list[str]) -> None:
        if self._save(lambda: self.file.remove_many(entity_ids)):
            for entity_id in entity_ids:
                self._checks.pop(entity_id, None)
                if self._index is not None:
                    self._index.pop(entity_id, None)
            self._announce(self.entityRemoved, self.entriesRemoved, list(entity_ids))

    def when_entries_come_or_go(self, work: Callable[[], None]) -> None:
        """`work()` after an entry is added or removed: at once for one entry; for a step over
        many (an import of 1,000 characters, its undo), once, at the campaignChanged that follows."""
        due = False

        def many_came_or_went(_entity_ids: list) -> None:
            nonlocal due
            due = True

        def caught_up() -> None:
            nonlocal due
            if due:
                due = False
                work()

        self.entityAdded.connect(lambda _entity_id: work())
        self.entityRemoved.connect(lambda _entity_id: work())
        self.entriesAdded.connect(many_came_or_went)
        self.entriesRemoved.connect(many_came_or_went)
        self.campaignChanged.connect(caught_up)

    def _announce(self, one, many, entity_ids: list[str]) -> None:
        """One entry as `one` (its id); more as `many` (their ids in one list, for the views that
        keep one row per entry), then one campaignChanged for the views that redraw from the
        whole campaign: an import of 1,000 characters is one signal of each, not a thousand
        (each heard by half a dozen views, a thousand were a third of its undo's turn)."""
        if len(entity_ids) == 1:
            one.emit(entity_ids[0])
            return
        many.emit(entity_ids)
        self.campaignChanged.emit()

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
        self.revision += 1
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
        if self.file.log_is_long():  # (a library imported): folded in now, in a turn of its own
            self._fold.stop()
            later(self, self._fold_in)
        else:
            self._fold.start()  # (again): folded in once the typing stops
        return True

    def _fold_in(self) -> None:
        """Fold the write-ahead log into the file on a worker (4-20 ms at 10,000 entries, with a
        wait on the disk); edits go on being saved meanwhile."""
        if self._closed:
            return
        fold = self.file.begin_fold()
        if fold is None:
            return
        file = self.file
        job = Background(fold.run, self)
        job.finished.connect(lambda _result: file.end_fold(fold))  # ignored by a file closed since
        job.start(wait=0)  # always handed back in a later turn: this one does not wait for it

    def announce_move(self) -> None:
        """Tell the views once if the file was followed to a new name."""
        old, self.file.moved_from = self.file.moved_from, None
        if old is not None:
            self.fileMoved.emit(str(old), str(self.file.path))

    # --- loading: every campaign, in steps ---------------------------------------------------

    def start_loading(self, slice_s: float | None = None) -> None:
        """Validate the campaign's entries, `slice_s` of work a turn of the event loop, so the
        window keeps taking keys: the first slice at once (a small campaign is whole after it),
        then `loadStepped` after each slice and `loaded` once every entry is in, or `loadFailed`
        with the message a whole open would have given (the window closes the campaign). A
        campaign already whole says `loaded` at once."""
        if self._loading_started:
            return
        self._loading_started = True
        if not self.file.loading:
            self.loaded.emit()
            return
        self._slice_s = LOAD_SLICE_S if slice_s is None else slice_s
        self._load_step(FIRST_ENTRIES)

    def pause_loading(self, turns: int = 1) -> None:
        """Validate nothing in the next `turns` turns of the event loop (the window builds and
        shows a sheet in them)."""
        self._pauses += turns

    def _complete_now(self) -> bool:
        """Validate every entry left now; False if an entry is bad."""
        if self.file.loading:
            try:
                self.file.load_some()
            except CampaignFileError as exc:
                self._settle_collector()
                self.loadFailed.emit(str(exc))
                return False
            self._loaded()
        return True

    def _loaded(self) -> None:
        self._index = None  # every entry is in the campaign's lists now
        self._settle_collector()
        self.loaded.emit()

    def _load_step(self, entries: int | None = None) -> None:
        if self._closed or not self.file.loading:
            return  # closed, or made complete out of turn (see _complete_now)
        if self._pauses:
            # Each paused turn a turn of its own, in line behind the parts put off with `later` (a
            # sheet built in turns): with a zero timer, several ran in one turn and a slice landed
            # in the turn that showed the sheet.
            self._pauses -= 1
            later(self, self._load_step)
            return
        try:
            done = self.file.load_some(entries=entries) if entries is not None else self.file.load_some(self._slice_s)
        except CampaignFileError as exc:
            self._settle_collector()
            self.loadFailed.emit(str(exc))
            return
        if not done:
            if not self._holding_collector:
                hold()  # a full walk over the half-loaded campaign would be a long pause: see collector
                self._holding_collector = True
            self.loadStepped.emit()
            if entries is not None:
                # After the first slice, in the turn that opened the file and changed the window's
                # campaign (a zero timer may run in that very turn): the next waits for a turn of its own.
                later(self, self._load_step)
            else:
                QTimer.singleShot(0, self, self._load_step)
            return
        self._loaded()

    def _settle_collector(self) -> None:
        if self._holding_collector:
            self._holding_collector = False
            settle()

    def close(self) -> None:
        """Close the campaign (a campaign still loading too: every edit was saved as it was made)."""
        if self._closed:
            return
        self._closed = True
        self._fold.stop()
        self._index = None
        self._settle_collector()
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
