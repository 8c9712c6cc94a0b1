"""Dropping files onto the main window imports the characters in them (as File ▸ Import does);
a dropped game pack (a pack folder, its pack.toml or a *.fatepack.toml) is installed.

An event filter on the window, so the window's own code needs only to install it; child
widgets that take no drops pass drag events up to the window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer


class DropImport(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            paths = self._paths(event)
            if paths and (self.window.document is not None or any(map(_is_pack, paths))):
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            paths = self._paths(event)
            if paths and (self.window.document is not None or any(map(_is_pack, paths))):
                event.acceptProposedAction()
                # After the drop has returned: the file manager that dragged is not kept
                # waiting while the files are read (on a worker, with progress and Cancel).
                QTimer.singleShot(0, self, lambda: self._import(paths))
                return True
        return False

    def _import(self, paths: list[Path]) -> None:
        for path in paths:
            if _is_pack(path):  # a game pack installs, whether or not a campaign is open
                self.window.files.install_pack(path)
            elif self.window.document is not None:
                self.window.files.import_file(path)

    @staticmethod
    def _paths(event) -> list[Path]:
        mime = event.mimeData()
        if mime is None or not mime.hasUrls():
            return []
        return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]


def _is_pack(path: Path) -> bool:
    # Deferred: rules.creation.pack_files loads with the campaign, after the window's first paint.
    from fate_desk.rules.creation.pack_files import is_pack_path

    return is_pack_path(path)


def install_drop_import(window) -> DropImport:
    return DropImport(window)
