"""The skills section: pyramid and table, two views of one SkillsModel."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSortFilterProxyModel, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView, QHBoxLayout, QHeaderView, QInputDialog, QLabel, QPushButton, QSizePolicy, QTabWidget,
    QTableView, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, rules_text
from fate_desk.model import Character, ladder_label
from fate_desk.rules import Problem, RuleSet
from fate_desk.rules.creation.edits import set_skill

from .ladder_delegate import LadderDelegate
from .pyramid import PyramidView, advanced, creation_limits
from .skills_model import RATING_COLUMN, SkillRole, SkillsModel, capitalised


class _EnterFilter(QObject):
    """Calls `on_enter` for Return/Enter on the watched view; the key is eaten if it returns True."""

    def __init__(self, on_enter, parent):
        super().__init__(parent)
        self.on_enter = on_enter

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.KeyPress and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return self.on_enter()
        return False


class SkillsSection:
    def __init__(self, sheet, layout: QVBoxLayout):
        self.sheet = sheet
        self.model = SkillsModel(sheet)
        self.model.ratingEdited.connect(self._rating_edited)
        self.tabs = QTabWidget()
        # Its tab bar is the Tab stop; the widget itself (a focus proxy for the bar) would be a
        # second stop that sends Tab back up to the bar from further down the sheet.
        self.tabs.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.tabs.tabBar().setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.tabs.setDocumentMode(True)
        self.pyramid = PyramidView(self.model)
        pyramid_page = QWidget()
        pyramid_layout = QVBoxLayout(pyramid_page)
        pyramid_layout.setContentsMargins(0, 6, 0, 0)
        self.shape_label = QLabel()
        self.shape_label.setWordWrap(True)
        pyramid_layout.addWidget(self.shape_label)
        pyramid_layout.addWidget(self.pyramid)
        pyramid_layout.addStretch(1)  # the List page is taller: spare room goes below, not between
        self.tabs.addTab(pyramid_page, _("Pyramid"))

        self.proxy = QSortFilterProxyModel(sheet)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SkillRole.SORT)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setItemDelegateForColumn(RATING_COLUMN, LadderDelegate(self.table))
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.SelectedClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.verticalHeader().hide()
        self.table.setTabKeyNavigation(False)  # Tab leaves the list for the aspects below it; arrows move in it
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setAlternatingRowColors(True)
        self.table.setMinimumHeight(260)
        self.table.setAccessibleName(_("Skills"))
        table_page = QWidget()
        table_layout = QVBoxLayout(table_page)
        table_layout.setContentsMargins(0, 6, 0, 0)
        table_layout.addWidget(self.table)
        buttons = QHBoxLayout()
        self.add_button = QPushButton(_("Add custom skill…"))
        self.add_button.clicked.connect(self.ask_custom_skill)
        buttons.addWidget(self.add_button)
        buttons.addStretch(1)
        table_layout.addLayout(buttons)
        self.tabs.addTab(table_page, _("List"))
        layout.addWidget(self.tabs)
        self.tabs.currentChanged.connect(self._fit_to_page)
        self._fit_to_page(0)
        self.pyramid.skillSelected.connect(self._select_in_table)
        self.pyramid.rollRequested.connect(self._roll)
        self._enter_filter = _EnterFilter(self._enter_pressed, self.table)
        self.table.installEventFilter(self._enter_filter)

    def _fit_to_page(self, current: int) -> None:
        """The section is as tall as the page shown: the taller List page left an empty band
        under the pyramid, in the middle of the sheet."""
        for index in range(self.tabs.count()):
            policy = QSizePolicy.Policy.Preferred if index == current else QSizePolicy.Policy.Ignored
            self.tabs.widget(index).setSizePolicy(policy, policy)
        self.tabs.updateGeometry()

    def _roll(self, name: str) -> None:
        if not self.sheet.document.readonly:  # a roll lands in the campaign's log
            self.sheet.play.roll(name)

    def _enter_pressed(self) -> bool:
        """Enter on a skill in the list rolls it (while not editing its rating)."""
        index = self.table.currentIndex()
        if not index.isValid() or self.table.state() == QAbstractItemView.State.EditingState:
            return False
        name = self.model.index(self.proxy.mapToSource(index).row(), 0).data(SkillRole.NAME)
        if name:
            self._roll(name)
        return bool(name)

    def update(self, character: Character, ruleset: RuleSet, problems: list[Problem]) -> None:
        self.model.set_character(character, ruleset, problems)
        self.pyramid.row_problems = {
            int(p.path.split("@", 1)[1]): p.severity.value for p in problems if p.path.startswith("skills@")
        }
        self.pyramid.update()
        word = capitalised(rules_text(ruleset.skill_word_plural, ruleset))
        skill, skills = rules_text(ruleset.skill_word, ruleset), rules_text(ruleset.skill_word_plural, ruleset)
        self.tabs.setTabText(1, _("List"))
        self.add_button.setText(_("Add custom {skill}…").format(skill=skill))
        self.add_button.setVisible(ruleset.allow_custom_skills)
        if ruleset.skill_word[:1].lower() in "aeiou":  # "an approach", "a skill" (English articles)
            hint = _("Drag an {skill} to another row, or pick it and press ↑ or ↓.").format(skill=skill)
        else:
            hint = _("Drag a {skill} to another row, or pick it and press ↑ or ↓.").format(skill=skill)
        if ruleset.modes is not None:  # Atomic Robo, "Modes": no pyramid or column to follow
            rule = _("rated through your modes: each starts at its mode's rating and goes at most two steps above it")
        elif advanced(character):
            rule = (_("no rung may hold more {skills} than the rung below it").format(skills=skills)
                    if ruleset.column_rule else _("no creation limits after a breakthrough"))
        elif creation_limits(character):
            rule = ruleset.shape.describe()
        else:  # the creation shape is a PC's limit; an NPC's skills go as high as the story needs
            rule = _("no creation limits for NPCs")
        text = _("{skills}: {rule}. {hint}").format(skills=word, rule=rule, hint=hint)
        self.shape_label.setText(f"<small>{text}</small>")  # i18n: markup only

    def focus_chain(self) -> list[QWidget]:
        return [self.tabs.tabBar(), self.pyramid, self.table, self.add_button]

    def _rating_edited(self, name: str, rating: int) -> None:
        self.sheet.edit(lambda c: set_skill(c, name, rating), _("Set {skill} to {rating}").format(
            skill=self.model.shown_name(name), rating=ladder_label(rating)))

    def ask_custom_skill(self) -> None:
        ruleset = self.model.ruleset
        skill = rules_text(ruleset.skill_word, ruleset)
        name, ok = QInputDialog.getText(
            self.table, _("Add a custom {skill}").format(skill=skill), _("Name of the new {skill}:").format(skill=skill)
        )
        if ok:
            self.add_custom_skill(name)

    def add_custom_skill(self, name: str, rating: int = 1) -> bool:
        """Add a skill that is not on the list, at Average (+1) so it shows on the sheet."""
        name = name.strip()
        if not name or name in self.model.skill_names():
            return False
        return self.sheet.edit(lambda c: set_skill(c, name, rating), _("Add {skill}").format(skill=name))

    def _select_in_table(self, name: str) -> None:
        row = self.model.row_of(name)
        if row >= 0:
            self.table.selectRow(self.proxy.mapFromSource(self.model.index(row, 0)).row())

    def focus_skill(self, name: str) -> None:
        if self.tabs.currentIndex() == 0 and name in self.model.skill_names():
            self.pyramid.select(name)
            self.pyramid.setFocus()
        else:
            self._select_in_table(name)
            self.table.setFocus()

    def focus_row(self, rating: int) -> None:
        self.tabs.setCurrentIndex(0)
        self.pyramid.setFocus()
        self.pyramid.flash_rating = rating
        self.pyramid.update()
        QTimer.singleShot(1200, self.pyramid, self._end_flash)

    def _end_flash(self) -> None:
        self.pyramid.flash_rating = None
        self.pyramid.update()
