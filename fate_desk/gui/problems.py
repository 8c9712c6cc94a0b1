"""The problems dock: the live checker output for the sheet in front of the user."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from fate_desk.i18n import N_, _, ngettext, rules_text

from . import access
from .follow import FollowsEntry
from .icons import icon

PATH_ROLE = Qt.ItemDataRole.UserRole + 1
# Worst first, by severity value (the rules' Level loads with the first campaign, not the window).
_ORDER = {"error": 0, "warning": 1, "info": 2}
_SAID = {"error": N_("Rule error"), "warning": N_("Warning"), "info": N_("Note")}  # the word beside the icon's shape
ANNOUNCE_AFTER_MS = 700  # typing pauses this long before a new problem is spoken


class ProblemsDock(FollowsEntry, QDockWidget):
    """Lists problems worst first; activating one asks for the field its path names."""

    problemActivated = Signal(str)

    def __init__(self, parent=None):
        super().__init__(_("Problems"), parent)
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
        self.list.setAccessibleName(_("Problems"))
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
        # Deferred: model loads with the campaign, after the window's first paint.
        from fate_desk.model import Character

        self.list.clear()
        entity = self.document.entity(self.entity_id) if self.document and self.entity_id else None
        if not isinstance(entity, Character):
            self.list.setVisible(False)
            self.summary.setText(_("Open a character to see how it fits the rules."))
            self._speak.start()
            return
        result = self.document.check(self.entity_id)
        ruleset = self.document.ruleset_for(entity)
        problems = sorted(result.problems, key=lambda p: _ORDER[p.severity.value])
        for problem in problems:
            item = QListWidgetItem(icon(problem.severity.value), problem.message)
            item.setData(PATH_ROLE, problem.path)
            item.setToolTip(_("{code} — click to go to the field").format(code=problem.code))
            item.setData(Qt.ItemDataRole.AccessibleTextRole, _("{severity}: {problem}").format(
                severity=_(_SAID[problem.severity.value]), problem=problem.message))
            self.list.addItem(item)
        self._speak.start()
        errors = len(result.errors)
        others = len(problems) - errors
        self.list.setVisible(bool(problems))
        name = rules_text(ruleset.name)
        if not problems:
            self.summary.setText(_all_clear(entity, name))
        elif not errors:
            self.summary.setText(ngettext("No rule is broken ({ruleset}); {count} note on what is left to fill in.",
                                          "No rule is broken ({ruleset}); {count} notes on what is left to fill in.",
                                          others).format(ruleset=name, count=others))
        elif not others:
            self.summary.setText(ngettext("<b>{count} rule error</b> against {ruleset}.",
                                          "<b>{count} rule errors</b> against {ruleset}.",
                                          errors).format(count=errors, ruleset=name))
        else:
            self.summary.setText(_("<b>{errors}</b> and {notes} against {ruleset}.").format(
                errors=ngettext("{count} rule error", "{count} rule errors", errors).format(count=errors),
                notes=ngettext("{count} note", "{count} notes", others).format(count=others), ruleset=name))

    def messages(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def _activated(self, item: QListWidgetItem) -> None:
        self.problemActivated.emit(item.data(PATH_ROLE))


def _all_clear(character, ruleset_name: str) -> str:
    """What a clean check means depends on what is checked for this kind of character."""
    kind = character.kind.value
    if kind == "monster":
        return _("Monsters and threats may break any rule on purpose: there is nothing to check.")
    if kind == "minor_npc":
        return _("✔ Within the book's guidance for a minor NPC.")
    if kind == "major_npc":
        return _("✔ Nothing to fix: major NPCs have no creation limits ({ruleset}).").format(ruleset=ruleset_name)
    return _("✔ Nothing to fix: this sheet follows the {ruleset} rules.").format(ruleset=ruleset_name)
