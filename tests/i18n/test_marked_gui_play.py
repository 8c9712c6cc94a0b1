"""Play at the table in the pseudo-locale: the roll dialog, Take a hit, the dice dock, fate
points, compels and treatment show every word of their own accented, show the rule set's skills
and tracks translated, and still roll and record the English keys."""

from __future__ import annotations

from fate_desk.model import CharacterKind
from fate_desk.rules.clock.timeline import session_log
from fate_desk.rules.play.actions import invokables
from fate_desk.rules.play.fate_points import ledger
from fate_desk.rules.play.roll import Action, Dice, Outcome, ScaleUse

from pseudo_widgets import PSEUDO, form_widgets, untranslated, words_of_the_campaign
from table_helpers import on_disk


def core_words(document) -> set[str]:
    """Text the play widgets show that the core owns: action, outcome and scale labels, what an
    aspect offers to invoke, character kinds."""
    words = words_of_the_campaign(document.campaign)
    words |= {a.label for a in Action} | {o.label for o in Outcome} | {u.label for u in ScaleUse}
    words |= {k.label for k in CharacterKind}
    for who in [None, *(c.id for c in document.campaign.characters)]:
        words |= {item.describe() for item in invokables(document.campaign, who)}
    return words


def test_the_roll_dialog_shows_the_translated_skill_and_rolls_its_english_key(document, qtbot):
    from fate_desk.gui.play.roll_dialog import RollDialog

    dialog = RollDialog(document, "pc-maren", "Drive", Dice(7))
    qtbot.addWidget(dialog)
    panel = dialog.panel
    shown = panel.skill.currentText()
    assert PSEUDO in shown and "Drive" not in shown  # Drive, translated, with its rung
    assert panel.skill.currentData() == "Drive" and panel.rating.value() == 4  # Great (+4)
    # A person picks Physique from the translated list: the combo's own text is never compared.
    physique = panel.skill.findData("Physique")
    assert PSEUDO in panel.skill.itemText(physique)
    panel.skill.setCurrentIndex(physique)
    assert panel.rating.value() == 2  # Maren's Physique is Fair (+2)
    panel.select_action(Action.OVERCOME)
    roll = panel.throw()
    assert roll.setup.skill == "Physique" and roll.setup.rating == 2
    assert PSEUDO in panel.effort_label.text() and PSEUDO in panel.cost_label.text()
    left = untranslated(dialog, core_words(document) | {roll.meaning()})
    assert left == []
    steps = document.undo_stack.count()
    dialog.done_button.click()
    assert document.undo_stack.count() == steps + 1
    assert PSEUDO in document.undo_stack.text(steps)  # "Roll Physique (Maren Voss)"
    # The session's roll log is the table's written record, in the language spoken at the roll.
    assert PSEUDO in session_log(on_disk(document)).rolls[-1]


def test_take_a_hit_shows_translated_tracks_and_marks_the_english_track(document, qtbot):
    from fate_desk.gui.play.hit_dialog import TakeHitDialog

    dialog = TakeHitDialog(document, "pc-maren", shifts=1)
    qtbot.addWidget(dialog)
    mental = dialog.track.findData("mental")
    assert mental >= 0 and PSEUDO in dialog.track.itemText(mental)
    dialog.track.setCurrentIndex(mental)
    plan = {dialog.hit_label.text(), *dialog.option_texts()}  # the core's plan, in its own words
    assert untranslated(dialog, core_words(document) | plan) == []
    assert PSEUDO in dialog.take_button.text() and PSEUDO in dialog.windowTitle()
    dialog.accept()
    assert on_disk(document).character("pc-maren").stress == {"mental": [0]}


def test_the_dice_dock_and_its_log_speak_the_language(document, qtbot):
    from fate_desk.gui.play.dice_dock import DiceDock, ledger_html

    dock = DiceDock(None, Dice(3))
    qtbot.addWidget(dock)
    dock.set_document(document)
    assert PSEUDO in dock.windowTitle() and PSEUDO in dock.log_title.text()
    assert PSEUDO in dock.apply_button.text() and PSEUDO in ledger_html(document.campaign)
    assert untranslated(dock, core_words(document)) == []


def test_fate_points_compel_and_concede_speak_the_language(document, qtbot):
    from fate_desk.gui.play.fate_dialogs import CompelDialog, FatePointsDialog, concede

    points = FatePointsDialog(document, "pc-maren")
    qtbot.addWidget(points)
    assert all(PSEUDO in points.reason.itemText(i) for i in range(points.reason.count()))
    assert untranslated(points, core_words(document) | {"Maren Voss (3)"}) == []
    points.reason.setCurrentIndex(points.reason.findData("invoke"))
    points.ok_button.click()
    assert ledger(on_disk(document))[-1].reason == "invoke"  # the ledger keeps its own English word
    compel = CompelDialog(document, "pc-tobias")
    qtbot.addWidget(compel)
    assert PSEUDO in compel.heading.text() and untranslated(compel, core_words(document)) == []
    box = concede(None, document, "pc-maren")  # no conflict: the core's refusal, in a translated box
    assert PSEUDO in box.windowTitle()
    box.close()


def test_the_sheets_play_bar_and_treatment(document, qtbot):
    from fate_desk.gui.play.treatment import TreatmentDialog
    from fate_desk.gui.sheet import CharacterSheet

    sheet = CharacterSheet(document, "pc-ines")
    qtbot.addWidget(sheet)
    bar = sheet.play
    assert all(PSEUDO in b.text() and PSEUDO in b.toolTip()
               for b in (bar.roll_button, bar.hit_button, bar.concede_button, bar.compel_button, bar.points_button))
    slot = next(c.slot for c in document.campaign.character("pc-ines").consequences)
    dialog = TreatmentDialog(document, "pc-ines", slot)
    qtbot.addWidget(dialog)
    forms = form_widgets("table_treatment")
    words = core_words(document) | {dialog.outcome.text()}
    assert PSEUDO in dialog.windowTitle() and PSEUDO in dialog.new_name.placeholderText()
    assert untranslated(dialog, words, skip=lambda w: w.objectName() in forms) == []


def test_scales_show_translated_and_a_character_keeps_the_english_scale(document, qtbot):
    from fate_desk.gui.play.scales import scale_text
    from fate_desk.gui.sheet import CharacterSheet
    from fate_desk.rules.play.scale_names import SCALES

    assert all(PSEUDO in scale_text(name) for name in SCALES)  # every core name is in the catalogue
    document.edit("pc-maren", lambda c: c.model_copy(update={"scale": "Supernatural"}), "Set scale")
    sheet = CharacterSheet(document, "pc-maren")
    qtbot.addWidget(sheet)
    combo = sheet.play.scale
    assert combo.currentData() == "Supernatural" and PSEUDO in combo.currentText()
    legendary = combo.findData("Legendary")
    combo.setCurrentIndex(legendary)
    combo.activated.emit(legendary)
    assert on_disk(document).character("pc-maren").scale == "Legendary"
