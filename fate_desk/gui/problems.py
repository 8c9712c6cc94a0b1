"""The problems dock: the live checker output for the sheet in front of the user."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from .follow import FollowsEntry
from .icons import icon

PATH_ROLE = Qt.ItemDataRole.UserRole + 1
# Worst first, by severity value (the rules' Level loads with the first campaign, not the window).
_ORDER = {"error": 0, "warning": 1, "info": 2}


class ProblemsDock(FollowsEntry, QDockWidget):
    """Lists problems worst first; activating one asks for the field its path names."""

    problemActivated = Signal(str)

    def __init__(self, parent=None):
        super().__init__("Problems", parent)
        self.setObjectName("problemsDock")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 4, 6, 6)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)  # when the list is hidden
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setAccessibleName("Problems")
        layout.addWidget(self.summary)
        layout.addWidget(self.list)
        self.setWidget(body)
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        self.document = None
        self.entity_id: str | None = None

    def refresh(self) -> None:
        from fate_desk.model import Character

        self.list.clear()
        entity = self.document.entity(self.entity_id) if self.document and self.entity_id else None
        if not isinstance(entity, Character):
            self.list.setVisible(False)
            self.summary.setText("Open a character to see how it fits the rules.")
            return
        result = self.document.check(self.entity_id)
        ruleset = self.document.ruleset_for(entity)
        problems = sorted(result.problems, key=lambda p: _ORDER[p.severity.value])
        for problem in problems:
            item = QListWidgetItem(icon(problem.severity.value), problem.message)
            item.setData(PATH_ROLE, problem.path)
            item.setToolTip(f"{problem.code} — click to go to the field")
            self.list.addItem(item)
        errors = len(result.errors)
        others = len(problems) - errors
        self.list.setVisible(bool(problems))
        if not problems:
            self.summary.setText(_all_clear(entity, ruleset.name))
        elif not errors:
            self.summary.setText(f"No rule is broken ({ruleset.name}); {others} note{'s' if others != 1 else ''} "
                                 "on what is left to fill in.")
        else:
            self.summary.setText(f"<b>{errors} rule error{'s' if errors != 1 else ''}</b>"
                                 f"{f' and {others} note' + ('s' if others != 1 else '') if others else ''} "
                                 f"against {ruleset.name}.")

    def messages(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def _activated(self, item: QListWidgetItem) -> None:
        self.problemActivated.emit(item.data(PATH_ROLE))


def _all_clear(character, ruleset_name: str) -> str:
    """What a clean check means depends on what is checked for this kind of character."""
    kind = character.kind.value
    if kind == "monster":
        return "Monsters and threats may break any rule on purpose: there is nothing to check."
    if kind == "minor_npc":
        return "✔ Within the book's guidance for a minor NPC."
    if kind == "major_npc":
        return f"✔ Nothing to fix: major NPCs have no creation limits ({ruleset_name})."
    return f"✔ Nothing to fix: this sheet follows the {ruleset_name} rules."
