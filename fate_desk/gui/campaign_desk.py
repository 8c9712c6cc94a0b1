"""Which campaign is open: opening one from a path (File ▸ Open Recent, a second launch, a
drop; one the user chooses is checked on a worker first, see `open_chosen`), refusals, and the
file changing, moving or vanishing underneath the open campaign."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from fate_desk.i18n import _

from .desk import Desk
from .settings import WindowState
from .turns import later


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


@dataclass(eq=False)
class _Choice:
    """A campaign the user chose, being checked on a worker."""

    job: object  # its Background, kept while it runs
    path: Path
    readonly: bool
    was_open: Path | None  # the campaign open when it was chosen


class CampaignDesk(Desk):
    def __init__(self, window):
        super().__init__(window)
        self._choice: _Choice | None = None  # the campaign chosen last, while it is checked
        self._closed = False

    def install(self) -> None:
        self.window.actions["open_recent"].menu().aboutToShow.connect(self._fill_recent_menu)
        app = QApplication.instance()
        if app is not None:
            app.applicationStateChanged.connect(self.app_state_changed)

    def document_changed(self, document) -> None:
        super().document_changed(document)
        if document is None:
            return
        window = self.window
        document.saveFailed.connect(lambda message: window.show_error(_("A change could not be saved"), message))
        # Reload after the failing undo command has returned, never inside it.
        document.changedOnDisk.connect(lambda message: QTimer.singleShot(0, lambda: self.reload_document(message)))
        document.fileGone.connect(self._file_gone)
        document.fileMoved.connect(self._file_moved)

    def _fill_recent_menu(self) -> None:
        menu = self.window.actions["open_recent"].menu()
        menu.clear()
        recent = [p for p in self.window.settings.get(WindowState.RECENT) if Path(p).is_file()]
        for path in recent:
            action = menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_chosen(p))
        if not recent:
            menu.addAction(_("No recent campaigns")).setEnabled(False)

    def remember_campaign(self, document) -> None:
        """The campaign is the last one and a recent one (once it opened whole)."""
        path = str(document.path)
        self.window.settings.set(WindowState.LAST_CAMPAIGN, path)
        self.window.settings.add_recent(path)

    # --- opening --------------------------------------------------------------------------------

    def open_chosen(self, path, readonly: bool = False) -> None:
        """An open the user started in the window: File ▸ Open…, Open Recent, a file a second
        launch hands over, Open read-only when it is open elsewhere. A campaign file is checked
        on a worker first, the window answering meanwhile (SQLite's check reads every page: 20 ms
        of the window's time at 10,000 entries); once it passed, the file opens in a turn of its
        own and the window takes it in the next (see `_open_campaign`). The last one chosen wins:
        a campaign still being checked when another is chosen is never opened, nor one chosen
        before another campaign was opened or the window closed. A damaged file is checked again
        as the open reads it, which refuses it with the same words as ever. What is not a
        campaign file to open (a pack, a character file, a bundle, the campaign already open)
        is handled at once, as `open_path` does."""
        path = Path(path)
        self._forget_choice()  # a campaign chosen before and still being checked is not opened
        handled = self._handled_at_once(path, readonly)
        if handled is not None:
            return
        # Deferred: gui.opening, gui.campaign_op and store.opening load with the campaign, after
        # the window's first paint.
        from fate_desk.store.opening import checked_stamps

        from .campaign_op import Background
        from .opening import is_bundle

        if is_bundle(path):  # written into a new campaign file here: nothing to check ahead
            self._open_campaign(path, readonly)
            return
        window = self.window
        job = Background(lambda: checked_stamps(path), window)
        choice = self._choice = _Choice(job, path, readonly, self._open_now())
        job.finished.connect(lambda stamps: self._checked(choice, stamps))
        job.failed.connect(lambda _exc: self._checked(choice, None))  # the open checks it itself
        window.statusBar().showMessage(_("Opening the campaign…"))
        job.start(wait=0)  # never waited for here: the window answers while it runs

    def _open_now(self) -> Path | None:
        document = self.window.document
        return document.path if document is not None else None

    def _checked(self, choice: _Choice, stamps: tuple | None) -> None:
        """The chosen campaign's check is back (its stamps; None if it found the file unsound)."""
        choice.job.deleteLater()
        if self._choice is not choice:
            return  # another was chosen meanwhile, or the window closed
        self._forget_choice()
        if self._open_now() != choice.was_open:
            return  # another campaign was opened meanwhile (File ▸ New campaign): it stays
        self._open_campaign(choice.path, choice.readonly, checked=stamps, in_turns=True)

    def fell_back(self) -> None:
        """A campaign refused as it loaded gave way to the one open before it (or a copy of the
        sample): the window's doing, not the user's, so a campaign chosen meanwhile and still
        being checked opens all the same, and the status bar says again that it is coming."""
        choice = self._choice
        if choice is None:
            return
        choice.was_open = self._open_now()
        self.window.statusBar().showMessage(_("Opening the campaign…"))

    def _forget_choice(self) -> None:
        """No campaign chosen is waiting for its check any more: the status bar stops saying so."""
        if self._choice is None:
            return
        self._choice = None
        bar = self.window.statusBar()
        if bar.currentMessage() == _("Opening the campaign…"):
            bar.clearMessage()

    def close(self) -> None:
        self._choice = None  # a campaign still being checked never opens in a closed window
        self._closed = True

    def open_path(self, path, readonly: bool = False) -> bool:
        """Open a campaign (or bundle) now, checked in this turn; on failure say why and keep
        what is open. (What the user chooses in the window goes through `open_chosen`.)

        A campaign open for editing elsewhere is refused, with an offer to open it read-only.
        """
        path = Path(path)
        handled = self._handled_at_once(path, readonly)
        if handled is not None:
            return handled
        return self._open_campaign(path, readonly)

    def _handled_at_once(self, path: Path, readonly: bool) -> bool | None:
        """A pack or a character file handed to an open, or the campaign already open: dealt
        with here (True if it went well); None for a campaign to open."""
        window = self.window
        # Deferred: gui.opening loads with the campaign, after the window's first paint.
        from .opening import holds_characters

        # Deferred: rules.creation.pack_files loads with the campaign, after the window's first paint.
        from fate_desk.rules.creation.pack_files import is_pack_path

        if is_pack_path(path):  # a game pack is installed, whether or not a campaign is open
            return window.files.install_pack(path)
        document = window.document
        if document is not None and holds_characters(path):
            # A character file (double-clicked, or handed over by a second launch; a Foundry or
            # Fari export too) joins the open campaign, as File > Import would do.
            return bool(window.files.import_file(path))
        if document is not None and not readonly and _same_file(path, document.path):
            if not document.readonly:
                self.check_disk()  # already open here (a second launch handed it over)
                return True
        return None

    def _open_campaign(self, path: Path, readonly: bool, checked: tuple | None = None, in_turns: bool = False) -> bool:
        """Open the campaign file and hand it to the window. `in_turns` (a campaign the user
        chose, checked on a worker): the window takes it in a turn of its own after this one,
        which opened the file (took its lock, read its settings and first rows); dropping the
        campaign open before and showing this one is a turn's work of its own at 10,000 entries.
        Either way the campaign open before goes only once this one opened."""
        window = self.window
        # The campaign's modules (document, navigator, editors, the sheet) load with the first
        # campaign, after the window has painted, not when the window is built.
        # Deferred: gui.opening, store.campaign_file, store.interchange load with the campaign,
        # after the window's first paint.
        from fate_desk.store.campaign_file import CampaignInUse
        from fate_desk.store.interchange import FileFormatError

        from .opening import open_campaign

        try:
            handle, note = open_campaign(path, readonly=readonly, checked=checked)
        except CampaignInUse as exc:
            self._offer_read_only(path, exc.problem)
            return False
        except FileFormatError as exc:
            window.show_error(_("That campaign could not be opened"), str(exc))
            return False
        if not in_turns:
            return self._take(handle, note)

        def take() -> None:
            if self._choice is not None or self._closed:
                handle.close()  # another was chosen in the turn between, or the window closed
                return
            self._take(handle, note, chosen=True)

        later(window, take)
        return True

    def _take(self, handle, note: str, chosen: bool = False) -> bool:
        """The window takes the open campaign file (the campaign open before goes). `chosen`: the
        user chose it in the window (see `MainWindow.set_document`)."""
        window = self.window
        # Deferred: gui.document loads with the campaign, after the window's first paint.
        from .document import CampaignDocument

        document = CampaignDocument(handle, window.catalog)
        window.set_document(document, chosen=chosen)
        if window.document is not document:  # refused in its first step: the window said why
            return False
        if note:
            window.statusBar().showMessage(note, 8000)
        return True

    def _offer_read_only(self, path: Path, problem: str) -> QMessageBox:
        """`problem` says who holds it ("is open for editing by …; close it there first, …"):
        one sentence with the file's name, and a warning, since editing here is refused."""
        window = self.window
        message = _("{file} {problem}.").format(file=path.name, problem=problem.rstrip("."))
        window.statusBar().showMessage(message, 10000)
        box = QMessageBox(QMessageBox.Icon.Warning, _("The campaign is open elsewhere"), message,
                          QMessageBox.StandardButton.Cancel, window)
        box.setInformativeText(_("It is in {folder}.").format(folder=path.parent))
        box.setObjectName("campaignInUse")
        read_only = box.addButton(_("Open read-only"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(read_only)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        read_only.clicked.connect(lambda: self.open_chosen(path, readonly=True))
        box.open()  # not exec(): never block the event loop
        return box

    def receive_file(self, path: str) -> None:
        """A later launch handed its file over: open it (if any) and come to the front."""
        window = self.window
        if path:
            self.open_chosen(Path(path))
        if window.isMinimized():
            window.showNormal()
        window.show()
        window.raise_()
        window.activateWindow()

    # --- the file underneath ------------------------------------------------------------------

    def reload_document(self, message: str = "", quiet: bool = False) -> bool:
        """Read the open campaign again from disk (another program changed it); say so, unless
        `quiet` (a read-only campaign following its editor says so in the status bar)."""
        window = self.window
        document = window.document
        if document is None:
            return False
        # Deferred: gui.document, store.interchange load with the campaign, after the window's first paint.
        from fate_desk.store.interchange import FileFormatError

        from .document import CampaignDocument

        try:
            # As every open: in steps (see loading.py), the backup made on a thread.
            handle = document.file.reload(in_steps=True, backup_in_background=True)
        except FileFormatError as exc:
            window.show_error(_("The campaign changed on disk and could not be read again"),
                              _("{problem}. Nothing was written over it.").format(problem=exc))
            return False
        window.set_document(CampaignDocument(handle, window.catalog))
        if quiet:
            return True
        window.show_error(_("The campaign was changed by another program"),
                          _("{message}\n\nIt has been read again from disk; what you see now is the file "
                            "as it is. Undo history was cleared.").format(message=message or str(handle.path)))
        return True

    def app_state_changed(self, state) -> None:
        if state == Qt.ApplicationState.ApplicationActive:
            self.check_disk()

    def check_disk(self) -> None:
        """Coming back to the app: if the file changed meanwhile, read it again before any edit;
        a file moved is followed, and a file gone is never read again (see `_file_gone`)."""
        document = self.window.document
        if document is None:
            return
        if document.file.changed_on_disk():
            if document.file.gone:
                self._file_gone(_("{path} was deleted, or moved where Fate Desk cannot find it, since it "
                                  "was opened.").format(path=document.path))
            else:
                self.reload_document(_("{path} was changed by another program.").format(path=document.path))
        document.announce_move()

    def _file_gone(self, message: str) -> QMessageBox | None:
        """The campaign's file vanished: keep everything open and offer Save a copy as… (once)."""
        window = self.window
        existing = window.findChild(QMessageBox, "campaignGone")
        if existing is not None and existing.isVisible():
            return existing
        window.statusBar().showMessage(message, 10000)
        box = QMessageBox(QMessageBox.Icon.Warning, _("The campaign file is gone"),
                          _("{message}\n\nEverything saved up to your last change is still open here. "
                            "Save it as a new file to keep it.").format(message=message),
                          QMessageBox.StandardButton.Close, window)
        box.setObjectName("campaignGone")
        save = box.addButton(_("Save a copy as…"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(save)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        save.clicked.connect(lambda: window.files.save_copy_dialog(then_open=True))
        box.open()  # not exec(): never block the event loop
        return box

    def _file_moved(self, old: str, new: str) -> None:
        self.window.statusBar().showMessage(
            _("{file} was moved to {path}; Fate Desk saves there now.").format(file=Path(old).name, path=new), 10000)
