"""End scene, End session, End arc from the Table menu: one undo step each, saved at once."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from shiboken6 import isValid

from fate_desk.gui.app import start
from fate_desk.gui.clock.dialogs import EndArcDialog, EndSceneDialog, EndSessionDialog
from fate_desk.model import Character, Consequence, HistoryEntry, Stunt

from table_helpers import on_disk, sample_document


@pytest.fixture
def window(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    yield win
    win.close()


@pytest.fixture
def document(tmp_path):
    doc = sample_document(tmp_path)
    yield doc
    doc.close()


def test_table_menu_holds_the_clock_actions(window):
    table = window.menus["Table"]
    texts = [a.text().replace("&", "") for a in table.actions() if a.text()]
    assert texts[:3] == ["End the scene…", "End the session…", "End the arc…"]
    assert window.actions["end_scene"].isEnabled()


def test_end_scene_clears_stress_keeps_chosen_aspects_and_is_one_undo_step(window, qtbot):
    doc = window.document
    window.actions["end_scene"].trigger()
    dialog = window.table.dialog
    assert isinstance(dialog, EndSceneDialog)
    keep = next(box for box in dialog.keep.values() if "Pitch Dark" in box.text())
    qtbot.keyClick(keep, Qt.Key.Key_Space)  # as a keyboard user ticks it
    assert keep.isChecked()
    assert "3 for the player characters" in dialog.pool_label.text()
    steps = doc.undo_stack.count()
    dialog.ok.click()
    assert doc.undo_stack.count() == steps + 1
    campaign = on_disk(doc)
    assert campaign.character("pc-ines").stress == {}
    scene = campaign.scenes[0]
    assert scene.ended and [a.text for a in scene.aspects] == ["Pitch Dark and Pouring Rain"]
    assert all(not z.aspects for z in scene.zones)
    assert campaign.clock.scene == 2 and campaign.gm_fate_points == 3
    summary = window.table.summary.text()
    assert "Ines Okafor" in summary and "Stress cleared." in summary
    doc.undo_stack.undo()
    campaign = on_disk(doc)
    assert campaign.character("pc-ines").stress == {"physical": [0, 1]}
    assert campaign.clock.scene == 1 and not campaign.scenes[0].ended
    assert len(campaign.scenes[0].zones[0].aspects) == 1
    doc.undo_stack.redo()
    assert on_disk(doc).clock.scene == 2


def test_end_scene_pool_counts_npcs_who_carry_points_into_the_next_scene(qtbot, tmp_path):
    def carry(campaign):
        campaign.characters[3].carried_fate_points = 2  # Mother Abigail conceded earlier
        return campaign

    doc = sample_document(tmp_path, carry)
    dialog = EndSceneDialog(doc)
    qtbot.addWidget(dialog)
    assert not dialog.present.is_ticked("npc-sluice")
    view = dialog.present_view
    view.setCurrentIndex(dialog.present.index(dialog.present.row_of("npc-sluice")))
    qtbot.keyClick(view, Qt.Key.Key_Space)  # ticks the row, as a click on its box does
    assert dialog.present.is_ticked("npc-sluice")
    assert "5 fate points" in dialog.pool_label.text()
    dialog.ok.click()
    assert on_disk(doc).gm_fate_points == 5
    assert on_disk(doc).character("npc-sluice").carried_fate_points == 0
    doc.close()


def test_end_session_runs_a_milestone_per_pc_refreshes_fate_points_and_logs_the_session(document, qtbot):
    document.edit("pc-tobias", lambda c: c.model_copy(update={"fate_points": 0}), "Spend fate points")
    dialog = EndSessionDialog(document)
    qtbot.addWidget(dialog)
    milestone = dialog.choose("pc-tobias")
    assert milestone.picker.select("swap_skills")
    assert milestone.choice().first == "Lore"
    assert "Academics" in milestone.preview.text() and "Refresh" in milestone.preview.text()
    milestone.ok.click()
    assert "Swapped Lore" in dialog.labels["pc-tobias"].text()
    dialog.notes.setPlainText("The lock gates held.")
    dialog.ok.click()
    campaign = on_disk(document)
    tobias = campaign.character("pc-tobias")
    assert tobias.skills["Academics"] == 4 and tobias.skills["Lore"] == 3
    kinds = [e.kind for e in tobias.advancement]
    assert kinds[-2:] == ["milestone", "clock"]  # the milestone, then the refresh
    assert tobias.fate_points == 2  # back up to his refresh (four stunts: refresh 2)
    log = next(s for s in campaign.sessions if s.number == 1)
    assert log.ended and log.notes == "The lock gates held." and log.date
    assert campaign.clock.session == 2
    assert [e.kind for e in campaign.character("pc-maren").advancement] == ["milestone"]  # passed, recorded
    document.undo_stack.undo()
    assert on_disk(document).character("pc-tobias").skills["Lore"] == 4
    assert on_disk(document).clock.session == 1


def test_milestone_dialog_offers_only_legal_choices_and_says_why_not(qtbot, tmp_path):
    def stuntless(campaign):
        campaign.characters[0].stunts = []
        return campaign

    doc = sample_document(tmp_path, stuntless)
    dialog = EndSessionDialog(doc)
    qtbot.addWidget(dialog)
    milestone = dialog.choose("pc-maren")
    assert not milestone.picker.radios["rewrite_stunt"].isEnabled()
    assert "no stunt to rewrite" in milestone.picker.reasons["rewrite_stunt"].text()
    assert not milestone.picker.select("rewrite_stunt")
    high_concept = milestone.picker.aspect.model().item(0)
    assert not high_concept.isEnabled() and "breakthrough" in high_concept.toolTip()
    # A new stunt is free while a free slot is open; an empty stunt cannot be taken.
    assert milestone.picker.select("buy_stunt")
    assert not milestone.ok.isEnabled() and "Write the new stunt" in milestone.preview.text()
    qtbot.keyClicks(milestone.picker.buy_name, "Second Wind")
    assert milestone.ok.isEnabled()
    doc.close()


def test_end_session_refusal_keeps_the_dialog_open_and_changes_nothing(document, qtbot):
    dialog = EndSessionDialog(document)
    qtbot.addWidget(dialog)
    taken = HistoryEntry(kind="milestone", when=document.campaign.clock)
    document.edit("pc-maren", lambda c: c.model_copy(update={"advancement": [*c.advancement, taken]}),
                  "A milestone taken by hand")
    steps = document.undo_stack.count()
    dialog.ok.click()
    assert dialog.result is None and "already took the milestone" in dialog.error.text()
    assert document.undo_stack.count() == steps
    assert on_disk(document).clock.session == 1


def ruth_like(campaign):
    """Lore at Average (+1) and four Average skills over three Mediocre listed ones would break
    the column rule; raising Lore is legal only together with another skill to Average."""
    ruth = Character(name="Ruth", refresh=3, fate_points=3, stunts=[Stunt(name="Bookish")], skills={
        "Academics": 4, "Investigate": 3, "Lore": 1, "Notice": 3, "Crafts": 2, "Will": 2, "Rapport": 2,
        "Athletics": 1, "Contacts": 1, "Empathy": 0, "Physique": 1,
    })
    ruth.consequences = [Consequence(slot="moderate", text="Cracked Ribs")]
    campaign.characters = [ruth]
    return campaign


def test_breakthrough_raises_land_together_and_recovery_begins(qtbot, tmp_path):
    doc = sample_document(tmp_path, ruth_like)
    ruth = doc.campaign.characters[0]
    dialog = EndArcDialog(doc)
    qtbot.addWidget(dialog)
    breakthrough = dialog.choose(ruth.id)
    picker = breakthrough.raises
    lore_plus = picker.rows["Lore"][3]
    assert not lore_plus.isEnabled()
    assert "outnumber" in lore_plus.toolTip()
    breakthrough.skill_point_check.setChecked(True)  # the GM grants a second point
    assert picker.add("Deceive")  # Mediocre to Average is legal on its own
    assert lore_plus.isEnabled()  # legal now, together with Deceive
    assert picker.add("Lore")
    check, name = breakthrough.recoveries["moderate"]
    check.setChecked(True)
    name.setText("Strapped Ribs")
    assert breakthrough.ok.isEnabled(), breakthrough.preview.text()
    assert "Raising" in breakthrough.preview.text()
    breakthrough.ok.click()
    dialog.ok.click()
    after = on_disk(doc).characters[0]
    assert after.skills["Lore"] == 2 and after.skills["Deceive"] == 1
    assert after.consequences[0].text == "Strapped Ribs" and after.consequences[0].recovering
    assert after.advancement[-1].kind == "breakthrough"
    assert on_disk(doc).clock.arc == 2
    doc.undo_stack.undo()
    assert on_disk(doc).characters[0].skills["Lore"] == 1
    doc.close()


def test_breakthrough_refresh_power_up_buys_a_stunt_at_once(qtbot, tmp_path):
    doc = sample_document(tmp_path, ruth_like)
    ruth = doc.campaign.characters[0]
    dialog = EndArcDialog(doc)
    qtbot.addWidget(dialog)
    breakthrough = dialog.choose(ruth.id)
    breakthrough.refresh_check.setChecked(True)
    assert breakthrough.buy_check.isEnabled()
    breakthrough.buy_check.setChecked(True)
    qtbot.keyClicks(breakthrough.stunt_name, "Night Reader")
    breakthrough.ok.click()
    dialog.ok.click()
    after = on_disk(doc).characters[0]
    assert after.refresh == 4 and [s.name for s in after.stunts] == ["Bookish", "Night Reader"]
    assert after.saved_skill_points == 1  # the breakthrough's point, saved
    doc.close()


def test_end_session_writes_each_refresh_to_the_fate_point_ledger_and_history(document, qtbot):
    document.edit("pc-tobias", lambda c: c.model_copy(update={"fate_points": 0}), "Spend fate points")
    before = {c.id: c.fate_points for c in document.campaign.characters}
    dialog = EndSessionDialog(document)
    qtbot.addWidget(dialog)
    dialog.ok.click()
    campaign = on_disk(document)
    log = next(s for s in campaign.sessions if s.number == 1)
    refreshes = {e.who: e.change for e in log.fate_points if e.reason == "refresh"}
    # One line per character who came back up to refresh, for exactly the points gained.
    gained = {c.id: c.fate_points - before[c.id] for c in campaign.characters if c.fate_points > before[c.id]}
    assert refreshes == gained and refreshes["pc-tobias"] == 2
    assert "(refresh)" in campaign.character("pc-tobias").advancement[-1].summary
    document.undo_stack.undo()
    log = next(s for s in on_disk(document).sessions if s.number == 1)
    assert not [e for e in log.fate_points if e.reason == "refresh"]


def test_ending_the_scene_of_a_big_campaign_runs_off_the_window_and_lands_as_one_undo_step(
        window, qtbot, tmp_path, monkeypatch):
    """Table ▸ End the scene on a campaign of hundreds of characters: the click returns at once
    and the window keeps answering while the step is worked out on a worker; then it is saved as
    one undo step (Fate Condensed, "Recovering from stress": stress clears at the end of a scene)."""
    import threading

    from fate_desk.gui import campaign_op
    from fate_desk.gui.clock import dialogs
    from fate_desk.model import Campaign, CharacterKind
    from fate_desk.store.campaign_file import CampaignFile, load_campaign

    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)  # however quick, the step comes back later
    threads = []
    real = dialogs.end_scene

    def watched(*args, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        answered.wait(30)  # the step goes on only once the window has answered a timer meanwhile
        return real(*args, **kwargs)

    monkeypatch.setattr(dialogs, "end_scene", watched)
    answered = threading.Event()
    crowd = [Character(id=f"c{n}", name=f"Guard {n}", kind=CharacterKind.MINOR_NPC,
                       stress={"physical": [0]} if n % 10 == 0 else {}) for n in range(400)]
    path = tmp_path / "crowd.fatedesk"
    CampaignFile.create(path, Campaign(name="Crowd", characters=[Character(id="pc", name="Ash"), *crowd])).close()
    assert window.campaigns.open_path(path)
    qtbot.waitUntil(lambda: window.actions["end_scene"].isEnabled())
    stack = window.document.undo_stack
    steps = stack.count()
    window.actions["end_scene"].trigger()
    dialog = window.table.dialog
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: (ticks.append(stack.count()), threads and answered.set()))
    timer.start(0)
    dialog.ok.click()
    assert stack.count() == steps and dialog.isVisible() and not dialog.ok.isEnabled()
    qtbot.waitUntil(lambda: stack.count() == steps + 1, timeout=30000)
    timer.stop()
    assert threads == [False] and steps in ticks  # worked out off the window, which kept its timers
    # The dialog closes and the summary opens on the turn after the step is installed.
    qtbot.waitUntil(lambda: not (isValid(dialog) and dialog.isVisible()) and window.table.summary is not None)
    saved = load_campaign(path)
    assert saved.clock.scene == 2 and all(not c.stress for c in saved.characters)
    stack.undo()
    assert load_campaign(path).character("c0").stress == {"physical": [0]}


def test_the_summary_of_a_step_worked_out_off_the_window_is_made_before_its_dialog_closes(window, qtbot, monkeypatch):
    """Table ▸ End the scene, the step handed back in a later turn (as over a big campaign): the
    summary is made in a turn of its own before the dialog closes, and it is that summary, with
    every line of the step, that opens as the dialog closes (and what Edit ▸ Undo says)."""
    import threading

    from PySide6.QtCore import QEvent, QObject

    from fate_desk.gui import campaign_op
    from fate_desk.gui.clock import dialogs
    from fate_desk.gui.clock.summary import SummaryDialog

    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)  # however quick, the step comes back later...
    clicked = threading.Event()
    real = dialogs.end_scene

    def held(*args, **kwargs):
        clicked.wait(30)  # ...and never before the click has returned (the worker may be that quick)
        return real(*args, **kwargs)

    monkeypatch.setattr(dialogs, "end_scene", held)
    window.actions["end_scene"].trigger()
    dialog = window.table.dialog
    made_when_closing = []

    class Closing(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Hide:
                made_when_closing.extend(s for s in window.findChildren(SummaryDialog) if not s.isVisible())
            return False

    watcher = Closing()
    dialog.installEventFilter(watcher)
    steps = window.document.undo_stack.count()
    dialog.ok.click()
    clicked.set()
    qtbot.waitUntil(lambda: window.table.summary is not None and window.table.summary.isVisible())
    assert window.document.undo_stack.count() == steps + 1 and not (isValid(dialog) and dialog.isVisible())
    # Closed, the dialog is gone: kept, each held its list of every character, and the next ones
    # took longer to open.
    qtbot.waitUntil(lambda: not isValid(dialog))
    assert not window.findChildren(dialogs.ClockDialog)
    summary = window.table.summary
    assert made_when_closing == [summary]  # made ahead, hidden, then shown
    assert summary.windowTitle() == "The end of scene 1"
    text = summary.text()
    assert "Ines Okafor" in text and "Stress cleared." in text and "GM fate points" in text
    assert window.document.undo_stack.undoText() == "End scene 1"
    assert window.findChildren(SummaryDialog) == [summary]  # nothing else made and left behind


def test_the_window_collects_no_cycles_while_a_step_is_worked_out_on_its_worker(window, qtbot, monkeypatch):
    """Table ▸ End the scene, worked out on a worker: the GUI thread's cycle collector would walk
    every entry the worker makes (at 10,000 entries, walks of 25-50 ms in the window's turns), so
    it waits until the step is handed back, installed or refused, and then runs again. The step
    itself is as ever (Fate Condensed, "Recovering from Conflicts": stress clears)."""
    import threading

    from fate_desk import collector
    from fate_desk.gui import campaign_op
    from fate_desk.gui.clock import dialogs
    from fate_desk.rules.creation.history import Refused

    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)  # however quick, the step comes back later
    going_on = threading.Event()
    refuse = []
    real = dialogs.end_scene

    def held(*args, **kwargs):
        going_on.wait(30)
        if refuse:
            raise Refused([])
        return real(*args, **kwargs)

    monkeypatch.setattr(dialogs, "end_scene", held)
    assert collector.collecting()
    stack = window.document.undo_stack
    steps = stack.count()
    window.actions["end_scene"].trigger()
    dialog = window.table.dialog
    dialog.ok.click()
    assert dialog.op.running and not collector.collecting()  # the worker is under way
    going_on.set()
    qtbot.waitUntil(lambda: window.table.summary is not None)
    assert stack.count() == steps + 1 and collector.collecting()
    assert on_disk(window.document).character("pc-ines").stress == {}
    # A step refused on the worker lets the collector go too, and the dialog says why.
    stack.undo()
    going_on.clear()
    refuse.append(True)
    window.actions["end_scene"].trigger()
    dialog = window.table.dialog
    dialog.ok.click()
    assert not collector.collecting()
    going_on.set()
    qtbot.waitUntil(lambda: dialog.button_box.isEnabled())
    assert stack.index() == steps and collector.collecting()  # nothing installed
    dialog.reject()


def test_clock_dialogs_and_summaries_closed_are_gone_not_kept_by_the_window(window, qtbot):
    """Table ▸ End the scene, cancelled twice with its Cancel button, then ended with its OK
    button, then End the session ended too: each dialog is gone once closed, and only the last
    summary stays (a window that kept them all opened each next one more slowly)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QDialogButtonBox

    from fate_desk.gui.clock.dialogs import ClockDialog
    from fate_desk.gui.clock.summary import SummaryDialog

    def gone() -> None:
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    for _ in range(2):
        window.actions["end_scene"].trigger()
        dialog = window.table.dialog
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel).click()
        gone()
        assert not isValid(dialog)
    for action in ("end_scene", "end_session"):
        window.actions[action].trigger()
        dialog = window.table.dialog
        dialog.ok.click()
        qtbot.waitUntil(lambda: window.table.summary is not None and window.table.summary.isVisible())
        gone()
        assert not isValid(dialog)
        window.table.summary.close()
    window.actions["end_scene"].trigger()
    gone()
    assert window.findChildren(ClockDialog) == [window.table.dialog]
    assert len(window.findChildren(SummaryDialog)) == 1
