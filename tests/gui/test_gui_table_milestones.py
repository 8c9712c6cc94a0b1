"""Fate Core's and Fate Accelerated's milestones through the End session and End arc dialogs:
the real buttons, the sub-dialogs accepted through theirs, the file on disk, undo and revert."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
import pytest
from PySide6.QtWidgets import QGroupBox, QWidget

from fate_desk.gui.advancement.breakthrough import BreakthroughDialog
from fate_desk.gui.clock.dialogs import EndArcDialog, EndSessionDialog
from fate_desk.gui.advancement.history import HistoryDock
from fate_desk.gui.advancement.milestone import MilestoneDialog
from fate_desk.model import Aspect, AspectRole, Character, ClockStamp, Consequence, HistoryEntry, Stunt

from table_helpers import on_disk, sample_document

LEFT = Qt.MouseButton.LeftButton
ASPECTS = [
    Aspect(role=AspectRole.HIGH_CONCEPT, text="Harbour Pilot"),
    Aspect(role=AspectRole.TROUBLE, text="Owes the Syndicate"),
    Aspect(role=AspectRole.RELATIONSHIP, text="Sister on the Council"),
    Aspect(text="Knows Every Current"),
    Aspect(text="Salt in the Blood"),
]


def core_campaign(campaign):
    pilot = Character(
        id="pc-pilot", name="Nell", ruleset="fate-core", aspects=[a.model_copy() for a in ASPECTS],
        skills={"Drive": 4, "Notice": 3, "Athletics": 3, "Physique": 2, "Will": 2, "Rapport": 2,
                "Fight": 1, "Lore": 1, "Contacts": 1, "Stealth": 1},
        stunts=[Stunt(name="Steady Hands", text="+2 to Drive in a storm.")],
        consequences=[Consequence(slot="severe", text="Broken Arm")],
    )
    campaign.ruleset = "fate-core"
    campaign.characters = [pilot]
    campaign.scenes = []
    return campaign


def fae_campaign(campaign):
    thief = Character(
        id="pc-thief", name="Ada", ruleset="fate-accelerated", aspects=[a.model_copy() for a in ASPECTS],
        skills={"Sneaky": 3, "Quick": 2, "Clever": 2, "Careful": 1, "Flashy": 1},
        stunts=[Stunt(name="Light Fingers")],
        consequences=[Consequence(slot="moderate", text="Twisted Knee")],
        # Taken in session 1 (recorded), so by session 3 it has been held two sessions.
        advancement=[HistoryEntry(kind="harm", when=ClockStamp(arc=1, session=1, scene=1), changes=[
            {"field": "consequences[0]", "before": None, "after": {"slot": "moderate", "text": "Twisted Knee"}}])],
    )
    campaign.ruleset = "fate-accelerated"
    campaign.characters = [thief]
    campaign.scenes = []
    campaign.clock = ClockStamp(arc=1, session=3, scene=1)
    return campaign


def tick(qtbot, box):
    """Click a check box or radio button on its indicator, where a person clicks it."""
    qtbot.mouseClick(box, LEFT, pos=QPoint(8, box.height() // 2))


def open_for(qtbot, dialog, cid):
    """Show the End … dialog, click the PC's button, and wait for their dialog to be on screen."""
    qtbot.addWidget(dialog)
    if not dialog.isVisible():
        dialog.show()
        qtbot.waitExposed(dialog)
    qtbot.mouseClick(dialog.buttons[cid], LEFT)
    sub = dialog.sub_dialog
    qtbot.waitExposed(sub)
    return sub


def test_core_session_end_offers_minor_or_a_scenarios_significant_milestone(qtbot, tmp_path):
    doc = sample_document(tmp_path, core_campaign)
    dialog = EndSessionDialog(doc)
    qtbot.addWidget(dialog)
    texts = [dialog.level_combo.itemText(i) for i in range(dialog.level_combo.count())]
    assert texts == ["Minor milestone (end of a session)", "Significant milestone (this session also ends a scenario)"]
    assert "reaches a minor milestone" in dialog.form.findChild(type(dialog.error), "headingLabel").text()
    dialog.level_combo.setCurrentIndex(1)
    assert dialog.buttons["pc-pilot"].text() == "Choose significant milestone…"
    sub = open_for(qtbot, dialog, "pc-pilot")
    assert isinstance(sub, BreakthroughDialog)
    assert "reaches a significant milestone" in sub.form.findChild(type(dialog.error), "headingLabel").text()
    # Significant: no GM power-ups, no high concept; a skill point and severe recovery.
    assert sub.form.findChild(QGroupBox, "powerUpBox").isHidden()
    assert sub.form.findChild(QGroupBox, "conceptBox").isHidden()
    drive_plus = sub.raises.rows["Drive"][3]
    assert not drive_plus.isEnabled() and "Great (+4)" in drive_plus.toolTip()  # Core's skill cap
    qtbot.mouseClick(sub.raises.rows["Provoke"][3], LEFT)  # Mediocre to Average keeps the column
    check, name = sub.recoveries["severe"]
    tick(qtbot, check)
    qtbot.keyClicks(name, "Arm in a Cast")
    assert sub.ok.isEnabled(), sub.preview.text()
    qtbot.mouseClick(sub.ok, LEFT)
    assert "Raising Provoke to Average (+1)" in dialog.labels["pc-pilot"].text()
    qtbot.mouseClick(dialog.ok, LEFT)
    nell = on_disk(doc).character("pc-pilot")
    assert nell.skills["Provoke"] == 1 and nell.consequences[0].recovering
    assert "significant milestone" in [e.kind for e in nell.advancement]
    doc.undo_stack.undo()
    assert "Provoke" not in on_disk(doc).character("pc-pilot").skills
    doc.close()


def test_core_arc_end_is_a_major_milestone_with_refresh_and_history_revert(qtbot, tmp_path):
    doc = sample_document(tmp_path, core_campaign)
    dialog = EndArcDialog(doc)
    assert [dialog.level_combo.itemText(i) for i in range(dialog.level_combo.count())] == [
        "Major milestone (end of an arc)"]
    sub = open_for(qtbot, dialog, "pc-pilot")
    assert sub.windowTitle() == "Major milestone for Nell"
    assert sub.refresh_check.isChecked() and not sub.refresh_check.isEnabled()  # granted, not asked
    assert sub.skill_point_check.isHidden()  # no GM power-ups in Fate Core
    tick(qtbot, sub.concept_check)
    sub.concept_edit.clear()
    qtbot.keyClicks(sub.concept_edit, "Harbour Master")
    qtbot.mouseClick(sub.ok, LEFT)
    qtbot.mouseClick(dialog.ok, LEFT)
    nell = on_disk(doc).character("pc-pilot")
    assert nell.refresh == 4 and nell.aspects[0].text == "Harbour Master" and nell.saved_skill_points == 1
    assert nell.advancement[-1].kind == "major milestone"
    dock = HistoryDock()
    qtbot.addWidget(dock)
    dock.show()  # a dock on screen: a hidden one refreshes when it shows
    dock.show_for(doc, "pc-pilot")
    assert dock.entries()[0].startswith("Major milestone")
    qtbot.mouseClick(dock.revert_button, LEFT)
    back = on_disk(doc).character("pc-pilot")
    assert back.refresh == 3 and back.aspects[0].text == "Harbour Pilot" and back.advancement == []
    doc.close()


def test_accelerated_minor_milestone_swaps_approaches_and_clears_a_held_consequence(qtbot, tmp_path):
    doc = sample_document(tmp_path, fae_campaign)
    dialog = EndSessionDialog(doc)
    sub = open_for(qtbot, dialog, "pc-thief")
    assert isinstance(sub, BreakthroughDialog) and not isinstance(sub, MilestoneDialog)
    labels = [r.text() for r in sub.picker.radios.values()]
    assert "Swap the ratings of two approaches" in labels
    assert not any("Replace" in text for text in labels)  # Accelerated has no replacement
    assert sub.form.findChild(QGroupBox, "raisesBox").isHidden()  # a minor milestone has no point
    tick(qtbot, sub.picker.radios["swap_skills"])
    clear = sub.held["moderate"]
    assert clear.isEnabled()
    tick(qtbot, clear)
    assert sub.ok.isEnabled(), sub.preview.text()
    qtbot.mouseClick(sub.ok, LEFT)
    qtbot.mouseClick(dialog.ok, LEFT)
    ada = on_disk(doc).character("pc-thief")
    assert ada.consequences == [] and ada.skills["Sneaky"] != 3
    assert "milestone" in [e.kind for e in ada.advancement]
    doc.close()


def test_accelerated_significant_milestone_never_raises_an_approach_past_superb(qtbot, tmp_path):
    def superb(campaign):
        campaign = fae_campaign(campaign)
        campaign.characters[0].skills = {**campaign.characters[0].skills, "Sneaky": 5}
        campaign.characters[0].advancement += [HistoryEntry(kind="significant milestone")] * 2
        return campaign

    doc = sample_document(tmp_path, superb)
    dialog = EndSessionDialog(doc)
    dialog.level_combo.setCurrentIndex(1)
    sub = open_for(qtbot, dialog, "pc-thief")
    sneaky = sub.raises.rows["Sneaky"][3]
    assert not sneaky.isEnabled() and "Superb (+5)" in sneaky.toolTip()
    qtbot.mouseClick(sub.raises.rows["Flashy"][3], LEFT)
    qtbot.mouseClick(sub.ok, LEFT)
    qtbot.mouseClick(dialog.ok, LEFT)
    ada = on_disk(doc).character("pc-thief")
    assert ada.skills["Flashy"] == 2 and "significant milestone" in [e.kind for e in ada.advancement]
    doc.close()


SMALL_SCREEN = (1024, 700)  # a dialog plus its window frame (about 40 x 60) must fit


def _fits_small_screen(qtbot, dialog) -> None:
    from PySide6.QtWidgets import QScrollArea

    width, height = SMALL_SCREEN[0] - 40, SMALL_SCREEN[1] - 60
    assert dialog.width() <= width and dialog.height() <= height, dialog.size()
    hint = dialog.minimumSizeHint()
    assert hint.width() <= width and hint.height() <= height, hint  # nothing can force it larger
    areas = dialog.findChildren(QScrollArea)
    assert [a.objectName() for a in areas if any(o.isAncestorOf(a) for o in areas if o is not a)] == []
    assert dialog.ok.isVisible() and not dialog.ok.visibleRegion().isEmpty()


@pytest.mark.parametrize("level", [0, 1])
def test_the_arc_end_and_milestone_dialogs_fit_a_1024x700_screen_with_one_scroll_area(qtbot, tmp_path, level):
    doc = sample_document(tmp_path, core_campaign if level else None)
    dialog = (EndArcDialog if not level else EndSessionDialog)(doc)
    if level:
        dialog.level_combo.setCurrentIndex(1)  # significant: skill raises and recovery
    cid = next(iter(dialog.buttons))
    sub = open_for(qtbot, dialog, cid)
    _fits_small_screen(qtbot, sub)
    body = sub.form.findChild(QWidget, "choicesBody")
    assert body.height() >= body.minimumSizeHint().height()  # the choices scroll, never squeezed
    raises = sub.raises.rows
    assert raises and all(row[3].isVisible() for row in raises.values() if not sub.raises.isHidden())
    sub.reject()
    dialog.reject()
    doc.close()


def test_the_condensed_milestone_dialog_fits_a_1024x700_screen(qtbot, tmp_path):
    doc = sample_document(tmp_path)
    dialog = EndSessionDialog(doc)
    sub = open_for(qtbot, dialog, next(iter(dialog.buttons)))
    assert isinstance(sub, MilestoneDialog)
    _fits_small_screen(qtbot, sub)
    sub.reject()
    dialog.reject()
    doc.close()
