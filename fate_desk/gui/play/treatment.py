"""Treating a consequence from its slot on the sheet: the roll goes in, the outcome comes out."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from fate_desk.rules.creation.derive import slot_text
from fate_desk.i18n import _, rules_text
from fate_desk.model import ladder_label
from fate_desk.rules.harm.absorb import filled, slots_of
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.harm.recovery import clear_consequence, clears_when, treat, treatment_difficulty

from ..dialogs.base import FormDialog
from ..forms import child
from ..widgets import LadderSpinBox, escape, refusal_html
from ..theme import status_colour


class TreatmentDialog(FormDialog):
    """Record an overcome roll against the treatment difficulty (through the undo stack)."""

    def __init__(self, document, character_id: str, slot: str, parent: QWidget | None = None):
        super().__init__("table_treatment", _("Treat a consequence"), parent)
        self.document, self.character_id, self.slot = document, character_id, slot
        character = self.character
        campaign = document.campaign
        self.ruleset = document.ruleset_for(character)
        info = slots_of(character, self.ruleset, campaign.options)[slot]
        current = filled(character, slot)
        self.name = (current.text if current else "") or rules_text(info.label)
        self.severity = info.severity
        when = clears_when(character, self.ruleset, slot, campaign.options, campaign.clock)
        child(self.form, QLabel, "headingLabel").setText(
            _("<b>{name}</b>: {slot} consequence “{consequence}”<br><small>{when}</small>").format(
                name=escape(character.name or _("(unnamed)")),
                slot=slot_text(info),
                consequence=escape(self.name), when=escape(when)))
        self.effort = LadderSpinBox(self, -4, 14, treatment_difficulty(info.severity) or 0)
        self.effort.setAccessibleName(_("Effort rolled"))
        holder: QHBoxLayout = child(self.form, QHBoxLayout, "effortHolder")
        holder.addWidget(self.effort)
        child(self.form, QLabel, "effortLabel").setBuddy(self.effort)
        holder.addStretch(1)
        self.self_check: QCheckBox = child(self.form, QCheckBox, "selfCheck")
        self.new_name: QLineEdit = child(self.form, QLineEdit, "newNameEdit")
        self.new_name.setPlaceholderText(_("Leave empty to keep “{consequence}”").format(consequence=self.name))
        self.outcome: QLabel = child(self.form, QLabel, "outcomeLabel")
        self.clear_button: QPushButton = child(self.form, QPushButton, "clearButton")
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(_("Record the roll"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.clear_button.clicked.connect(self.clear)
        self.effort.valueChanged.connect(lambda *_args: self._update())
        self.self_check.toggled.connect(lambda *_args: self._update())
        self.new_name.textChanged.connect(lambda *_args: self._update())
        self._update()
        self.fit(520)

    @property
    def character(self):
        return self.document.entity(self.character_id)

    def _treat(self, character):
        campaign = self.document.campaign
        return treat(character, self.ruleset, self.slot, self.effort.value(), self.new_name.text(),
                     self_treatment=self.self_check.isChecked(), options=campaign.options, when=campaign.clock)

    def _update(self) -> None:
        try:
            result = self._treat(self.character)
        except Refused as refused:
            self.outcome.setText(refusal_html(refused.problems))
            self.ok.setEnabled(False)
            return
        verdict = _("Succeeds") if result.success else _("Fails")
        colour = status_colour("success" if result.success else "error")
        said = _("Difficulty {rating}: {verdict}.").format(
            rating=ladder_label(result.difficulty), verdict=f"<b style='color:{colour}'>{verdict}</b>")
        self.outcome.setText(f"<p>{said}</p><p><small>{escape(result.entry.summary)}</small></p>")  # i18n: markup only
        self.ok.setEnabled(True)

    def accept(self) -> None:
        try:
            self.document.edit(self.character_id, lambda c: self._treat(c).character,
                               _("Treat “{consequence}”").format(consequence=self.name))
        except Refused as refused:
            self.outcome.setText(refusal_html(refused.problems))
            return
        super().accept()

    def clear(self) -> None:
        campaign = self.document.campaign
        self.document.edit(
            self.character_id,
            lambda c: clear_consequence(c, self.ruleset, self.slot, options=campaign.options,
                                        when=campaign.clock).character,
            _("Clear “{consequence}”").format(consequence=self.name))
        super().accept()


def open_treatment(sheet, slot: str) -> TreatmentDialog | None:
    """Called from a consequence slot on the sheet: open the dialog (not blocking)."""
    if filled(sheet.character, slot) is None:
        return None
    dialog = TreatmentDialog(sheet.document, sheet.entity_id, slot, sheet)
    dialog.open()
    return dialog
