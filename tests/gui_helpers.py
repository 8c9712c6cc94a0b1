"""Helpers for the GUI tests: open windows and sheets on throwaway campaign files."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog

from fate_desk.gui.document import CampaignDocument
from fate_desk.model import Campaign, Character
from fate_desk.rules import get_ruleset
from fate_desk.store.campaign_file import CampaignFile, load_campaign


def blank_pc(name: str = "") -> Character:
    ruleset = get_ruleset("fate-condensed")
    return Character(name=name, refresh=ruleset.refresh_start, fate_points=ruleset.refresh_start)


def new_document(folder: Path, *characters: Character) -> CampaignDocument:
    campaign = Campaign(name="Test campaign", characters=list(characters))
    handle = CampaignFile.create(folder / "test.fatedesk", campaign)
    return CampaignDocument(handle)


def reread(document: CampaignDocument, entity_id: str):
    """The entity as the file on disk has it (what the user finds after a restart)."""
    campaign = load_campaign(document.path)
    return next(e for e in [*campaign.characters, *campaign.obstacles, *campaign.countdowns,
                            *campaign.scenes, *campaign.sessions] if e.id == entity_id)


def character_named(document: CampaignDocument, name: str) -> Character:
    return next(c for c in document.campaign.characters if c.name == name)


def started_app_window(qtbot):
    """The main window as the app starts it (the sample campaign on a first start)."""
    from fate_desk.gui.app import start

    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    return win


def drop(window, *paths: Path) -> QDropEvent:
    """Drag files from a file manager onto the window and let go (enter, then drop); the
    import runs once the drop has returned."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    target = window.centralWidget()
    enter = QDragEnterEvent(QPoint(20, 20), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()
    event = QDropEvent(QPointF(20, 20), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, event)
    QApplication.processEvents()  # the event loop turns, as after a person's drop: the import runs
    import_shown(window)
    return event


def import_shown(window) -> None:
    """Let the event loop turn until an import's sheet and summary are shown: they come in turns
    of their own after the turn that saved it (FileActions.in_turns), each after a timer of a
    millisecond, so the turns are waited for, not counted (a spin of the loop with nothing due
    takes microseconds). Gives up after a while rather than hang the run."""
    give_up = time.monotonic() + 30
    while window.files.installing:
        if time.monotonic() > give_up:
            raise AssertionError("an import's sheet and summary never came")
        QApplication.processEvents()


def import_through_menu(window, path: Path) -> None:
    """File ▸ Import characters…, `path` chosen in its file dialog and accepted, until the
    import's sheet and summary are shown (see `import_shown`)."""
    answer_file_dialog(path)
    menu_action(window, "File", "Import characters…").trigger()
    import_shown(window)


def menu_action(window, menu: str, text: str):
    """The action the menu bar's `menu` shows as `text` (without its mnemonic)."""
    return next(a for a in window.menus[menu].actions() if a.text().replace("&", "") == text)


def pick_recent(window, path: Path) -> None:
    """File ▸ Open Recent ▸ the campaign at `path`, as a person picks it: the menu is filled as it
    shows, then the entry is triggered."""
    window.settings.add_recent(str(path))
    recent = menu_action(window, "File", "Open Recent").menu()
    recent.aboutToShow.emit()
    next(a for a in recent.actions() if a.toolTip() == str(path)).trigger()


def wait_opened(qtbot, window, path: Path | None = None, timeout: int = 10000) -> None:
    """Until the window holds the campaign at `path` (any, if None) whole, with its first sheet
    up and its menus set: what a person waits for after choosing a campaign before reaching for
    it. A chosen campaign shows its sheet and joins the window over several turns, whatever its
    size (loading.OpeningSteps)."""
    from fate_desk.gui.loading import Loading

    qtbot.waitUntil(lambda: window.document is not None and (path is None or window.document.path == path)
                    and window.opening_steps is not None and window.opening_steps.state is Loading.OPEN,
                    timeout=timeout)


def answer_file_dialog(path: Path) -> None:
    """When the next file dialog opens, choose `path` in it as a person would, and accept."""
    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, answer)
            return
        dialog.selectFile(str(path))
        dialog.accept()

    QTimer.singleShot(0, answer)
