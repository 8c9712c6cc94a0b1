"""The milestone dialog: the five changes the rules offer (unavailable ones say why), a preview."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QButtonGroup, QComboBox, QDialogButtonBox, QLabel, QLineEdit, QRadioButton, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, rules_text
from fate_desk.model import CampaignOptions, Character, ClockStamp, ladder_label
from fate_desk.rules import RuleSet
from fate_desk.rules.advancement.milestones import (
    BuyStunt, MilestoneChoice, MilestoneKind, ReplaceSkill, RewriteAspect, RewriteStunt, SwapSkills, apply_milestone,
    aspect_options, milestone_options, replacement_candidates,
)

from ..dialogs.base import FormDialog
from ..forms import child, load_form
from ..widgets import escape
from .preview import show_outcome

NONE = "none"
# The order of the pages in table_milestone_picker.ui.
PAGES = {NONE: 0, MilestoneKind.SWAP_SKILLS: 1, MilestoneKind.REPLACE_SKILL: 2, MilestoneKind.REWRITE_STUNT: 3,
         MilestoneKind.BUY_STUNT: 4, MilestoneKind.REWRITE_ASPECT: 5}


class MilestonePicker(QWidget):
    """One milestone choice, or none; only legal choices can be picked, the others say why not."""

    changed = Signal()

    def __init__(self, character: Character, ruleset: RuleSet, options: CampaignOptions | None = None,
                 parent: QWidget | None = None, none_text: str | None = None):
        super().__init__(parent)
        self.character = character
        self.ruleset = ruleset
        self.form = load_form("table_milestone_picker", self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.form)
        self.form.layout().setContentsMargins(0, 0, 0, 0)
        self.pages: QStackedWidget = child(self.form, QStackedWidget, "pages")
        self.first: QComboBox = child(self.form, QComboBox, "firstCombo")
        self.second: QComboBox = child(self.form, QComboBox, "secondCombo")
        self.old: QComboBox = child(self.form, QComboBox, "oldCombo")
        self.new: QComboBox = child(self.form, QComboBox, "newCombo")
        self.stunt: QComboBox = child(self.form, QComboBox, "stuntCombo")
        self.stunt_name: QLineEdit = child(self.form, QLineEdit, "stuntNameEdit")
        self.stunt_text: QLineEdit = child(self.form, QLineEdit, "stuntTextEdit")
        self.buy_name: QLineEdit = child(self.form, QLineEdit, "buyNameEdit")
        self.buy_text: QLineEdit = child(self.form, QLineEdit, "buyTextEdit")
        self.aspect: QComboBox = child(self.form, QComboBox, "aspectCombo")
        self.aspect_text: QLineEdit = child(self.form, QLineEdit, "aspectEdit")
        self.group = QButtonGroup(self)
        self.radios: dict[str, QRadioButton] = {}
        self.reasons: dict[str, QLabel] = {}
        choices = child(self.form, QVBoxLayout, "choicesLayout")
        self._add_choice(choices, NONE, none_text or _("No change: let the milestone pass"), True, "")
        for status in milestone_options(character, ruleset, options):
            self._add_choice(choices, status.value, status.label, status.available, status.reason)
        self.radios[NONE].setChecked(True)
        self._fill(character, ruleset)
        self.group.buttonToggled.connect(lambda *_args: self._switch())
        for combo in (self.first, self.second, self.old, self.new, self.stunt, self.aspect):
            combo.currentIndexChanged.connect(lambda *_args: self.changed.emit())
        self.new.editTextChanged.connect(lambda *_args: self.changed.emit())
        for edit in (self.stunt_name, self.stunt_text, self.buy_name, self.buy_text, self.aspect_text):
            edit.textChanged.connect(lambda *_args: self.changed.emit())
        self.stunt.currentIndexChanged.connect(self._load_stunt)
        self.aspect.currentIndexChanged.connect(self._load_aspect)
        self._switch()

    def _add_choice(self, layout, key: str, label: str, available: bool, reason: str) -> None:
        radio = QRadioButton(label)
        radio.setObjectName(f"choice_{key}")
        radio.setEnabled(available)
        self.group.addButton(radio)
        layout.addWidget(radio)
        self.radios[key] = radio
        if reason:
            note = QLabel(f"<small>{escape(reason)}</small>")  # i18n: not shown (markup)
            note.setWordWrap(True)
            note.setContentsMargins(24, 0, 0, 4)
            note.setEnabled(available)  # greyed like its choice when it explains a refusal
            layout.addWidget(note)
            radio.setToolTip(reason)
            self.reasons[key] = note

    def _fill(self, character: Character, ruleset: RuleSet) -> None:
        rated = sorted(character.skills, key=lambda n: (-character.rating(n), n))
        for combo in (self.first, self.second):
            for name in rated:
                combo.addItem(_("{skill} — {rating}").format(skill=rules_text(name),
                                                             rating=ladder_label(character.rating(name))), name)
        if self.second.count() > 1:
            # Default to a pair that differs, so the preview shows a real swap.
            other = next((i for i, n in enumerate(rated) if character.rating(n) != character.rating(rated[0])), 1)
            self.second.setCurrentIndex(other)
        olds, news = replacement_candidates(character, ruleset)
        for name in olds:
            self.old.addItem(_("{skill} — {rating}").format(skill=rules_text(name), rating=ladder_label(1)), name)
        for name in news:  # shown translated; the rule set's name is the item's data
            self.new.addItem(rules_text(name), name)
        self.new.setEditable(ruleset.allow_custom_skills)
        for i, stunt in enumerate(character.stunts):
            self.stunt.addItem(stunt.name or stunt.text[:40] or _("Stunt {number}").format(number=i + 1), i)
        model = self.aspect.model()
        for status in aspect_options(character, ruleset):
            self.aspect.addItem(status.label, status.value)
            if not status.available and isinstance(model, QStandardItemModel):
                item = model.item(self.aspect.count() - 1)
                item.setEnabled(False)
                item.setToolTip(status.reason)
        first_open = next((i for i, s in enumerate(aspect_options(character, ruleset)) if s.available), -1)
        self.aspect.setCurrentIndex(first_open)
        self._load_stunt()
        self._load_aspect()

    def _load_stunt(self) -> None:
        index = self.stunt.currentData()
        if index is not None and 0 <= index < len(self.character.stunts):
            self.stunt_name.setText(self.character.stunts[index].name)
            self.stunt_text.setText(self.character.stunts[index].text)

    def _load_aspect(self) -> None:
        index = self.aspect.currentData()
        if index is not None and 0 <= index < len(self.character.aspects):
            self.aspect_text.setText(self.character.aspects[index].text)

    def _switch(self) -> None:
        self.pages.setCurrentIndex(PAGES[self.kind()])
        # The stack takes the height of the page shown, not of its tallest page: no empty block
        # under "No change", so the dialog fits a small screen (widths stay those of the widest).
        for index in range(self.pages.count()):
            page = self.pages.widget(index)
            shown = index == self.pages.currentIndex()
            page.setSizePolicy(QSizePolicy.Policy.Preferred,
                               QSizePolicy.Policy.Preferred if shown else QSizePolicy.Policy.Ignored)
        self.pages.updateGeometry()
        self.changed.emit()

    def kind(self) -> str:
        return next((k for k, r in self.radios.items() if r.isChecked()), NONE)

    def select(self, kind: str) -> bool:
        """Pick a choice by its kind (as a click would); False if it is not available."""
        radio = self.radios[kind]
        if not radio.isEnabled():
            return False
        radio.setChecked(True)
        return True

    def propose(self, proposal: dict) -> None:
        """Start from what the player proposed from their phone (table mode): the change picked,
        an aspect's new words filled in, and the player's own words shown; the GM still decides,
        and the preview and the checker still rule."""
        what, where, text = proposal.get("what"), proposal.get("where", ""), proposal.get("text", "")
        if what == "aspect" and where.startswith("aspect-") and self.select(MilestoneKind.REWRITE_ASPECT):
            index = self.aspect.findData(int(where.split("-", 1)[1]))
            if index >= 0:
                self.aspect.setCurrentIndex(index)
                self.aspect_text.setText(text)
        elif what == "milestone" and where in self.radios:
            self.select(where)
        said = QLabel(_("Proposed from the player's phone: {proposal}").format(
            proposal=text or (self.radios[where].text() if where in self.radios else "")))
        said.setTextFormat(Qt.TextFormat.PlainText)
        said.setWordWrap(True)
        said.setObjectName("proposalLabel")
        self.layout().insertWidget(0, said)

    def choice(self) -> MilestoneChoice | None:
        kind = self.kind()
        if kind == MilestoneKind.SWAP_SKILLS:
            return SwapSkills(self.first.currentData() or "", self.second.currentData() or "")
        if kind == MilestoneKind.REPLACE_SKILL:
            return ReplaceSkill(self.old.currentData() or "", self._new_skill())
        if kind == MilestoneKind.REWRITE_STUNT:
            index = self.stunt.currentData()
            return RewriteStunt(-1 if index is None else index, self.stunt_name.text(), self.stunt_text.text())
        if kind == MilestoneKind.BUY_STUNT:
            return BuyStunt(self.buy_name.text(), self.buy_text.text())
        if kind == MilestoneKind.REWRITE_ASPECT:
            index = self.aspect.currentData()
            return RewriteAspect(-1 if index is None else index, self.aspect_text.text())
        return None


    def _new_skill(self) -> str:
        """The replacing skill by the rule set's own name; a skill typed (custom skills) as typed."""
        text = self.new.currentText()
        index = self.new.currentIndex()
        if index < 0 or self.new.itemText(index) != text:
            index = self.new.findText(text)
        return self.new.itemData(index) if index >= 0 else text


class MilestoneDialog(FormDialog):
    """Choose a PC's milestone; the preview runs the core operation, so what it shows is what lands."""

    def __init__(self, character: Character, ruleset: RuleSet, options: CampaignOptions | None = None,
                 when: ClockStamp | None = None, parent: QWidget | None = None):
        name = character.name or _("(unnamed)")
        super().__init__("table_milestone", _("Milestone for {name}").format(name=name), parent)
        self.character, self.ruleset, self.options, self.when = character, ruleset, options, when
        heading = (_("<b>{name}</b> reaches a milestone (session {session}): one change to the sheet, or none.")
                   if when and when.session else
                   _("<b>{name}</b> reaches a milestone: one change to the sheet, or none."))
        child(self.form, QLabel, "headingLabel").setText(
            heading.format(name=escape(name), session=when.session if when else 0))
        self.picker = MilestonePicker(character, ruleset, options, self)
        child(self.form, QVBoxLayout, "pickerHolder").addWidget(self.picker)
        self.preview: QLabel = child(self.form, QLabel, "previewLabel")
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(_("Take this milestone"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.picker.changed.connect(self._update)
        self._update()
        self.fit(860)

    def choice(self) -> MilestoneChoice | None:
        return self.picker.choice()

    def _update(self) -> None:
        show_outcome(
            self.preview, self.ok, self.character,
            lambda: apply_milestone(self.character, self.choice(), self.ruleset, self.options, self.when),
            self.ruleset, self.options,
        )
