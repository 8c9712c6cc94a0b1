"""Table ▸ Optional rules…: the campaign's optional rules, each explained in the GM's words and
where the table meets it. OK changes them as one undo step (rules.prep.options.set_options)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QFrame, QGroupBox, QLabel, QLineEdit, QScrollArea,
    QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import CampaignOptions, ConditionsMode, ladder_label
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.prep.options import OPTIONAL_RULES, SKILL_LISTS, set_options

from ..theme import status_colour
from ..widgets import LadderSpinBox, escape

_CONDITIONS = (
    (ConditionsMode.OFF, N_("Off: mild, moderate and severe consequences")),
    (ConditionsMode.PLAIN, N_("Conditions instead of consequences")),
    (ConditionsMode.FURTHER_APART, N_("Conditions, further apart")),
)
# The options the new-campaign dialog also offers, with what each does.
_BASICS = (
    ("weapon_armor", N_("Weapon and Armor ratings"),
     N_("A weapon adds its rating to a hit (and turns a tie into a hit); armor takes its rating off.")),
    ("extreme_consequences", N_("Extreme consequences"),
     N_("A fourth consequence that absorbs 8 and replaces an aspect for good, once between breakthroughs "
        "(Fate Core gives every player character one anyway).")),
    ("scale", N_("Scale (mundane to godlike)"),
     N_("A side of a higher scale gets +1 per level before its roll, +2 after a success, or a free invoke more.")),
)
CUSTOM = "__own__"


def _explained(check: QCheckBox, explanation: str, where: str = "") -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 6)
    layout.addWidget(check)
    text = escape(explanation) if not where else _("{explanation} <i>{where}</i>").format(
        explanation=escape(explanation), where=escape(where))
    label = QLabel(f"<small>{text}</small>")  # i18n: markup only (its words are translated)
    label.setWordWrap(True)
    label.setContentsMargins(24, 0, 0, 0)
    check.setToolTip(explanation)
    layout.addWidget(label)
    return box


class OptionalRulesDialog(QDialog):
    def __init__(self, document, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("optionalRulesDialog")
        self.setWindowTitle(_("Optional rules"))
        self.document = document
        options = document.campaign.options
        ruleset = document.ruleset_for()
        outer = QVBoxLayout(self)
        intro = QLabel(_("Every optional rule is off until you turn it on; turning one on or off is one step you "
                         "can undo. Each takes effect where it says, for the whole campaign ({ruleset}).").format(
            ruleset=rules_text(ruleset.name)))
        intro.setWordWrap(True)
        outer.addWidget(intro)
        inner = QWidget()
        column = QVBoxLayout(inner)
        basics = QGroupBox(_("From the start of the campaign"))
        basic_layout = QVBoxLayout(basics)
        form = QFormLayout()
        self.conditions = QComboBox()
        self.conditions.setAccessibleName(_("Conditions"))
        for mode, label in _CONDITIONS:
            self.conditions.addItem(_(label), mode)
        self.conditions.setCurrentIndex(max(0, self.conditions.findData(options.conditions)))
        form.addRow(_("&Conditions:"), self.conditions)
        basic_layout.addLayout(form)
        self.checks: dict[str, QCheckBox] = {}
        for field, name, explanation in _BASICS:
            check = QCheckBox(_(name))
            check.setChecked(bool(getattr(options, field)))
            self.checks[field] = check
            basic_layout.addWidget(_explained(check, _(explanation)))
        column.addWidget(basics)
        more = QGroupBox(_("Fate Condensed's optional rules, and War of Ashes' lethal damage"))
        more_layout = QVBoxLayout(more)
        for rule in OPTIONAL_RULES:
            check = QCheckBox(_(rule.name))
            check.setChecked(bool(getattr(options, rule.field)))
            self.checks[rule.field] = check
            more_layout.addWidget(_explained(check, _(rule.explanation), _(rule.where)))
            if rule.field == "combined_skills":
                more_layout.addWidget(self._second_list(options))
        column.addWidget(more)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(scroll, 1)
        self.status = QLabel()
        self.status.setWordWrap(True)
        outer.addWidget(self.status)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self.checks["combined_skills"].toggled.connect(lambda on: self.second.setEnabled(on))
        self.second.setEnabled(self.checks["combined_skills"].isChecked())
        self.resize(720, 640)

    def _second_list(self, options: CampaignOptions) -> QWidget:
        self.second = QWidget()
        form = QFormLayout(self.second)
        form.setContentsMargins(24, 0, 0, 6)
        self.list_choice = QComboBox()
        self.list_choice.setAccessibleName(_("The second skill list"))
        # The lists' names run long: the box keeps a modest width and shows the whole line when open.
        self.list_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.list_choice.setMinimumContentsLength(24)
        for name, skills in SKILL_LISTS.items():
            self.list_choice.addItem(_("{list}: {skills}").format(list=_(name), skills=", ".join(skills)), skills)
        self.list_choice.addItem(_("A list of my own"), CUSTOM)
        self.own_list = QLineEdit()
        self.own_list.setAccessibleName(_("Your own second skill list"))
        self.own_list.setPlaceholderText(_("Skill names, separated by commas"))
        self.top = LadderSpinBox(minimum=0, maximum=6, value=options.combined_top)
        self.top.setAccessibleName(_("Highest rating on the second list"))
        form.addRow(_("Second &list:"), self.list_choice)
        form.addRow(_("Its skills:"), self.own_list)
        form.addRow(_("Rated from {low} up to:").format(low=ladder_label(0)), self.top)
        chosen = tuple(options.combined_skills)
        index = self.list_choice.findData(chosen) if chosen else 1  # Approaches by default
        self.list_choice.setCurrentIndex(index if index >= 0 else self.list_choice.count() - 1)
        self.own_list.setText(", ".join(chosen))
        self.list_choice.currentIndexChanged.connect(lambda *_args: self._list_chosen())
        self._list_chosen()
        return self.second

    def _list_chosen(self) -> None:
        data = self.list_choice.currentData()
        own = data == CUSTOM
        self.own_list.setReadOnly(not own)
        if not own:
            self.own_list.setText(", ".join(data))

    def options(self) -> CampaignOptions:
        values = {field: check.isChecked() for field, check in self.checks.items() if field != "combined_skills"}
        combined = [n.strip() for n in self.own_list.text().split(",") if n.strip()] \
            if self.checks["combined_skills"].isChecked() else []
        return self.document.campaign.options.model_copy(update={
            **values, "conditions": ConditionsMode(self.conditions.currentData()), "combined_skills": combined,
            "combined_top": self.top.value()})

    def accept(self) -> None:
        options = self.options()
        if self.checks["combined_skills"].isChecked() and not options.combined_skills:
            self._say(_("Name the second list's skills, or turn two combined skill lists off."))
            return
        try:
            set_options(self.document.campaign, options)
        except Refused as refused:
            self._say(refused.problems[0].message)
            return
        self.document.edit_campaign(lambda c: set_options(c, options), _("Change the optional rules"))
        super().accept()

    def _say(self, message: str) -> None:
        self.status.setText(f"<span style='color:{status_colour('error')}'>{escape(message)}</span>")  # i18n: markup only
