"""The problems dock: the live checker output for the sheet in front of the user."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from . import access
from .follow import FollowsEntry
from .icons import icon

PATH_ROLE = Qt.ItemDataRole.UserRole + 1
# Worst first, by severity value (the rules' Level loads with the first campaign, not the window).
_ORDER = {"error": 0, "warning": 1, "info": 2}
_SAID = {"error": "Rule error", "warning": "Warning", "info": "Note"}  # the word beside the icon's shape
ANNOUNCE_AFTER_MS = 700  # typing pauses this long before a new problem is spoken


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
        self.announced: list[str] = []  # every problem spoken, in order
        self._heard: tuple[str | None, set[str]] = (None, set())  # the entry, and its problems already known
        self._speak = QTimer(self, singleShot=True, interval=ANNOUNCE_AFTER_MS)
        self._speak.timeout.connect(self._announce_new)

    def _announce_new(self) -> None:
        """Speak the problems that appeared since the last time, once: not those of an entry
        just opened, and not again while the user goes on typing."""
        current = set(self.messages_said())
        entity, known = self._heard
        self._heard = (self.entity_id, current)
        if entity != self.entity_id:
            return
        new = [m for m in self.messages_said() if m not in known]
        if new:
            text = " ".join(new)
            self.announced.append(text)
            access.announce(self.list, text)

    def messages_said(self) -> list[str]:
        """Each problem as a screen reader hears it, its severity in a word first."""
        return [self.list.item(i).data(Qt.ItemDataRole.AccessibleTextRole) for i in range(self.list.count())]

    def refresh(self) -> None:
        from fate_desk.model import Character

        self.list.clear()
        entity = self.document.entity(self.entity_id) if self.document and self.entity_id else None
        if not isinstance(entity, Character):
            self.list.setVisible(False)
            self.summary.setText("Open a character to see how it fits the rules.")
            self._speak.start()
            return
        result = self.document.check(self.entity_id)
        ruleset = self.document.ruleset_for(entity)
        problems = sorted(result.problems, key=lambda p: _ORDER[p.severity.value])
        for problem in problems:
            item = QListWidgetItem(icon(problem.severity.value), problem.message)
            item.setData(PATH_ROLE, problem.path)
            item.setToolTip(f"{problem.code} — click to go to the field")
            item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{_SAID[problem.severity.value]}: {problem.message}")
            self.list.addItem(item)
        self._speak.start()
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
