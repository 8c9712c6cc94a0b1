"""Aspects: the rule set's slots (High Concept, Trouble, ...) as labelled line edits."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QSpinBox

from fate_desk.model import AspectRole, Character
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.checker import aspect_slots
from fate_desk.rules.creation.edits import set_aspect, update_aspect

from .common import set_text, style_hint

_PLACEHOLDERS = {
    AspectRole.HIGH_CONCEPT: "Who they are, in one phrase",
    AspectRole.TROUBLE: "What keeps dragging them into trouble",
    AspectRole.RELATIONSHIP: "Someone they are tied to (fine to fill in last)",
    AspectRole.FREE: "Anything else that makes them who they are",
}


class AspectsSection:
    """One row per rule-set slot, plus rows for aspects beyond the slots (NPCs may have more)."""

    def __init__(self, sheet, layout: QGridLayout):
        self.sheet = sheet
        self.layout = layout
        self.edits: list[QLineEdit] = []
        self.invokes: list[QSpinBox] = []
        self.labels: list[QLabel] = []
        self._roles: list[AspectRole] = []
        self._targets: list[tuple[str, int]] = []  # ("slot", i) or ("extra", aspect index)
        header = QLabel("<small>Free invokes</small>")
        style_hint(header)
        self.layout.addWidget(header, 0, 2, Qt.AlignmentFlag.AlignCenter)
        self.layout.setColumnStretch(1, 1)

    def _ensure_rows(self, count: int) -> None:
        while len(self.edits) < count:
            row = len(self.edits)
            label = QLabel()
            label.setMinimumWidth(96)
            edit = QLineEdit()
            edit.setClearButtonEnabled(True)
            spin = QSpinBox()
            spin.setRange(0, 99)
            spin.setSpecialValueText("–")
            spin.setToolTip("Free invokes waiting on this aspect")
            spin.setFixedWidth(56)
            label.setBuddy(edit)
            self.layout.addWidget(label, row + 1, 0)
            self.layout.addWidget(edit, row + 1, 1)
            self.layout.addWidget(spin, row + 1, 2, Qt.AlignmentFlag.AlignCenter)
            edit.textEdited.connect(lambda text, r=row: self._text_edited(r, text))
            spin.valueChanged.connect(lambda value, r=row: self._invokes_changed(r, value))
            self.labels.append(label)
            self.edits.append(edit)
            self.invokes.append(spin)
        for i, widgets in enumerate(zip(self.labels, self.edits, self.invokes)):
            for widget in widgets:
                widget.setVisible(i < count)

    def update(self, character: Character, ruleset: RuleSet) -> None:
        slots = aspect_slots(character, ruleset)
        used = {index for _, index in slots if index is not None}
        extras = [i for i in range(len(character.aspects)) if i not in used]
        self._targets = [("slot", i) for i in range(len(slots))] + [("extra", i) for i in extras]
        self._ensure_rows(len(self._targets))
        free = 0
        for row, (kind, where) in enumerate(self._targets):
            if kind == "slot":
                role, index = slots[where]
                aspect = character.aspects[index] if index is not None else None
            else:
                aspect = character.aspects[where]
                role = aspect.role
            if role == AspectRole.FREE:
                free += 1
            title = role.label if role != AspectRole.FREE else "Aspect"
            self.labels[row].setText(f"<b>{title}</b>")
            self.edits[row].setPlaceholderText(_PLACEHOLDERS[role])
            # Heard by name: "Aspect 4" and "Free invokes on Trouble" tell the rows apart by ear.
            heard = title if role != AspectRole.FREE else f"Aspect {row + 1}"
            self.edits[row].setAccessibleName(heard)
            self.invokes[row].setAccessibleName(f"Free invokes on {heard}")
            set_text(self.edits[row], aspect.text if aspect else "")
            spin = self.invokes[row]
            spin.blockSignals(True)
            spin.setValue(aspect.free_invokes if aspect else 0)
            spin.blockSignals(False)

    def _operation(self, row: int, text: str | None = None, invokes: int | None = None):
        kind, where = self._targets[row]
        if kind == "slot":
            return lambda c, r=self.sheet.ruleset: set_aspect(c, r, where, text=text, free_invokes=invokes)
        return lambda c: update_aspect(c, where, text=text, free_invokes=invokes)

    def _text_edited(self, row: int, text: str) -> None:
        label = self.edits[row].accessibleName()
        self.sheet.edit(self._operation(row, text=text), f"Edit {label}", ("aspect", row))

    def _invokes_changed(self, row: int, value: int) -> None:
        self.sheet.edit(self._operation(row, invokes=value), "Change free invokes", ("invokes", row))

    def field(self, slot: int) -> QLineEdit | None:
        return self.edits[slot] if 0 <= slot < len(self._targets) else None
