"""A campaign the user chooses in the window (File ▸ Open…, File ▸ Open Recent) is checked on a
worker before it opens, the window answering meanwhile: a damaged one is refused with the
same words as ever and the campaign open stays with its undo history; the last one chosen is
the one that opens; a file swapped for a damaged one after its check is still refused."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from fate_desk.model import Campaign, Character, CharacterKind
from fate_desk.store import opening as store_opening
from fate_desk.store.campaign_file import CampaignFile

from gui_helpers import answer_file_dialog, menu_action, pick_recent, started_app_window, wait_opened


@pytest.fixture
def window(qtbot):
    win = started_app_window(qtbot)  # the sample, whole in the turn it opens
    yield win
    for box in win.findChildren(QMessageBox):
        box.close()
    win.close()


def make_campaign(path: Path, name: str) -> Path:
    CampaignFile.create(path, Campaign(name=name, characters=[
        Character(id="pc", name=f"{name}'s hero", kind=CharacterKind.PC)])).close()
    return path


def break_id_index(path: Path) -> None:
    """Damage that reading the rows would miss and SQLite's check finds (the id index's page
    is no longer a b-tree page)."""
    conn = sqlite3.connect(path)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_entities_1'").fetchone()[0]
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * page_size] = 0
    path.write_bytes(bytes(data))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refusals(window) -> list[QMessageBox]:
    return [b for b in window.findChildren(QMessageBox)
            if b.isVisible() and b.windowTitle() == "That campaign could not be opened"]


def add_a_pc(window) -> None:
    """Campaign ▸ Add player character: one step on the open campaign's undo stack."""
    window.actions["add_pc"].trigger()


class Gates:
    """Holds each chosen file's check on its worker until the test lets it go."""

    def __init__(self, monkeypatch):
        self.gates: dict[Path, threading.Event] = {}
        self.workers: dict[Path, threading.Thread] = {}
        check = store_opening.checked_stamps

        def held(path):
            path = Path(path)
            self.workers[path] = threading.current_thread()
            self.gates.setdefault(path, threading.Event()).wait(30)
            return check(path)

        monkeypatch.setattr(store_opening, "checked_stamps", held)

    def hold(self, path: Path) -> None:
        self.gates[path] = threading.Event()

    def release(self, path: Path) -> None:
        self.gates[path].set()


def test_a_damaged_campaign_picked_from_open_recent_says_why_and_keeps_the_open_campaign_and_its_undo(
        window, qtbot, tmp_path):
    document = window.document
    add_a_pc(window)
    steps, undo_text = document.undo_stack.count(), document.undo_stack.undoText()
    assert steps == 1
    damaged = make_campaign(tmp_path / "damaged.fatedesk", "Cracked")
    break_id_index(damaged)
    before = digest(damaged)
    pick_recent(window, damaged)
    qtbot.waitUntil(lambda: bool(refusals(window)))
    assert "damaged (SQLite's check says: Page" in refusals(window)[0].text()
    assert "damaged.fatedesk" in refusals(window)[0].text()
    assert window.document is document and not document.closed
    assert document.undo_stack.count() == steps and document.undo_stack.undoText() == undo_text
    window.actions["undo"].trigger()  # the step is still there to undo
    assert document.undo_stack.count() == steps and not document.undo_stack.canUndo()
    assert digest(damaged) == before


def test_a_second_pick_while_the_first_is_checked_opens_only_the_second(window, qtbot, tmp_path, monkeypatch):
    gates = Gates(monkeypatch)
    sample = window.document
    first = make_campaign(tmp_path / "first.fatedesk", "Ember")
    second = make_campaign(tmp_path / "second.fatedesk", "Frost")
    titles: list[str] = []
    window.windowTitleChanged.connect(titles.append)
    gates.hold(first)
    gates.hold(second)
    pick_recent(window, first)
    qtbot.waitUntil(lambda: first in gates.workers)
    # Being checked: the window says so, and the campaign open is still the one in it.
    assert window.statusBar().currentMessage() == "Opening the campaign…"
    assert window.document is sample
    answer_file_dialog(second)
    menu_action(window, "File", "Open…").trigger()
    qtbot.waitUntil(lambda: second in gates.workers)
    gates.release(first)  # its check comes back while the second is still being checked
    worker = gates.workers[first]
    qtbot.waitUntil(lambda: not worker.is_alive())
    QApplication.processEvents()  # what it handed back is delivered (and dropped)
    assert window.document is sample
    gates.release(second)
    qtbot.waitUntil(lambda: window.document is not sample)
    wait_opened(qtbot, window, second)
    qtbot.waitUntil(lambda: window.tabs.current_entity_id() == "pc")
    assert window.windowTitle() == "Frost — Fate Desk"
    assert not any("Ember" in title for title in titles)  # the first never showed, not even for a turn
    assert refusals(window) == []
    # The first was never opened: nothing holds it (File ▸ Open can open it for editing now).
    pick_recent(window, first)
    gates.release(first)
    wait_opened(qtbot, window, first)
    assert not window.document.readonly


def test_a_campaign_replaced_by_a_damaged_file_after_its_check_is_still_refused(window, qtbot, tmp_path, monkeypatch):
    sample = window.document
    chosen = make_campaign(tmp_path / "chosen.fatedesk", "Dusk")
    damaged = make_campaign(tmp_path / "damaged.fatedesk", "Dusk")
    break_id_index(damaged)
    check = store_opening.checked_stamps

    def checked_then_replaced(path):
        stamps = check(path)  # sound when checked...
        damaged.replace(chosen)  # ...and swapped for a damaged file before the window opens it
        return stamps

    monkeypatch.setattr(store_opening, "checked_stamps", checked_then_replaced)
    pick_recent(window, chosen)
    qtbot.waitUntil(lambda: bool(refusals(window)))
    assert "damaged (SQLite's check says: Page" in refusals(window)[0].text()
    assert window.document is sample and not sample.closed


def test_closing_the_window_while_a_campaign_is_checked_opens_nothing(window, qtbot, tmp_path, monkeypatch):
    gates = Gates(monkeypatch)
    sample = window.document
    chosen = make_campaign(tmp_path / "chosen.fatedesk", "Gale")
    gates.hold(chosen)
    pick_recent(window, chosen)
    qtbot.waitUntil(lambda: chosen in gates.workers)
    window.close()
    gates.release(chosen)
    worker = gates.workers[chosen]
    qtbot.waitUntil(lambda: not worker.is_alive())
    QApplication.processEvents()
    assert window.document is sample
    # Nothing holds the file: it opens for editing elsewhere.
    CampaignFile.open(chosen).close()
