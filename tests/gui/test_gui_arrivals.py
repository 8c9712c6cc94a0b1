"""Files handed to the running app from outside (issue 45): the Finder's file-open event (macOS),
and a second launch that opens campaign B while an import from campaign A is still asking its
question: A's import stays in A, and B opens once the question is answered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from fate_desk.gui.app import start
from fate_desk.gui.arrivals import Arrivals
from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.store.interchange import write_character_file


@pytest.fixture
def app_window(qtbot, tmp_path):
    """The window as `fate-desk` runs it: arrivals caught on the application, held for the window."""
    app = QApplication.instance()
    first = tmp_path / "a.fatedesk"
    CampaignFile.create(first, Campaign(name="A", characters=[Character(name="Ruth")])).close()
    window = start(app, str(first))
    qtbot.addWidget(window)
    arrivals = Arrivals(app)
    app.installEventFilter(arrivals)
    arrivals.deliver_to(window.campaigns.receive_file)
    yield window, arrivals
    app.removeEventFilter(arrivals)
    arrivals.deleteLater()
    window.close()


def test_a_file_the_finder_opens_arrives_as_an_event_and_opens(qtbot, tmp_path, app_window):
    window, _arrivals = app_window
    other = tmp_path / "b.fatedesk"
    CampaignFile.create(other, Campaign(name="B")).close()
    QApplication.postEvent(QApplication.instance(), QFileOpenEvent(str(other)))
    qtbot.waitUntil(lambda: window.document is not None and window.document.campaign.name == "B", timeout=10000)
    # A character file opened the same way joins the open campaign, as a double-click does.
    pc = tmp_path / "nell.fate.json"
    write_character_file(pc, Character(name="Nell"))
    QApplication.postEvent(QApplication.instance(), QFileOpenEvent(str(pc)))
    qtbot.waitUntil(lambda: [c.name for c in load_campaign(other).characters] == ["Nell"], timeout=10000)


def test_a_second_launch_opening_b_during_an_import_from_a_leaves_the_import_in_a(qtbot, tmp_path, app_window):
    window, arrivals = app_window
    other = tmp_path / "b.fatedesk"
    CampaignFile.create(other, Campaign(name="B")).close()
    ruth = window.document.campaign.characters[0]
    again = tmp_path / "ruth.fate.json"
    write_character_file(again, ruth)  # already in A: the import asks first
    window.files.import_file(again)
    question = window.findChild(QMessageBox, "importDuplicates")
    assert question is not None and question.isVisible()
    arrivals.arrive(str(other))  # what the single-instance socket hands on, on the GUI thread
    qtbot.wait(400)
    assert window.document.campaign.name == "A"  # not opened under the question
    add = next(b for b in question.buttons() if b.text() == "Add a copy")
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.document.campaign.name == "B", timeout=10000)
    assert [c.name for c in load_campaign(tmp_path / "a.fatedesk").characters] == ["Ruth", "Ruth"]
    assert load_campaign(other).characters == []
