"""The File and Help menu commands: new, open, save a copy, import, export, about."""

from __future__ import annotations

from collections.abc import Callable, Generator
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from fate_desk.collector import hold, settle
from fate_desk.i18n import N_, _, ngettext, rules_text

from .desk import Desk
from .kinds import BY_KEY, display_name, kind_of
from .turns import again, later

# The models and file formats load with the first campaign or on first use, never with the
# window (which builds this class before its first paint).
if TYPE_CHECKING:
    from fate_desk.model import Character

# File dialog filters, marked only (translated where a dialog is opened); a translation keeps
# the patterns in brackets as they are.
CAMPAIGN_FILTER = N_("Fate Desk campaigns (*.fatedesk *.fate-campaign.json);;Game packs (*.fatepack.toml pack.toml)")
COPY_FILTERS = N_("Fate Desk campaign (*.fatedesk);;Campaign bundle for sharing (*.fate-campaign.json)")
CHARACTER_FILTER = N_("Fate Desk characters (*.fate.json)")
IMPORT_FILTER = N_("Characters (*.fate.json *.fari.json *.fate-campaign.json *.json);;All files (*)")
# An imported sheet is laid out out of sight in parts of this much of the GUI thread's time, a
# turn of the event loop each (whole, its first pass was 15-30 ms at 10,000 entries).
LAY_OUT_SLICE_S = 0.010
_ALL_DONE = object()  # what `next` gives once a step in parts has done its last


# A file this big is never read within campaign_op.WAIT_S (a 2.3 MB Foundry actor: 21-25 ms at
# best, every reader loaded; a Fari library of 1,000 characters: over a second): its progress
# dialog shows at once and the read starts once it has painted (see campaign_op.wait_for).
LONG_READ_BYTES = 1_000_000


def _long_read(path: Path) -> bool:
    try:
        return path.stat().st_size >= LONG_READ_BYTES
    except OSError:
        return False  # the read itself says what is wrong with it


def documents_folder() -> Path:
    """Where new campaigns go by default: the user's documents (the data folder is hidden and
    kept for the sample campaign and backups)."""
    # Deferred: asked only as a dialog opens; imported at the top, its Qt class and enums were
    # built before a first start's sheet took a key (bench_startup.py).
    from PySide6.QtCore import QStandardPaths

    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found) if found else Path.home()


class FileActions(Desk):
    """The File and Help menus. Each command has a dialog front (`*_dialog`) and a plain method
    taking a path, for scripts and tests."""

    def __init__(self, window):
        super().__init__(window)
        # Imports saved whose sheet or summary is still to be shown (see `in_turns`).
        self.installing = 0

    def handlers(self) -> dict:
        return {
            "new_campaign": self.new_campaign,
            "open_campaign": self.open_dialog,
            "open_read_only": self.open_read_only_dialog,
            "save_copy": self.save_copy_dialog,
            "restore_backup": self.restore_dialog,
            "import": self.import_dialog,
            "export_character": self.export_dialog,
            "export_pdf": self.print_pdf_dialog,
            "export_for": self.export_for_dialog,
            "quit": self.window.close,
            "user_guide": self.show_user_guide,
            "about": self.about,
        }

    def update_actions(self) -> None:
        actions, document = self.window.actions, self.window.document
        actions["export_character"].setEnabled(self.window.sheets.current_character() is not None)
        for action_id in ("save_copy", "export_pdf"):
            actions[action_id].setEnabled(self.whole)
        for action_id in ("restore_backup", "import"):
            actions[action_id].setEnabled(self.editable)
        actions["export_for"].setEnabled(bool(self.whole and document.campaign.characters))

    # --- campaigns ------------------------------------------------------------------------

    def new_campaign(self) -> None:
        # Deferred: gui.dialogs.new_campaign (~1 ms, 3 modules) is not loaded at start-up, only on first use.
        from .dialogs.new_campaign import NewCampaignDialog

        dialog = NewCampaignDialog(self.window.catalog, documents_folder(), self.window)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.create(dialog.campaign(), dialog.path())

    def create(self, campaign, path: Path) -> bool:
        # Deferred: gui.document, gui.opening, store.interchange load with the campaign, after the window's
        # first paint.
        from fate_desk.store.interchange import FileFormatError

        from .document import CampaignDocument
        from .opening import create_campaign  # the campaign file code loads after the first paint

        try:
            handle = create_campaign(path, campaign)
        except FileFormatError as exc:
            self.window.show_error(_("The campaign could not be created"), str(exc))
            return False
        self.window.set_document(CampaignDocument(handle, self.window.catalog))
        self.window.statusBar().showMessage(_("Created {file}").format(file=handle.path.name), 6000)
        return True

    def open_dialog(self, readonly: bool = False) -> None:
        start = str(self.window.document.path.parent) if self.window.document else str(documents_folder())
        title = _("Open a campaign read-only") if readonly else _("Open a campaign")
        path, _filter = QFileDialog.getOpenFileName(self.window, title, start, _(CAMPAIGN_FILTER))
        if path:
            self.window.campaigns.open_chosen(path, readonly=readonly)

    def open_read_only_dialog(self) -> None:
        self.open_dialog(readonly=True)

    def save_copy_dialog(self, then_open: bool = False) -> None:
        """File ▸ Save a copy as…; with `then_open` (the open file is gone) editing goes on in the copy."""
        document = self.window.document
        if document is None:
            return
        # Deferred: gui.opening loads with the campaign, after the window's first paint.
        from .opening import safe_file_name

        suggested = document.path.parent / _("{name} copy.fatedesk").format(name=safe_file_name(document.campaign.name))
        path, chosen = QFileDialog.getSaveFileName(self.window, _("Save a copy as"), str(suggested), _(COPY_FILTERS))
        if path:
            if "fate-campaign.json" in chosen and not path.endswith(".fate-campaign.json"):
                path += ".fate-campaign.json"
            written = self.save_copy(Path(path))
            if written is not None and then_open and written.name.endswith(".fatedesk"):
                self.window.campaigns.open_path(written)

    def save_copy(self, path: Path) -> Path | None:
        """Write the copy on a worker (a big campaign is a disk's work), the window answering."""
        # Deferred: gui.campaign_op, gui.opening, store.interchange load with the campaign, after the
        # window's first paint.
        from fate_desk.store.interchange import FileFormatError

        from .campaign_op import Background, wait_for
        from .opening import save_copy

        document = self.window.document
        handle, snapshot = document.file, document.snapshot()
        job = Background(lambda: save_copy(handle, Path(path), campaign=snapshot, on_worker=True), self.window)
        outcome = wait_for(job, self.window, _("Saving a copy as {file}…").format(file=Path(path).name),
                           _("Save a copy as"), cancellable=False)
        try:
            ok, written = outcome
            if not ok:
                raise written
        except FileFormatError as exc:
            self.window.show_error(_("The copy could not be saved"), str(exc))
            return None
        except OSError as exc:  # say which file: the bare OSError of a bundle names none
            self.window.show_error(_("The copy could not be saved"),
                                   _("{path}: {problem}").format(path=path, problem=exc.strerror or exc))
            return None
        self.window.statusBar().showMessage(_("Saved a copy as {path}").format(path=written), 6000)
        return written

    def restore_dialog(self):
        """File ▸ Restore from backup…: non-blocking; the restore runs when the user accepts."""
        # Deferred: gui.dialogs.restore_backup (~7 ms, 3 modules) is not loaded at start-up, only on first
        # use.
        from .dialogs.restore_backup import RestoreBackupDialog

        document = self.window.document
        if document is None:
            return None
        dialog = RestoreBackupDialog(document.path, parent=self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: dialog.chosen() and self.restore(dialog.chosen()))
        dialog.open()
        return dialog

    def restore(self, backup: Path) -> bool:
        """Put a backup's campaign in place of the open one, as one undoable step; the campaign as
        it was is first written to a copy beside the backups, so nothing is ever lost."""
        # Deferred: store.backups loads with the campaign, after the window's first paint.
        from fate_desk.store.backups import (
            before_restoring_path,
            default_backup_dir,
            prune_before_restoring,
        )
        # Deferred: gui.campaign_op, store.campaign_file, store.interchange load with the campaign, after
        # the window's first paint.
        from fate_desk.store.campaign_file import CampaignFileError, load_campaign
        from fate_desk.store.interchange import FileFormatError

        from .campaign_op import Background, wait_for

        document = self.window.document
        handle, folder = document.file, default_backup_dir()

        def read_and_keep():  # on a worker: reading a big backup is every entry validated
            restored = load_campaign(backup)
            folder.mkdir(parents=True, exist_ok=True)
            return restored, handle.save_copy_as(before_restoring_path(folder, document.path.stem), on_worker=True)

        outcome = wait_for(Background(read_and_keep, self.window), self.window,
                           _("Reading the backup {file}…").format(file=Path(backup).name), _("Restore from backup"),
                           cancellable=False)
        try:
            ok, value = outcome
            if not ok:
                raise value
        except (CampaignFileError, FileFormatError, OSError) as exc:
            self.window.show_error(_("The backup was not restored"), str(exc))
            return False
        restored, kept = value
        if self.window.document is not document:  # another campaign was opened meanwhile
            return False
        prune_before_restoring(folder, document.path.stem)
        if not document.edit_campaign(lambda _current: restored, _("Restore from backup")):
            self.window.statusBar().showMessage(_("That backup holds the campaign as it is now: nothing changed."),
                                                8000)
            return False
        self.window.statusBar().showMessage(
            _("Restored the backup. The campaign as it was is kept as {file}; Edit ▸ Undo takes it back.").format(
                file=kept.name), 10000)
        return True

    # --- game packs ------------------------------------------------------------------------

    def install_pack(self, path: Path) -> bool:
        """Install a game pack (opened or dropped): check it whole, copy it into the user's packs
        folder, and offer its rule set and library at once. A broken pack is refused with the
        line that says where, and nothing is copied."""
        # Deferred: store.packs (~8 ms, 1 module) is not loaded at start-up, only on first use;
        # rules.creation.packs loads with the campaign, after the window's first paint.
        from fate_desk.rules.creation.packs import PackError
        from fate_desk.store.packs import install_pack

        catalog = self.window.catalog
        shipped = {rid for rid in catalog.rulesets if not catalog.is_user(rid)}
        shipped |= {pid for pid, p in catalog.packs.items() if p.shipped}
        try:
            pack = install_pack(Path(path), taken=shipped)
        except PackError as exc:
            self.window.show_error(_("The game pack was not installed"), str(exc))
            return False
        except OSError as exc:
            self.window.show_error(_("The game pack was not installed"),
                                   _("{path}: {problem}").format(path=Path(path).name, problem=exc.strerror or exc))
            return False
        catalog.reload()
        document = self.window.document
        if document is not None:
            document.rules_changed()
        if pack.ruleset is not None:
            said = _("Installed the game pack {pack}: its rule set “{ruleset}” and its library are ready.").format(
                pack=pack.name, ruleset=rules_text(pack.ruleset.name))
        else:
            said = _("Installed the game pack {pack}: its library is ready.").format(pack=pack.name)
        self.window.statusBar().showMessage(said, 8000)
        return True

    # --- characters ------------------------------------------------------------------------

    def import_dialog(self) -> None:
        paths, _filter = QFileDialog.getOpenFileNames(self.window, _("Import characters"), str(Path.home()),
                                                      _(IMPORT_FILTER))
        for path in paths:
            self.import_file(Path(path))

    def import_file(self, path: Path) -> list[Character]:
        """Add the characters in a file as one transaction and one undo step, selected at once,
        the first sheet and any notes shown in the turns that follow. The file is read and parsed
        once, on a worker, with progress and Cancel once it takes a moment (a whole Fari library
        too: its characters and scenes). Characters already in the campaign (the same id or name)
        are added only when the user says so; the question is asked without blocking the window,
        so the added list is returned only when no question was needed. Any failure is shown and
        leaves the campaign as it was."""
        # What an import makes stays in the campaign for the session, like what a campaign's
        # load makes: the cycle collector is held meanwhile and skips it afterwards (see
        # collector); a full walk in the middle of 1,000 characters held the window 90 ms.
        hold()
        try:
            return self._import_file(path)
        finally:
            settle()

    def _import_file(self, path: Path) -> list[Character]:
        # Deferred: store.interchange loads with the campaign, after the window's first paint.
        from fate_desk.store.interchange import FileFormatError

        path = Path(path)
        document = self.window.document
        cancelled = _("Import of {file} cancelled: nothing was added.").format(file=path.name)
        campaign, revision = document.campaign, document.revision
        present = list(campaign.characters)  # the worker's own list: an edit meanwhile changes the campaign's
        try:
            read = self._read_in_background(path, campaign.ruleset, present)
        except FileFormatError as exc:
            self.window.show_error(_("Nothing was imported"), str(exc))
            return []
        except (OSError, RecursionError, MemoryError, ValueError) as exc:
            self.window.show_error(_("Nothing was imported"),
                                   _("{path}: cannot be read ({problem})").format(path=path, problem=exc))
            return []
        if read is None:
            self.window.statusBar().showMessage(cancelled, 8000)
            return []
        if self.window.document is not document:  # another campaign was opened meanwhile
            self.window.statusBar().showMessage(cancelled, 8000)
            return []
        result, saved, already = read
        if result.library:
            # Deferred: gui.library_import (<1 ms, 1 module) is not loaded at start-up, only on first use.
            from .library_import import add_library

            return add_library(self.window, path, result, saved)
        characters, warnings = result.characters, result.warnings
        if not characters:
            self.window.show_error(_("Nothing was imported"), _("{file} holds no characters").format(file=path.name))
            return []
        if not (document.campaign is campaign and document.revision == revision
                and len(campaign.characters) == len(present)):  # changed meanwhile: look again
            already = _already_in(document.campaign.characters, characters)
        if already:
            self._ask_about_duplicates(path, characters, already, warnings, saved)
            return []
        return self._add_imported(path, characters, warnings, saved)

    def in_turns(self, document, *steps) -> None:
        """Run each step in a turn of the event loop of its own (gui/turns.py), after the turn
        that saved an import: the save and the navigator's news of 1,000 characters, the first
        sheet, the summary were one wait of a quarter of a second, where each alone is short. A
        step is skipped once another campaign is open; `installing` counts the imports with
        steps to come."""
        self.installing += 1
        last = len(steps) - 1
        for number, work in enumerate(steps):
            later(self.window, self._step(document, work, number == last))

    def _step(self, document, work, last: bool, parts: Generator | None = None) -> Callable[[], None]:
        """A step of `in_turns`. A step that gives back a generator is a piece of work in parts:
        a part a turn, each in the turn after the last (`turns.again`), before the next step."""
        def step() -> None:
            more = False
            try:
                if self.window.document is document and not document.closed:
                    done = parts if parts is not None else work()
                    if isinstance(done, Generator):
                        more = next(done, _ALL_DONE) is not _ALL_DONE
                        if more:
                            again(self.window, self._step(document, work, last, done))
            finally:
                if last and not more:
                    self.installing -= 1

        return step

    def first_sheet(self, entity_id: str) -> tuple:
        """The steps that show an imported entry's sheet, for `in_turns`: built in one turn,
        given its look in the next, filled in over the next three (the banner and aspects, the
        skills and stunts, the rest: whole, 25-40 ms at 10,000 entries), laid out in parts of
        LAY_OUT_SLICE_S (a first pass, then what its parts' new sizes undid: together 40-50 ms),
        a turn each, then shown."""
        def build() -> None:
            if self.window.tabs is not None:
                self.window.tabs.prepare(entity_id, style_later=True)

        def style() -> None:
            if self.window.tabs is not None:
                self.window.tabs.style_prepared(entity_id)

        def fill_part() -> None:
            if self.window.tabs is not None:
                self.window.tabs.fill_prepared(entity_id, parts=1)

        def fill() -> None:  # what is left
            if self.window.tabs is not None:
                self.window.tabs.fill_prepared(entity_id)

        def lay_out():
            if self.window.tabs is not None:
                yield from self.window.tabs.lay_out_prepared_in_parts(entity_id, slice_s=LAY_OUT_SLICE_S)

        return (build, style, fill_part, fill_part, fill, lay_out,
                lambda: self.window.sheets.open_entity(entity_id))

    def _read_in_background(self, path: Path, ruleset: str, present: list):
        """What the file holds (an ImportResult), its entries' saved text (store's SavedText) and
        which of its characters are among `present` already (see `_already_in`: for a file of
        characters, not a library; a look over 10,000 names, 5-7 ms), read and worked out on a
        worker thread while the window keeps answering, with a progress dialog and Cancel once
        it takes a moment; None if the user cancelled (the read stops at the next character, and
        nothing of it is kept)."""
        # Deferred: gui.campaign_op loads with the campaign, after the window's first paint.
        from .campaign_op import Background, wait_for

        def read():
            # Deferred, and on the worker: interop.importing (some 20 modules, the readers of every
            # format) is not loaded at start-up, and its first load would hold the window.
            from fate_desk.interop.importing import import_into_campaign
            from fate_desk.store.rows import SavedText

            result = import_into_campaign(path, ruleset, progress=report)
            already = [] if result.library else _already_in(present, result.characters)
            return result, SavedText(result.entries()), already

        job = Background(read, self.window, hold_collector=True)

        def report(done: int, total: int) -> bool:  # on the worker, after each character
            job.report(done, total)
            return not job.cancelled.is_set()

        outcome = wait_for(job, self.window, _("Reading {file}…").format(file=path.name), _("Import characters"),
                           name="importProgress", step_text=lambda done, total: _(
                               "Reading {file}: character {number} of {total}…").format(
                               file=path.name, number=done + 1, total=total), long=_long_read(path))
        if outcome is None:
            return None
        ok, value = outcome
        if not ok:
            # Deferred: interop.importing is loaded by the worker by now (it costs nothing here).
            from fate_desk.interop.importing import ImportCancelled

            if isinstance(value, ImportCancelled):
                return None
            raise value
        return value

    def _ask_about_duplicates(self, path: Path, characters: list, already: list, warnings: list[str],
                              saved=None) -> QMessageBox:
        names = ", ".join(display_name(c) for c in already[:6]) + (", …" if len(already) > 6 else "")
        if len(already) == 1:
            text = _("{name} from {file} is already in this campaign. Add another copy?").format(
                name=names, file=path.name)
        else:
            text = ngettext("{count} of the characters in {file} is already in this campaign ({names}). "
                            "Add copies of them?",
                            "{count} of the characters in {file} are already in this campaign ({names}). "
                            "Add copies of them?", len(already)).format(count=len(already), file=path.name,
                                                                        names=names)
        box = QMessageBox(QMessageBox.Icon.Question, _("Already in the campaign"), text,
                          QMessageBox.StandardButton.Cancel, self.window)
        box.setObjectName("importDuplicates")
        add = box.addButton(_("Add copies") if len(already) > 1 else _("Add a copy"), QMessageBox.ButtonRole.AcceptRole)
        rest = [c for c in characters if not any(c is d for d in already)]
        skip = box.addButton(_("Import only the others"), QMessageBox.ButtonRole.ActionRole) if rest else None
        box.setDefaultButton(skip or add)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        add.clicked.connect(lambda: self._add_imported(path, characters, warnings, saved))
        if skip is not None:
            skip.clicked.connect(lambda: self._add_imported(path, rest, warnings, saved))
        box.open()  # not exec(): never block the event loop (a drop, a hand-over)
        return box

    def _add_imported(self, path: Path, characters: list, warnings: list[str], saved=None) -> list[Character]:
        """Add the characters as one step, selected in the navigator; their first sheet is built
        and shown in the next turns of the event loop, then the notes on what went where."""
        # Deferred: model loads with the campaign, after the window's first paint.
        from fate_desk.model import new_id

        document = self.window.document
        if document is None:
            return []
        added = []
        for character in characters:
            if document.entity(character.id) is not None or any(c.id == character.id for c in added):
                character = character.model_copy(update={"id": new_id()})
            added.append(character)
        # add_many reports a failed save through the document's saveFailed (an error box).
        if not document.add_many(added, _("Import {file}").format(file=path.name), saved):
            return []
        first = added[0].id
        if self.window.navigator is not None:
            self.window.navigator.select(first)
        where = ", ".join(_("{name} ({kind})").format(name=display_name(c), kind=_(BY_KEY[kind_of(c)].plural))
                          for c in added[:6]) + (", …" if len(added) > 6 else "")
        self.window.statusBar().showMessage(
            ngettext("Imported {count} character from {file}: {names}",
                     "Imported {count} characters from {file}: {names}", len(added)).format(
                count=len(added), file=path.name, names=where), 8000)

        def notes() -> None:
            # What went where: what mapped, what was kept in the notes, what was guessed.
            box = QMessageBox(QMessageBox.Icon.Information, _("Imported, with notes"),
                              _("What {file} held and where it went:\n\n{notes}").format(
                                  file=path.name, notes="\n".join(f"• {w}" for w in warnings[:12])),
                              QMessageBox.StandardButton.Ok,
                              self.window)
            box.setObjectName("importSummary")
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.open()  # not exec(): never block the event loop

        self.in_turns(document, *self.first_sheet(first), *((notes,) if warnings else ()))
        return added

    def export_dialog(self) -> None:
        character = self.window.sheets.current_character()
        if character is None:
            return
        # Deferred: gui.opening loads with the campaign, after the window's first paint.
        from .opening import safe_file_name

        suggested = Path.home() / f"{safe_file_name(display_name(character))}.fate.json"
        path, _filter = QFileDialog.getSaveFileName(self.window, _("Export character"), str(suggested),
                                                    _(CHARACTER_FILTER))
        if path:
            if not path.endswith(".fate.json"):
                path += ".fate.json"
            self.export_character(Path(path))

    def export_character(self, path: Path) -> bool:
        # Deferred: store.interchange loads with the campaign, after the window's first paint.
        from fate_desk.store.interchange import write_character_file

        character = self.window.sheets.current_character()
        if character is None:
            return False
        try:
            write_character_file(path, character)
        except OSError as exc:
            self.window.show_error(_("The character could not be exported"),
                                   _("{path}: {problem}").format(path=path, problem=exc.strerror or exc))
            return False
        self.window.statusBar().showMessage(
            _("Exported {name} to {path}").format(name=display_name(character), path=path), 6000)
        return True

    # --- printing (issue 6) ---------------------------------------------------------------

    @staticmethod
    def load_print_dialog() -> None:
        """Load the Print to PDF dialog's modules (10-14 ms) in a turn of their own once a big
        campaign is whole, rather than in the turn that opens the dialog."""
        # Deferred: see print_pdf_dialog; loaded here only after a campaign that took turns to load.
        from .dialogs import export_pdf  # noqa: F401

    def print_pdf_dialog(self):
        """Open the Print to PDF dialog (non-blocking); fate_desk.printing loads only now."""
        # Deferred: gui.dialogs.export_pdf (~11 ms, 9 modules) is not loaded at start-up, only on first use.
        from .dialogs.export_pdf import ExportPdfDialog

        window = self.window
        if window.document is None:
            return None
        dialog = ExportPdfDialog(window.document.campaign, window.settings,
                                 current_id=window.edits.selected_entity(), parent=window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.exported.connect(lambda path, pages: window.statusBar().showMessage(
            ngettext("Saved {file} ({count} page)", "Saved {file} ({count} pages)", pages).format(
                file=Path(path).name, count=pages), 8000))
        dialog.open()
        return dialog

    def export_for_dialog(self):
        """File ▸ Export for… (Foundry VTT, Fari); the exporters load only now."""
        # Deferred: gui.dialogs.export_for (~24 ms, 20 modules) is not loaded at start-up, only on first use.
        from .dialogs.export_for import open_export_for

        return open_export_for(self.window)

    # --- help ----------------------------------------------------------------------------

    def show_user_guide(self) -> None:
        # Deferred: gui.about (~21 ms, 5 modules) is not loaded at start-up, only on first use.
        from .about import open_user_guide

        open_user_guide(self.window)

    def about(self) -> None:
        # Deferred: gui.about (~21 ms, 5 modules) is not loaded at start-up, only on first use.
        from .about import show_about

        show_about(self.window)


def _already_in(present: list, incoming: list) -> list:
    """The incoming characters that are already in the campaign: the same id, or the same name."""
    ids = {c.id for c in present}
    names = {c.name.strip().casefold() for c in present if c.name.strip()}
    return [c for c in incoming if c.id in ids or (c.name.strip() and c.name.strip().casefold() in names)]
