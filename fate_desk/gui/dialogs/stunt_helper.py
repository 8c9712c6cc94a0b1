"""The "new stunt" helper: fills in one of the book's two stunt templates."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QLabel, QLineEdit, QRadioButton, QStackedWidget, QWidget

from fate_desk.i18n import _, rules_text
from fate_desk.model import Character, CharacterKind, Stunt
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.stunts import (
    ACTIONS, approach_stunt_text, bonus_stunt_text, rule_stunt_text, session_stunt_text, uses_approaches,
)

from ..forms import child
from .base import FormDialog


class StuntHelperDialog(FormDialog):
    def __init__(self, ruleset: RuleSet, character: Character, parent=None):
        super().__init__("stunt_helper", _("New stunt from a template"), parent)
        self.name_edit: QLineEdit = child(self.form, QLineEdit, "nameEdit")
        self.bonus: QRadioButton = child(self.form, QRadioButton, "bonusRadio")
        self.rule: QRadioButton = child(self.form, QRadioButton, "ruleRadio")
        self.because: QLineEdit = child(self.form, QLineEdit, "becauseEdit")
        self.skill: QComboBox = child(self.form, QComboBox, "skillCombo")
        self.action: QComboBox = child(self.form, QComboBox, "actionCombo")
        self.when: QLineEdit = child(self.form, QLineEdit, "whenEdit")
        self.can: QLineEdit = child(self.form, QLineEdit, "canEdit")
        self.only: QLineEdit = child(self.form, QLineEdit, "onlyEdit")
        self.pages: QStackedWidget = child(self.form, QStackedWidget, "pages")
        self.preview: QLabel = child(self.form, QLabel, "previewLabel")
        self.cost: QLabel = child(self.form, QLabel, "costLabel")
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        child(self.form, QLabel, "skillLabel").setText("&" + rules_text(ruleset.skill_word).capitalize())
        # Fate Accelerated's two templates ("Stunts"): +2 when I act one way (an approach), and
        # something cool once per game session.
        self.approaches = uses_approaches(ruleset.skill_word)
        if self.approaches:
            self.bonus.setText(_("&Bonus: +2 when you act one way (an approach) with one action, in a certain "
                                 "situation"))
            self.rule.setText(_("&Once per session: something cool you can do"))
            self.can.setPlaceholderText(_("find a helpful ally in just the right place"))
            for name in ("onlyLabel", "onlyEdit"):
                child(self.form, QWidget, name).hide()
        # The character's best skills first: stunts usually build on what they are good at.
        names = list(dict.fromkeys([*sorted(character.skills, key=lambda s: -character.rating(s)), *ruleset.skills]))
        for name in names:  # shown in the interface language; the rule set's name is the item's data
            self.skill.addItem(rules_text(name), name)
        for action in ACTIONS:
            self.action.addItem(_(action), action)
        self.cost.setText(self._cost_text(ruleset, character))
        for widget in (self.because, self.when, self.can, self.only, self.name_edit):
            widget.textChanged.connect(self._update)
        self.skill.currentIndexChanged.connect(self._update)
        self.action.currentIndexChanged.connect(self._update)
        self.bonus.toggled.connect(self._update)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(_("Add stunt"))
        # Labels on the stacked pages line up with those above them.
        labels = [child(self.form, QLabel, n) for n in (
            "nameLabel", "templateLabel", "becauseLabel", "skillLabel", "actionLabel", "whenLabel", "canLabel",
            "onlyLabel")]
        widest = max(label.sizeHint().width() for label in labels)
        for label in labels:
            label.setMinimumWidth(widest)
        self._update()
        self.fit(600)

    @staticmethod
    def _cost_text(ruleset: RuleSet, character: Character) -> str:
        if character.kind != CharacterKind.PC:
            return "<small>{}</small>".format(_("NPCs pay no refresh for stunts."))
        after = len(character.stunts) + 1
        if after <= ruleset.free_stunts:
            return "<small>{}</small>".format(_("This will be stunt {number} of {free} free ones.").format(
                number=after, free=ruleset.free_stunts))
        return "<small>{}</small>".format(
            _("This will be stunt {number}: beyond the {free} free ones it costs {cost} refresh.").format(
                number=after, free=ruleset.free_stunts, cost=ruleset.stunt_cost))

    def text(self) -> str:
        if self.approaches:
            if self.bonus.isChecked():
                return approach_stunt_text(self.because.text(), self.skill.currentData() or self.skill.currentText(),
                                           self.action.currentData() or self.action.currentText(), self.when.text())
            return session_stunt_text(self.because.text(), self.can.text())
        if self.bonus.isChecked():  # the stunt's words are prose: skill and action as the user reads them
            # The rule set's names (item data): bonus_stunt_text writes them in the interface language.
            return bonus_stunt_text(self.because.text(), self.skill.currentData() or self.skill.currentText(),
                                    self.action.currentData() or self.action.currentText(),
                                    self.when.text())
        return rule_stunt_text(self.because.text(), self.can.text(), self.only.text())

    def stunt(self) -> Stunt:
        return Stunt(name=self.name_edit.text().strip(), text=self.text())

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit_preview()

    def _fit_preview(self) -> None:
        """The wrapped preview's height at its width is its minimum, and the dialog grows to hold
        it: otherwise a long preview squeezed the template's rows above it."""
        needed = max(0, self.preview.heightForWidth(max(1, self.preview.width())))
        if self.preview.minimumHeight() != needed:
            self.preview.setMinimumHeight(needed)
        self.layout().activate()
        height = self.minimumSizeHint().height()
        if height > self.height():
            self.resize(self.width(), height)

    def _update(self) -> None:
        self.pages.setCurrentIndex(0 if self.bonus.isChecked() else 1)
        self.preview.setText(self.text())
        self._fit_preview()
        ready = bool(self.name_edit.text().strip() and self.because.text().strip())
        if self.rule.isChecked():
            ready = ready and bool(self.can.text().strip())
        self.ok.setEnabled(ready)
