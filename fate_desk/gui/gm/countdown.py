"""The countdown editor: a track of clickable boxes, triggers, an outcome and what players see."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QSpinBox

from fate_desk.i18n import _, ngettext
from fate_desk.model import Countdown
from fate_desk.rules.creation.edits import edited
from fate_desk.rules.prep.editing import click_box, mark_next, set_box_count, set_box_trigger

from ..forms import child, load_form
from .common import GmEditor, set_checked, set_spin, set_text
from .rows import BoxRow


class CountdownEditor(GmEditor):
    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, load_form("gm_countdown"), parent)
        form = self.form
        self.name_edit: QLineEdit = child(form, QLineEdit, "nameEdit")
        self.boxes_spin: QSpinBox = child(form, QSpinBox, "boxesSpin")
        self.mark_button: QPushButton = child(form, QPushButton, "markNextButton")
        self.status: QLabel = child(form, QLabel, "statusLabel")
        self.trigger_edit: QLineEdit = child(form, QLineEdit, "triggerEdit")
        self.per_box: QCheckBox = child(form, QCheckBox, "perBoxCheck")
        self.triggers_layout: QGridLayout = child(form, QGridLayout, "boxTriggersLayout")
        self.outcome_edit: QPlainTextEdit = child(form, QPlainTextEdit, "outcomeEdit")
        self.players_check: QCheckBox = child(form, QCheckBox, "playersCheck")
        self.notes_edit: QPlainTextEdit = child(form, QPlainTextEdit, "notesEdit")
        self.track = BoxRow(self._box_clicked)
        self.track.empty.setText("")
        child(form, QHBoxLayout, "trackSlot").addWidget(self.track)
        self.trigger_edits: list[QLineEdit] = []
        self.trigger_labels: list[QLabel] = []

        self.name_edit.textEdited.connect(lambda t: self.edit(lambda c: edited(c, name=t), _("Rename"), ("name",)))
        self.boxes_spin.valueChanged.connect(
            lambda n: self.edit(lambda c: set_box_count(c, n), ngettext(
                "Set the countdown to {count} box", "Set the countdown to {count} boxes", n).format(count=n),
                ("boxes",)))
        self.mark_button.clicked.connect(lambda: self.edit(mark_next, _("Mark the next countdown box")))
        self.trigger_edit.textEdited.connect(
            lambda t: self.edit(lambda c: edited(c, trigger=t), _("Edit trigger"), ("trigger",)))
        self.per_box.toggled.connect(self._per_box_toggled)
        self.outcome_edit.textChanged.connect(lambda: self.edit(
            lambda c: edited(c, outcome=self.outcome_edit.toPlainText()), _("Edit outcome"), ("outcome",)))
        self.players_check.toggled.connect(lambda on: self.edit(
            lambda c: edited(c, players_see_boxes_only=on),
            _("Show players only the boxes") if on else _("Show players the whole countdown")))
        self.notes_edit.textChanged.connect(lambda: self.edit(
            lambda c: edited(c, notes=self.notes_edit.toPlainText()), _("Edit notes"), ("notes",)))
        self._per_box_open = False
        self.refresh()

    def show_entity(self, countdown: Countdown) -> None:
        set_text(self.name_edit, countdown.name)
        set_spin(self.boxes_spin, countdown.boxes)
        marks = list(range(countdown.marked))
        self.track.show_boxes(["" for _box in range(countdown.boxes)], marks)
        for i, box in enumerate(self.track.boxes[: countdown.boxes]):
            box.setText("✕" if i < countdown.marked else "")
            box.setToolTip(self._box_tip(countdown, i))
            box.setAccessibleName(_("Countdown box {number}").format(number=i + 1))
        full = countdown.marked >= countdown.boxes
        self.mark_button.setEnabled(not full)
        self.status.setText(
            _("<b>Every box is marked: {outcome}.</b>").format(outcome=countdown.outcome.strip() or
                                                                 _("the outcome happens")) if full
            else _("{marked} of {boxes} marked").format(marked=countdown.marked, boxes=countdown.boxes))
        set_text(self.trigger_edit, countdown.trigger)
        set_checked(self.per_box, bool(countdown.box_triggers) or self._per_box_open)
        self._show_box_triggers(countdown)
        set_text(self.outcome_edit, countdown.outcome)
        set_checked(self.players_check, countdown.players_see_boxes_only)
        set_text(self.notes_edit, countdown.notes)

    @staticmethod
    def _box_tip(countdown: Countdown, index: int) -> str:
        own = countdown.box_triggers[index] if index < len(countdown.box_triggers) else ""
        trigger = own.strip() or countdown.trigger.strip() or _("no trigger yet")
        if index < countdown.marked:
            return _("Box {number}: {trigger} (marked — click to clear from here)").format(number=index + 1,
                                                                                          trigger=trigger)
        return _("Box {number}: {trigger} (click to mark up to here)").format(number=index + 1, trigger=trigger)

    def _show_box_triggers(self, countdown: Countdown) -> None:
        while len(self.trigger_edits) < countdown.boxes:
            i = len(self.trigger_edits)
            label = QLabel(_("Box {number}").format(number=i + 1))
            edit = QLineEdit()
            edit.setPlaceholderText(_("The track's trigger"))
            edit.setAccessibleName(_("Trigger for box {number}").format(number=i + 1))
            edit.textEdited.connect(lambda t, i=i: self.edit(
                lambda c: set_box_trigger(c, i, t), _("Edit the trigger of box {number}").format(number=i + 1),
                ("box-trigger", i)))
            self.triggers_layout.addWidget(label, i, 0)
            self.triggers_layout.addWidget(edit, i, 1)
            self.trigger_labels.append(label)
            self.trigger_edits.append(edit)
        shown = self.per_box.isChecked()
        for i, (label, edit) in enumerate(zip(self.trigger_labels, self.trigger_edits)):
            label.setVisible(shown and i < countdown.boxes)
            edit.setVisible(shown and i < countdown.boxes)
            set_text(edit, countdown.box_triggers[i] if i < len(countdown.box_triggers) else "")

    def _box_clicked(self, index: int, _checked: bool) -> None:
        countdown = self.entity
        text = (_("Clear countdown box {number}") if index < countdown.marked
                else _("Mark countdown box {number}")).format(number=index + 1)
        self.edit(lambda c: click_box(c, index), text)

    def _per_box_toggled(self, on: bool) -> None:
        self._per_box_open = on
        if not on and self.entity.box_triggers:
            self.edit(lambda c: edited(c, box_triggers=[]), _("Remove the per-box triggers"))
        self.refresh()
        if on and self.trigger_edits:
            self.trigger_edits[0].setFocus()
