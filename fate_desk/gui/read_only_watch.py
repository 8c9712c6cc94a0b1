"""A campaign open read-only follows the app that edits it: the file (and SQLite's write-ahead
log beside it) is watched, and when it changes the campaign is read again and the status bar
says so. Edits made here were never possible, so nothing is lost by reading it again."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer

from fate_desk.i18n import _

SETTLE_MS = 300  # a save touches the file and its log several times: read once it is quiet


class ReadOnlyWatch(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._changed)
        self.watcher.directoryChanged.connect(self._changed)  # the log appears, or the file is replaced
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SETTLE_MS)
        self.timer.timeout.connect(self._read_again)

    def follow(self, document) -> None:
        """Watch `document`'s file if it is open read-only; stop watching anything else."""
        watched = self.watcher.files() + self.watcher.directories()
        if watched:
            self.watcher.removePaths(watched)
        self.timer.stop()
        if document is None or not document.readonly:
            return
        path = Path(document.path)
        paths = [str(p) for p in (path, path.with_name(path.name + "-wal")) if p.exists()]
        self.watcher.addPaths([*paths, str(path.parent)])

    def _changed(self, _path: str) -> None:
        self.timer.start()

    def _read_again(self) -> None:
        window = self.window
        document = window.document
        if document is None or not document.readonly or not document.file.outdated():
            self.follow(document)  # a replaced file drops out of the watch: watch it again
            return
        if window.campaigns.reload_document(quiet=True):
            window.statusBar().showMessage(
                _("{file} was saved by the app that is editing it: read again, so what you see is the "
                  "campaign as it is now.").format(file=Path(document.path).name), 15000)
