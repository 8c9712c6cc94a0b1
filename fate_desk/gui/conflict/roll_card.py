"""One roll on a card, with the core roll model: the dice are thrown first, then aspects are
invoked one at a time (+2 or a reroll, free or for a fate point) while the result shows."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout,
)

from fate_desk.model import ladder_label
from fate_desk.rules.history import Refused
from fate_desk.rules.play import invokables
from fate_desk.rules.roll import Invoke, Roll, RollSetup

from ..table.common import escape
from .common import ok_cancel


class RollCard(QGroupBox):
    """`roll` is the current Roll; `changed` fires after every invoke."""

    changed = Signal()

    def __init__(self, document, character_id: str | None, setup: RollSetup, dice, title: str, against_text: str = ""):
        super().__init__(title)
        self.document, self.character_id, self.dice = document, character_id, dice
        self.against_text = against_text
        self.roll = Roll.throw(setup, dice)
        layout = QVBoxLayout(self)
        self.result = QLabel()
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        row = QHBoxLayout()
        self.aspect = QComboBox()
        self.aspect.setMinimumContentsLength(18)
        self.aspect.setAccessibleName("Aspect to invoke")
        self.options = invokables(document.campaign, character_id)
        for option in self.options:
            self.aspect.addItem(option.describe(), option.key)
        self.kind = QComboBox()
        self.kind.addItems(["+2", "Reroll"])
        self.free = QCheckBox("Free")
        self.free.setToolTip("Spend a free invoke on the aspect instead of a fate point")
        self.invoke_button = QPushButton("Invoke")
        for widget in (self.aspect, self.kind, self.free, self.invoke_button):
            row.addWidget(widget)
        row.setStretch(0, 1)
        layout.addLayout(row)
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.aspect.currentIndexChanged.connect(self._aspect_changed)
        self.invoke_button.clicked.connect(lambda: self.invoke())
        self.aspect.setEnabled(bool(self.options))
        self.invoke_button.setEnabled(bool(self.options))
        self._aspect_changed()
        self.show_roll()

    def _aspect_changed(self) -> None:
        option = self.option()
        self.free.setEnabled(bool(option and option.free))
        self.free.setChecked(bool(option and option.free))

    def option(self):
        index = self.aspect.currentIndex()
        return self.options[index] if 0 <= index < len(self.options) else None

    def set_against(self, against: int, text: str = "") -> None:
        self.roll = self.roll.against(against)
        self.against_text = text or self.against_text
        self.show_roll()

    def invoke(self, label: str | None = None, reroll: bool | None = None, free: bool | None = None) -> bool:
        """Invoke the chosen aspect (or the one whose text starts with `label`); False if refused."""
        if label is not None:
            index = next(i for i, o in enumerate(self.options) if o.label.startswith(label))
            self.aspect.setCurrentIndex(index)
        if reroll is not None:
            self.kind.setCurrentIndex(1 if reroll else 0)
        if free is not None:
            self.free.setChecked(free)
        option = self.option()
        if option is None:
            return False
        invoke = Invoke(option.key, option.label, reroll=self.kind.currentIndex() == 1,
                        free=self.free.isChecked(), kind=option.kind, owner=option.owner)
        used = self.roll.free_invokes_used.get(option.key, 0)
        if invoke.free and used >= option.free:
            self.status.setText(f"“{option.label}” has no free invoke left on this roll.")
            return False
        try:
            self.roll = self.roll.invoke(invoke, self.dice)
        except Refused as exc:
            self.status.setText(escape(str(exc)))
            return False
        self.status.setText("")
        self.show_roll()
        self.changed.emit()
        return True

    def show_roll(self) -> None:
        roll = self.roll
        invokes = "".join(f"<br>+ {escape(i.describe())}" for i in roll.invokes)
        against = f"Against {escape(self.against_text)} {ladder_label(roll.setup.against)}" if self.against_text else "Result"
        self.result.setText(
            f"[{roll.faces()}] {escape(roll.setup.skill or 'no skill')} {ladder_label(roll.setup.rating)}"
            + (f" +{roll.setup.teamwork} teamwork" if roll.setup.teamwork else "")
            + f" → <b>{ladder_label(roll.effort)}</b>"
            + f"<br>{against}: {roll.outcome.label.lower()} ({roll.shifts:+d}){invokes}")


class RollDialog(QDialog):
    """Rolls already thrown, on cards: invoke on any of them, then accept to settle them."""

    def __init__(self, title: str, cards: list[RollCard], ok_text: str, note: str = "", parent=None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.cards = cards
        layout = QVBoxLayout(self)
        if note:
            label = QLabel(note)
            label.setWordWrap(True)
            layout.addWidget(label)
        for card in cards:
            layout.addWidget(card)
        self.result = QLabel()
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        layout.addWidget(ok_cancel(self, ok_text))
        self.setMinimumWidth(620)
