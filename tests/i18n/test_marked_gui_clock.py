"""The campaign clock in the pseudo-locale: End scene, End session, End arc and the summary of
what a step changed show every word of their own accented, and still run their clock step."""

from __future__ import annotations

from fate_desk import i18n
from fate_desk.model import CharacterKind

from pseudo_widgets import PSEUDO, form_widgets, untranslated, words_of_the_campaign
from table_helpers import on_disk


def owned_elsewhere(document, *forms):
    """The forms' fixed words (translated centrally) and the user's and the core's words."""
    names = form_widgets(*forms)
    words = words_of_the_campaign(document.campaign) | {k.label for k in CharacterKind}
    return names, words


def test_end_scene_and_its_summary_speak_the_language(document, qtbot):
    from fate_desk.gui.clock.dialogs import EndSceneDialog
    from fate_desk.gui.clock.summary import SummaryDialog

    dialog = EndSceneDialog(document)
    qtbot.addWidget(dialog)
    names, words = owned_elsewhere(document, "table_end_scene")
    assert PSEUDO in dialog.windowTitle() and PSEUDO in dialog.ok.text()
    assert PSEUDO in dialog.pool_label.text()
    assert all(PSEUDO in dialog.present.text(row) for row in range(dialog.present.rowCount()))
    assert untranslated(dialog, words, skip=lambda w: w.objectName() in names) == []
    steps = document.undo_stack.count()
    dialog.ok.click()
    assert document.undo_stack.count() == steps + 1 and PSEUDO in document.undo_stack.text(steps)
    assert on_disk(document).clock.scene == 2
    summary = SummaryDialog(dialog.windowTitle(), dialog.result)
    qtbot.addWidget(summary)
    text = summary.text()
    assert PSEUDO in text
    for heading in ("GM fate points", "Logged"):  # the summary's own headings (the core's lines stay)
        assert i18n.pseudo(heading) in text
    assert "in the pool now" not in text and "done. Edit" not in text


def test_end_session_and_end_arc_speak_the_language(document, qtbot):
    from fate_desk.gui.clock.dialogs import EndArcDialog, EndSessionDialog

    session = EndSessionDialog(document)
    qtbot.addWidget(session)
    names, words = owned_elsewhere(document, "table_end_session")
    words |= {session.level_combo.itemText(i) for i in range(session.level_combo.count())}  # the core's list
    assert PSEUDO in session.windowTitle()
    assert all(PSEUDO in button.text() for button in session.buttons.values())
    assert all(PSEUDO in label.text() for label in session.labels.values())
    assert untranslated(session, words, skip=lambda w: w.objectName() in names) == []
    session.ok.click()
    assert on_disk(document).clock.session == 2
    arc = EndArcDialog(document)
    qtbot.addWidget(arc)
    names, words = owned_elsewhere(document, "table_end_arc")
    words |= {arc.level_combo.itemText(i) for i in range(arc.level_combo.count())}
    assert PSEUDO in arc.windowTitle() and PSEUDO in arc.ok.text()
    assert untranslated(arc, words, skip=lambda w: w.objectName() in names) == []
