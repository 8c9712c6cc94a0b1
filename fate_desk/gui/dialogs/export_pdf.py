"""Print to PDF: what to print, for whom, on which paper and where; the export runs with progress.

The PDF is written beside its destination and renamed over it only when complete
(fate_desk.printing), so Cancel or a failure leaves an earlier file as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEventLoop, QStandardPaths, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QApplication, QCheckBox, QComboBox, QDialogButtonBox, QFileDialog, QGroupBox, QLabel, QLineEdit,
    QListView, QMessageBox, QProgressDialog, QPushButton,
)

from fate_desk.printing import (
    LARGE_PRINT, Entry, ExportCancelled, ExportError, ExportJob, Paper, SelectionError, What, campaign_job,
    default_paper, describe_characters,
)
from fate_desk.printing.child import job_chunks
from fate_desk import i18n
from fate_desk.i18n import N_, _, ngettext
from fate_desk.model import Campaign
from fate_desk.model.campaign import ENTRY_LISTS

from ..campaign_op import Background
from ..check_list import CheckList
from ..forms import child
from ..turns import later
from ..settings import Preferences, Settings, WindowState
from ..theme import status_colour
from .base import FormDialog
from .print_process import PrintProcess
from .export_choices import (
    NO_ENTRIES, WHAT_HINTS, WHAT_LABELS, WHOLE_CAMPAIGN, WITH_ENTRIES, WITH_SCOPE, Listing, Scope, initial_choice,
    listing, preselected, shown_entries, suggested_name, with_pdf_suffix,
)

WHAT_ORDER = (What.SHEETS, What.CARDS, What.REFERENCE, What.PACK, What.BLANK, What.SCENE, What.ASPECT_CARDS,
              What.TRACKERS, What.CHEAT_SHEET, What.SKILL_CARD, What.BLANK_CARDS)
SCENE_KINDS = (What.SCENE, What.ASPECT_CARDS)
LISTED_AT_ONCE = 5000  # past this many entries the list takes several times Background's wait (4-5 µs each)
PAPERS = ((Paper.LETTER, N_("Letter (8.5 × 11 in)")), (Paper.A4, N_("A4 (210 × 297 mm)")))


def default_folder(settings: Settings) -> Path:
    """Where the last PDF went, else the user's Documents folder, else home."""
    remembered = settings.get(WindowState.PDF_FOLDER)
    if remembered and Path(remembered).is_dir():
        return Path(remembered)
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(documents) if documents and Path(documents).is_dir() else Path.home()


def _prepared(make: Callable[[], ExportJob], path: Path, language: str) -> list[bytes] | SelectionError:
    """On the worker: the job, as the printing process reads it."""
    try:
        job = make()
    except SelectionError as exc:
        return exc
    return job_chunks(job, path, language)


class ExportPdfDialog(FormDialog):
    """`exported(path, pages)` is emitted after a PDF is written."""

    exported = Signal(str, int)

    def __init__(self, campaign: Campaign, settings: Settings, *, current_id: str | None = None,
                 folder: Path | None = None, open_url: Callable[[QUrl], object] | None = None, parent=None):
        super().__init__("export_pdf", _("Print to PDF"), parent)
        self.campaign = campaign
        self.settings = settings
        self.current_id = current_id
        self.folder = Path(folder) if folder is not None else default_folder(settings)
        self.open_url = open_url or QDesktopServices.openUrl
        self.progress: QProgressDialog | None = None  # while an export runs
        self._child: PrintProcess | None = None  # the process writing the PDF, told directly when cancelled
        # A printing process started as the dialog shows: it loads the renderer while the user
        # chooses, so Save finds it ready (started at Save, a one-page sheet took 0.5 s, not 0.08).
        self._ready: PrintProcess | None = None
        self._preparing: QEventLoop | None = None  # waiting for the job to be built on the worker
        self.written: Path | None = None
        self.pages = 0
        self._path_touched = False
        self._waiting_for_list: QEventLoop | None = None  # Save pressed while the list fills

        self.what_combo: QComboBox = child(self.form, QComboBox, "whatCombo")
        self.what_hint: QLabel = child(self.form, QLabel, "whatHint")
        self.scope_combo: QComboBox = child(self.form, QComboBox, "scopeCombo")
        self.entries_box: QGroupBox = child(self.form, QGroupBox, "entriesBox")
        self.entry_list: QListView = child(self.form, QListView, "entryList")
        self.entries = CheckList(self)  # a row per entry, its words made when it shows
        self.entry_list.setModel(self.entries)
        self.count_label: QLabel = child(self.form, QLabel, "countLabel")
        self.paper_combo: QComboBox = child(self.form, QComboBox, "paperCombo")
        self.file_edit: QLineEdit = child(self.form, QLineEdit, "fileEdit")
        self.open_check: QCheckBox = child(self.form, QCheckBox, "openCheck")
        self.state_check: QCheckBox = child(self.form, QCheckBox, "stateCheck")
        self.large_check: QCheckBox = child(self.form, QCheckBox, "largeCheck")
        self.message: QLabel = child(self.form, QLabel, "messageLabel")
        self.buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(_("Save PDF"))

        # Every entry that can print, and every scene and session, are listed on a worker as the
        # dialog opens (`_listed`); meanwhile it offers the first choice, and the list says it fills.
        self.listed: list[Entry] | None = None
        self._tick_when_listed: bool | None = None  # Tick all / none pressed before the list came
        for what in WHAT_ORDER:
            self.what_combo.addItem(_(WHAT_LABELS[what]), what.value)
        what, scope = initial_choice(campaign, current_id)
        self.scopes: list[Scope] = [scope] if not scope.kind else [Scope(_(WHOLE_CAMPAIGN.label)), scope]
        for shown_scope in self.scopes:
            self.scope_combo.addItem(shown_scope.label)
        for paper, label in PAPERS:
            self.paper_combo.addItem(_(label), paper.value)
        self._fill_remembered()
        self.what_combo.setCurrentIndex(WHAT_ORDER.index(what))
        self.scope_combo.setCurrentIndex(self.scopes.index(scope))
        self._refresh_choice()

        self.what_combo.currentIndexChanged.connect(self._refresh_choice)
        self.scope_combo.currentIndexChanged.connect(self._refresh_choice)
        self.entries.ticksChanged.connect(self._entries_changed)
        child(self.form, QPushButton, "allButton").clicked.connect(lambda: self._tick_all(True))
        child(self.form, QPushButton, "noneButton").clicked.connect(lambda: self._tick_all(False))
        child(self.form, QPushButton, "browseButton").clicked.connect(self._browse)
        self.file_edit.textEdited.connect(lambda _text: setattr(self, "_path_touched", True))
        self.file_edit.textChanged.connect(self._validate)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.fit(600)
        snapshot = campaign.model_copy(update={name: list(getattr(campaign, name)) for name in ENTRY_LISTS})
        self._lister: Background | None = Background(lambda: listing(snapshot), self)
        self._lister.finished.connect(self._listed)
        self._lister.failed.connect(self._listing_failed)
        # Handed back at once when quick (a campaign of a usual size). A big one's list takes
        # longer than the wait (40 ms at 10,000 entries): it starts in the next turn, once this
        # one has shown the dialog, whose turn would otherwise share the interpreter's lock with it.
        if sum(len(getattr(campaign, name)) for name in ENTRY_LISTS) <= LISTED_AT_ONCE:
            self._lister.start()
        else:
            later(self, lambda: self._lister.start(wait=0) if self._lister is not None else None)

    # --- the choices ----------------------------------------------------------------------

    def what(self) -> What:
        return WHAT_ORDER[self.what_combo.currentIndex()]

    def scope(self) -> Scope:
        return self.scopes[self.scope_combo.currentIndex()]

    def paper(self) -> Paper:
        return PAPERS[self.paper_combo.currentIndex()][0]

    def checked_ids(self) -> set[str]:
        return self.entries.ticked_set()

    def path(self) -> Path:
        return with_pdf_suffix(self.file_edit.text())

    def job(self) -> ExportJob:
        """The job for the current choices; the ticked entries are exactly what prints."""
        return self.job_maker()()

    def job_maker(self) -> Callable[[], ExportJob]:
        """The job for the current choices as a function of plain values (the choices read now,
        the campaign's lists copied), to be built on the export worker."""
        what = self.what()
        ids = self.checked_ids() if what in WITH_ENTRIES else None
        scope = self.scope().job_arguments() if what in SCENE_KINDS else {}
        paper, state = self.paper(), self.state_check.isChecked()
        scale = LARGE_PRINT if self.large_check.isChecked() else 1.0
        campaign = self.campaign.model_copy(update={name: list(getattr(self.campaign, name)) for name in ENTRY_LISTS})

        def make() -> ExportJob:
            job = campaign_job(campaign, what, ids=ids, paper=paper, state=state, **scope)
            job.scale = scale
            return job

        return make

    def _fill_remembered(self) -> None:
        try:
            paper = Paper(self.settings.get(Preferences.PDF_PAPER))
        except ValueError:  # never chosen (empty) or a stale value: the locale decides
            paper = default_paper()
        self.paper_combo.setCurrentIndex([p for p, _label in PAPERS].index(paper))
        self.open_check.setChecked(self.settings.get(Preferences.PDF_OPEN_WHEN_DONE))
        self.large_check.setChecked(self.settings.get(Preferences.PDF_LARGE_PRINT))

    def _listed(self, listed: Listing) -> None:
        """The worker's listing: every scene and session to narrow to, every entry to tick."""
        self._lister = None
        scope = self.scope()
        self.scopes = listed.scopes
        self.scope_combo.blockSignals(True)  # the choice stays the same: nothing to refresh for it
        self.scope_combo.clear()
        self.scope_combo.addItems([s.label for s in self.scopes])
        self.scope_combo.setCurrentIndex(self.scopes.index(scope) if scope in self.scopes else 0)
        self.scope_combo.blockSignals(False)
        self.listed = listed.entries
        tick = self._tick_when_listed
        self._refresh_choice()
        if tick is not None:
            self.entries.tick_all(tick)
        if self._waiting_for_list is not None:
            self._waiting_for_list.quit()

    def _listing_failed(self, exc: BaseException) -> None:
        raise exc  # a fault of ours: shown as any other

    def _refresh_choice(self) -> None:
        what = self.what()
        if what not in WITH_SCOPE and self.scope_combo.currentIndex():
            # a greyed-out scene would look as if it still narrowed the PDF
            self.scope_combo.blockSignals(True)
            self.scope_combo.setCurrentIndex(0)
            self.scope_combo.blockSignals(False)
        scope = self.scope()
        self.what_hint.setText(f"<small>{_(WHAT_HINTS[what])}</small>")  # i18n: markup only (its words are translated)
        self.scope_combo.setEnabled(what in WITH_SCOPE)
        self.entries_box.setEnabled(what in WITH_ENTRIES)
        self._tick_when_listed = None  # a new choice ticks its own entries
        listed = self.listed or []
        ticked = preselected(self.campaign, what, scope, self.current_id, listed)
        shown = {entry.id: entry for entry in shown_entries(self.campaign, what, listed)}

        def describe(entry_id: str) -> tuple[str, str]:
            entry = shown[entry_id]
            return (_("{name}  ·  {kind}").format(name=entry.name, kind=entry.kind),
                    _("Prints as a sheet (a page of its own)") if entry.as_sheet else _("Prints as a card"))

        if what not in WITH_ENTRIES:
            placeholder: str | None = _(NO_ENTRIES[what])
        else:
            placeholder = _("Listing the campaign's entries…") if self.listed is None else None
        self.entries.set_rows(list(shown), describe, ticked, placeholder=placeholder)
        if not self._path_touched:
            self.file_edit.setText(str(self.folder / suggested_name(self.campaign, what, scope)))
        self._entries_changed()

    def _tick_all(self, on: bool) -> None:
        if self.listed is None:
            self._tick_when_listed = on
        self.entries.tick_all(on)

    def _entries_changed(self, *_args) -> None:
        if self.what() not in WITH_ENTRIES or self.listed is None:
            self.count_label.setText("")
        else:
            count = len(self.entries.ids())
            self.count_label.setText(ngettext("{ticked} of {count} ticked", "{ticked} of {count} ticked",
                                              count).format(ticked=len(self.checked_ids()), count=count))
        self._validate()

    def _browse(self) -> None:
        path, _filter = QFileDialog.getSaveFileName(self, _("Save the PDF as"), self.file_edit.text(),
                                                    _("PDF files (*.pdf)"))
        if path:
            self._path_touched = True
            self.file_edit.setText(str(with_pdf_suffix(path)))

    # --- checking and exporting -------------------------------------------------------------

    def problem(self) -> str:
        """Why the PDF cannot be saved as chosen, or "" when it can."""
        what = self.what()
        # While the list fills, its entries are still to be ticked: Save waits for them.
        nothing = self._tick_when_listed is False if self.listed is None else not self.checked_ids()
        if what in WITH_ENTRIES and what != What.PACK and nothing:
            return _("Tick at least one entry to print.")
        if not self.file_edit.text().strip():
            return _("Choose where to save the PDF.")
        path = self.path()
        if path.is_dir():
            return _("{path} is a folder: add a file name.").format(path=path)
        if not path.parent.is_dir():
            return _("The folder {folder} does not exist.").format(folder=path.parent)
        return ""

    def _validate(self) -> bool:
        problem = self.problem()
        if problem:
            self._say(problem, error=True)
        elif self.path().exists():
            self._say(_("{file} already exists: it is replaced once the new PDF is complete.").format(
                file=self.path().name))
        else:
            self._say("")
        self.ok_button.setEnabled(not problem)
        return not problem

    def _say(self, text: str, error: bool = False) -> None:
        self.message.setText(f"<span style='color:{status_colour('error')}'>{text}</span>" if error and text else text)  # i18n: markup only (its words are translated)

    def accept(self) -> None:
        if self.progress is None and self.export():
            super().accept()

    def reject(self) -> None:
        if self.progress is not None:  # Escape during an export cancels the export, not the dialog
            # QProgressDialog.cancel() does not emit `canceled`: tell the worker ourselves.
            if self._child is not None:
                self._child.cancel()
            self.progress.cancel()
            if self._preparing is not None:
                self._preparing.quit()
            if self._waiting_for_list is not None:
                self._waiting_for_list.quit()
            return
        super().reject()

    def export(self) -> bool:
        """Write the PDF with a progress dialog; True when it was written."""
        if not self._validate():
            return False
        path = self.path()
        self.settings.set(Preferences.PDF_PAPER, self.paper().value)
        self.settings.set(Preferences.PDF_LARGE_PRINT, self.large_check.isChecked())
        self.settings.set(Preferences.PDF_OPEN_WHEN_DONE, self.open_check.isChecked())
        existed = path.exists()
        self.progress = self._progress_dialog()  # at once: the job is built on the worker
        try:
            if self.listed is None and not self._wait_for_list():  # cancelled while the list filled
                result: object = ExportCancelled()
            elif not self._validate():  # the list came with nothing ticked that can print
                return False
            else:
                result = self._prepare_and_export(path)
                if result is None:  # the user chose not to print what the fonts cannot draw
                    return False
        finally:
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None
        if isinstance(result, ExportCancelled):
            self._say(_("Cancelled: {file} is as it was.").format(file=path.name) if existed
                      else _("Cancelled: no PDF was written."))
            return False
        if isinstance(result, (ExportError, SelectionError)):
            return self._fail(str(result))
        if isinstance(result, OSError):  # anything the export layer did not already word for us
            return self._fail(_("{path}: {problem}").format(path=path, problem=result.strerror or result))
        if isinstance(result, BaseException):
            raise result
        self.pages = int(result)
        self.written = path
        self.settings.set(WindowState.PDF_FOLDER, str(path.parent))
        self.exported.emit(str(path), self.pages)
        if self.open_check.isChecked() and self.open_url(QUrl.fromLocalFile(str(path))) is False:
            self._no_viewer(path)
        return True

    def _no_viewer(self, path: Path) -> None:
        """No program here opens PDFs: say so, and where the file is, instead of nothing at all
        (on the window, since this dialog closes once the PDF is written)."""
        message = _("{file} was saved, but no PDF viewer could be started.\n\nThe file is in {folder}.").format(
            file=path.name, folder=path.parent)
        self._say(message.replace("\n\n", " "), error=True)
        box = QMessageBox(QMessageBox.Icon.Information, _("No PDF viewer"), message, QMessageBox.StandardButton.Ok,
                          self.parentWidget() or self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setObjectName("noViewerMessage")
        box.open()
        self.no_viewer_box = box

    def _progress_dialog(self) -> QProgressDialog:
        progress = QProgressDialog(_("Preparing the PDF…"), _("Cancel"), 0, 1, self)
        progress.setWindowTitle(_("Print to PDF"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(0)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        progress.setMinimumWidth(360)
        progress.show()
        self.progress = progress  # before the events below: an Escape among them cancels the export
        QApplication.processEvents()  # painted before the first export loads reportlab and fonts
        return progress

    def _prepare_and_export(self, path: Path) -> object:
        """The job built on a worker thread, then the PDF laid out, checked for characters no
        font draws and written by a process of its own: the page count or the exception
        (ExportCancelled when cancelled); None when the user chose not to print."""
        make, language = self.job_maker(), i18n.language()
        child = self._take_ready()
        self._child = child
        try:
            prepared = self._on_worker(lambda: _prepared(make, path, language))
            if prepared is None or isinstance(prepared, BaseException):  # cancelled, or a scene gone
                child.cancel()
                self._until_ended(child)
                if isinstance(prepared, SelectionError):  # worded by `export`, once the progress is gone
                    return prepared
                if isinstance(prepared, BaseException):
                    raise prepared
                return ExportCancelled()
            child.send(prepared, path)
            return self._run_child(child)
        finally:
            self._child = None
            child.deleteLater()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self._ready is None and self._child is None:
            later(self, self._start_ready)  # a turn of its own: the one that shows the dialog is busy

    def done(self, result: int) -> None:
        """Closed, printed or not: the process started ahead goes with it."""
        ready, self._ready = self._ready, None
        if ready is not None:
            ready.cancel()  # it stops at once, writing nothing
        super().done(result)

    def _start_ready(self) -> None:
        if self._ready is None and self._child is None and self.isVisible():
            self._ready = PrintProcess(self)
            self._ready.start()

    def _take_ready(self) -> PrintProcess:
        """The process started as the dialog showed, if it is still waiting for a job (it serves
        one); else one started now, which loads the renderer while the job is built."""
        child, self._ready = self._ready, None
        if child is not None and child.ready:
            return child
        if child is not None:
            child.deleteLater()
        child = PrintProcess(self)
        child.start()
        return child

    def _run_child(self, child: PrintProcess) -> object:
        """Wait for the printing process while this thread keeps the window (and the progress
        dialog's Cancel) answering; ask the user about characters no font draws when it finds
        some. The page count or the exception; None when the user chose not to print."""
        asked: list[list[str]] = []
        child.progressed.connect(self._on_progress)
        child.asked.connect(asked.append)
        self.progress.canceled.connect(child.cancel)
        if self.progress.wasCanceled():  # Cancel pressed while the dialog was being shown
            child.cancel()
        declined = False
        try:
            while True:
                self._until_ended(child, asked)
                if not child.running:
                    break
                missing = asked.pop()
                printing = self._fonts_can_draw(missing)
                declined = not printing
                child.answer(printing)
        finally:
            self.progress.canceled.disconnect(child.cancel)
        if declined and isinstance(child.outcome, ExportCancelled):
            return None
        return child.outcome

    @staticmethod
    def _until_ended(child: PrintProcess, asked: list | None = None) -> None:
        """Run the event loop until the process is gone (or, with `asked`, until it asks)."""
        if not child.running or asked:
            return
        loop = QEventLoop()
        child.ended.connect(loop.quit)
        if asked is not None:
            child.asked.connect(loop.quit)
        loop.exec()
        child.ended.disconnect(loop.quit)
        if asked is not None:
            child.asked.disconnect(loop.quit)

    def _wait_for_list(self) -> bool:
        """Save pressed while the list still fills: the progress shows (with Cancel) until the
        list comes with its ticks; True when it came."""
        loop = QEventLoop(self)
        self._waiting_for_list = loop
        self.progress.canceled.connect(loop.quit)
        if self.listed is None and not self.progress.wasCanceled():
            loop.exec()
        self._waiting_for_list = None
        self.progress.canceled.disconnect(loop.quit)
        return self.listed is not None and not self.progress.wasCanceled()

    def _on_worker(self, work: Callable[[], object]) -> object:
        """`work()` on a worker thread while this thread keeps the window (and the progress
        dialog's Cancel) answering; its result or exception, or None if cancelled meanwhile."""
        job = Background(work, self)
        outcome: list[object] = []
        loop = QEventLoop(self)
        job.finished.connect(lambda result: (outcome.append(result), loop.quit()))
        job.failed.connect(lambda exc: (outcome.append(exc), loop.quit()))
        self.progress.canceled.connect(loop.quit)
        self._preparing = loop  # Escape (reject) ends the wait too
        # In a turn of its own: the turn that pressed Save shows the progress and starts the
        # printing process, and would share the interpreter's lock with the work.
        waiting = [True]
        later(loop, lambda: job.start(wait=0) if waiting[0] else None)
        if not outcome and not self.progress.wasCanceled():
            loop.exec()
        waiting[0] = False  # cancelled before it started: it never starts
        self._preparing = None
        self.progress.canceled.disconnect(loop.quit)
        if not outcome or self.progress.wasCanceled():
            job.cancel()  # its result, when it comes, is thrown away
            return None
        return outcome[0]

    def _on_progress(self, done: int, total: int) -> None:
        """Per page, from the worker: show how far it got."""
        progress = self.progress
        if progress is None:
            return
        progress.setMaximum(max(total, 1))
        progress.setValue(done)
        progress.setLabelText(_("Writing page {number} of {total}…").format(number=min(done + 1, total), total=total)
                              if done < total else
                              ngettext("Finishing {count} page…", "Finishing {count} pages…", total).format(count=total))

    def _fonts_can_draw(self, missing) -> bool:
        """Name the characters the bundled font cannot draw before printing; the user decides."""
        self.progress.hide()
        box = QMessageBox(QMessageBox.Icon.Warning, _("Some characters will not print"),
                          _("The bundled font cannot draw {characters}. They will print as empty boxes.\n\n"
                            "Print anyway?").format(characters=describe_characters(missing)),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("unprintableBox")
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        answer = box.exec()
        box.deleteLater()
        if answer != QMessageBox.StandardButton.Yes:
            self._say(_("Not printed: change the text, or print anyway."))
            return False
        self.progress.show()
        return True

    def _fail(self, message: str) -> bool:
        self._say(message, error=True)
        box = QMessageBox(QMessageBox.Icon.Warning, _("The PDF could not be saved"),
                          _("{message}\n\nAny PDF already there was left as it was.").format(message=message),
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()  # not exec(): the dialog stays usable, so another folder can be chosen
        return False
